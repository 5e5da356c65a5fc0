"""Judge forms: a game entered by card name, the players' claims in plain words, a record file.

No field takes an id: cards are named (English or Japanese, offered by the page's autocomplete
as "Name · id"), players are chosen by name, steps from a list. The structured claim
(``{"at", "path", "value"}``) exists only in the record the judge downloads.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.forms import BoundField
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from judging.engine.core.jsontypes import JSON
from judging.engine.zutomayo.messages import STEP_TITLES
from judging.selectors import CardOption

#: The steps of a turn after the first a claim can be about (the engine maps them to turn 1's).
CLAIM_STEPS = ("5.2.1", "5.2.2", "5.2.3", "5.2.4", "5.2.5", "5.2.6", "5.2.7", "5.2.8", "5.2.9",
               "5.2.10", "5.2.11")  # fmt: skip
ZONES = (
    ("battle_zone", _("battle zone")),
    ("zone_c", _("set zone C")),
    ("power_charger", _("power charger")),
    ("abyss", _("abyss")),
    ("hand", _("hand")),
)
CHARGER_SLOTS = 5
ABYSS_SLOTS = 3
TURNS = 3


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold().strip()


def card_resolve(text: str, options: Sequence[CardOption]) -> str:
    """The id of the card a judge named ("Name · id" from the list, a name or the printed
    number); ValidationError naming the problem when none or several match."""
    text = text.strip()
    if " · " in text:
        text = text.rsplit(" · ", 1)[1]
    wanted = _fold(text)
    code = wanted.replace("-", "_")
    for option in options:
        if option.id.casefold() in (code, wanted):  # ZTRIKE ids keep their hyphen
            return option.id
    found = [o for o in options if wanted in (_fold(o.name), _fold(o.name_ja))]
    if len(found) == 1:
        return found[0].id
    if found:
        raise forms.ValidationError(
            _("Several cards are called %(name)s: pick one from the list (%(which)s).")
            % {"name": text, "which": ", ".join(o.label for o in found[:4])}
        )
    raise forms.ValidationError(
        _("No card called %(name)s in this event's card pool.") % {"name": text}
    )


class CardNameField(forms.CharField):
    """A card typed by name; cleaned to its id against the form's card pool."""

    def __init__(self, *, label: StrOrPromise, required: bool = False) -> None:
        super().__init__(label=label, required=required, max_length=120)
        self.widget.attrs.update(
            {"list": "card-names", "autocomplete": "off", "class": "card-name"}
        )
        self.options: Sequence[CardOption] = ()

    def clean(self, value: object) -> str:
        text = super().clean(value)
        if not text:
            return ""
        return card_resolve(str(text), self.options)


class CaseOpenForm(forms.Form):
    title = forms.CharField(label=_("What is disputed"), max_length=200)
    table = forms.IntegerField(label=_("Table (current round)"), required=False, min_value=1)


class RecordUploadForm(forms.Form):
    record = forms.CharField(
        label=_("Game record (JSON)"), required=False, widget=forms.Textarea(attrs={"rows": 6})
    )
    file = forms.FileField(label=_("or a file"), required=False)

    def record_bytes(self) -> bytes:
        upload = self.cleaned_data.get("file")
        if upload is not None:
            data: bytes = upload.read(512 * 1024 + 1)
            return data
        return str(self.cleaned_data.get("record") or "").encode()


class NotesForm(forms.Form):
    notes = forms.CharField(
        label=_("Judges' private notes (not on the players' link)"),
        required=False,
        max_length=5000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )


@dataclass(frozen=True, slots=True)
class TurnEntrySide:
    """One player's fields on the turn entry page."""

    name: BoundField
    hp: BoundField
    hand: BoundField
    battle: BoundField
    zone_c: BoundField
    charger: list[BoundField]
    abyss: list[BoundField]


