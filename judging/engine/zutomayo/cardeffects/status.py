"""Which cards of a catalogue run by themselves: the ``effects`` command (so a judge
knows which cards still need their effect typed in).

A card is ``automated`` only if the replay executes its condition, its timing and every action
together (each code in ``EXECUTED``, built from the executor's per-code tables in ``execute``, and
the clause as a whole executable); otherwise it is ``partial`` with the codes still missing;
a card whose ``effect_ja`` no longer matches its hash is ``manual``
(``text_changed``), one with no encoding ``manual`` (``not_encoded``): the judge enters its outcome.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path

from judging.engine.core.errors import RecordError
from judging.engine.core.jsontypes import JSON
from judging.engine.zutomayo.cardeffects.execute import (
    effect_executable,
    effect_missing,
    executed_codes,
)
from judging.engine.zutomayo.cardeffects.vocab import CardEffect, card_effect_from_json

ENCODING_DIR = Path(__file__).with_name("encoding")
"""One file per pack (``1st.json`` …), each ``{"format", "cards"}``; a card id is in one only."""
FORMAT = "zutomayo-card-effects/1"
EXECUTED: frozenset[str] = executed_codes()
"""The vocabulary codes the replay executes by itself (``execute``'s tables)."""
TEXT_CHANGED = "text_changed"
NOT_ENCODED = "not_encoded"


def text_sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def parse_encoding(data: JSON) -> dict[str, CardEffect]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("format", f"must be {FORMAT!r}")
    cards = data.get("cards")
    if not isinstance(cards, dict):
        raise RecordError("cards", "must be an object of card id to effect")
    return {cid: card_effect_from_json(cid, v, f"cards.{cid}") for cid, v in cards.items()}


@cache
def encoding() -> Mapping[str, CardEffect]:
    """The pool's encoding shipped with the engine."""
    table: dict[str, CardEffect] = {}
    for path in sorted(ENCODING_DIR.glob("*.json")):
        part = parse_encoding(json.loads(path.read_text(encoding="utf-8")))
        twice = sorted(set(part) & set(table))
        if twice:
            raise RecordError(f"{path.name}.cards", f"already encoded in another file: {twice}")
        table.update(part)
    return table


def classify(
    rows: Sequence[Mapping[str, JSON]], enc: Mapping[str, CardEffect] | None = None
) -> dict[str, JSON]:
    """The JSON of the ``effects`` command for every row with an ``effect_ja``, in input order."""
    table = encoding() if enc is None else enc
    counts = {"automated": 0, "partial": 0, "manual": 0}
    out: list[JSON] = []
    for i, row in enumerate(rows):
        text = row.get("effect_ja")
        if not text:
            continue
        if not isinstance(text, str):
            raise RecordError(f"cards[{i}].effect_ja", "must be a string")
        cid = str(row.get("id"))
        effect = table.get(cid)
        missing: list[str]
        if effect is None:
            status, missing = "manual", [NOT_ENCODED]
        elif effect.text_sha256 != text_sha256(text):
            status, missing = "manual", [TEXT_CHANGED]
        else:
            missing = [c for c in effect.codes() if c not in EXECUTED]
            if not missing:
                # every code is executed, but maybe not in this combination (e.g. an on-damage
                # timing with an action other than a damage reduction, a lasting duration with an
                # action that does not last): the code that is not
                missing = list(effect_missing(effect))
            status = "partial" if missing else "automated"
        counts[status] += 1
        out.append({"id": cid, "status": status, "missing": list(missing)})
    return {"counts": dict(counts), "cards": out}


@cache
def _automated(card_id: str, text_sha: str) -> CardEffect | None:
    effect = encoding().get(card_id)
    if effect is None or effect.text_sha256 != text_sha or not effect_executable(effect):
        return None
    return effect


def automated_effect(card_id: str, text_sha: str) -> CardEffect | None:
    """The encoded effect the replay runs by itself for this card, if it is ``automated`` for the
    text it has (``effect_sha256`` of the card data); None = the judge enters its outcome."""
    if not text_sha:
        return None
    return _automated(card_id, text_sha)
