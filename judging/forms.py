"""Judge forms: the common single-turn dispute, entered without writing JSON."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _


def _ids(text: str) -> list[str]:
    return [part.strip() for part in text.replace("\n", ",").split(",") if part.strip()]


class CaseOpenForm(forms.Form):
    title = forms.CharField(label=_("What is disputed"), max_length=200)
    table = forms.IntegerField(label=_("Table (current round)"), required=False, min_value=1)


class RecordUploadForm(forms.Form):
    record = forms.CharField(
        label=_("Game record (JSON)"), required=False, widget=forms.Textarea(attrs={"rows": 10})
    )
    file = forms.FileField(label=_("or a file"), required=False)

    def record_bytes(self) -> bytes:
        upload = self.cleaned_data.get("file")
        if upload is not None:
            data: bytes = upload.read(512 * 1024 + 1)
            return data
        return str(self.cleaned_data.get("record") or "").encode()


class SingleTurnForm(forms.Form):
    """One turn from a mid-game position: the medal, both sides' zones, HP and set cards."""

    turn = forms.IntegerField(label=_("Turn being played"), min_value=2, max_value=99, initial=2)
    medal = forms.IntegerField(label=_("Medal position (0-17)"), min_value=0, max_value=17)
    night_side = forms.TypedChoiceField(
        label=_("Night side (won rock-paper-scissors)"), coerce=int, choices=[(0, "P0"), (1, "P1")]
    )
    previous_winner = forms.ChoiceField(
        label=_("Previous battle"),
        choices=[("0", _("P0 won")), ("1", _("P1 won")), ("tie", _("tie"))],
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for side in (0, 1):
            self.fields[f"p{side}_name"] = forms.CharField(
                label=_("P%(n)s name") % {"n": side}, max_length=60, initial=f"P{side}"
            )
            self.fields[f"p{side}_hp"] = forms.IntegerField(
                label=_("P%(n)s HP") % {"n": side}, min_value=1, max_value=100, initial=100
            )
            self.fields[f"p{side}_battle"] = forms.CharField(
                label=_("P%(n)s battle character (card id)") % {"n": side}, max_length=40
            )
            self.fields[f"p{side}_set_a"] = forms.CharField(
                label=_("P%(n)s card set in zone A") % {"n": side}, max_length=40
            )
            self.fields[f"p{side}_set_b"] = forms.CharField(
                label=_("P%(n)s card set in zone B (if any)") % {"n": side},
                max_length=40,
                required=False,
            )
            self.fields[f"p{side}_zone_c"] = forms.CharField(
                label=_("P%(n)s area enchant in zone C") % {"n": side},
                max_length=40,
                required=False,
            )
            self.fields[f"p{side}_charger"] = forms.CharField(
                label=_("P%(n)s power charger (ids, bottom first)") % {"n": side},
                required=False,
            )
            self.fields[f"p{side}_abyss"] = forms.CharField(
                label=_("P%(n)s abyss (ids, bottom first)") % {"n": side}, required=False
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for side in (0, 1):
            counted = sum(
                len(_ids(str(data.get(f"p{side}_{name}") or "")))
                for name in ("battle", "set_a", "set_b", "zone_c", "charger", "abyss")
            )
            if counted > 20:
                self.add_error(f"p{side}_charger", _("more than 20 cards (rule 4.1.1)"))
        return data

    def record(self) -> dict[str, Any]:
        """The ``zutomayo-game/1`` record this form describes (a mid-game ``start`` snapshot)."""
        data = self.cleaned_data
        players = []
        sets = []
        for side in (0, 1):
            a, b = data[f"p{side}_set_a"].strip(), data[f"p{side}_set_b"].strip()
            hand = [a, *([b] if b else [])]
            zone_c = data[f"p{side}_zone_c"].strip() or None
            charger, abyss = _ids(data[f"p{side}_charger"]), _ids(data[f"p{side}_abyss"])
            # The rest of the 20 cards (4.1.1) are unknown and counted as the deck.
            known = 1 + len(hand) + len(charger) + len(abyss) + (1 if zone_c else 0)
            players.append(
                {
                    "hp": data[f"p{side}_hp"],
                    "battle_zone": data[f"p{side}_battle"].strip(),
                    "zone_c": zone_c,
                    "power_charger": charger,
                    "abyss": abyss,
                    "hand": hand,
                    "deck_unknown": max(0, 20 - known),
                }
            )
            sets.append({"A": a, **({"B": b} if b else {})})
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
            "turns": [{"set": sets}],
        }
