"""Executor family: cards chosen by a player and moved between zones, the opponent's area enchant
moved, a card revealed from the opponent's hand, a card name named (act.hand_to_*,
act.abyss_to_*, act.opp_abyss_*, act.opp_power_*, act.both_power_to_abyss,
act.swap_hand_abyss, act.opp_area_to_*, act.reveal_from_opp_hand, act.name_card,
cond.revealed_is_named).

Every choice goes through ``game.choose`` (a named input of the record, so a replay is reproducible:
``turns[i].choices.picks[p].<card id>[n]``), with its options in a documented, deterministic
order; the default is the first legal answer in that order (``record.DEFAULT_PICK``):

* a hand: in the order it holds the cards (the order they came into it);
* an abyss or a power charger: top first (the card put there last first, 3.4.1, 3.6.1);
* a card name: ``Game.name_options`` (the opponent's cards first, then the catalogue).

The unnamed subject is this card's player; a choice in the opponent's zones is made by this
card's player too (README.md). What cannot be done is not done, and as much as can be is
(1.3.2): fewer cards than the text asks are all moved, and the action counts as done
(そうしたなら) only when it moved as many as the text asks (for 好きな枚数 and …以上: at least
one, and at least the number printed). ``Resolution.last_count`` is how many cards the move
moved (``*_same_number``: それと同じ枚数).

Cards moved one by one keep the order answered: to the bottom of a deck each goes under it, so
the last one answered is the bottom card (裏向きにして混ぜ: the order answered stands for the
order after shuffling, which the record gives); a whole power charger moved to the abyss keeps
its order. A card put in a power charger adds its SEND TO POWER to the total power and one taken
out takes it away (9.1.1); a card without SEND TO POWER may be put there by an effect and adds
nothing (3.4.2, Q57, Q67); a card with it may be put in the abyss, and gives no power there
(3.6.2).

See ``run_base`` for the shapes; ``execute`` merges this module's tables.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from judging.engine.zutomayo import rules as R  # noqa: N812 - R.R_5_2_1 reads as a citation
from judging.engine.zutomayo.cardeffects.run_base import ActionDef, ConditionCheck, Resolution
from judging.engine.zutomayo.cardeffects.vocab import Act, Action, Cond, Condition
from judging.engine.zutomayo.cards import UNKNOWN_CARD
from judging.engine.zutomayo.effects import EffectContext
from judging.engine.zutomayo.zones import PlayerZones, Zone

PICK, UP_TO, AT_LEAST, NAME = "pick", "up_to", "at_least", "name"
"""The kinds of choice this family asks (``EffectContext.choose``)."""


# --- moving one card -----------------------------------------------------------------------


def _power(game: EffectContext, card_id: str) -> int:
    return 0 if card_id == UNKNOWN_CARD else game.card(card_id).power


def _has_stp(game: EffectContext, card_id: str) -> bool:
    return card_id != UNKNOWN_CARD and game.card(card_id).send_to_power is not None


def _take(zone: Zone, card_id: str) -> None:
    """Take ``card_id`` out of a stack: its topmost copy (copies are the same card)."""
    for index in range(len(zone) - 1, -1, -1):
        if zone[index] == card_id:
            zone.pop(index)
            return
    raise AssertionError(f"{card_id} is not there")  # pragma: no cover - options come from it


def _put(
    game: EffectContext,
    owner: int,
    card_id: str,
    from_zone: str,
    to_zone: str,
    refs: Sequence[R.RuleRef] = (),
    qa: str | None = None,
) -> None:
    """Move ``card_id`` of ``owner`` from ``from_zone`` (a stack: hand, abyss, power_charger; or
    zone_c, battle_zone) to ``to_zone`` (abyss, power_charger, hand, deck_bottom, deck_top,
    battle_zone), with the rules that decide where it goes and what it adds to the total power."""
    player = game.players[owner]
    rules: list[R.RuleRef] = [R.R_1_3_1, *refs]
    if from_zone in ("zone_c", "battle_zone"):
        player.set_single(from_zone, None)
    else:
        _take(player.stack(from_zone), card_id)
    if from_zone == "power_charger":
        player.total_power -= _power(game, card_id)
        rules.append(R.R_9_1_1)  # the total power is what is left in the power charger
    if to_zone == "power_charger":
        player.power_charger.append(card_id)
        player.total_power += _power(game, card_id)
        if not _has_stp(game, card_id):
            rules.append(R.R_3_4_2)  # there, adding no power (Q57, Q67)
        rules += [R.R_3_4_1, R.R_9_1_1]
    elif to_zone == "abyss":
        player.abyss.append(card_id)
        if _has_stp(game, card_id):
            rules.append(R.R_3_6_2)
        rules.append(R.R_3_6_1)
    elif to_zone == "hand":
        player.hand.append(card_id)
    elif to_zone == "deck_bottom":
        player.deck.insert(0, card_id)  # the deck's top is its end (zones.PlayerZones)
    elif to_zone == "deck_top":
        player.deck.append(card_id)
    else:
        player.set_single(to_zone, card_id)
    cited = tuple(dict.fromkeys(rules))
    if qa is None:
        game.emit("CARD_MOVED", cited, owner, from_zone, to_zone, card=card_id,
                  from_zone=from_zone, to_zone=to_zone)  # fmt: skip
    else:
        game.emit("CARD_MOVED", cited, owner, from_zone, to_zone, card=card_id,
                  from_zone=from_zone, to_zone=to_zone, qa=qa)  # fmt: skip


def _not_done(
    game: EffectContext,
    r: Resolution,
    op: str,
    reason: str,
    rule: R.RuleRef = R.R_1_3_2,
    qa: str | None = None,
) -> bool:
    if qa is None:
        game.emit("EFFECT_NOT_DONE", (rule,), r.player, None, None, card=r.card_id, op=op,
                  reason=reason)  # fmt: skip
    else:
        game.emit("EFFECT_NOT_DONE", (rule,), r.player, None, None, card=r.card_id, op=op,
                  reason=reason, qa=qa)  # fmt: skip
    return False


def _top_first(zone: Sequence[str]) -> list[str]:
    return list(reversed(zone))


def _of_elements(game: EffectContext, cards: Sequence[str], elements: Sequence[str]) -> list[str]:
    """The cards of those elements (none given: every card, パワーの有無に関わらず)."""
    if not elements:
        return list(cards)
    return [c for c in cards if c != UNKNOWN_CARD and game.card(c).element in elements]


# --- choose, then move ------------------------------------------------------------------------

Options = Callable[[EffectContext, PlayerZones, Action, Resolution], list[str]]


def _chosen_move(
    op: str,
    options: Options,
    kind: str,
    *,
    owner: str,
    source: str,
    dest: str,
    refs: tuple[R.RuleRef, ...] = (),
    empty: str = "no_card_to_choose",
    empty_qa: str | None = None,
    qa: Callable[[EffectContext, str], str | None] | None = None,
) -> ActionDef:
    """An action that has this card's player choose cards of ``owner``'s (self, opponent)
    ``source`` and moves each to ``dest``. ``kind`` pick: exactly the number printed (all if
    fewer, 1.3.2); up_to: 0 to all (好きな枚数), or 0 to the number printed for a "may";
    at_least: the number printed or more."""
    target = "opponent" if owner == "opponent" else "self"

    def run(game: EffectContext, action: Action, r: Resolution) -> bool:
        p = r.player
        whose = 1 - p if owner == "opponent" else p
        r.last_count = 0
        # 1.3.2.2: 0 or a negative number of times is not done (好きな枚数 prints no number)
        if action.amount < 0 or (action.amount == 0 and kind != UP_TO):
            reason = "zero_times" if action.amount == 0 else "negative_times"
            return _not_done(game, r, op, reason, R.R_1_3_2_2)
        if game.effects.is_prohibited(whose, "move_card", game.turn):
            return _not_done(game, r, op, "prohibited", R.R_1_3_3)
        offered = options(game, game.players[whose], action, r)
        if not offered:
            return _not_done(game, r, op, empty, R.R_1_3_2, empty_qa)
        count = action.amount if action.amount else len(offered)
        chosen = game.choose(p, r.card_id, kind, offered, count)
        for card_id in chosen:
            _put(game, whose, card_id, source, dest, refs, qa(game, card_id) if qa else None)
        r.last_count = len(chosen)
        if not chosen:
            return _not_done(game, r, op, "none_chosen", R.R_1_3_1)
        if kind != UP_TO and len(chosen) < action.amount:
            return _not_done(game, r, op, "fewer_cards", R.R_1_3_2)
        return True

    return ActionDef(op=op, run=run, target=target)


def _hand(game: EffectContext, zones: PlayerZones, action: Action, r: Resolution) -> list[str]:
    """手札から(X属性の)カードを: the hand in its order (only cards of ``elements`` if given)."""
    return _of_elements(game, zones.hand, action.elements)


def _abyss(game: EffectContext, zones: PlayerZones, action: Action, r: Resolution) -> list[str]:
    """アビスのカードを: the abyss, top first."""
    return _top_first(zones.abyss)


def _song_characters(
    game: EffectContext, zones: PlayerZones, action: Action, r: Resolution
) -> list[str]:
    """手札にある（song）のキャラクター: the hand's characters whose name carries this card's song
    in brackets (Q47), in the hand's order."""
    song = game.card(r.card_id).song
    found = []
    for card_id in zones.hand:
        if card_id == UNKNOWN_CARD:
            continue
        card = game.card(card_id)
        if card.is_character and card.is_of_song(song):
            found.append(card_id)
    return found


