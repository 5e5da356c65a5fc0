"""Each game's structure preset: the defaults a new event takes (services.events) and the
structure tables beside the event forms show (selectors.championship). A module of plain values
that both the read side and the write side import, so that neither imports the other."""

from __future__ import annotations

from typing import Any

#: Structure presets per game. ZUTOMAYO CARD publishes no tournament structure we could find:
#: its preset is our own default (Swiss best-of-one, draws possible since a game can end in a
#: draw, rule 8.2.3), which organisers override. Azuki TCG's is its published structure
#: (rules FAQ: Swiss best-of-one 30 minutes plus overtime; top cut best-of-three 70 minutes;
#: no draws).
PRESETS: dict[str, dict[str, Any]] = {
    "zutomayo": {
        "best_of": 1,
        "round_minutes": 30,
        "top_cut_best_of": 3,
        "top_cut_round_minutes": 60,
        "draws_allowed": True,
        "tiebreak_profile": "mtr",
        "structure_style": "bo1",
    },
    "azuki": {
        "best_of": 1,
        "round_minutes": 30,
        "top_cut_best_of": 3,
        "top_cut_round_minutes": 70,
        "draws_allowed": False,
        "tiebreak_profile": "mtr",
        "structure_style": "bo1",
    },
    "ztrike": {
        "best_of": 1,
        "round_minutes": 30,
        "top_cut_best_of": 1,
        "top_cut_round_minutes": 30,
        "draws_allowed": True,
        "tiebreak_profile": "mtr",
        "structure_style": "bo1",
    },
}