class TurnEntryForm(forms.Form):
    """A position at the start of a turn and the cards set in it (and up to two more turns),
    every card by name: the record the engine replays."""

    turn = forms.IntegerField(label=_("Turn being played"), min_value=2, max_value=99, initial=2)
    medal = forms.IntegerField(label=_("Medal's mark (0 = midnight, 9 = noon)"), min_value=0,
                               max_value=17, initial=0)  # fmt: skip

    def __init__(self, data: Mapping[str, object] | None = None, *, prefix: str | None = None,
                 options: Sequence[CardOption] = (),
                 names: tuple[str, str] = ("", "")) -> None:  # fmt: skip
        super().__init__(data, prefix=prefix)
        self.options = options
        first, second = names[0] or _("First player"), names[1] or _("Second player")
        seats = [(0, first), (1, second)]
        self.fields["night_side"] = forms.TypedChoiceField(
            label=_("Night side (won rock-paper-scissors)"), coerce=int, choices=seats
        )
        self.fields["previous_winner"] = forms.ChoiceField(
            label=_("Previous turn's battle"),
            choices=[("0", _("%(name)s won") % {"name": first}),
                     ("1", _("%(name)s won") % {"name": second}), ("tie", _("draw"))],
        )  # fmt: skip
        for side, name in seats:
            p = f"p{side}"
            self.fields[f"{p}_name"] = forms.CharField(
                label=_("Player's name"), max_length=60, initial=name
            )
            self.fields[f"{p}_hp"] = forms.IntegerField(
                label=_("HP"), min_value=1, max_value=100, initial=100
            )
            self.fields[f"{p}_hand"] = forms.IntegerField(
                label=_("Cards in hand at the start of the turn"), min_value=1, max_value=20,
                initial=5,
            )  # fmt: skip
            self.fields[f"{p}_battle"] = CardNameField(label=_("Character in the battle zone"))
            self.fields[f"{p}_zone_c"] = CardNameField(label=_("Area enchant in set zone C"))
            for i in range(CHARGER_SLOTS):
                self.fields[f"{p}_charger{i}"] = CardNameField(
                    label=_("Power charger, card %(n)s") % {"n": i + 1}
                )
            for i in range(ABYSS_SLOTS):
                self.fields[f"{p}_abyss{i}"] = CardNameField(
                    label=_("Abyss, card %(n)s") % {"n": i + 1}
                )
        for t in range(TURNS):
            for side, _name in seats:
                self.fields[f"t{t}_p{side}_a"] = CardNameField(
                    label=_("Set zone A"), required=t == 0
                )
                self.fields[f"t{t}_p{side}_b"] = CardNameField(label=_("Set zone B (if any)"))
        for field in self.fields.values():
            if isinstance(field, CardNameField):
                field.options = options

    def player_fields(self, side: int) -> TurnEntrySide:
        p = f"p{side}"
        return TurnEntrySide(
            name=self[f"{p}_name"], hp=self[f"{p}_hp"], hand=self[f"{p}_hand"],
            battle=self[f"{p}_battle"], zone_c=self[f"{p}_zone_c"],
            charger=[self[f"{p}_charger{i}"] for i in range(CHARGER_SLOTS)],
            abyss=[self[f"{p}_abyss{i}"] for i in range(ABYSS_SLOTS)],
        )  # fmt: skip

    def turn_fields(self) -> list[list[tuple[BoundField, BoundField]]]:
        return [
            [(self[f"t{t}_p{side}_a"], self[f"t{t}_p{side}_b"]) for side in (0, 1)]
            for t in range(TURNS)
        ]

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        for side in (0, 1):
            if not data.get(f"p{side}_battle") and not self.errors.get(f"p{side}_battle"):
                self.add_error(f"p{side}_battle", _("name the character in the battle zone"))
        for t in range(1, TURNS):
            given = [bool(data.get(f"t{t}_p{s}_a")) for s in (0, 1)]
            if any(given) and not all(given):
                self.add_error(f"t{t}_p0_a", _("give both players' cards for this turn"))
        return data

    def record(self) -> dict[str, Any]:
        """The ``zutomayo-game/1`` record: a ``start`` snapshot and the turns entered."""
        data = self.cleaned_data
        turns = []
        for t in range(TURNS):
            sets = []
            for side in (0, 1):
                a, b = data.get(f"t{t}_p{side}_a"), data.get(f"t{t}_p{side}_b")
                if a:
                    sets.append({"A": a, **({"B": b} if b else {})})
            if len(sets) == 2:
                turns.append({"set": sets})
        players = []
        for side in (0, 1):
            p = f"p{side}"
            first = turns[0]["set"][side]
            hand = [first["A"], *([first["B"]] if "B" in first else [])]
            hand += ["?"] * max(0, int(data[f"{p}_hand"]) - len(hand))
            charger = [c for i in range(CHARGER_SLOTS) if (c := data.get(f"{p}_charger{i}"))]
            abyss = [c for i in range(ABYSS_SLOTS) if (c := data.get(f"{p}_abyss{i}"))]
            zone_c = data.get(f"{p}_zone_c") or None
            known = 1 + len(hand) + len(charger) + len(abyss) + (1 if zone_c else 0)
            players.append({
                "hp": data[f"{p}_hp"], "battle_zone": data[f"{p}_battle"], "zone_c": zone_c,
                "power_charger": charger, "abyss": abyss, "hand": hand,
                "deck_unknown": max(0, 20 - known),
            })  # fmt: skip
        previous = data["previous_winner"]
        return {
            "format": "zutomayo-game/1",
            "night_side": data["night_side"],
            "players": [{"name": data["p0_name"]}, {"name": data["p1_name"]}],
            "start": {
                "turn": data["turn"],
                "medal": data["medal"],
                "previous_winner": None if previous == "tie" else int(previous),
                "players": players,
            },
            "turns": turns,
        }


