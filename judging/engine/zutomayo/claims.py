"""Answering disputes: each claim is checked against the replay at its checkpoint.

A claim ``{"party", "at": "T3" | "T3/5.2.9" | "T3/5.2.9:before", "path": "players[1].hp",
"value": 70}`` gets:

* CONSISTENT - the replay has that value there;
* CONTRADICTED - it does not; ``step`` is the step that wrote the value the replay has (where the
  replay departs from the claim) and ``rules`` are the rules of that step's events;
* ILLEGAL_INPUT - the record breaks a rule before the checkpoint (``rules`` = that rule);
* DEPENDS_ON - the verdict changes under an alternative choice of an ambiguity the run consulted,
  or under another legal answer to a choice an effect asked for that the record left unanswered
  (named by its record path: ``turns[0].choices.order[0]``, another order of that player's
  effects, 5.2.7.3, 6.3.3; ``turns[0].choices.picks[1].3rd_47[0]``, another legal answer to a
  card's choice). At most ``MAX_ORDERS`` other orders and ``MAX_PICKS`` other answers are tried
  per choice, in the documented order of the options; an answer the rest of the record then
  contradicts (the replay stops with illegal input) is not one the game could have had;
* UNDETERMINED - the answer needs a fact the record does not have (hidden cards, unplayed turns).
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import combinations, islice, permutations

from judging.engine.core.claims import ClaimVerdict
from judging.engine.core.jsontypes import JSON, Value, value_to_json
from judging.engine.zutomayo import rules as R  # noqa: N812 - R.R_5_2_1 reads as a citation
from judging.engine.zutomayo.apply import ChoicePoint, Game, continue_record, run_record
from judging.engine.zutomayo.profile import ambiguity
from judging.engine.zutomayo.record import CLAIM_PATH, Claim, GameRecord
from judging.engine.zutomayo.rules import RuleRef
from judging.engine.zutomayo.state import GameState

_AT = re.compile(r"^T(\d+)(?:/(\d+(?:\.\d+)*)(?::(before|after))?)?$")
_PATH = CLAIM_PATH
_TURN_ONE_STEPS = {"5.2.4": "5.1.1", "5.2.7": "5.1.2", "5.2.8": "5.1.3", "5.2.9": "5.1.4",
                   "5.2.11": "5.1.5"}  # fmt: skip
_PIPELINE = ("4.2.6", "4.2.7", "5.1.1", "5.1.2", "5.1.3", "5.1.4", "5.1.5", "5.2.1", "5.2.2",
             "5.2.3", "5.2.4", "5.2.5", "5.2.6", "5.2.7", "5.2.8", "5.2.9", "5.2.10",
             "5.2.11")  # fmt: skip


_SOURCE = {"chronos.time": "chronos.position", "priority": "chronos.position"}


def is_claim_path(path: str) -> bool:
    return _PATH.match(path) is not None


def value_at(state: GameState, path: str, game: Game | None = None) -> Value:
    """The value a claim path names in a state (ValueError for an unknown path).

    Attacks are read once decided (5.1.3, 5.2.8), the battle's winner and damage once it is fought
    (5.1.4, 5.2.9), the result as it was at that state. ``game`` is not needed any more (the state
    holds the result); it is kept so that existing callers still work.
    """
    m = _PATH.match(path)
    if m is None:
        raise ValueError(f"unknown claim path {path!r}")
    player, field, chronos, battle, index, result = m.groups()
    if player is not None:
        ps = state.players[int(player)]
        if field == "deck_count":
            return ps.deck_count
        found: Value = getattr(ps, field)
        return found
    if chronos == "position" or path == "medal":
        return state.medal
    if chronos == "time":
        return state.time
    if path == "priority":
        return state.priority
    if battle == "attack":
        if state.attack is None:
            return None
        return state.attack if index is None else state.attack[int(index)]
    if battle is not None:
        if state.battle is None:
            return None
        return state.battle.winner if battle == "winner" else state.battle.damage
    if state.result is None:
        return "unfinished" if result == "outcome" else None
    return state.result.outcome if result == "outcome" else state.result.winner


def _has_unknown(value: Value) -> bool:
    if isinstance(value, tuple):
        return any(_has_unknown(v) for v in value)
    return value == "?"


def _matches(actual: Value, claim: Claim) -> bool:
    if claim.op == "contains":
        held = actual if isinstance(actual, tuple) else (actual,)
        return claim.value in held
    return actual == claim.value


def _find(game: Game, turn: int, step: str | None) -> int | None:
    """Index of the checkpoint for ``T<turn>[/<step>]`` (the state after that step)."""
    indices = [i for i, s in enumerate(game.checkpoints) if s.turn == turn]
    if not indices:
        return None
    if step is None:
        return indices[-1]
    if turn == 1:
        for later, first in _TURN_ONE_STEPS.items():
            if step == later or step.startswith(later + "."):
                step = first
                break
    for i in indices:
        cp = game.checkpoints[i].step
        if step == cp or step.startswith(cp + "."):
            return i
    wanted = _order(step)
    last = indices[-1]
    if (
        game.result is not None
        and game.result.turn == turn
        and wanted >= _order(game.checkpoints[last].step)
    ):
        return last  # the game ended earlier in this turn: nothing changed after that
    return None


def _order(step: str) -> int:
    for i, name in enumerate(_PIPELINE):
        if step == name or step.startswith(name + "."):
            return i
    return -1


def _claimed_turns(record: GameRecord) -> frozenset[int]:
    """The turns whose checkpoints the claims read: each claim's turn and the one before it."""
    turns: set[int] = set()
    for claim in record.claims:
        m = _AT.match(claim.at)
        if m is not None:
            turns.update((int(m.group(1)) - 1, int(m.group(1))))
    return frozenset(turns)


