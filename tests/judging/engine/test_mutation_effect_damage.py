"""Damage from an effect, as its event records it: written against survivors of `make mutation`.

Ground rules 1.0.1: 7.1.1, an effect's damage is not an attack, and the player dealt it reduces
their HP meter by it (5.1.4.2's "reduces their HP meter ... as damage"; HP never goes below 0,
1.2.3); a damage reduction in force (5.1.4.3: "damage reduction") takes its amount off (the card
text 自分がダメージを受けたとき…軽減する covers any damage the player takes). The event says who
took it, the HP before and after, the damage taken and what the reduction took away.

From the snapshot of test_effects: turn 3, both players at HP 90; P0's card T_9.
"""

from __future__ import annotations

from typing import Any

import pytest

from judging.engine import CardCatalogue
from judging.engine.zutomayo.state import event_digest
from tests.judging.engine.test_effects import fx, run


def damage_events(report: Any) -> list[tuple[Any, ...]]:
    return [
        (e.player, e.before, e.after, e.param("amount"), e.param("reduction"))
        for e in report.events
        if e.kind == "DAMAGE_APPLIED" and "7.1.1" in e.rules
    ]


@pytest.mark.parametrize(("amount", "after"), [(30, 60), (90, 0), (95, 0)])
def test_effect_damage_takes_its_amount_off_the_targets_hp(
    cards: CardCatalogue, amount: int, after: int
) -> None:
    report = run(cards, [fx("deal_damage", amount=amount, target="opponent")])
    assert damage_events(report) == [(1, 90, after, amount, 0)]


@pytest.mark.parametrize(("reduce", "taken"), [(20, 10), (30, 0), (50, 0)])
def test_a_damage_reduction_takes_its_amount_off_effect_damage(
    cards: CardCatalogue, reduce: int, taken: int
) -> None:
    # Judges' rulings with no card (as test_effects' manual ruling). At NIGHT P0 is the priority
    # player and resolves first (5.2.7, 10.2): P0's reduction is in force when P1's 30 lands.
    reduction = {"player": 0, "op": "reduce_damage", "amount": reduce, "target": "self"}
    damage = {"player": 1, "op": "deal_damage", "amount": 30, "target": "opponent"}
    report = run(cards, [reduction, damage])
    # What the reduction took away is at most the damage: 30 - taken.
    assert damage_events(report) == [(0, 90, 90 - taken, taken, 30 - taken)]


def test_a_damage_reduction_changes_the_state_digest(cards: CardCatalogue) -> None:
    # EffectState: "two states that differ only here get different digests". The reduction is
    # the turn's first effect, so only it tells the state after it from the state before.
    reduction = {"player": 0, "op": "reduce_damage", "amount": 20, "target": "self"}
    report = run(cards, [reduction])
    kinds = [e.kind for e in report.events]
    added = kinds.index("DAMAGE_REDUCTION_ADDED")
    assert report.events[added - 1].kind == "EFFECT_RESOLVED"
    assert event_digest(report.events[added]) != event_digest(report.events[added - 1])


# --- battle damage with a reduction (5.1.4.1-5.1.4.4, Q37) --------------------------------------
# Both battle zones end up with Even 30 / Zero-clock 30 (attack 30); a judge's ruling gives P1
# +20 (attack 50), so P0 loses by 20 (5.1.4.1) and takes the difference as damage (5.1.4.2),
# less P0's reduction (5.1.4.3: the loser still loses, Q37 when nothing is left).


def battle(report: Any) -> tuple[Any, ...]:
    event = next(e for e in report.events if e.kind == "BATTLE_RESOLVED")
    return (
        event.player,
        event.after,
        event.param("attack"),
        event.param("difference"),
        event.param("qa"),
        "5.1.4.3" in event.rules,
    )


def test_equal_attacks_resolve_as_a_draw_with_their_attacks(cards: CardCatalogue) -> None:
    # 30 against 30, no effects: a draw (5.1.4.4), no winner and no damage.
    report = run(cards, [])
    assert battle(report) == (None, None, (30, 30), None, None, False)
    assert [p.hp for p in report.turns[-1].players] == [90, 90]


@pytest.mark.parametrize(("reduce", "qa"), [(0, None), (5, None), (20, "Q37"), (30, "Q37")])
def test_the_loser_of_a_reduced_battle_still_loses(
    cards: CardCatalogue, reduce: int, qa: str | None
) -> None:
    effects: list[dict[str, Any]] = [
        {"player": 1, "op": "attack_plus", "amount": 20, "target": "self"}
    ]
    if reduce:
        effects.insert(0, {"player": 0, "op": "reduce_damage", "amount": reduce, "target": "self"})
    report = run(cards, effects)
    assert battle(report) == (1, 1, (30, 50), 20, qa, reduce > 0)
    taken = max(0, 20 - reduce)
    assert report.turns[-1].players[0].hp == 90 - taken


@pytest.mark.parametrize(("reduce", "qa"), [(0, None), (20, "Q37")])
def test_player_two_losing_a_battle_is_the_loser_named(
    cards: CardCatalogue, reduce: int, qa: str | None
) -> None:
    # The mirror image: P0 gets +20 (50 against 30), so P1 loses by 20 and P0 is the winner.
    effects: list[dict[str, Any]] = [
        {"player": 0, "op": "attack_plus", "amount": 20, "target": "self"}
    ]
    if reduce:
        effects.append({"player": 1, "op": "reduce_damage", "amount": reduce, "target": "self"})
    report = run(cards, effects)
    assert battle(report) == (0, 0, (50, 30), 20, qa, reduce > 0)
    assert report.turns[-1].players[1].hp == 90 - (20 - reduce)


@pytest.mark.parametrize(("player", "amounts", "expected"), [
    (0, (1,), (1, 0)),       # a reduction of 1 is a reduction: the turn's total counts it
    (1, (1, 2), (0, 3)),     # each reduction adds to that player's total for the turn
    (0, (0,), (0, 0)),       # nothing reduced, nothing counted
])  # fmt: skip
def test_every_reduction_counts_toward_the_damage_reduced_this_turn(
    player: int, amounts: tuple[int, ...], expected: tuple[int, int]
) -> None:
    # The effect "deal as much damage as was reduced this turn" (このターンに軽減した数値分の
    # ダメージを相手に与える) reads the turn's total: every point reduced counts, the first too.
    from judging.engine.zutomayo.effects import EffectState

    state = EffectState()
    for amount in amounts:
        state = state.with_reduced(player, amount)
    assert state.reduced == expected
