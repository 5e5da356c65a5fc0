"""Rule references: the clause numbers of the ZUTOMAYO CARD ground rules that the engine cites.

Each ``RuleRef`` the engine can cite is defined exactly once below; ``CITABLE_RULES`` is built from
those definitions, so a test can prove that every number the engine may print exists in the parsed
ground rules (``judging.engine.zutomayo.rulestext``).

The ground rules number two different blocks "10.2" (Priority player; Public and hidden
information), so their clauses carry a variant: ``10.2.1#priority`` is displayed
"10.2.1 (Priority player)" (ambiguity ZA-10: the text's own numbering is kept, so a
citation matches the printed rules).
"""

from __future__ import annotations

from dataclasses import dataclass, field

RULES_DOCUMENT = "ZUTOMAYO CARD ground rules 1.0.1 (English, unofficial translation)"

_VARIANT_TITLES = {"priority": "Priority player", "info": "Public and hidden information"}


@dataclass(frozen=True, slots=True, order=True)
class RuleRef:
    """A clause of the ground rules: ``RuleRef("5.2.4.1")``, ``RuleRef("10.2.1", "priority")``."""

    number: str
    variant: str = ""
    key: str = field(init=False, compare=False, repr=False)
    """Unique key: the number, with ``#variant`` for the duplicated 10.2 blocks."""

    def __post_init__(self) -> None:
        key = f"{self.number}#{self.variant}" if self.variant else self.number
        object.__setattr__(self, "key", key)

    @property
    def display(self) -> str:
        """How a judge reads it: "10.2.1 (Priority player)"."""
        if self.variant:
            return f"{self.number} ({_VARIANT_TITLES.get(self.variant, self.variant)})"
        return self.number

    def __str__(self) -> str:
        return self.key


_REGISTRY: dict[str, RuleRef] = {}


def _ref(number: str, variant: str = "") -> RuleRef:
    ref = RuleRef(number, variant)
    if ref.key in _REGISTRY:  # pragma: no cover - guards the definitions below
        raise ValueError(f"rule {ref.key} defined twice")
    _REGISTRY[ref.key] = ref
    return ref