def _verdict(
    game: Game, claim: Claim, *, explain: bool = True
) -> tuple[str, Value, str | None, tuple[str, ...], str]:
    """The claim's status, the replay's value, and (``explain``) the step, rules and reason of a
    contradiction (without ``explain``, only the status and value are worked out)."""
    m = _AT.match(claim.at)
    if m is None or not is_claim_path(claim.path):
        return "UNDETERMINED", None, None, (), "the checkpoint or path is not understood"
    turn, step, when = int(m.group(1)), m.group(2), m.group(3)
    index = _find(game, turn, step)
    if when == "before" and index is not None and index > 0:
        index -= 1  # the state before the step = the state after the previous checkpoint
    illegal = game.illegal
    if illegal is not None and (index is None or index == len(game.checkpoints) - 1):
        why = f"the record breaks {illegal.rule.display} at T{illegal.turn}: {illegal.message}"
        return "ILLEGAL_INPUT", None, f"T{illegal.turn}/{illegal.step}", (illegal.rule.key,), why
    if index is None:
        if game.result is not None and turn > game.result.turn:
            end = game.events[-1]
            why = f"the game ended on turn {game.result.turn} ({game.result.reason})"
            return "CONTRADICTED", None, f"T{end.turn}/{end.step}", end.rules, why
        return "UNDETERMINED", None, None, (), f"the record does not reach {claim.at}"
    state = game.checkpoints[index]
    actual = value_at(state, claim.path)
    if _has_unknown(actual):
        return "UNDETERMINED", actual, None, (), "the answer depends on hidden cards (?)"
    if _matches(actual, claim):
        return "CONSISTENT", actual, None, (), "the replay agrees"
    if not explain:
        return "CONTRADICTED", actual, None, (), ""
    if claim.path.startswith("result."):
        return _result_contradicted(game, state, actual)
    # Walk back to the step that wrote the value; a derived value (the time of day, the priority
    # player) is written by the step that last moved the medal.
    source = _SOURCE.get(claim.path, claim.path)
    written = value_at(state, source)
    j = index
    while j > 0 and value_at(game.checkpoints[j - 1], source) == written:
        j -= 1
    cp = game.checkpoints[j]
    start = game.checkpoint_events[j - 1] if j > 0 else 0
    rules: list[str] = []
    for event in game.events[start : game.checkpoint_events[j]]:
        for rule in event.rules:
            if rule not in rules:
                rules.append(rule)
    why = f"the replay has {value_to_json(actual)!r}, written at T{cp.turn}/{cp.step}"
    return "CONTRADICTED", actual, f"T{cp.turn}/{cp.step}", tuple(rules), why