def _power_with_stp(
    game: EffectContext, zones: PlayerZones, action: Action, r: Resolution
) -> list[str]:
    """相手のパワーチャージャーからSEND TO POWER★Nのカードを: the opponent's power charger, top
    first, only cards whose SEND TO POWER is exactly N (Q64: none there, nothing is done)."""
    return [
        c
        for c in _top_first(zones.power_charger)
        if c != UNKNOWN_CARD and game.card(c).send_to_power == action.amount
    ]


def _q57(game: EffectContext, card_id: str) -> str | None:
    """Q57: a（song）character without SEND TO POWER may go to the power charger, adding no
    power (it still counts as a card there)."""
    return None if _has_stp(game, card_id) else "Q57"


def _opp_power_to_opp_deck_bottom(game: EffectContext, action: Action, r: Resolution) -> bool:
    """相手のパワーチャージャーからSEND TO POWER★Nのカードを１枚選び、相手のデッキの底に置く:
    one card (the amount is the SEND TO POWER it must have)."""
    op = "opp_power_to_opp_deck_bottom"
    q = 1 - r.player
    r.last_count = 0
    if game.effects.is_prohibited(q, "move_card", game.turn):
        return _not_done(game, r, op, "prohibited", R.R_1_3_3)
    offered = _power_with_stp(game, game.players[q], action, r)
    if not offered:
        return _not_done(game, r, op, "no_power_card", R.R_1_3_2, "Q64")
    (card_id,) = game.choose(r.player, r.card_id, PICK, offered, 1)
    _put(game, q, card_id, "power_charger", "deck_bottom")
    r.last_count = 1
    return True


