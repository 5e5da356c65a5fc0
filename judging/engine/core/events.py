"""What a replay records, in every game: one ``Event`` per state change (or ruling) with the keys
of the rules that decided it, and the game's ``Outcome``.

A game renders these itself (its message tables, its report's JSON shape); the values are the
same in every game, so the report, claims and judge pages read them alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from judging.engine.core.jsontypes import JSON, Value

StateKey = tuple[int | str | bool | None, ...]
"""A game's canonical dump of the whole state after an event, as frozen parts (strings and
numbers): the game works out a digest from it when one is read. ``()``: not kept."""


@dataclass(slots=True)
class Event:
    """One state change (or one ruling) with the rules that decided it.

    ``seq`` counts the game's events from 1 (0 where a game does not number them); ``turn`` is the
    game's numbered unit (a ZUTOMAYO CARD or Azuki TCG turn, a ZTRIKE round) and ``step`` the rule
    key of the step within it ("" where the game has no steps); ``rules`` are the citation keys;
    ``player`` is whom it concerns (None: both or neither); ``before``/``after`` the changed values;
    ``params`` the rest of what its message says, in order; ``state_key`` the state after it
    (``StateKey``); ``profile_keys`` the ambiguities its outcome depended on.

    Not frozen, and built positionally: making events is the hottest line of a replay (a game
    makes a hundred or more), and a frozen dataclass's ``__init__`` (one ``object.__setattr__`` a
    field) costs about eight times as much as a plain one with slots (twice a named tuple's). No
    code changes an event once made: a game that amends one replaces it (``dataclasses.replace``).
    """

    seq: int
    turn: int
    step: str
    kind: str
    rules: tuple[str, ...]
    player: int | None
    before: Value
    after: Value
    params: tuple[tuple[str, Value], ...] = ()
    state_key: StateKey = ()
    profile_keys: tuple[str, ...] = ()

    def param(self, name: str) -> Value:
        """The parameter ``name`` of the event's message, or None."""
        for key, value in self.params:
            if key == name:
                return value
        return None


OUTCOME_FIELDS: tuple[str, ...] = ("outcome", "winner", "reason", "turn", "rules")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended. ``outcome``: ``win``, ``draw``, ``escalate`` (a judge must decide) or
    ``unfinished``; ``winner`` 0 or 1 (None unless a win); ``rules`` the keys that decided it;
    ``reason`` the game's word for why (``hp_zero``, ``victory_points``, ``illegal_input``…);
    ``turn`` the turn it ended in, where the game's report says (0 otherwise)."""

    outcome: str
    winner: int | None
    rules: tuple[str, ...]
    reason: str
    turn: int = 0

    def to_json(self, fields: tuple[str, ...] = OUTCOME_FIELDS) -> dict[str, JSON]:
        """The outcome as JSON, with the ``fields`` a game's report gives, in that order."""
        values: dict[str, JSON] = {
            "outcome": self.outcome,
            "winner": self.winner,
            "reason": self.reason,
            "turn": self.turn,
            "rules": list(self.rules),
        }
        return {name: values[name] for name in fields}
