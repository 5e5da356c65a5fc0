"""Quoted rules: a citable rule of a game whose rules text has no clause numbers (ZTRIKE's rules
page, Azuki TCG's FAQ), under a stable key that survives a reworded or renumbered page.

Each ``Rule`` carries the exact text it stands for (``quote``) and that text's SHA-256, which the
rules import stores beside it, so that a changed page shows up as a changed hash rather than as a
silently different citation. ``RuleBook`` is a game's catalogue of them, with the English and
Japanese way a judge reads each key.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True, slots=True)
class Rule:
    """One citable rule: its stable ``key``, the ``heading`` it sits under as printed, how a judge
    reads it in English and Japanese, and the ``quote`` it stands for."""

    key: str
    heading: str
    display_en: str
    display_ja: str
    quote: str

    @property
    def display(self) -> str:
        return self.display_en

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.quote.encode("utf-8")).hexdigest()


class RuleBook:
    """A game's quoted rules, by key (each key once)."""

    __slots__ = ("by_key", "rules")

    def __init__(self, rules: tuple[Rule, ...]) -> None:
        by_key = {r.key: r for r in rules}
        if len(by_key) != len(rules):
            raise ValueError("a rule key is defined twice")
        self.rules = rules
        self.by_key: Mapping[str, Rule] = MappingProxyType(by_key)

    def rule(self, key: str) -> Rule:
        """The rule with this key; KeyError if the game has none."""
        return self.by_key[key]

    def display(self, key: str, lang: str = "en") -> str:
        """How a judge reads the key, in ``lang`` (``ja`` or English)."""
        found = self.by_key[key]
        return found.display_ja if lang == "ja" else found.display_en

    def text(self, key: str, lang: str) -> str | None:
        """The quoted text (English only: the rules have no official Japanese), or None."""
        found = self.by_key.get(key)
        return found.quote if found is not None and lang == "en" else None