R_1_2_1 = _ref("1.2.1")
R_1_2_2 = _ref("1.2.2")
R_1_2_3 = _ref("1.2.3")
R_1_2_4 = _ref("1.2.4")
R_1_3_1 = _ref("1.3.1")
R_1_3_2 = _ref("1.3.2")
R_1_3_2_1 = _ref("1.3.2.1")
R_1_3_2_2 = _ref("1.3.2.2")
R_1_3_3 = _ref("1.3.3")
R_1_3_4 = _ref("1.3.4")
R_1_3_5 = _ref("1.3.5")
R_2_1_2 = _ref("2.1.2")
R_2_1_3_4 = _ref("2.1.3.4")
R_2_2 = _ref("2.2")
R_2_3_2 = _ref("2.3.2")
R_2_3_4 = _ref("2.3.4")
R_2_3_6 = _ref("2.3.6")
R_2_3_7 = _ref("2.3.7")
R_2_3_10_1 = _ref("2.3.10.1")
R_3_2 = _ref("3.2")
R_3_3 = _ref("3.3")
R_3_4 = _ref("3.4")
R_3_4_1 = _ref("3.4.1")
R_3_4_2 = _ref("3.4.2")
R_3_6 = _ref("3.6")
R_3_6_1 = _ref("3.6.1")
R_3_6_2 = _ref("3.6.2")
R_3_7_1 = _ref("3.7.1")
R_3_8_1 = _ref("3.8.1")
R_3_8_2 = _ref("3.8.2")
R_3_8_3 = _ref("3.8.3")
R_3_8_4 = _ref("3.8.4")
R_4_1_1 = _ref("4.1.1")
R_4_1_2 = _ref("4.1.2")
R_4_2_1 = _ref("4.2.1")
R_4_2_2 = _ref("4.2.2")
R_4_2_3 = _ref("4.2.3")
R_4_2_4 = _ref("4.2.4")
R_4_2_5 = _ref("4.2.5")
R_4_2_5_1 = _ref("4.2.5.1")
R_4_2_5_2 = _ref("4.2.5.2")
R_4_2_5_3 = _ref("4.2.5.3")
R_4_2_6 = _ref("4.2.6")
R_4_2_7 = _ref("4.2.7")
R_4_2_7_1 = _ref("4.2.7.1")
R_4_2_7_2 = _ref("4.2.7.2")
R_5_1_1_1 = _ref("5.1.1.1")
R_5_1_1_2 = _ref("5.1.1.2")
R_5_1_2_1 = _ref("5.1.2.1")
R_5_1_2_2 = _ref("5.1.2.2")
R_5_1_3_1 = _ref("5.1.3.1")
R_5_1_3_2 = _ref("5.1.3.2")
R_5_1_4_1 = _ref("5.1.4.1")
R_5_1_4_2 = _ref("5.1.4.2")
R_5_1_4_3 = _ref("5.1.4.3")
R_5_1_4_4 = _ref("5.1.4.4")
R_5_1_5_1 = _ref("5.1.5.1")
R_5_1_5_2 = _ref("5.1.5.2")
R_5_2_1 = _ref("5.2.1")
R_5_2_1_1 = _ref("5.2.1.1")
R_5_2_1_2 = _ref("5.2.1.2")
R_5_2_1_3 = _ref("5.2.1.3")
R_5_2_1_4 = _ref("5.2.1.4")
R_5_2_1_5 = _ref("5.2.1.5")
R_5_2_2_1 = _ref("5.2.2.1")
R_5_2_3_1 = _ref("5.2.3.1")
R_5_2_3_2 = _ref("5.2.3.2")
R_5_2_4_1 = _ref("5.2.4.1")
R_5_2_5_1 = _ref("5.2.5.1")
R_5_2_5_2 = _ref("5.2.5.2")
R_5_2_5_3 = _ref("5.2.5.3")
R_5_2_5_4 = _ref("5.2.5.4")
R_5_2_5_5 = _ref("5.2.5.5")
R_5_2_6_1 = _ref("5.2.6.1")
R_5_2_6_2 = _ref("5.2.6.2")
R_5_2_6_3 = _ref("5.2.6.3")
R_5_2_7_1 = _ref("5.2.7.1")
R_5_2_7_2 = _ref("5.2.7.2")
R_5_2_7_3 = _ref("5.2.7.3")
R_5_2_8 = _ref("5.2.8")
R_5_2_9 = _ref("5.2.9")
R_5_2_10_1 = _ref("5.2.10.1")
R_5_2_10_2 = _ref("5.2.10.2")
R_5_2_11_1 = _ref("5.2.11.1")
R_5_2_11_2 = _ref("5.2.11.2")
R_5_3 = _ref("5.3")
R_5_4_1 = _ref("5.4.1")
R_5_4_2 = _ref("5.4.2")
R_5_4_3 = _ref("5.4.3")
R_5_4_3_1 = _ref("5.4.3.1")
R_6_1_2 = _ref("6.1.2")
R_6_1_3_1 = _ref("6.1.3.1")
R_6_1_3_2 = _ref("6.1.3.2")
R_6_1_3_3 = _ref("6.1.3.3")
R_6_1_3_4 = _ref("6.1.3.4")
R_6_2_1_1 = _ref("6.2.1.1")
R_6_2_1_3 = _ref("6.2.1.3")
R_6_3_1 = _ref("6.3.1")
R_6_3_2 = _ref("6.3.2")
R_6_3_3 = _ref("6.3.3")
R_7_1 = _ref("7.1")
R_7_1_1 = _ref("7.1.1")
R_7_1_2 = _ref("7.1.2")
R_8_1_2 = _ref("8.1.2")
R_8_2_1 = _ref("8.2.1")
R_8_2_2 = _ref("8.2.2")
R_8_2_3 = _ref("8.2.3")
R_9_1_1 = _ref("9.1.1")
R_9_1_2 = _ref("9.1.2")
R_9_1_3 = _ref("9.1.3")
R_9_1_4 = _ref("9.1.4")
R_10_1_1_1 = _ref("10.1.1.1")
R_10_1_1_2 = _ref("10.1.1.2")
R_10_1_1_3 = _ref("10.1.1.3")
R_10_2_1_PRIORITY = _ref("10.2.1", "priority")
R_10_2_2_PRIORITY = _ref("10.2.2", "priority")
R_10_2_3_PRIORITY = _ref("10.2.3", "priority")
R_10_2_4_PRIORITY = _ref("10.2.4", "priority")
R_10_3 = _ref("10.3")
R_10_3_1 = _ref("10.3.1")
R_10_3_2 = _ref("10.3.2")
R_10_4_1 = _ref("10.4.1")

