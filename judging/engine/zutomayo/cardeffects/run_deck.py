"""Executor family: actions on decks and play: draws, mills, deck tops, reveals, reorders, copies,
negation, prohibitions, hand size, otherwise-you-lose (act.draw*, act.mill, act.opp_mill*,
act.*deck_top*, act.reveal*, act.copy_*, act.negate_opp_enchants, act.prohibit_opp_area_enchant,
act.hand_size_change, act.optional_keep, act.otherwise_lose), and the conditions on revealed cards
(cond.revealed_cost_at_least, cond.revealed_no_send_to_power, cond.revealed_has_send_to_power).

Draws and mills go through the primitives of ``effects.apply_primitive`` (prohibitions 1.3.3,
1.3.2.2, a short draw loses by 8.2.1, a short mill by 8.2.2 or not under ZA-19 with Q70).

Choices go through ``game.choose``; the options are in a documented order (the default answer is
the first legal one):

- ``act.opp_deck_top_reorder``: kind ``pick``, all the cards looked at, top first; the answer is
  the new order, top first (the default keeps the order).
- ``act.copy_abyss_enchant``: kind ``pick``, one of the enchants in the own abyss, top first, each
  card id once (Q49: the same card may be chosen by two copies).
- ``act.optional_keep``: kind ``may`` ("yes": keep the battle character; the default).
- ``act.copy_song_char_effect``: kind ``pick``; ``…_up_to``: kind ``up_to`` (1.3.5.1): the
  characters of this card's song (Q47) in the zone, top first.

A card whose effect would copy again (1st_6, 4th_2, 4th_94) is not offered to a copy: choosing it
would only ask the same choice once more (10.1.1: a loop the player stops).

Not executed (no card of the pool uses them, or they need more than a local change of the
pipeline): act.reorder, act.prohibit, act.negate, act.copy_effect and act.extra_play; their
cards stay partial.

A hidden card of a judge's snapshot (``?``) cannot be placed by what it is nor revealed: the
action is not done and the ruling says so (``card_unknown``); the record must name the card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judging.engine.zutomayo import rules as R  # noqa: N812 - R.R_5_2_1 reads as a citation
from judging.engine.zutomayo.cardeffects.run_base import (
    ActionDef,
    ConditionCheck,
    Resolution,
    run_primitive,
    via_primitive,
)
from judging.engine.zutomayo.cardeffects.vocab import (
    Act,
    Action,
    CardEffect,
    Cond,
    Condition,
    Duration,
    Zone,
)
from judging.engine.zutomayo.cards import CHARACTER, ENCHANT, UNKNOWN_CARD
from judging.engine.zutomayo.effects import EffectContext, apply_primitive
from judging.engine.zutomayo.record import EffectEntry

COPY_CODES = frozenset({
    Act.COPY_ABYSS_ENCHANT, Act.COPY_SONG_CHAR_EFFECT, Act.COPY_SONG_CHAR_EFFECT_UP_TO,
    Act.COPY_EFFECT,
})  # fmt: skip
"""Actions that use another card's effect as this card's."""


def _primitive(game: EffectContext, r: Resolution, op: str, amount: int, target: str) -> bool:
    """One primitive with ``amount`` (not the printed one); True if it was done."""
    return run_primitive(game, r, op, amount, target)


def _not_done(game: EffectContext, r: Resolution, t: int, op: str, reason: str,
              refs: Sequence[R.RuleRef] = (R.R_1_3_2,), keys: tuple[str, ...] = (),
              **params: str) -> bool:  # fmt: skip
    game.emit("EFFECT_NOT_DONE", refs, t, None, None, keys, card=r.card_id, op=op, reason=reason,
              **params)  # fmt: skip
    return False


def _deck_short(game: EffectContext, r: Resolution, t: int, op: str) -> bool:
    """An effect takes a card from a deck that has none: 8.2.2 (the owner loses) or Q70 (the rest
    is not done), the reading of ZA-19."""
    if game.short_mill_loses():
        game.end("win", 1 - t, "effect_mill_failed", (R.R_8_2_2,), ("ZA-19",))
    return _not_done(game, r, t, op, "deck_short", (R.R_1_3_2,), ("ZA-19",), qa="Q70")


# --- draws and mills (8.2.1, 8.2.2) --------------------------------------------------------------


def _draw_same_number(game: EffectContext, action: Action, r: Resolution) -> bool:
    """同じ数だけ(デッキから)カードを引く: as many as the move before moved (0: not done,
    1.3.2.2)."""
    return _primitive(game, r, "draw", r.last_count, "self")


def _opp_mill_same_number(game: EffectContext, action: Action, r: Resolution) -> bool:
    """相手のデッキの上から、それと同じ枚数をアビスに置く (4th_27; Q70 and ZA-19 when short)."""
    return _primitive(game, r, "mill", r.last_count, "opponent")


def _opp_deck_top_to_opp_abyss(game: EffectContext, action: Action, r: Resolution) -> bool:
    """相手のデッキの一番上のカードをパワーの有無に関わらずアビスに置く (1st_104): one card, no
    number printed; an empty deck is 8.2.2 (ZA-19)."""
    return _primitive(game, r, "mill", 1, "opponent")


def _deck_top_to_power_or_abyss(game: EffectContext, action: Action, r: Resolution) -> bool:
    """デッキの一番上のカードをパワーがあればパワーチャージャーに、なければアビスに置く (2nd_41):
    by its SEND TO POWER (3.4.1, 9.1.1; 3.6.1). An empty deck: 8.2.2 (ZA-19)."""
    p = r.player
    deck = game.players[p].deck
    op = "deck_top_to_power_or_abyss"
    if not deck:
        return _deck_short(game, r, p, op)
    top = deck[-1]
    if top == UNKNOWN_CARD:
        return _not_done(game, r, p, op, "card_unknown")
    dest = "power_charger" if game.card(top).send_to_power is not None else "abyss"
    entry = EffectEntry(player=p, op="move_card", timing=r.timing, card=r.card_id,
                        card_target=top, from_zone="deck_top", to_zone=dest)  # fmt: skip
    apply_primitive(game, entry)
    return True


# --- reveals and looks (10.3, 10.4) --------------------------------------------------------------


def _reveal(game: EffectContext, action: Action, r: Resolution) -> bool:
    """手札を公開し (own.hand) / 相手の手札を公開する (opp.hand): the whole hand (10.3.1), then it
    goes back; nothing moves. The revealed cards are this effect's (``cond.revealed_*``)."""
    owner = 1 - r.player if action.zone is Zone.OPP_HAND else r.player
    hand = tuple(game.players[owner].hand)
    r.revealed.extend(c for c in hand if c != UNKNOWN_CARD)
    game.emit("CARDS_REVEALED", (R.R_1_3_1, R.R_10_3_1), owner, None, len(hand), card=r.card_id,
              cards=hand, zone="hand", by=r.player)  # fmt: skip
    return bool(hand)


