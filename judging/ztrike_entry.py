"""A ZTRIKE game entered by card name on the judge pages (no JSON typed at the table): the snapshot
at the start of the disputed round, the Main Player, and up to three rounds (the card each player
played and which Win/Lose bonuses were applied). Every card is named (English or Japanese, from the
event's ZTRIKE pool); the form builds the ``ztrike-game/1`` record the engine replays and the judge
downloads. No field takes an id.

What the engine needs: each player's 36 cards, split into hand, deck, Victory Zone and discard
pile. The Victory Zone and the discard pile are named card by card (they decide Victory Points and
the refresh); the hand is the cards named plus the first round's card; the deck is the rest of the
36, its top cards named as far as known (the cards drawn after the rounds entered), the others an
unknown card (in the record's own ``cards`` section: power 0, 0 Victory Points, never played).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.forms import BoundField
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from judging.engine.ztrike.messages import COLOUR, ZONE
from judging.engine.ztrike.record import DECK_SIZE, Card, Effect
from judging.forms import CardNameField
from judging.selectors import CardOption

ROUNDS = 3
HAND_SLOTS = 7
DECK_SLOTS = 3
ZONE_SLOTS = 10
UNKNOWN = "?"
UNKNOWN_CARD = {"id": UNKNOWN, "name": UNKNOWN, "colour": "generic", "power": 0,
                "victory_points": 0, "bonuses": []}  # fmt: skip
SEPARATORS = (",", "、", ";", "/", "+")


def effect_words(effect: Effect) -> str:
    """One effect of a bonus in the page's language."""
    whose = _("you") if effect.target == "self" else _("your opponent")
    words = {
        "set_colour": _("colour becomes %(colour)s"),
        "power_plus": _("+%(n)s power"),
        "power_minus": _("−%(n)s power"),
        "set_power": _("power becomes %(n)s"),
        "draw": _("draw %(n)s"),
        "discard_from_hand": _("discard %(n)s from hand"),
        "move_card": _("move a card from %(src)s to %(dst)s"),
        "vp_plus": _("+%(n)s Victory Points"),
        "vp_minus": _("−%(n)s Victory Points"),
    }[effect.op]
    i = 1 if (get_language() or "en").startswith("ja") else 0
    colour = COLOUR.get(effect.colour, ("", ""))[i]
    src, dst = ZONE.get(effect.from_zone, ("", ""))[i], ZONE.get(effect.to_zone, ("", ""))[i]
    text = str(words) % {"n": effect.amount, "colour": colour, "src": src, "dst": dst}
    return f"{text} ({whose})"


def bonus_words(card: Card, when: str) -> str:
    """The card's Win (or Lose) bonus as the checkbox's label; "" when it has none."""
    head = _("Win bonus") if when == "win" else _("Lose bonus")
    texts = [
        "; ".join(effect_words(e) for e in bonus.effects)
        for bonus in card.bonuses
        if bonus.when == when
    ]
    return f"{head} — {card.name}: {' / '.join(texts)}" if texts else ""


class SingleCardField(CardNameField):
    """One card name: two names in one field ("three cards played") are refused."""

    def clean(self, value: object) -> str:
        text = str(value or "")
        if " · " not in text and any(s in text for s in SEPARATORS):
            raise forms.ValidationError(_("one card per player per round: name only one card"))
        return super().clean(value)


@dataclass(frozen=True, slots=True)
class ZtrikeEntrySide:
    """One player's snapshot fields on the ZTRIKE round entry page."""

    name: BoundField
    hand: list[BoundField]
    vz: list[BoundField]
    discard: list[BoundField]
    deck: list[BoundField]


@dataclass(frozen=True, slots=True)
class BonusField:
    """A bonus checkbox of a played card, labelled with the card's bonus text once known."""

    field: BoundField
    text: str
    when: str


@dataclass(frozen=True, slots=True)
class PlayedCardFields:
    """A player's card in a round and its two bonus checkboxes."""

    card: BoundField
    bonuses: list[BonusField]