class ClaimForm(forms.Form):
    """One player's claim in plain words: when (turn and step), what, and the value."""

    turn = forms.IntegerField(label=_("Turn"), min_value=1, max_value=99)
    step = forms.ChoiceField(label=_("When in the turn"), required=False)
    what = forms.ChoiceField(label=_("What"))
    number = forms.IntegerField(label=_("Number (HP, attack, power)"), required=False,
                                min_value=0, max_value=999)  # fmt: skip
    answer = forms.ChoiceField(label=_("Answer (time of day, who won)"), required=False)
    card = CardNameField(label=_("Card (where a card went)"))
    zone = forms.ChoiceField(label=_("Went to"), required=False, choices=ZONES)

    def __init__(self, data: Mapping[str, object] | None = None, *, prefix: str | None = None,
                 names: tuple[str, str], lang: str = "en",
                 options: Sequence[CardOption] = ()) -> None:  # fmt: skip
        super().__init__(data, prefix=prefix)
        index = 1 if lang == "ja" else 0
        steps = [(step, f"{step} {STEP_TITLES[step][index]}") for step in CLAIM_STEPS]
        self._choices("step", [("", _("at the end of the turn")), *steps])
        a, b = names
        self._choices("what", [
            ("hp:0", _("%(name)s's HP") % {"name": a}), ("hp:1", _("%(name)s's HP") % {"name": b}),
            ("attack:0", _("%(name)s's attack") % {"name": a}),
            ("attack:1", _("%(name)s's attack") % {"name": b}),
            ("power:0", _("%(name)s's total power") % {"name": a}),
            ("power:1", _("%(name)s's total power") % {"name": b}),
            ("time", _("the time of day")), ("battle", _("who won the battle")),
            ("game", _("who won the game")),
            ("card:0", _("where %(name)s's card went") % {"name": a}),
            ("card:1", _("where %(name)s's card went") % {"name": b}),
        ])  # fmt: skip
        self._choices("answer", [
            ("", "—"), ("night", _("night")), ("day", _("day")), ("0", a), ("1", b),
            ("draw", _("a draw (nobody)")),
        ])  # fmt: skip
        card = self.fields["card"]
        if isinstance(card, CardNameField):
            card.options = options

    def _choices(self, name: str, choices: list[tuple[str, StrOrPromise]]) -> None:
        field = self.fields[name]
        if isinstance(field, forms.ChoiceField):
            field.choices = choices

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        what = str(data.get("what") or "")
        kind = what.split(":")[0]
        answer = data.get("answer") or ""
        if kind in ("hp", "attack", "power") and data.get("number") is None:
            self.add_error("number", _("give the number the player says"))
        if kind == "time" and answer not in ("night", "day"):
            self.add_error("answer", _("choose night or day"))
        if kind in ("battle", "game") and answer not in ("0", "1", "draw"):
            self.add_error("answer", _("choose who won, or a draw"))
        if kind == "card" and not data.get("card") and not self.errors.get("card"):
            self.add_error("card", _("name the card"))
        return data

    def claim(self, party: int) -> dict[str, JSON]:
        """The structured claim (``at``, ``path``, ``value``) this form describes."""
        data = self.cleaned_data
        at = f"T{data['turn']}" + (f"/{data['step']}" if data.get("step") else "")
        kind, _sep, seat = str(data["what"]).partition(":")
        answer = data.get("answer")
        claim: dict[str, JSON] = {"party": str(party), "at": at}
        if kind == "hp":
            claim.update(path=f"players[{seat}].hp", value=data["number"])
        elif kind == "attack":
            claim.update(path=f"battle.attack[{seat}]", value=data["number"])
        elif kind == "power":
            claim.update(path=f"players[{seat}].total_power", value=data["number"])
        elif kind == "time":
            claim.update(path="chronos.time", value=answer)
        elif kind in ("battle", "game"):
            path = "battle.winner" if kind == "battle" else "result.winner"
            claim.update(path=path, value=None if answer == "draw" else int(str(answer)))
        else:
            zone = data.get("zone") or "abyss"
            claim.update(path=f"players[{seat}].{zone}", value=data["card"])
            if zone not in ("battle_zone", "zone_c"):
                claim["op"] = "contains"
        return claim