def _reveal_opp_deck_top(game: EffectContext, action: Action, r: Resolution) -> bool:
    """相手のデッキの一番上を公開する (3rd_97, 3rd_103): the card is shown and put back where it was
    (10.3.2, Q45). An empty deck reveals nothing (1.3.2)."""
    owner = 1 - r.player
    deck = game.players[owner].deck
    op = "reveal_opp_deck_top"
    if not deck:
        return _not_done(game, r, owner, op, "deck_empty")
    top = deck[-1]
    if top == UNKNOWN_CARD:
        return _not_done(game, r, owner, op, "card_unknown")
    r.revealed.append(top)
    game.emit("CARDS_REVEALED", (R.R_1_3_1, R.R_10_3_2), owner, None, 1, card=r.card_id,
              cards=(top,), zone="deck_top", by=r.player, qa="Q45")  # fmt: skip
    return True


def _opp_deck_top_reorder(game: EffectContext, action: Action, r: Resolution) -> bool:
    """相手のデッキの上からN枚を見て、好きな順番に入れ替えて戻す (4th_88): this card's player looks
    at the top N (10.4.1; fewer if the deck has fewer) and puts them back in the order chosen
    (``pick``: the cards top first; the answer is the new order top first)."""
    owner = 1 - r.player
    deck = game.players[owner].deck
    n = min(action.amount, len(deck))
    if n <= 0:
        return _not_done(game, r, owner, "opp_deck_top_reorder", "deck_empty")
    looked = [deck[-1 - i] for i in range(n)]
    chosen = list(game.choose(r.player, r.card_id, "pick", looked, n))
    if sorted(chosen) != sorted(looked):
        chosen = looked  # not a reordering of those cards: the default (``choose`` validates)
    deck[-n:] = list(reversed(chosen))
    game.emit("DECK_REORDERED", (R.R_1_3_1, R.R_10_4_1), owner, tuple(looked), tuple(chosen),
              card=r.card_id, count=n, by=r.player)  # fmt: skip
    return True