class ZtrikeRoundEntryForm(forms.Form):
    """The snapshot, the Main Player and the rounds, all by card name."""

    round = forms.IntegerField(label=_("Round being played"), min_value=1, max_value=999,
                               initial=1)  # fmt: skip

    def __init__(self, data: Mapping[str, object] | None = None, *, prefix: str | None = None,
                 options: Sequence[CardOption] = (), cards: Mapping[str, Card] | None = None,
                 names: tuple[str, str] = ("", "")) -> None:  # fmt: skip
        super().__init__(data, prefix=prefix)
        self.cards = dict(cards or {})
        first, second = names[0] or _("First player"), names[1] or _("Second player")
        seats = [(0, first), (1, second)]
        self.fields["main_player"] = forms.TypedChoiceField(
            label=_("Main Player of this round"), coerce=int, choices=seats
        )
        for side, name in seats:
            p = f"p{side}"
            self.fields[f"{p}_name"] = forms.CharField(
                label=_("Player's name"), max_length=60, initial=name
            )
            for i in range(HAND_SLOTS):
                self.fields[f"{p}_hand{i}"] = CardNameField(
                    label=_("Hand, card %(n)s") % {"n": i + 1}
                )
            for i in range(ZONE_SLOTS):
                self.fields[f"{p}_vz{i}"] = CardNameField(
                    label=_("Victory Zone, card %(n)s") % {"n": i + 1}
                )
            for i in range(ZONE_SLOTS):
                self.fields[f"{p}_discard{i}"] = CardNameField(
                    label=_("Discard pile, card %(n)s") % {"n": i + 1}
                )
            for i in range(DECK_SLOTS):
                self.fields[f"{p}_deck{i}"] = CardNameField(
                    label=_("Deck, card %(n)s from the top (if known)") % {"n": i + 1}
                )
        for r in range(ROUNDS):
            for side, name in seats:
                self.fields[f"r{r}_p{side}"] = SingleCardField(
                    label=_("Card played by %(name)s") % {"name": name}, required=r == 0
                )
                for when in ("win", "lose"):
                    self.fields[f"r{r}_p{side}_{when}"] = forms.BooleanField(
                        required=False,
                        label=_("Win bonus applied") if when == "win" else _("Lose bonus applied"),
                    )
        for field in self.fields.values():
            if isinstance(field, CardNameField):
                field.options = options

    def player_fields(self, side: int) -> ZtrikeEntrySide:
        p = f"p{side}"
        return ZtrikeEntrySide(
            name=self[f"{p}_name"],
            hand=[self[f"{p}_hand{i}"] for i in range(HAND_SLOTS)],
            vz=[self[f"{p}_vz{i}"] for i in range(ZONE_SLOTS)],
            discard=[self[f"{p}_discard{i}"] for i in range(ZONE_SLOTS)],
            deck=[self[f"{p}_deck{i}"] for i in range(DECK_SLOTS)],
        )

    def round_fields(self) -> list[list[PlayedCardFields]]:
        """Per round, per player: the card field and its two bonus checkboxes (labelled with the
        card's bonus text once the card is known)."""
        out = []
        for r in range(ROUNDS):
            row = []
            for side in (0, 1):
                played = self._played(r, side)
                bonuses = []
                for when in ("win", "lose"):
                    text = bonus_words(self.cards[played], when) if played in self.cards else ""
                    bonuses.append(
                        BonusField(field=self[f"r{r}_p{side}_{when}"], text=text, when=when)
                    )
                row.append(PlayedCardFields(card=self[f"r{r}_p{side}"], bonuses=bonuses))
            out.append(row)
        return out

    def _played(self, r: int, side: int) -> str:
        if hasattr(self, "cleaned_data"):
            return str(self.cleaned_data.get(f"r{r}_p{side}") or "")
        return ""

    def _ids(self, side: int, name: str, slots: int) -> list[str]:
        data = self.cleaned_data
        return [c for i in range(slots) if (c := data.get(f"p{side}_{name}{i}"))]

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        if self.errors:
            return data
        for r in range(ROUNDS):
            given = [bool(data.get(f"r{r}_p{s}")) for s in (0, 1)]
            if any(given) and not all(given):
                self.add_error(f"r{r}_p{given.index(False)}", _("give both players' cards"))
            for side in (0, 1):
                card = self.cards.get(str(data.get(f"r{r}_p{side}") or ""))
                for when in ("win", "lose"):
                    name = f"r{r}_p{side}_{when}"
                    if data.get(name) and (card is None or not bonus_words(card, when)):
                        self.add_error(name, _("this card has no such bonus"))
        for side in (0, 1):
            held = len(self._hand(side)) + sum(
                len(self._ids(side, n, ZONE_SLOTS)) for n in ("vz", "discard")
            )
            if held + len(self._ids(side, "deck", DECK_SLOTS)) > DECK_SIZE:
                self.add_error(f"p{side}_hand0", _("more than 36 cards named for this player"))
        return data

    def _hand(self, side: int) -> list[str]:
        hand = self._ids(side, "hand", HAND_SLOTS)
        first = str(self.cleaned_data.get(f"r0_p{side}") or "")
        if first and first not in hand:
            hand.append(first)
        return hand

    def record(self) -> dict[str, Any]:
        """The ``ztrike-game/1`` record: the snapshot, then the rounds entered."""
        data = self.cleaned_data
        rounds: list[dict[str, Any]] = []
        for r in range(ROUNDS):
            play = [data.get(f"r{r}_p{s}") for s in (0, 1)]
            if not all(play):
                continue
            bonuses = []
            for side in (0, 1):
                card = self.cards[str(play[side])]
                for when in ("win", "lose"):
                    for index, bonus in enumerate(card.bonuses):
                        if bonus.when == when:
                            applied = bool(data.get(f"r{r}_p{side}_{when}"))
                            bonuses.append({"player": side, "index": index, "apply": applied})
            rounds.append({"play": play, **({"bonuses": bonuses} if bonuses else {})})
        players, snapshot = [], []
        for side in (0, 1):
            hand = self._hand(side)
            vz, discard = self._ids(side, "vz", ZONE_SLOTS), self._ids(side, "discard", ZONE_SLOTS)
            deck = self._ids(side, "deck", DECK_SLOTS)
            deck += [UNKNOWN] * (DECK_SIZE - len(hand) - len(vz) - len(discard) - len(deck))
            snapshot.append({"hand": hand, "deck": deck, "victory_zone": vz, "discard": discard})
            players.append({"name": data[f"p{side}_name"], "deck": [*hand, *deck, *vz, *discard]})
        return {
            "format": "ztrike-game/1",
            "cards": [UNKNOWN_CARD],
            "players": players,
            "main_player": data["main_player"],
            "start": {
                "round": data["round"],
                "main_player": data["main_player"],
                "players": snapshot,
            },
            "rounds": rounds,
        }
