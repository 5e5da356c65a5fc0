"""Effect primitives a judge enters for a card (design 5.3): each changes the state and cites rules.

Card text is not read: a card whose effect the record does not describe has no effect, and the
replay says so (``EFFECT_NOT_DESCRIBED``). The timing and the power cost were already checked by the
pipeline (``Game._resolve``) before a primitive runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judging.engine import rules as R  # noqa: N812 - R.R_5_2_1 reads as a citation
from judging.engine.apply import CHRONOS_MARKS, MAX_HP
from judging.engine.cards import UNKNOWN_CARD
from judging.engine.record import EffectEntry

if TYPE_CHECKING:
    from judging.engine.apply import Game

PRIMITIVE_RULES: dict[str, tuple[str, ...]] = {
    "attack_plus": ("7.1", "1.3.1"),
    "attack_minus": ("7.1", "1.3.1"),
    "set_attack": ("7.1", "1.3.1"),
    "deal_damage": ("7.1.1", "1.3.1", "5.4.1"),
    "heal": ("3.7.1", "1.3.1"),
    "reduce_damage": ("5.1.4.3", "1.3.1"),
    "move_medal": ("3.8.2", "1.3.1", "1.3.2.1"),
    "draw": ("8.2.1", "1.3.1"),
    "mill": ("8.2.2", "1.3.1"),
    "move_card": ("1.3.1", "1.3.2", "3.4.2", "3.6.2"),
    "allow_second_card": ("1.3.1",),
    "forbid_second_card": ("1.3.3",),
    "prohibit": ("1.3.3",),
    "otherwise_lose": ("8.2.3",),
    "infinite_loop": ("10.1.1.1", "10.1.1.2", "10.1.1.3"),
    "end_area_enchant": ("6.1.3.3", "6.1.3.4"),
}
"""The rules each primitive cites (for the coverage report)."""


def _not_done(game: Game, e: EffectEntry, target: int, why: R.RuleRef, reason: str) -> None:
    game.emit("EFFECT_NOT_DONE", (why,), target, None, None, card=e.card, op=e.op, reason=reason)


def apply_primitive(game: Game, e: EffectEntry) -> None:  # noqa: C901 - one branch per primitive
    op = e.op
    if op in ("attack_plus", "attack_minus", "set_attack", "deal_damage", "heal",
              "reduce_damage", "draw", "mill", "move_card"):  # fmt: skip
        for t in game.targets(e):
            if game.prohibited(t, op):
                if op == "draw":
                    game.consulted.add("ZA-09")
                    if game.za09 == "LOSS":
                        game.end("win", 1 - t, "effect_draw_failed", (R.R_8_2_1, R.R_1_3_3),
                                 ("ZA-09",))  # fmt: skip
                    _not_done(game, e, t, R.R_1_3_3, "prohibited")
                    continue
                _not_done(game, e, t, R.R_1_3_3, "prohibited")
                continue
            if op != "set_attack" and op != "move_card" and e.amount <= 0:
                _not_done(game, e, t, R.R_1_3_2_2, "zero_times")
                continue
            _apply_to(game, e, t)
        if op == "deal_damage":
            game.check_hp((R.R_7_1_1,))
        return
    if op == "move_medal":
        if game.prohibited(e.player, "move_medal"):
            _not_done(game, e, e.player, R.R_1_3_3, "prohibited")
            return
        _move_medal(game, e)
    elif op in ("allow_second_card", "forbid_second_card"):
        for t in game.targets(e):
            mode = "allow" if op == "allow_second_card" else "forbid"
            key = (t, game.turn + 1)
            if game.set_mods.get(key) == "forbid":
                mode = "forbid"  # 1.3.3: a prohibition beats an instruction
            game.effect_state = True  # the digest covers effect state from now on
            game.set_mods[key] = mode
            rule = R.R_1_3_1 if mode == "allow" else R.R_1_3_3
            game.emit("SET_COUNT_CHANGED", (rule, R.R_5_2_1), t, None, mode, turn=game.turn + 1)
    elif op == "prohibit":
        action = e.action or ""
        for t in game.targets(e):
            last = game.turn + e.turns - 1
            game.effect_state = True
            game.prohibitions.append((t, action, last))
            game.emit("PROHIBITION_ADDED", (R.R_1_3_3,), t, None, action, until_turn=last)
    elif op == "otherwise_lose":
        if not e.condition_met:
            loser = game.targets(e)[0]
            game.end("win", 1 - loser, "otherwise_lose", (R.R_8_2_3,))
    elif op == "infinite_loop":
        if not e.stoppable:
            game.end("draw", None, "infinite_loop", (R.R_10_1_1_3,))
        game.emit("LOOP_RESOLVED", (R.R_10_1_1_1, R.R_10_1_1_2), e.player, None, e.amount,
                  count=e.amount)  # fmt: skip
    elif op == "end_area_enchant":
        player = game.players[e.player]
        if e.card is None or player.zone_c != e.card:
            _not_done(game, e, e.player, R.R_1_3_2, "not_in_zone_c")
            return
        player.zone_c = None
        game.put_away(e.player, e.card, "zone_c", (R.R_6_1_3_3,))


def _apply_to(game: Game, e: EffectEntry, t: int) -> None:
    op = e.op
    player = game.players[t]
    if op in ("attack_plus", "attack_minus"):
        before = game.mods[t]
        game.effect_state = True
        game.mods[t] += e.amount if op == "attack_plus" else -e.amount
        game.emit("ATTACK_MODIFIED", (R.R_7_1, R.R_1_3_1), t, before, game.mods[t], card=e.card)
    elif op == "set_attack":
        before_set = game.set_attack[t]
        game.effect_state = True
        game.set_attack[t] = e.amount
        game.emit("ATTACK_SET", (R.R_7_1, R.R_1_3_1), t, before_set, e.amount, card=e.card)
    elif op == "deal_damage":
        before = player.hp
        player.hp = max(0, before - e.amount)
        game.emit("DAMAGE_APPLIED", (R.R_7_1_1, R.R_1_3_1), t, before, player.hp,
                  amount=e.amount, reduction=0)  # fmt: skip
    elif op == "heal":
        before = player.hp
        if before >= MAX_HP:
            _not_done(game, e, t, R.R_1_3_2_1, "already_full")
            return
        player.hp = min(MAX_HP, before + e.amount)
        game.emit("HEALED", (R.R_1_3_1, R.R_3_7_1), t, before, player.hp, amount=e.amount)
    elif op == "reduce_damage":
        before = game.reductions[t]
        game.effect_state = True
        game.reductions[t] += e.amount
        game.emit("DAMAGE_REDUCTION_ADDED", (R.R_1_3_1, R.R_5_1_4_3), t, before,
                  game.reductions[t])  # fmt: skip
    elif op == "draw":
        have = len(player.deck)
        n = min(e.amount, have)
        drawn = [player.deck.pop() for _ in range(n)]
        player.hand.extend(drawn)
        game.emit("DRAW", (R.R_1_3_1, R.R_1_3_2), t, have, len(player.deck), requested=e.amount,
                  drawn=n)  # fmt: skip
        if n < e.amount:
            game.end("win", 1 - t, "effect_draw_failed", (R.R_8_2_1,))
    elif op == "mill":
        have = len(player.deck)
        n = min(e.amount, have)
        for _ in range(n):
            player.abyss.append(player.deck.pop())
        game.emit("CARDS_MILLED", (R.R_1_3_1, R.R_3_6_1), t, have, len(player.deck),
                  requested=e.amount, moved=n)  # fmt: skip
        if n < e.amount:
            game.end("win", 1 - t, "effect_mill_failed", (R.R_8_2_2,))
    elif op == "move_card":
        _move_card(game, e, t)


_STACKS = {"hand": "hand", "abyss": "abyss", "power_charger": "charger", "deck": "deck"}
_SINGLE = {"battle_zone": "battle", "zone_c": "zone_c"}


def _move_card(game: Game, e: EffectEntry, t: int) -> None:
    player = game.players[t]
    card_id = e.card_target or ""
    source = e.from_zone or ""
    dest = e.to_zone or ""
    found = False
    if source in _SINGLE:
        if getattr(player, _SINGLE[source]) == card_id:
            setattr(player, _SINGLE[source], None)
            found = True
    elif source in ("deck_top", "deck_bottom"):
        index = -1 if source == "deck_top" else 0
        if player.deck and player.deck[index] == card_id:
            player.deck.pop(index)
            found = True
    else:
        stack: list[str] = getattr(player, _STACKS[source])
        if card_id in stack:
            stack.reverse()  # take the topmost copy
            stack.remove(card_id)
            stack.reverse()
            found = True
    if not found:
        _not_done(game, e, t, R.R_1_3_2, f"{card_id} is not in {source}")
        return
    if source == "power_charger" and card_id != UNKNOWN_CARD:
        player.power -= game.card(card_id).power
    rules = [R.R_1_3_1]
    if dest in _SINGLE:
        occupant = getattr(player, _SINGLE[dest])
        if occupant is not None:
            game.put_away(t, occupant, dest, (R.R_1_3_1,))
        setattr(player, _SINGLE[dest], card_id)
    elif dest == "deck_top" or dest == "deck":
        player.deck.append(card_id)
    elif dest == "deck_bottom":
        player.deck.insert(0, card_id)
    else:
        getattr(player, _STACKS[dest]).append(card_id)
        has_stp = card_id != UNKNOWN_CARD and game.card(card_id).send_to_power is not None
        if dest == "power_charger":
            rules.append(R.R_3_4 if has_stp else R.R_3_4_2)
            if card_id != UNKNOWN_CARD:
                player.power += game.card(card_id).power
        elif dest == "abyss":
            rules.append(R.R_3_6_2 if has_stp else R.R_3_6)
    game.emit("CARD_MOVED", rules, t, source, dest, card=card_id, from_zone=source, to_zone=dest)


def _move_medal(game: Game, e: EffectEntry) -> None:
    before = game.medal
    if e.position is not None:
        after = e.position
    else:
        if e.amount == 0:
            _not_done(game, e, e.player, R.R_1_3_2_2, "zero_marks")
            return
        after = (before + e.amount) % CHRONOS_MARKS
    if after == before:
        _not_done(game, e, e.player, R.R_1_3_2_1, "already_there")
        return
    time_before = game.time_of_day(before)
    game.medal = after
    time_after, keys = game.time_now()
    game.emit("MEDAL_MOVED", (R.R_1_3_1, R.R_3_8_2, R.R_3_8_4), None, before, after, keys,
              time_before=time_before, time_after=time_after)  # fmt: skip