def _swap_hand_abyss(game: EffectContext, action: Action, r: Resolution) -> bool:
    """手札N枚とアビスの好きなカードN枚を入れ替える: N cards of the hand (its order) and N of the
    abyss (top first, as it was before the swap) change places; with either empty there is
    nothing to swap (1.3.2), with fewer than N as many as both have."""
    op = "swap_hand_abyss"
    p = r.player
    player = game.players[p]
    r.last_count = 0
    if action.amount <= 0:
        return _not_done(game, r, op, "zero_times", R.R_1_3_2_2)
    if game.effects.is_prohibited(p, "move_card", game.turn):
        return _not_done(game, r, op, "prohibited", R.R_1_3_3)
    hand, abyss = list(player.hand), _top_first(player.abyss)
    if not hand or not abyss:
        return _not_done(game, r, op, "no_card_to_choose")
    count = min(action.amount, len(hand), len(abyss))
    from_hand = game.choose(p, r.card_id, PICK, hand, count)
    from_abyss = game.choose(p, r.card_id, PICK, abyss, count)
    for card_id in from_abyss:
        _put(game, p, card_id, "abyss", "hand")
    for card_id in from_hand:
        _put(game, p, card_id, "hand", "abyss")
    r.last_count = count
    if count < action.amount:
        return _not_done(game, r, op, "fewer_cards")
    return True


def _both_power_to_abyss(game: EffectContext, action: Action, r: Resolution) -> bool:
    """お互いのパワーチャージャーのカードをすべてアビスに置く: this card's player's first, then the
    opponent's; each power charger goes as it is (bottom card first), and the total power is 0
    (9.1.1; in the abyss their SEND TO POWER gives none, 3.6.2)."""
    moved = 0
    for q in (r.player, 1 - r.player):
        if game.effects.is_prohibited(q, "move_card", game.turn):
            _not_done(game, r, "both_power_to_abyss", "prohibited", R.R_1_3_3)
            continue
        charger = game.players[q].power_charger
        while charger:
            _put(game, q, charger[0], "power_charger", "abyss")
            moved += 1
    r.last_count = moved
    if not moved:
        return _not_done(game, r, "both_power_to_abyss", "no_card_to_choose")
    return True