# --- play: hand size, prohibitions, negation, otherwise-you-lose ---------------------------------


def _hand_size_change(game: EffectContext, action: Action, r: Resolution) -> bool:
    """手札の数はゲーム終了まで１枚増える (4th_89): the hand is one card larger for the rest of the
    game. The end-of-turn draw is as many as were played (5.2.11.2), so the card drawn stays in
    hand by itself; the change is kept on the state (``EffectState.hand_bonus``) and shown."""
    p = r.player
    if action.amount <= 0:
        reason = "zero_times" if action.amount == 0 else "negative_times"
        return _not_done(game, r, p, "hand_size_change", reason, (R.R_1_3_2_2,))
    before = game.effects.hand_bonus[p]
    game.effects = game.effects.with_hand_bonus(p, action.amount)
    game.emit("HAND_SIZE_CHANGED", (R.R_1_3_1, R.R_5_2_11_2), p, before,
              game.effects.hand_bonus[p], card=r.card_id)  # fmt: skip
    return True


def _prohibit_opp_area_enchant(game: EffectContext, action: Action, r: Resolution) -> bool:
    """以後相手はエリアエンチャントをセットできない (3rd_55): while this card stays in set zone C,
    an area enchant the opponent sets is put away at 5.2.6, after the clock counted it (1.3.3;
    Q28). The ban ends when this card leaves set zone C (Q28's three endings)."""
    opponent = 1 - r.player
    game.effects = game.effects.with_area_ban(opponent, r.card_id)
    game.emit("AREA_ENCHANT_BANNED", (R.R_1_3_3,), opponent, None, r.card_id, card=r.card_id,
              qa="Q28")  # fmt: skip
    return True


def _negate_opp_enchants(game: EffectContext, action: Action, r: Resolution) -> bool:
    """相手のエンチャントの効果をすべて無効にする（すでに処理された効果は無効にできない） (4th_41):
    the opponent's enchants that have not resolved yet this turn do not take effect (Q51: enchants
    only, not characters or area enchants; Q52: those resolved before are not undone)."""
    opponent = 1 - r.player
    game.effects = game.effects.with_negated(opponent)
    game.emit("ENCHANTS_NEGATED", (R.R_1_3_1,), opponent, None, None, card=r.card_id,
              qa="Q51")  # fmt: skip
    return True


def _optional_keep(game: EffectContext, action: Action, r: Resolution) -> bool:
    """同時に出したキャラクターカードを、変えなくてもよい (2nd_62, at the character swap): a ``may``
    ("yes": keep the battle character, the character set with this card stays in its set zone and
    goes away at 5.2.11.1; "no": swap as 5.2.5.1 says). No character set with it: not done
    (1.3.2). The swap reads it (``EffectState.keeps``)."""
    p = r.player
    player = game.players[p]
    set_with = [c for c in (player.zone_a, player.zone_b)
                if c is not None and c != r.card_id and game.card(c).is_character]  # fmt: skip
    if not set_with:
        return _not_done(game, r, p, "optional_keep", "none_to_choose")
    if game.choose(p, r.card_id, "may", ("yes", "no"), 1) != ("yes",):
        return False
    game.effects = game.effects.with_keep(p)
    return True


def _otherwise_lose(game: EffectContext, action: Action, r: Resolution) -> bool:
    """そうしない場合、ゲームに敗北する: if the action before it in this clause could not be done,
    this card's player loses at once (8.2.3)."""
    if not r.last_done:
        game.end("win", 1 - r.player, "otherwise_lose", (R.R_8_2_3,))
    return True