CITABLE_RULES: frozenset[RuleRef] = frozenset(_REGISTRY.values())
"""Every rule the engine can cite (each defined once above)."""


def rule_by_key(key: str) -> RuleRef:
    """The citable rule with this key (``"5.2.4.1"`` or ``"10.2.1#priority"``); KeyError if none."""
    return _REGISTRY[key]


def sort_key(key: str) -> tuple[tuple[int, ...], str]:
    """Sort clause keys numerically: 5.2.10 after 5.2.9."""
    number, _, variant = key.partition("#")
    return tuple(int(part) for part in number.split(".") if part.isdigit()), variant


# Clauses that the engine does not model because they carry no game decision: definitions,
# headings' prose, information rules and procedures outside the state (shuffling, looking at cards).
INFORMATIONAL_RULES: dict[str, str] = {
    "1.1.1": "two players: the state has exactly two players",
    "1.3.5.1": "'up to N' choices are entered by the judge as amounts",
    "1.3.5.2": "'up to N' choices are entered by the judge as amounts",
    "2.1.1": "definition of a card name",
    "2.1.2": "same name is not the same card: deck checks use pack and number",
    "2.1.3": "song brackets in names: no effect primitive refers to songs",
    "2.1.3.4": "song brackets in names: no effect primitive refers to songs",
    "2.2.1": "definition of Character",
    "2.2.2": "definition of Enchant",
    "2.2.3": "definition of Area Enchant",
    "2.3.1": "definition of the card name field",
    "2.3.2": "element: no primitive refers to elements",
    "2.3.3": "definition of clock (used through 5.1.1.1 and 5.2.4.1)",
    "2.3.5": "definition of effect",
    "2.3.8": "rarity has no meaning in the game",
    "2.3.9": "pack: part of the deck-limit key (4.1.2)",
    "2.3.10": "card number: part of the deck-limit key (4.1.2)",
    "2.3.11": "illustration has no meaning in the game",
    "2.3.12": "illustrator has no meaning in the game",
    "3.1.1": "list of the field's parts (the state's zones)",
    "3.1.2": "each player has their own zones (the state's player records)",
    "3.1.3": "one shared Chronos (the state's medal)",
    "3.5": "definition of the deck zone",
    "3.5.1": "the deck is hidden: unknown cards are counted, never guessed",
    "3.7": "definition of the HP meter",
    "3.8": "definition of the Chronos",
    "3.10.1": "definition of the hand",
    "3.10.2": "the hand is hidden information",
    "3.10.3": "players can't look at the opponent's hand",
    "5.1.1": "heading: time moves forward (turn 1)",
    "5.1.2": "heading: characters' effects (turn 1)",
    "5.1.3": "heading: deciding attack (cited through 5.1.3.1, 5.1.3.2)",
    "5.1.4": "heading: calculating damage (cited through 5.1.4.x)",
    "5.1.5": "heading: end of the turn (turn 1)",
    "6.1.1": "definition of an effect",
    "6.1.3": "introduces 6.1.3.1-6.1.3.5",
    "6.1.3.5": "area-enchant end conditions are entered by the judge as effects at their timing",
    "6.2.1": "introduces 6.2.1.1-6.2.1.3",
    "6.2.1.2": "effects referring to other effects: entered by the judge with condition_met",
    "6.2.2": "a card whose effect failed keeps its effect: no primitive asks about it",
    "8.1.1": "definition of rule processing",
    "8.1.3": "rule processing with no stated timing: every end the engine checks has its own "
    "timing (5.4.1 at once, 5.4.3 at the end-of-turn draw, 8.2.x during the effect)",
    "10.1.1": "definition of an infinite loop",
    "10.2.1#info": "definition of public information",
    "10.2.2#info": "public information may be checked at any time",
    "10.4.2": "looking at hidden cards changes no state",
    "10.4.3": "looking at hidden cards changes no state",
}
