"""The Chronos (3.8): 18 marks counted clockwise from midnight, and which of them are NIGHT or DAY.

The ground rules fix only two marks: the full moon is midnight and the sun opposite it is noon
(3.8.1); counting 18 marks clockwise from midnight (3.8.2) puts midnight on 0 and noon on 9. The
medal is NIGHT on the moon side and DAY on the sun side (3.8.4), and which marks are on which side
is printed on the mat, not written in the text (ambiguity ZA-01). Two layouts:

``SYM9`` (the official field mat, the default)
    Each symbol is the centre of its 9-mark half: NIGHT = 14-17 and 0-4, DAY = 5-13.
``HALF9``
    Each half starts at its symbol: NIGHT = 0-8, DAY = 9-17.

Under both, 0-4 are NIGHT and 9-13 are DAY; the layouts disagree on 5-8 and 14-17.
"""

from __future__ import annotations

from collections.abc import Mapping

CHRONOS_MARKS = 18
"""3.8.2: marks 0-17; the medal moves clockwise and wraps round (5.1.1.1, 5.2.4.1)."""
MIDNIGHT = 0
"""3.8.1, 3.8.2: the full moon, where the medal starts (4.2.2)."""
NOON = 9
"""3.8.1: the sun, opposite midnight."""

NIGHT = "night"
DAY = "day"

NIGHT_MARKS: Mapping[str, frozenset[int]] = {
    "SYM9": frozenset({14, 15, 16, 17, 0, 1, 2, 3, 4}),
    "HALF9": frozenset(range(9)),
}
"""The NIGHT marks of each mat layout (ZA-01); every other mark is DAY."""

LAYOUT_DEPENDENT_MARKS: frozenset[int] = frozenset(
    mark
    for mark in range(CHRONOS_MARKS)
    if len({mark in night for night in NIGHT_MARKS.values()}) > 1
)
"""Marks whose time of day depends on the layout (5-8 and 14-17): reading one consults ZA-01."""


def time_of_day(mark: int, layout: str) -> str:
    """NIGHT or DAY for the medal on ``mark`` under the mat ``layout`` (3.8.4, ZA-01)."""
    if not 0 <= mark < CHRONOS_MARKS:
        raise ValueError(f"the Chronos has marks 0-{CHRONOS_MARKS - 1}, not {mark}")
    return NIGHT if mark in NIGHT_MARKS[layout] else DAY


def advance(mark: int, marks: int) -> int:
    """The mark ``marks`` steps clockwise from ``mark`` (3.8.2), round past midnight."""
    return (mark + marks) % CHRONOS_MARKS