# --- copies (Q48, Q49, Q65, Q66) ------------------------------------------------------------------


def _copies(effect: CardEffect | None) -> bool:
    return effect is not None and any(
        a.code in COPY_CODES for clause in effect.clauses for a in clause.actions
    )


def _copyable(game: EffectContext, card_id: str) -> bool:
    """Offered to a copy: a known card with an effect that would not only copy again."""
    if card_id == UNKNOWN_CARD or not game.card(card_id).has_effect:
        return False
    return not _copies(game.encoded(card_id))


def _run_copied(game: EffectContext, r: Resolution, source: str, qa: str) -> bool:
    """``source``'s effect used as this card's effect at this step (``use_effect_of``: its
    clauses of this step in printed order, each condition checked now for this card's player, Q66;
    no power cost of ``source``, Q48). Its effect not run by the engine: the judge enters it."""
    p = r.player
    game.emit("EFFECT_COPIED", (R.R_1_3_1,), p, None, None, card=r.card_id, cards=(source,),
              qa=qa)  # fmt: skip
    done = game.use_effect_of(p, r.card_id, source, r.timing)
    if done is None:
        return _not_done(game, r, p, "copy", "copied_manual", (R.R_1_3_1,), copied=source)
    return done


def _of_song(game: EffectContext, card_id: str, song: str) -> bool:
    """A card of the song: its name carries "（song）" (Q47)."""
    return bool(song) and f"（{song}）" in game.card(card_id).name_ja


def _zone_cards(game: EffectContext, p: int, zone: Zone | None) -> list[str]:
    player = game.players[p]
    stack = {Zone.OWN_ABYSS: player.abyss, Zone.OWN_POWER: player.power_charger}.get(
        zone or Zone.OWN_POWER, player.power_charger
    )
    return list(reversed(stack))  # top first


def _copy_abyss_enchant(game: EffectContext, action: Action, r: Resolution) -> bool:
    """アビスにあるエンチャントカードの中から自由に１枚選び、このカードの効果として使う (1st_6, its
    erratum): one enchant in the own abyss (``pick``, top first), whose effect is this card's
    (Q48: its power cost need not be met; Q49: two copies may choose the same card)."""
    abyss = reversed(game.players[r.player].abyss)
    options = list(dict.fromkeys(
        c for c in abyss if _copyable(game, c) and game.card(c).type == ENCHANT
    ))  # fmt: skip
    if not options:
        return _not_done(game, r, r.player, "copy", "none_to_choose")
    chosen = game.choose(r.player, r.card_id, "pick", options, 1)
    done = [_run_copied(game, r, c, "Q48") for c in chosen if c in options]  # each one
    return any(done)


def _copy_song_chars(up_to: bool) -> ActionDef:
    """<zone>にある（song）のキャラクターをN枚(まで)選び、このカードの効果として使用する (4th_2,
    4th_94): characters of this card's song (Q47) in the zone, top first; exactly N (``pick``) or
    up to N (``up_to``, 1.3.5.1: a public zone). Chosen again at each resolution (Q65); each
    chosen card's own condition must hold (Q66)."""

    def run(game: EffectContext, action: Action, r: Resolution) -> bool:
        song = game.card(r.card_id).song
        options = list(dict.fromkeys(
            c for c in _zone_cards(game, r.player, action.zone)
            if _copyable(game, c) and game.card(c).type == CHARACTER and _of_song(game, c, song)
        ))  # fmt: skip
        if not options:
            return _not_done(game, r, r.player, "copy", "none_to_choose")
        kind = "up_to" if up_to else "pick"
        chosen = [c for c in game.choose(r.player, r.card_id, kind, options, action.amount)
                  if c in options]  # fmt: skip
        done = [_run_copied(game, r, c, "Q65") for c in chosen]  # each one, in the order chosen
        return any(done)

    return ActionDef(op="copy", run=run)


# --- conditions on revealed cards -----------------------------------------------------------------


