"""The JSON type used in public signatures (no ``Any``)."""

from __future__ import annotations

type JSON = bool | int | float | str | list[JSON] | dict[str, JSON] | None
"""A value parsed by ``json.loads``."""

type Value = bool | int | str | tuple[Value, ...] | None
"""An immutable event value (before/after, message parameters): converts to JSON with lists."""


def value_to_json(value: Value) -> JSON:
    """Tuples become lists; everything else is already JSON."""
    if isinstance(value, tuple):
        return [value_to_json(v) for v in value]
    return value
