"""Executor family: counts of cards in a zone, by element, number or song (cond.zone_*), and the
actions that count them (act.attack_plus_per, act.attack_plus_per_song_card, act.power_plus_per,
act.attack_plus_per_revealed_song).

See ``run_base`` for the shapes; ``execute`` merges this module's tables.

The zone is the condition's or action's ``zone`` (``vocab.Zone``): ``own.*`` is this card's
player's (the unnamed subject, README.md), ``opp.*`` the opponent's; the encoding uses
``own.abyss`` (アビス), ``own.power`` and ``opp.power`` (パワーチャージャー,
相手のパワーチャージャー) and ``own.hand`` (手札, after 手札を公開し). Cards are counted when the
clause resolves (6.2.1.1), so a character put in the power charger or the abyss at the
character swap (5.2.5.2) is counted (Q30), and so is a card an effect resolved before this one
put there (6.3.3, Q27).

Every count is one ``ZONE_COUNTED`` event: what was counted, in which zone, the result, with the
rules that say so: the abyss and the power charger are public (3.6.1, 3.4.1); a card without
SEND TO POWER in the power charger is still a card there and has its element (3.4.2; Q46, Q57);
the five elements are darkness, flame, electric, wind and chaos (2.3.2); a card is of a song when
its name carries the song in brackets (2.1.3.4, Q47).

Decisions (no rule or Q&A says otherwise):

* …のカードがX属性だけ(だった)なら with no card in the zone is not met: "the cards are only X"
  says there are cards, and none of them is X.
* A hidden card of a judge's snapshot ("?") has no element the engine knows: it is counted as a
  card, never as a card of an element, so "only X" is not met while one is there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judging.engine.core.jsontypes import Value
from judging.engine.zutomayo import rules as R  # noqa: N812 - R.R_3_6_1 reads as a citation
from judging.engine.zutomayo.cardeffects.run_base import (
    ActionDef,
    ConditionCheck,
    Resolution,
    run_primitive,
)
from judging.engine.zutomayo.cardeffects.vocab import ELEMENTS, Act, Action, Cond, Condition, Zone
from judging.engine.zutomayo.cards import UNKNOWN_CARD
from judging.engine.zutomayo.effects import EffectContext, available_power

ZONES: Mapping[Zone, tuple[bool, str]] = {
    Zone.OWN_ABYSS: (False, "abyss"),
    Zone.OPP_ABYSS: (True, "abyss"),
    Zone.OWN_POWER: (False, "power_charger"),
    Zone.OPP_POWER: (True, "power_charger"),
    Zone.OWN_HAND: (False, "hand"),
    Zone.OPP_HAND: (True, "hand"),
}
"""A zone code → (the opponent's?, the zone's record name)."""

_ZONE_RULES: Mapping[str, tuple[R.RuleRef, ...]] = {
    "abyss": (R.R_3_6, R.R_3_6_1),
    "power_charger": (R.R_3_4, R.R_3_4_1),
    "hand": (),
}


def _element(game: EffectContext, card_id: str) -> str:
    return "" if card_id == UNKNOWN_CARD else game.card(card_id).element


def _zone(game: EffectContext, p: int, zone: Zone | None) -> tuple[int, str, Sequence[str]]:
    """(whose, the zone's name, its cards) for ``p``'s card naming ``zone``."""
    if zone is None:
        raise ValueError("a zone count needs a zone (encoding error)")
    opponent, name = ZONES[zone]
    owner = 1 - p if opponent else p
    return owner, name, game.players[owner].stack(name)


def _no_stp(game: EffectContext, cards: Sequence[str]) -> bool:
    """A card without SEND TO POWER is among ``cards`` (3.4.2)."""
    return any(c != UNKNOWN_CARD and not game.card(c).power for c in cards)


def _counted(
    game: EffectContext,
    r: Resolution,
    owner: int,
    name: str,
    cards: Sequence[str],
    what: str,
    value: int,
    of: Value,
    extra: tuple[R.RuleRef, ...] = (),
    qa: str | None = None,
) -> None:
    """One ``ZONE_COUNTED``: ``what`` of ``owner``'s ``name`` zone, ``value``, for ``r``'s card."""
    refs = (R.R_1_3_1, *_ZONE_RULES[name], *extra)
    if name == "power_charger" and _no_stp(game, cards):
        refs = (*refs, R.R_3_4_2)
        qa = qa or "Q46"  # a card without SEND TO POWER counts as a card, with its element
    if qa is None:
        game.emit("ZONE_COUNTED", refs, owner, None, value, card=r.card_id, zone=name,
                  what=what, of=of, total=len(cards))  # fmt: skip
    else:
        game.emit("ZONE_COUNTED", refs, owner, None, value, card=r.card_id, zone=name,
                  what=what, of=of, total=len(cards), qa=qa)  # fmt: skip


def _of_elements(game: EffectContext, cards: Sequence[str], elements: Sequence[str]) -> int:
    return sum(1 for c in cards if _element(game, c) in elements)


def _element_only(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """<zone>のカードがX属性だけ(だった)なら / パワーチャージャーが闇属性だけなら: every card there
    is of X, and there is at least one card (see the module's decisions)."""
    owner, name, cards = _zone(game, p, c.zone)
    others = len(cards) - _of_elements(game, cards, c.elements)
    _counted(game, r, owner, name, cards, "zc_other_element_cards", others, c.elements)
    return bool(cards) and others == 0


def _has_element(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """<zone>にX属性のカードがあるなら: one or more."""
    owner, name, cards = _zone(game, p, c.zone)
    n = _of_elements(game, cards, c.elements)
    _counted(game, r, owner, name, cards, "zc_element_cards", n, c.elements)
    return n >= 1


def _element_count_at_least(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """<zone>にX属性のカードがN枚以上あるなら: N itself meets it (以上)."""
    owner, name, cards = _zone(game, p, c.zone)
    n = _of_elements(game, cards, c.elements)
    _counted(game, r, owner, name, cards, "zc_element_cards", n, c.elements)
    return n >= c.amount


def _distinct_elements_at_least(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """<zone>にN種類の属性がある / N属性(以上)ある: N or more different elements among the cards
    there; with no ``elements`` any of the five counts, chaos too (2.3.2); 闇・炎・電気・風の４属性
    counts only the four named."""
    owner, name, cards = _zone(game, p, c.zone)
    wanted = c.elements or ELEMENTS
    distinct = {e for e in (_element(game, card) for card in cards) if e in wanted}
    of: Value = c.elements or "any_element"
    _counted(game, r, owner, name, cards, "zc_distinct_elements", len(distinct), of, (R.R_2_3_2,))
    return len(distinct) >= c.amount


def _count_at_least(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """<zone>のカードがN枚以上(になった)なら / <zone>にN枚以上カードがあるなら (以上: N meets
    it)."""
    owner, name, cards = _zone(game, p, c.zone)
    _counted(game, r, owner, name, cards, "zc_cards", len(cards), None)
    return len(cards) >= c.amount


def _count_at_most(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """<zone>のカードがN枚以下なら (以下: N meets it, 0 too)."""
    owner, name, cards = _zone(game, p, c.zone)
    _counted(game, r, owner, name, cards, "zc_cards", len(cards), None)
    return len(cards) <= c.amount


CONDITIONS: Mapping[Cond, ConditionCheck] = {
    Cond.ZONE_ELEMENT_ONLY: _element_only,
    Cond.ZONE_HAS_ELEMENT: _has_element,
    Cond.ZONE_ELEMENT_COUNT_AT_LEAST: _element_count_at_least,
    Cond.ZONE_DISTINCT_ELEMENTS_AT_LEAST: _distinct_elements_at_least,
    Cond.ZONE_COUNT_AT_LEAST: _count_at_least,
    Cond.ZONE_COUNT_AT_MOST: _count_at_most,
}


def _attack_plus(game: EffectContext, r: Resolution, amount: int) -> bool:
    """攻撃力+``amount`` through the primitive: no character, +0 (1.3.2.2) and prohibitions are
    ruled there (1.3.2, Q43)."""
    return run_primitive(game, r, "attack_plus", amount)


def _attack_plus_per(game: EffectContext, action: Action, r: Resolution) -> bool:
    """<zone>の(X属性の)カード１枚につき / <zone>にあるX属性のカードの数だけ、攻撃力+N: N times
    the cards counted when it resolves (none counted: +0, not done, 1.3.2.2)."""
    owner, name, cards = _zone(game, r.player, action.zone)
    n = _of_elements(game, cards, action.elements) if action.elements else len(cards)
    what = "zc_element_cards" if action.elements else "zc_cards"
    _counted(game, r, owner, name, cards, what, n, action.elements or None)
    return _attack_plus(game, r, n * action.amount)


def _attack_plus_per_song_card(game: EffectContext, action: Action, r: Resolution) -> bool:
    """<zone>にある（song）のカードの数だけ、攻撃力+N: the song is this card's own (its
    ``song``); the cards counted are those whose name carries it (2.1.3.4, Q47), with or
    without SEND TO POWER (3.4.2, Q57)."""
    owner, name, cards = _zone(game, r.player, action.zone)
    song = game.card(r.card_id).song
    of_song = [c for c in cards if c != UNKNOWN_CARD and game.card(c).is_of_song(song)]
    qa = "Q57" if _no_stp(game, of_song) else "Q47"
    _counted(game, r, owner, name, cards, "zc_song_cards", len(of_song), song or None,
             (R.R_2_1_3_4,), qa)  # fmt: skip
    return _attack_plus(game, r, len(of_song) * action.amount)


def _power_plus_per(game: EffectContext, action: Action, r: Resolution) -> bool:
    """<zone>の(X属性の)カード１枚につき、★+N: for the rest of the turn, the power this card's
    player's power costs are checked against (9.1.3) is the power charger's total (9.1.1) plus N
    per card counted (Q24), counted again at each check, so that a card reaching the zone later
    counts too. This card's own cost was met from the power charger alone (Q72: ``apply``)."""
    owner, name, cards = _zone(game, r.player, action.zone)
    opponent = owner != r.player
    n = _of_elements(game, cards, action.elements) if action.elements else len(cards)
    what = "zc_element_cards" if action.elements else "zc_cards"
    _counted(game, r, owner, name, cards, what, n, action.elements or None)
    before = available_power(game, r.player)
    bonus = (r.card_id, opponent, name, action.elements, action.amount)
    game.effects = game.effects.with_power_bonus(r.player, bonus)
    game.emit("POWER_BONUS_ADDED", (R.R_1_3_1, R.R_9_1_1, R.R_9_1_3), r.player, before,
              available_power(game, r.player), card=r.card_id, per=action.amount,
              qa="Q24")  # fmt: skip
    return True


def _attack_plus_per_revealed_song(game: EffectContext, action: Action, r: Resolution) -> bool:
    """手札から（song）のキャラクターを好きな枚数公開し、その数だけ攻撃力+N: this card's player
    chooses any number (0 or more: 好きな枚数) of the characters of this card's song in their hand
    (names carrying the song in brackets, 2.1.3.4, Q47; hidden cards of a snapshot cannot be
    chosen), in the hand's order; the documented default reveals them all. The cards revealed go
    back to the hand (10.3); the attack goes up N per card revealed (none: +0, not done,
    1.3.2.2)."""
    me = game.players[r.player]
    song = game.card(r.card_id).song
    options = [
        c for c in me.hand
        if c != UNKNOWN_CARD and game.card(c).is_character and game.card(c).is_of_song(song)
    ]  # fmt: skip
    chosen = game.choose(r.player, r.card_id, "up_to", options, len(options)) if options else ()
    r.revealed.extend(chosen)
    r.last_count = len(chosen)
    game.emit("SONG_CARDS_REVEALED", (R.R_10_3, R.R_2_1_3_4), r.player, None, len(chosen),
              card=r.card_id, cards=tuple(chosen), qa="Q47")  # fmt: skip
    return _attack_plus(game, r, len(chosen) * action.amount)


ACTIONS: Mapping[Act, ActionDef] = {
    Act.ATTACK_PLUS_PER_REVEALED_SONG: ActionDef(
        op="attack_plus_per_revealed_song", run=_attack_plus_per_revealed_song
    ),
    Act.POWER_PLUS_PER: ActionDef(op="power_plus_per", run=_power_plus_per),
    Act.ATTACK_PLUS_PER: ActionDef(op="attack_plus_per", run=_attack_plus_per),
    Act.ATTACK_PLUS_PER_SONG_CARD: ActionDef(
        op="attack_plus_per_song_card", run=_attack_plus_per_song_card
    ),
}