def _opp_power_char_swap_in(game: EffectContext, action: Action, r: Resolution) -> bool:
    """相手のパワーチャージャーのキャラクターをN枚選び、バトルゾーンのキャラクターと入れ替える。
    この効果で出したキャラクターの効果は発動しない: the chosen character (the opponent's power
    charger, top first) goes to the opponent's battle zone, and the character there goes to the
    power charger whatever its SEND TO POWER, which then counts as usual (Q67). None there: the
    battle zone stays (Q69). The character put in is not swapped in (5.2.5), so its effect does
    not take effect; attack changes already made stay the player's (Q68, 7.1)."""
    op = "opp_power_char_swap_in"
    q = 1 - r.player
    zones = game.players[q]
    if game.effects.is_prohibited(q, "move_card", game.turn):
        return _not_done(game, r, op, "prohibited", R.R_1_3_3)
    offered = [
        c
        for c in _top_first(zones.power_charger)
        if c != UNKNOWN_CARD and game.card(c).is_character
    ]
    if not offered:
        return _not_done(game, r, op, "no_power_character", R.R_1_3_2, "Q69")
    old = zones.battle_zone
    if old is None:
        return _not_done(game, r, op, "no_character")
    (card_id,) = game.choose(r.player, r.card_id, PICK, offered, 1)
    _put(game, q, old, "battle_zone", "power_charger", qa="Q67")
    _put(game, q, card_id, "power_charger", "battle_zone")
    r.last_count = 1
    return True


def _opp_area(dest: str, op: str) -> ActionDef:
    """相手のエリアエンチャントを…に置く: the card in the opponent's set zone C (6.1.3.3: its effect
    ends with it there no more); none there: not done (1.3.2)."""

    def run(game: EffectContext, action: Action, r: Resolution) -> bool:
        q = 1 - r.player
        card_id = game.players[q].zone_c
        if card_id is None:
            return _not_done(game, r, op, "no_area_enchant")
        if game.effects.is_prohibited(q, "move_card", game.turn):
            return _not_done(game, r, op, "prohibited", R.R_1_3_3)
        _put(game, q, card_id, "zone_c", dest, (R.R_6_1_3_3,))
        r.last_count = 1
        return True

    return ActionDef(op=op, run=run, target="opponent")


def _reveal_from_opp_hand(game: EffectContext, action: Action, r: Resolution) -> bool:
    """相手の手札からN枚を選んで公開し: this card's player chooses N cards of the opponent's hidden
    hand (in the order it holds them); they are revealed, then go back (10.3, 10.3.2). Whether
    one is the named card is decided by its full name (Q50)."""
    op = "reveal_from_opp_hand"
    q = 1 - r.player
    hand = list(game.players[q].hand)
    if action.amount <= 0:
        return _not_done(game, r, op, "zero_times", R.R_1_3_2_2)
    if not hand:
        return _not_done(game, r, op, "no_card_to_choose")
    for card_id in game.choose(r.player, r.card_id, PICK, hand, action.amount):
        r.revealed.append(card_id)
        if r.named is None:
            game.emit("HAND_CARD_REVEALED", (R.R_10_3, R.R_10_3_2), r.player, None, card_id,
                      card=card_id, named=None, matches="no")  # fmt: skip
        else:
            matches = "yes" if _same_name(game, card_id, r.named) else "no"
            game.emit("HAND_CARD_REVEALED", (R.R_10_3, R.R_10_3_2, R.R_2_1_2), r.player, None,
                      card_id, card=card_id, named=r.named, matches=matches,
                      qa="Q50")  # fmt: skip
    return True


def _name_card(game: EffectContext, action: Action, r: Resolution) -> bool:
    """カード名を１つ指定する: this card's player names one card name: the full name, the part in
    brackets included (Q50, 2.1.2: different cards can have the same name). The answer is a card
    id whose name is named (``Game.name_options``: the opponent's cards first)."""
    (named,) = game.choose(r.player, r.card_id, NAME, game.name_options(1 - r.player), 1)
    r.named = named
    game.emit("CARD_NAMED", (R.R_1_3_1, R.R_2_1_2), r.player, None, named, named=named,
              qa="Q50")  # fmt: skip
    return True


def _same_name(game: EffectContext, card_id: str, named: str) -> bool:
    """Q50: the same card name, the part in brackets included (a Japanese name prevails)."""
    return card_id != UNKNOWN_CARD and game.card(card_id).name_ja == game.card(named).name_ja


