"""Failures of the engines (every game): every one names what broke (a record field or a rule)."""

from __future__ import annotations

from typing import Protocol


class RuleRef(Protocol):
    """A citable rule of any game: ZUTOMAYO's clause numbers, ZTRIKE's or Azuki's stable keys."""

    @property
    def key(self) -> str: ...

    @property
    def display(self) -> str: ...


class EngineError(ValueError):
    """Root of the engine's exceptions (pure code raises ValueError subclasses)."""


class RecordError(EngineError):
    """The record is unreadable: bad JSON, a field of the wrong shape, an unknown card id.

    ``path`` names the field (``players[0].deck[3]``) so that the CLI can say exactly what to fix.
    """

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message


class IllegalInputError(EngineError):
    """The record is readable but describes something the rules do not allow.

    It carries the rule that is broken; the replay reports it, it never reaches the user as a crash.
    """

    def __init__(
        self,
        rule: RuleRef,
        message: str,
        *,
        turn: int = 0,
        step: str = "",
        path: str = "",
        key: str = "",
        params: tuple[tuple[str, str | int], ...] = (),
    ) -> None:
        super().__init__(f"{rule.key}: {message}")
        self.rule = rule
        self.message = message
        """The English text; ``key`` and ``params`` give it in any language (the game's table)."""
        self.turn = turn
        self.step = step
        self.path = path
        self.key = key
        self.params = params