_END_CHECK = (R.R_5_4_1, R.R_5_4_3, R.R_8_1_2)
"""The end of the game is checked by rule processing the moment it is needed (8.1.2): HP 0 (5.4.1)
and the end-of-turn draw (5.4.3)."""


def _result_contradicted(
    game: Game, state: GameState, actual: Value
) -> tuple[str, Value, str | None, tuple[str, ...], str]:
    """A claim on the result that the replay contradicts: where the game ended and by which rules,
    or, if it had not ended, the claim's own step and the end checks that found nothing."""
    result = state.result
    if result is None:
        why = f"the game had not ended at T{state.turn}/{state.step}"
        return "CONTRADICTED", actual, f"T{state.turn}/{state.step}", _keys(_END_CHECK), why
    end = next(e for e in reversed(game.events) if e.kind == "GAME_ENDED")
    why = f"the replay has {value_to_json(actual)!r}: the game ended at T{end.turn}/{end.step}"
    return "CONTRADICTED", actual, f"T{end.turn}/{end.step}", result.rules, why


def _keys(refs: tuple[RuleRef, ...]) -> tuple[str, ...]:
    return tuple(ref.key for ref in refs)


def answer_claims(record: GameRecord, game: Game) -> tuple[ClaimVerdict, ...]:
    """Verdicts for every claim of the record; ``game`` is its replay with checkpoints captured."""
    alternatives: dict[tuple[str, str], Game] = {}
    # A re-run under another answer only tells whether a claim's verdict changes: it keeps the
    # checkpoints of the claims' turns (and the turn before, for ``:before``), no digests.
    turns = _claimed_turns(record)
    for key in sorted(game.consulted):
        amb = ambiguity(key)
        current = record.profile.get(key)
        for alt in amb.alternatives:
            if alt != current:
                changed = record.with_profile(record.profile.with_choice(key, alt))
                alternatives[(key, alt)] = _rerun(changed, game, turns)
    for point in game.choices:
        if not point.defaulted:
            continue  # answered in the record: a fact, not an open choice
        for answer in _other_answers(point):
            other = rerun_with_answer(record, game, point, answer, turns)
            if other.illegal is None or game.illegal is not None:
                alternatives[(point.path, ",".join(answer))] = other
    verdicts = []
    for claim in record.claims:
        status, actual, step, rules, why = _verdict(game, claim)
        depends: list[str] = []
        alts: list[tuple[str, str]] = []
        if status in ("CONSISTENT", "CONTRADICTED"):
            for (key, alt), other in alternatives.items():
                alt_status = _verdict(other, claim, explain=False)[0]
                if alt_status != status:
                    if key not in depends:
                        depends.append(key)
                    current = (
                        record.profile.get(key)
                        if key.startswith("ZA-")
                        else ",".join(_chosen(game, key))
                    )
                    alts.append((f"{key}={current}", status))
                    alts.append((f"{key}={alt}", alt_status))
        if depends:
            why = f"{why}; the verdict changes with {', '.join(depends)}"
            status = "DEPENDS_ON"
        claimed: JSON = value_to_json(claim.value)
        verdicts.append(
            ClaimVerdict(
                party=claim.party,
                at=claim.at,
                path=claim.path,
                claimed=claimed,
                status=status,
                actual=value_to_json(actual),
                step=step,
                rules=rules,
                depends_on=tuple(depends),
                alternatives=tuple(dict.fromkeys(alts)),
                explanation=why,
                op=claim.op,
            )
        )
    return tuple(verdicts)


MAX_ORDERS = 23
"""At most this many other orders are tried per choice (4 cards have 23 other orders)."""
MAX_PICKS = 23
"""At most this many other answers are tried per pick (``choices.picks``), as for orders."""
_SCAN = 2000
"""At most this many candidate answers are looked at per pick (copies of a card repeat)."""


