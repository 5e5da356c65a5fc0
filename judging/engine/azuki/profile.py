"""The Azuki TCG ambiguity register (KA-01 … KA-10): where the FAQ leaves a choice,
the engine takes the default and says so; a record's ``profile`` may pick an alternative."""

from __future__ import annotations

from judging.engine.core.profile import Ambiguity

AMBIGUITIES: tuple[Ambiguity, ...] = (
    Ambiguity(
        "KA-01",
        "The first player skips their first start of turn: are start-of-turn effects skipped too?",
        "SKIP_ALL",
        ("SKIP_ALL", "EFFECTS_RESOLVE"),
    ),
    Ambiguity(
        "KA-02",
        "Overtime tiebreak direction for deck, Garden, Alley and hand; 'took damage last'.",
        "MORE",
        ("MORE", "FEWER", "ESCALATE"),
    ),
    Ambiguity(
        "KA-03",
        "Top cut overtime '(5 turns)' and a best-of-three not at 1-1 when time is called.",
        "ESCALATE",
        ("ESCALATE",),
    ),
    Ambiguity(
        "KA-04",
        "Scope of the four-per-number limit (IKZ cards exempt).",
        "MAIN_DECK_ONLY",
        ("MAIN_DECK_ONLY",),
    ),
    Ambiguity(
        "KA-05",
        "'There are no draws' against a simultaneous loss (both leaders at 0 at once).",
        "ESCALATE",
        ("ESCALATE", "CAUSER_LOSES"),
    ),
    Ambiguity(
        "KA-06",
        "Bloodlust and a Defender redirect: the FAQ's own reading keeps the +1 (interpretive).",
        "KEEP_BONUS",
        ("KEEP_BONUS", "REMOVE_BONUS"),
    ),
    Ambiguity(
        "KA-07",
        "Leader starting health: read from the leader card, 20 when the card gives none.",
        "CARD_OR_20",
        ("CARD_OR_20",),
    ),
    Ambiguity(
        "KA-08",
        "'Reset phase' (Sealed IKZ) is the untap of the Start part.",
        "START_UNTAP",
        ("START_UNTAP",),
    ),
    Ambiguity(
        "KA-09",
        "Must the attacker be untapped? Step 1 says it taps.",
        "MUST_BE_UNTAPPED",
        ("MUST_BE_UNTAPPED", "MAY_BE_TAPPED"),
    ),
    Ambiguity(
        "KA-10",
        "Mulligan: the new seven are drawn before the shuffle (the literal order).",
        "LITERAL",
        ("LITERAL",),
    ),
)
