"""The ZTRIKE ambiguity register TA-01…TA-10: where the rules allow two readings, each a
switchable default."""

from __future__ import annotations

from judging.engine.core.profile import Ambiguity

AMBIGUITIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        "TA-01",
        "round cards are revealed together (SIMULTANEOUS) or the Main Player's "
        "first (MAIN_FIRST); the outcome is the same",
        "SIMULTANEOUS",
        ("SIMULTANEOUS", "MAIN_FIRST"),
    ),
    Ambiguity(
        "TA-02",
        "Victory Points: the sum of the printed points in the Victory Zone (SUM) "
        "or one per card (COUNT)",
        "SUM",
        ("SUM", "COUNT"),
    ),
    Ambiguity(
        "TA-03",
        "order of Win and Lose bonuses: the Main Player's first (MAIN_FIRST) or "
        "the winner's first (WINNER_FIRST)",
        "MAIN_FIRST",
        ("MAIN_FIRST", "WINNER_FIRST"),
    ),
    Ambiguity(
        "TA-04",
        "both players reach 20 Victory Points in one round (checked after the "
        "Win and Lose bonuses): the judge decides (ESCALATE) or more points win "
        "(MORE_VP)",
        "ESCALATE",
        ("ESCALATE", "MORE_VP"),
    ),
    Ambiguity(
        "TA-05",
        "deck size: exactly 36 (EXACT) or at least 36 (AT_LEAST)",
        "EXACT",
        ("EXACT", "AT_LEAST"),
    ),
    Ambiguity(
        "TA-06",
        "the ZTRIKE card's single copy: per Card ID (PER_ID) or one ZTRIKE card "
        "in total (IN_TOTAL)",
        "PER_ID",
        ("PER_ID", "IN_TOTAL"),
    ),
    Ambiguity(
        "TA-07",
        "a draw is needed and both the deck and the discard pile are empty: the "
        "judge decides (ESCALATE) or the player draws what there is (DRAW_WHAT_THERE_IS)",
        "ESCALATE",
        ("ESCALATE", "DRAW_WHAT_THERE_IS"),
    ),
    Ambiguity(
        "TA-08",
        "refreshing the deck: as soon as it is empty (IMMEDIATE) or when the next "
        "draw needs it (ON_DRAW)",
        "IMMEDIATE",
        ("IMMEDIATE", "ON_DRAW"),
    ),
    Ambiguity(
        "TA-09",
        "a Battle bonus replaces the played card: the judge decides (ESCALATE), "
        "the new card's Battle bonus is not applied (IGNORE) or it is applied (APPLY)",
        "ESCALATE",
        ("ESCALATE", "IGNORE", "APPLY"),
    ),
    Ambiguity(
        "TA-10",
        "the Victory Pile is the Victory Zone and 20 Victory Points end the game",
        "SAME",
        ("SAME",),
    ),
)