class ZtrikeClaimForm(forms.Form):
    """One player's claim about a ZTRIKE round in plain words: which round, what, the value."""

    round = forms.IntegerField(label=_("Round number"), min_value=1, max_value=999)
    what = forms.ChoiceField(label=_("What"))
    number = forms.IntegerField(label=_("Number (Victory Points, cards)"), required=False,
                                min_value=0, max_value=999)  # fmt: skip
    answer = forms.ChoiceField(label=_("Who won the round"), required=False)

    def __init__(
        self,
        data: Mapping[str, object] | None = None,
        *,
        prefix: str | None = None,
        names: tuple[str, str],
    ) -> None:
        super().__init__(data, prefix=prefix)
        a, b = names
        what = self.fields["what"]
        if isinstance(what, forms.ChoiceField):
            what.choices = [
                ("winner", _("who won the round")),
                ("victory_points[0]", _("%(name)s's Victory Points") % {"name": a}),
                ("victory_points[1]", _("%(name)s's Victory Points") % {"name": b}),
                ("players[0].hand", _("the cards in %(name)s's hand") % {"name": a}),
                ("players[1].hand", _("the cards in %(name)s's hand") % {"name": b}),
            ]
        answer = self.fields["answer"]
        if isinstance(answer, forms.ChoiceField):
            answer.choices = [("", "—"), ("0", a), ("1", b), ("tie", _("a tie (nobody)"))]

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        what = str(data.get("what") or "")
        if what == "winner" and data.get("answer") not in ("0", "1", "tie"):
            self.add_error("answer", _("choose who won, or a tie"))
        if what != "winner" and data.get("number") is None:
            self.add_error("number", _("give the number the player says"))
        return data

    def claim(self, party: int) -> dict[str, JSON]:
        """The structured claim (``at`` R<n>, ``path``, ``value``) this form describes."""
        data = self.cleaned_data
        what = str(data["what"])
        if what == "winner":
            answer = str(data.get("answer"))
            value: JSON = None if answer == "tie" else int(answer)
        else:
            value = data["number"]
        return {"party": f"P{party}", "at": f"R{data['round']}", "path": what, "value": value}