def _revealed_cost_at_least(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """パワーコストがN以上のカードが山札から公開されたら (3rd_97; Q45)."""
    return any(game.card(card).power_cost >= c.amount for card in r.revealed)


def _revealed_no_stp(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """(公開した)相手のカードにSEND TO POWER★が無ければ (3rd_103): a card was revealed, without
    it."""
    return bool(r.revealed) and all(game.card(card).send_to_power is None for card in r.revealed)


def _revealed_has_stp(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """SEND TO POWER★があったなら (3rd_103)."""
    return any(game.card(card).send_to_power is not None for card in r.revealed)


CONDITIONS: Mapping[Cond, ConditionCheck] = {
    Cond.REVEALED_COST_AT_LEAST: _revealed_cost_at_least,
    Cond.REVEALED_NO_SEND_TO_POWER: _revealed_no_stp,
    Cond.REVEALED_HAS_SEND_TO_POWER: _revealed_has_stp,
}

ACTIONS: Mapping[Act, ActionDef] = {
    Act.DRAW: via_primitive("draw"),
    Act.DRAW_SAME_NUMBER: ActionDef(op="draw", run=_draw_same_number),
    Act.MILL: via_primitive("mill"),
    Act.OPP_MILL: via_primitive("mill", "opponent"),
    Act.OPP_MILL_SAME_NUMBER: ActionDef(op="mill", run=_opp_mill_same_number, target="opponent"),
    Act.OPP_DECK_TOP_TO_OPP_ABYSS: ActionDef(
        op="opp_deck_top_to_opp_abyss", run=_opp_deck_top_to_opp_abyss, target="opponent"
    ),
    Act.DECK_TOP_TO_POWER_OR_ABYSS: ActionDef(
        op="deck_top_to_power_or_abyss", run=_deck_top_to_power_or_abyss
    ),
    Act.REVEAL: ActionDef(op="reveal", run=_reveal),
    Act.REVEAL_OPP_DECK_TOP: ActionDef(
        op="reveal_opp_deck_top", run=_reveal_opp_deck_top, target="opponent"
    ),
    Act.OPP_DECK_TOP_REORDER: ActionDef(
        op="opp_deck_top_reorder", run=_opp_deck_top_reorder, target="opponent"
    ),
    # kept until the game ends (EffectState.hand_bonus)
    Act.HAND_SIZE_CHANGE: ActionDef(
        op="hand_size_change",
        run=_hand_size_change,
        lasts=frozenset({Duration.UNTIL_GAME_END.value}),
    ),
    Act.PROHIBIT_OPP_AREA_ENCHANT: ActionDef(
        op="prohibit_opp_area_enchant", run=_prohibit_opp_area_enchant, target="opponent"
    ),
    Act.NEGATE_OPP_ENCHANTS: ActionDef(
        op="negate_opp_enchants", run=_negate_opp_enchants, target="opponent"
    ),
    Act.OTHERWISE_LOSE: ActionDef(op="otherwise_lose", run=_otherwise_lose),
    Act.OPTIONAL_KEEP: ActionDef(op="optional_keep", run=_optional_keep),
    Act.COPY_ABYSS_ENCHANT: ActionDef(op="copy", run=_copy_abyss_enchant),
    Act.COPY_SONG_CHAR_EFFECT: _copy_song_chars(up_to=False),
    Act.COPY_SONG_CHAR_EFFECT_UP_TO: _copy_song_chars(up_to=True),
}
"""カードをN枚引く (8.2.1), 同じ数だけ引く, デッキの上からN枚をアビスに置く (own),
相手のデッキの上からN枚を相手のアビスに置く (8.2.2; ZA-19, Q70), …それと同じ枚数,
相手のデッキの一番上のカードを…アビスに置く, デッキの一番上のカードをパワーがあれば…,
手札を公開/相手の手札を公開 (10.3.1), 相手のデッキの一番上を公開 (10.3.2, Q45),
相手のデッキの上からN枚を見て…入れ替えて戻す (10.4.1), 手札の数は…増える,
以後相手はエリアエンチャントをセットできない (1.3.3, Q28), 相手のエンチャントの効果をすべて無効
(Q51, Q52), そうしない場合、ゲームに敗北する (8.2.3), …このカードの効果として使う (Q48, Q49,
Q65, Q66)."""
