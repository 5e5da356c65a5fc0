"""The one rule for a name people will read (display names, usernames at sign-up, event names
and venues, judge case titles, announcements): it holds at least one visible character and no
control, bidirectional-override or lone-surrogate character, so it can neither show blank nor
rearrange the text around it in standings, slips, pages and PDFs.

Every path that sets one calls ``display_name_clean`` (the services: registration, the CSV
import, the profile, events and their copies, case titles; allauth's adapter for the username
at sign-up), or ``text_clean`` for text of several lines (announcements); the forms and the API
reach it through those services.
"""

from __future__ import annotations

import unicodedata

from django.utils.translation import gettext as _

from core.errors import InvalidInputError

MAX_NAME_LENGTH = 100

#: Characters that reorder text (the Unicode bidirectional controls, UAX #9).
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
#: Letters and symbols that draw nothing (Hangul fillers, the blank Braille pattern …).
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5")
#: Format characters a name may hold between visible ones: the joiners emoji and some scripts
#: need, and the variation selectors.
ALLOWED_FORMAT = frozenset("\u200c\u200d\ufe0e\ufe0f")


def _visible(char: str) -> bool:
    return unicodedata.category(char)[0] in "LNPS" and char not in INVISIBLE


#: Controls text of several lines may hold (line breaks and tabs); a name holds none.
LINE_CONTROLS = frozenset("\n\t")


def display_name_problem(name: str, *, lines: bool = False) -> str | None:
    """What is wrong with ``name`` (already stripped) as a name people read, or None;
    ``lines``: text of several lines, which may hold line breaks and tabs."""
    for char in name:
        if lines and char in LINE_CONTROLS:
            continue
        category = unicodedata.category(char)
        if char in BIDI_CONTROLS:
            return _("a name may not hold a text-direction control (U+%(code)04X)") % {
                "code": ord(char)
            }
        if category in ("Cc", "Cs", "Zl", "Zp") or (
            category == "Cf" and char not in ALLOWED_FORMAT
        ):
            return _("a name may not hold an invisible control character (U+%(code)04X)") % {
                "code": ord(char)
            }
    if not any(_visible(char) for char in name):
        return _("a name needs at least one visible letter, digit or symbol")
    return None


def display_name_clean(
    name: str, *, field: str = "display_name", max_length: int = MAX_NAME_LENGTH
) -> str:
    """``name`` stripped and in Unicode NFC; an InvalidInputError on ``field`` when it is empty,
    too long, or breaks the rule above."""
    name = unicodedata.normalize("NFC", name.strip())
    if not name:
        raise InvalidInputError(_("a player needs a name"), field=field)
    if len(name) > max_length:
        raise InvalidInputError(
            _("a name has at most %(count)d characters") % {"count": max_length}, field=field
        )
    problem = display_name_problem(name)
    if problem:
        raise InvalidInputError(problem, field=field)
    return name


def text_clean(text: str, *, field: str) -> str:
    """Text of several lines people read (an announcement): stripped, line breaks as ``\\n``,
    in Unicode NFC; an InvalidInputError on ``field`` when it breaks the rule above (empty or too
    long text is the caller's to refuse, in its own words)."""
    text = unicodedata.normalize("NFC", text.replace("\r\n", "\n").replace("\r", "\n").strip())
    problem = display_name_problem(text, lines=True) if text else None
    if problem:
        raise InvalidInputError(problem, field=field)
    return text