def _other_answers(point: ChoicePoint) -> list[tuple[str, ...]]:
    """Other legal answers to ``point``, in the documented order of its options: an order's other
    permutations; a may's other answer; a name's other options; a pick's other sets of cards
    (as many as it takes; up to N: from none to N; at least N: from N to all), copies of one
    card counted once and the order within an answer kept as the options give it."""
    if point.kind == "order":
        orders = (o for o in permutations(point.options) if o != point.chosen)
        return list(islice(orders, MAX_ORDERS))
    if point.kind in ("may", "name"):
        others = (o for o in dict.fromkeys(point.options) if (o,) != point.chosen)
        return [(o,) for o in islice(others, MAX_PICKS)]
    have = len(point.options)
    if point.kind == "pick":
        sizes = range(min(point.count, have), min(point.count, have) + 1)
    elif point.kind == "up_to":
        sizes = range(0, min(point.count, have) + 1)
    elif point.kind == "at_least":
        sizes = range(min(point.count, have), have + 1)
    else:
        return []
    chosen = sorted(point.chosen)
    seen: set[tuple[str, ...]] = set()
    found: list[tuple[str, ...]] = []
    candidates = (c for size in sizes for c in combinations(point.options, size))
    for answer in islice(candidates, _SCAN):
        key = tuple(sorted(answer))
        if key in seen or list(key) == chosen:
            continue
        seen.add(key)
        found.append(answer)
        if len(found) == MAX_PICKS:
            break
    return found


def rerun_with_answer(
    record: GameRecord,
    game: Game,
    point: ChoicePoint,
    answer: tuple[str, ...],
    capture_turns: frozenset[int] | None,
) -> Game:
    """The record re-run with another answer to ``point``, for its claims' verdicts: played on
    from the fork ``game`` kept before the choice's turn (``run_record(forks=True)``; the turns
    before it are the same), else from the start; no digests, checkpoints of ``capture_turns``."""
    changed = _with_answer(record, point, answer)
    if point.turn_index < len(game.forks):
        start = game.forks[point.turn_index].fork()
        return continue_record(start, changed, point.turn_index, capture_turns=capture_turns,
                               digests=False)  # fmt: skip
    return _rerun(changed, game, capture_turns)


def _rerun(record: GameRecord, game: Game, capture_turns: frozenset[int] | None) -> Game:
    """``record`` (``game``'s with another answer or profile) played from the start as ``game``
    was, for its claims' verdicts only: no digests, checkpoints of ``capture_turns``."""
    return run_record(record, capture=True, auto_effects=game.auto_effects,
                      encoding=game.extra_encoding, capture_turns=capture_turns,
                      digests=False)  # fmt: skip


def _chosen(game: Game, path: str) -> tuple[str, ...]:
    return next((c.chosen for c in game.choices if c.path == path), ())


def _with_answer(record: GameRecord, point: ChoicePoint, answer: tuple[str, ...]) -> GameRecord:
    """The record with another answer to ``point``: an order of that player's effects
    (``choices.order``) or a card's choice (``choices.picks``; the choices before it that the
    record leaves unanswered stay unanswered)."""
    turns = list(record.turns)
    turn = turns[point.turn_index]
    if ".choices.order[" in point.path:
        pair = list(turn.order)
        pair[point.player] = answer
        turns[point.turn_index] = replace(turn, order=(pair[0], pair[1]))
        return replace(record, turns=tuple(turns))
    mine = dict(turn.picks[point.player])
    answers: list[tuple[str, ...] | None] = list(mine.get(point.card, ()))
    answers += [None] * (point.index + 1 - len(answers))
    answers[point.index] = answer
    mine[point.card] = tuple(answers)
    picks = list(turn.picks)
    picks[point.player] = tuple(sorted(mine.items()))
    turns[point.turn_index] = replace(turn, picks=(picks[0], picks[1]))
    return replace(record, turns=tuple(turns))