def _revealed_is_named(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """(公開した)そのカード名のカードなら: a card this effect revealed has the named card name
    (Q50: 「にらちゃん」 named, 「にらちゃん（お勉強しといてよ）」 revealed: not met)."""
    named = r.named
    return named is not None and any(_same_name(game, c, named) for c in r.revealed)


CONDITIONS: Mapping[Cond, ConditionCheck] = {
    Cond.REVEALED_IS_NAMED: _revealed_is_named,
}

ACTIONS: Mapping[Act, ActionDef] = {
    Act.HAND_TO_ABYSS: _chosen_move(
        "hand_to_abyss", _hand, PICK, owner="self", source="hand", dest="abyss"
    ),
    Act.HAND_TO_ABYSS_ANY: _chosen_move(
        "hand_to_abyss_any", _hand, UP_TO, owner="self", source="hand", dest="abyss"
    ),
    Act.HAND_TO_DECK_BOTTOM: _chosen_move(
        "hand_to_deck_bottom", _hand, PICK, owner="self", source="hand", dest="deck_bottom"
    ),
    Act.HAND_TO_DECK_BOTTOM_ANY: _chosen_move(
        "hand_to_deck_bottom_any", _hand, UP_TO, owner="self", source="hand", dest="deck_bottom"
    ),
    Act.HAND_SONG_CHAR_TO_POWER_MAY: _chosen_move(
        "hand_song_char_to_power_may",
        _song_characters,
        UP_TO,
        owner="self",
        source="hand",
        dest="power_charger",
        qa=_q57,
    ),
    Act.SWAP_HAND_ABYSS: ActionDef(op="swap_hand_abyss", run=_swap_hand_abyss),
    Act.ABYSS_TO_DECK_BOTTOM: _chosen_move(
        "abyss_to_deck_bottom", _abyss, PICK, owner="self", source="abyss", dest="deck_bottom"
    ),
    Act.ABYSS_TO_DECK_BOTTOM_SHUFFLED: _chosen_move(
        "abyss_to_deck_bottom_shuffled",
        _abyss,
        PICK,
        owner="self",
        source="abyss",
        dest="deck_bottom",
    ),
    Act.ABYSS_TO_DECK_BOTTOM_SHUFFLED_AT_LEAST: _chosen_move(
        "abyss_to_deck_bottom_shuffled_at_least",
        _abyss,
        AT_LEAST,
        owner="self",
        source="abyss",
        dest="deck_bottom",
    ),
    Act.OPP_ABYSS_TO_OPP_DECK_BOTTOM: _chosen_move(
        "opp_abyss_to_opp_deck_bottom",
        _abyss,
        PICK,
        owner="opponent",
        source="abyss",
        dest="deck_bottom",
    ),
    Act.OPP_POWER_TO_OPP_DECK_BOTTOM: ActionDef(
        op="opp_power_to_opp_deck_bottom", run=_opp_power_to_opp_deck_bottom, target="opponent"
    ),
    Act.BOTH_POWER_TO_ABYSS: ActionDef(
        op="both_power_to_abyss", run=_both_power_to_abyss, target="both"
    ),
    Act.OPP_POWER_CHAR_SWAP_IN: ActionDef(
        op="opp_power_char_swap_in", run=_opp_power_char_swap_in, target="opponent"
    ),
    Act.OPP_AREA_TO_OPP_DECK_BOTTOM: _opp_area("deck_bottom", "opp_area_to_opp_deck_bottom"),
    Act.OPP_AREA_TO_OPP_DECK_TOP: _opp_area("deck_top", "opp_area_to_opp_deck_top"),
    Act.OPP_AREA_TO_OPP_ABYSS: _opp_area("abyss", "opp_area_to_opp_abyss"),
    Act.REVEAL_FROM_OPP_HAND: ActionDef(
        op="reveal_from_opp_hand", run=_reveal_from_opp_hand, target="opponent"
    ),
    Act.NAME_CARD: ActionDef(op="name_card", run=_name_card),
}
"""手札から(X属性の)カードをN枚選び、アビスに置く; …好きな枚数選び…; 手札をN枚選んでデッキの底に
置く; …好きな枚数…; 手札にある（song）のキャラクターをN枚選び、パワーチャージャーに置いてもよい
(Q57); 手札N枚とアビスの好きなカードN枚を入れ替える; アビスのカードをN枚選び、(裏向きにして混ぜ、)
デッキの底に置く; …N枚以上…; 相手のアビスのカードをN枚選んで相手のデッキの底に戻させる;
相手のパワーチャージャーからSEND TO POWER★Nのカードを１枚選び、相手のデッキの底に置く (Q64);
お互いのパワーチャージャーのカードをすべてアビスに置く; 相手のパワーチャージャーのキャラクターを
１枚選び、バトルゾーンのキャラクターと入れ替える (Q67–Q69); 相手のエリアエンチャントを相手の
デッキの底/上、アビスに置く; 相手の手札からN枚を選んで公開し; カード名を１つ指定する (Q50)."""
