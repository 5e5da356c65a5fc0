"""The parts of a replay report every game shares: illegal input, and the report protocol the
command line and the judge pages render (``to_json(lang)``, ``to_text(lang)``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from judging.engine.core.jsontypes import JSON

LANGUAGES: tuple[str, ...] = ("en", "ja")


@dataclass(frozen=True, slots=True)
class IllegalInput:
    """Where the record breaks a rule, and which."""

    rule: str
    turn: int
    step: str
    path: str
    message: str
    key: str = ""
    """The message's key in the game's message table ("" if it has none); ``params`` fill it."""
    params: tuple[tuple[str, str | int], ...] = ()

    def to_json(self) -> dict[str, JSON]:
        return {
            "rule": self.rule,
            "turn": self.turn,
            "step": self.step,
            "path": self.path,
            "message": self.message,
        }


class Report(Protocol):
    """What a game's replay hands back: the command line needs no more than this."""

    @property
    def illegal_input(self) -> IllegalInput | None: ...

    def to_json(self, lang: str = "en") -> dict[str, JSON]: ...

    def to_text(self, lang: str = "en") -> str: ...
