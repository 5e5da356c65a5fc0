"""Whole numbers typed or sent by a person: form fields, query strings, lines of an editor.

Python's ``int()`` and ``str.isdigit()`` disagree about what a digit is (``"²".isdigit()`` is
true and ``int("²")`` fails; ``int("١٢")`` is 12; ``int("1_000")`` is 1000), and a number too long
for a 64-bit column crashes the database, not the form. One parser decides for every place a
number comes from a person: ASCII digits 0–9, an optional leading minus where the caller allows
it, at most 18 digits, surrounding spaces ignored. Anything else is an ``InvalidInputError``
naming the field, a 400.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from core.errors import InvalidInputError

#: Digits a 64-bit signed key always holds.
MAX_DIGITS = 18
_ASCII_DIGITS = frozenset("0123456789")


def whole_number_or_none(text: object, *, negative: bool = False) -> int | None:
    """``text`` as a whole number when it is one by the rule above, else None."""
    if not isinstance(text, str):
        return None
    body = text.strip()
    sign = 1
    if negative and body.startswith("-"):
        sign, body = -1, body[1:]
    if not body or len(body) > MAX_DIGITS or not set(body) <= _ASCII_DIGITS:
        return None
    return sign * int(body)


def whole_number(
    text: object,
    *,
    field: str,
    negative: bool = False,
    minimum: int | None = None,
    maximum: int | None = None,
) -> int:
    """``text`` as a whole number; an ``InvalidInputError`` on ``field`` (a 400) when it is not
    one (digits 0–9 only) or falls outside ``minimum``…``maximum``."""
    number = whole_number_or_none(text, negative=negative)
    if number is None:
        raise InvalidInputError(
            _("%(name)s must be a whole number written with the digits 0–9") % {"name": field},
            field=field,
        )
    if (minimum is not None and number < minimum) or (maximum is not None and number > maximum):
        low = "…" if minimum is None else str(minimum)
        high = "…" if maximum is None else str(maximum)
        raise InvalidInputError(
            _("%(name)s must be a whole number from %(low)s to %(high)s")
            % {"name": field, "low": low, "high": high},
            field=field,
        )
    return number


def optional_whole_number(text: object, *, field: str, negative: bool = False) -> int | None:
    """Like ``whole_number``, but blank (or absent) is None."""
    if text is None or (isinstance(text, str) and not text.strip()):
        return None
    return whole_number(text, field=field, negative=negative)
