"""Recommended Swiss rounds and top cut by attendance, shipped as package data."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources

from tournaments.pairing.explain import Reason
from tournaments.pairing.topcut import CUT_SIZES
from tournaments.pairing.types import InvalidPairingInputError

__all__ = ["STYLES", "EventStructure", "StructureBand", "recommended_structure", "structure_table"]

STYLES = ("mtr", "pokemon", "bo1")


@dataclass(frozen=True, slots=True)
class StructureBand:
    """One row of the table: attendance from ``minimum`` to ``maximum`` (None = no limit)."""

    minimum: int
    maximum: int | None
    swiss_rounds: int
    top_cut: int


@dataclass(frozen=True, slots=True)
class EventStructure:
    """What an event runs: Swiss rounds, cut size (0 = none) and match lengths."""

    style: str
    attendance: int
    swiss_rounds: int
    top_cut: int
    best_of: int
    cut_best_of: int
    overridden: bool
    reason: Reason


@dataclass(frozen=True, slots=True)
class _Style:
    best_of: int
    cut_best_of: int
    source_en: str
    source_ja: str
    bands: tuple[StructureBand, ...]


def _int(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidPairingInputError(where, "expected an integer")  # pragma: no cover
    return value


@functools.cache
def _table() -> dict[str, _Style]:
    text = resources.files("tournaments.pairing").joinpath("recommended_structure.json")
    data = json.loads(text.read_text(encoding="utf-8"))
    styles: dict[str, _Style] = {}
    for name, raw in data["styles"].items():
        bands = tuple(
            StructureBand(
                _int(b["min"], "min"),
                None if b["max"] is None else _int(b["max"], "max"),
                _int(b["rounds"], "rounds"),
                _int(b["cut"], "cut"),
            )
            for b in raw["bands"]
        )
        styles[str(name)] = _Style(
            _int(raw["best_of"], "best_of"),
            _int(raw["cut_best_of"], "cut_best_of"),
            str(raw["source_en"]),
            str(raw["source_ja"]),
            bands,
        )
    return styles


def _style(style: str) -> _Style:
    table = _table()
    if style not in table:
        raise InvalidPairingInputError("style", f'unknown style "{style}" (use one of {STYLES})')
    return table[style]


def _covers(band: StructureBand, attendance: int) -> bool:
    return band.minimum <= attendance and (band.maximum is None or attendance <= band.maximum)


def structure_table(style: str) -> tuple[StructureBand, ...]:
    """The whole table for ``style``."""
    return _style(style).bands


def recommended_structure(
    attendance: int,
    style: str = "mtr",
    *,
    swiss_rounds: int | None = None,
    top_cut: int | None = None,
    best_of: int | None = None,
) -> EventStructure:
    """The table's recommendation for ``attendance``; any keyword overrides its value."""
    info = _style(style)
    if attendance < 2:
        raise InvalidPairingInputError("attendance", "an event needs at least 2 players")
    band = next((b for b in info.bands if _covers(b, attendance)), None)
    if band is None:
        band = info.bands[0]  # below the smallest band: use the smallest structure
    rounds = band.swiss_rounds if swiss_rounds is None else swiss_rounds
    cut = band.top_cut if top_cut is None else top_cut
    bo = info.best_of if best_of is None else best_of
    if rounds < 1:
        raise InvalidPairingInputError("swiss_rounds", "must be at least 1")
    if cut != 0 and (cut not in CUT_SIZES or cut > attendance):
        raise InvalidPairingInputError(
            "top_cut", f"must be 0 or one of {CUT_SIZES} and at most the attendance"
        )
    if bo not in (1, 3):
        raise InvalidPairingInputError("best_of", "must be 1 or 3")
    overridden = (swiss_rounds, top_cut, best_of) != (None, None, None)
    cut_en = f"top {cut}" if cut else "no top cut"
    cut_ja = f"上位{cut}名の決勝トーナメント" if cut else "決勝トーナメントなし"
    how_en = "overridden by the event" if overridden else f"recommended for {attendance} players"
    how_ja = "大会による変更" if overridden else f"{attendance}名に対する推奨"
    return EventStructure(
        style=style,
        attendance=attendance,
        swiss_rounds=rounds,
        top_cut=cut,
        best_of=bo,
        cut_best_of=info.cut_best_of,
        overridden=overridden,
        reason=Reason(
            "event_structure",
            f"{info.source_en}: {rounds} Swiss round(s), {cut_en} ({how_en}).",
            f"{info.source_ja}：スイスドロー{rounds}回戦、{cut_ja}（{how_ja}）。",
            (("rounds", str(rounds)), ("top_cut", str(cut)), ("best_of", str(bo))),
        ),
    )
