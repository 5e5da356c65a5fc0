"""Forms of the event pages: they check shape only; the services check the rules."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, MutableMapping
from typing import TYPE_CHECKING, NotRequired, TypedDict

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from cardpool.models import Game
from core.time_zones import COMMON_ZONES
from tournaments.models import Event, EventRole, Penalty
from tournaments.procedures.end_of_round import TIEBREAK_COUNTS, TIME_TIEBREAK

if TYPE_CHECKING:
    from django.utils.functional import _StrPromise

TOP_CUTS = [(0, _("none")), (2, "2"), (4, "4"), (8, "8"), (16, "16"), (32, "32"), (64, "64")]


def _name() -> forms.CharField:
    return forms.CharField(label=_("Name"), max_length=200)


def _date() -> forms.DateField:
    return forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))


def _venue() -> forms.CharField:
    return forms.CharField(label=_("Venue"), max_length=200, required=False)


def _capacity() -> forms.IntegerField:
    return forms.IntegerField(label=_("Capacity"), min_value=2, required=False)


DEFAULT_START = dt.time(10, 0)
DEFAULT_ZONE = "Asia/Tokyo"


def _start_time() -> forms.TimeField:
    return forms.TimeField(
        label=_("Start time"),
        initial=DEFAULT_START,
        required=False,
        widget=forms.TimeInput(attrs={"type": "time"}),
    )


def _time_zone() -> forms.ChoiceField:
    """A select of common zones, Japan first (the service checks the name against zoneinfo)."""
    return forms.ChoiceField(
        label=_("Time zone"), choices=COMMON_ZONES, initial=DEFAULT_ZONE, required=False
    )


class _WhenMixin(forms.Form):
    """Start time and zone left out keep what the event has (a new one: 10:00, Japan)."""

    def clean_start_time(self) -> dt.time:
        value = self.cleaned_data.get("start_time")
        return value or self.initial.get("start_time") or DEFAULT_START

    def clean_time_zone(self) -> str:
        value = self.cleaned_data.get("time_zone")
        return str(value or self.initial.get("time_zone") or DEFAULT_ZONE)


def _region() -> forms.CharField:
    return forms.CharField(label=_("Region (city or prefecture)"), max_length=100, required=False)


def _entry_fee() -> forms.CharField:
    return forms.CharField(
        label=_("Entry fee"),
        max_length=100,
        required=False,
        widget=forms.TextInput(attrs={"placeholder": _("e.g. 1,000 yen, paid at the desk")}),
    )


def _contact() -> forms.CharField:
    return forms.CharField(
        label=_("Organiser's contact"),
        max_length=200,
        required=False,
        widget=forms.TextInput(attrs={"placeholder": _("e-mail, X account or shop phone")}),
    )


def _swiss_rounds() -> forms.IntegerField:
    return forms.IntegerField(
        label=_("Swiss rounds (empty: recommended)"), min_value=1, max_value=20, required=False
    )


def _moment(label: str | _StrPromise) -> forms.DateTimeField:
    return forms.DateTimeField(
        label=label, required=False, widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )


class _ChampionshipMixin(forms.Form):
    """The championship structure: day 1, the advancement rule, day 2 (empty rule: a one-day event),
    and what happens when time is called."""

    advancement_kind = forms.ChoiceField(
        label=_("Day 2: who advances"),
        choices=[("", _("No day 2 (a one-day event)")), *Event.AdvancementKind.choices],
        required=False,
    )
    advancement_value = forms.IntegerField(
        label=_("Day 2: the rule's number (points, losses or N)"),
        min_value=0,
        max_value=300,
        required=False,
    )
    day_two_rounds = forms.IntegerField(
        label=_("Day 2 Swiss rounds"), min_value=0, max_value=20, initial=0, required=False
    )
    end_of_round = forms.ChoiceField(
        label=_("When time is called (ZUTOMAYO CARD)"),
        choices=Event.EndOfRound.choices,
        initial=Event.EndOfRound.DRAW,
        required=False,
    )
    end_of_round_extra_turns = forms.IntegerField(
        label=_("Extra turns"), min_value=1, max_value=10, initial=3, required=False
    )

    def clean_end_of_round(self) -> str:
        return str(self.cleaned_data.get("end_of_round") or Event.EndOfRound.DRAW)

    def clean_end_of_round_extra_turns(self) -> int:
        return int(self.cleaned_data.get("end_of_round_extra_turns") or 3)

    def __init__(
        self,
        data: Mapping[str, object] | None = None,
        *,
        initial: MutableMapping[str, object] | None = None,
    ) -> None:
        super().__init__(data, initial=initial)
        for name in CHAMPIONSHIP_FIELDS:  # after the form's own fields
            self.fields[name] = self.fields.pop(name)

    def clean_day_two_rounds(self) -> int:
        return int(self.cleaned_data.get("day_two_rounds") or 0)


CHAMPIONSHIP_FIELDS = (
    "advancement_kind", "advancement_value", "day_two_rounds", "end_of_round",
    "end_of_round_extra_turns",
)  # fmt: skip


class EventCreateForm(_WhenMixin, _ChampionshipMixin):
    name = _name()
    game = forms.ChoiceField(label=_("Game"), choices=Game.Slug.choices)
    date = _date()
    start_time = _start_time()
    time_zone = _time_zone()
    venue = _venue()
    region = _region()
    capacity = _capacity()
    entry_fee = _entry_fee()
    contact = _contact()
    swiss_rounds = _swiss_rounds()
    top_cut = forms.TypedChoiceField(label=_("Top cut"), coerce=int, choices=TOP_CUTS, initial=0)


class Score(TypedDict):
    """A result as ``ResultForm`` reads it: the result services' keyword arguments."""

    wins_a: int
    wins_b: int
    draws: int
    intentional_draw: bool
    time_outcome: str
    overtime: NotRequired[Mapping[str, object]]


class ResultForm(forms.Form):
    wins_a = forms.IntegerField(label=_("Games won by the first player"), min_value=0, max_value=3)
    wins_b = forms.IntegerField(label=_("Games won by the second player"), min_value=0, max_value=3)
    draws = forms.IntegerField(label=_("Drawn games"), min_value=0, max_value=3, initial=0)
    intentional_draw = forms.BooleanField(label=_("Intentional draw"), required=False)
    # How a game unfinished at time ended (checked against the event's procedure)
    time_outcome = forms.CharField(required=False, max_length=20)
    # Azuki TCG overtime: each side's tiebreak counts (``ot_a_deck`` …) and whose leader took
    # damage last; used only with the time outcome "the tiebreakers decided".
    ot_took_damage_last = forms.ChoiceField(
        required=False, choices=[("", "—"), ("a", "a"), ("b", "b")]
    )

    def __init__(self, data: Mapping[str, object] | None = None) -> None:
        super().__init__(data)
        for side in ("a", "b"):
            for name, label in TIEBREAK_COUNTS:
                self.fields[f"ot_{side}_{name}"] = forms.IntegerField(
                    label=label, required=False, min_value=0, max_value=999
                )

    def score(self) -> Score:
        """The service's keyword arguments: the score, the time outcome and, for a tiebreak,
        the overtime values (``{"a": {count: n}, "b": {…}, "took_damage_last": …}``)."""
        data = self.cleaned_data
        score: Score = {
            "wins_a": data["wins_a"],
            "wins_b": data["wins_b"],
            "draws": data["draws"],
            "intentional_draw": data["intentional_draw"],
            "time_outcome": data["time_outcome"],
        }
        if data.get("time_outcome") == TIME_TIEBREAK:
            score["overtime"] = {
                side: {
                    name: data[f"ot_{side}_{name}"]
                    for name, _label in TIEBREAK_COUNTS
                    if data.get(f"ot_{side}_{name}") is not None
                }
                for side in ("a", "b")
            } | {"took_damage_last": data.get("ot_took_damage_last") or None}
        return score


class PlayerResultForm(ResultForm):
    """A player's report, from their own side: "I won / I lost / Draw" and the games as "my
    wins – my opponent's wins" (never in seat order, which a player misreads as their own).
    ``side`` is the player's seat; ``needed``: the games that win the match (they fill in the
    games when the player gives only the outcome)."""

    OUTCOMES = (("won", _("I won")), ("lost", _("I lost")), ("draw", _("Draw")))

    # Not required by the field: a game decided by the overtime tiebreakers (Azuki TCG) is
    # reported as the tied score before it, and the site decides who won.
    outcome = forms.ChoiceField(
        label=_("The match"), choices=OUTCOMES, widget=forms.RadioSelect, required=False
    )
    my_wins = forms.IntegerField(label=_("My wins"), min_value=0, max_value=3, required=False)
    their_wins = forms.IntegerField(
        label=_("My opponent's wins"), min_value=0, max_value=3, required=False
    )

    def __init__(
        self, data: Mapping[str, object] | None = None, *, side: str = "a", needed: int = 1
    ) -> None:
        super().__init__(data)
        self.side, self.needed = side, needed
        for seat in ("wins_a", "wins_b"):  # the seats' games come from my/their wins
            self.fields[seat].required = False

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        outcome = data.get("outcome")
        mine, theirs = data.get("my_wins"), data.get("their_wins")
        if data.get("time_outcome") == TIME_TIEBREAK:  # the tied games before the decided one
            mine, theirs = mine or 0, theirs or 0
            data["wins_a"], data["wins_b"] = (mine, theirs) if self.side == "a" else (theirs, mine)
            return data
        if not outcome:
            raise forms.ValidationError(_("say whether you won, lost or drew"))
        if mine is None and theirs is None:  # only the outcome: the games follow from it
            mine, theirs = {"won": (self.needed, 0), "lost": (0, self.needed)}.get(
                str(outcome), (0, 0)
            )
            if outcome == "draw" and not data.get("intentional_draw") and not data.get("draws"):
                data["draws"] = 1
        elif mine is None or theirs is None:
            raise forms.ValidationError(_("give both: my wins and my opponent's wins"))
        said = "won" if mine > theirs else "lost" if mine < theirs else "draw"
        if said != outcome:
            raise forms.ValidationError(
                _("the games (%(mine)s–%(theirs)s) do not say the same as the result you chose")
                % {"mine": mine, "theirs": theirs}
            )
        data["wins_a"], data["wins_b"] = (mine, theirs) if self.side == "a" else (theirs, mine)
        return data


class PlayerAddForm(forms.Form):
    display_name = forms.CharField(label=_("Name"), max_length=100)
    player_id = forms.CharField(
        label=pgettext_lazy("player list", "Official player ID (optional)"),
        max_length=40,
        required=False,
    )
    email = forms.EmailField(label=_("E-mail"), required=False)


class CsvImportForm(forms.Form):
    file = forms.FileField(label=_("CSV file (name,player_id,email)"))


class SwapForm(forms.Form):
    """The two players are named by name or table (``_player_input.html``), not listed here."""

    reason = forms.CharField(label=_("Reason"), max_length=500)


class PenaltyForm(forms.Form):
    player = forms.CharField(label=_("Player (name or table)"), max_length=100)
    table = forms.IntegerField(label=_("Table"), required=False, min_value=1)
    infraction = forms.CharField(label=_("Infraction"), max_length=200)
    penalty = forms.ChoiceField(
        label=_("Penalty"),
        choices=list(Penalty.KINDS.items()),
    )
    note = forms.CharField(label=_("Note"), required=False, widget=forms.Textarea)


class DecklistForm(forms.Form):
    decklist = forms.CharField(
        label=_("Decklist"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 14, "placeholder": "2 1st_10\n2 1st_20\n…"}),
    )
    file = forms.FileField(label=_("or a file (.txt, .csv, .json)"), required=False)

    def data_bytes(self) -> str | bytes:
        upload = self.cleaned_data.get("file")
        if upload is not None:
            content: bytes = upload.read(64 * 1024 + 1)
            return content
        return str(self.cleaned_data.get("decklist") or "")


class EventEditForm(_WhenMixin, _ChampionshipMixin):
    """The event's details and structure (scoring and match format lock once rounds exist)."""

    name = _name()
    date = _date()
    start_time = _start_time()
    time_zone = _time_zone()
    venue = _venue()
    region = _region()
    capacity = _capacity()
    entry_fee = _entry_fee()
    contact = _contact()
    registration_opens_at = _moment(_("Registration opens"))
    registration_closes_at = _moment(_("Registration closes"))
    decklist_deadline = _moment(_("Decklist deadline"))
    decklist_required = forms.BooleanField(
        label=_("A legal list is required"),
        required=False,
        help_text=_("Pairing round 1 asks first about players whose list is missing or illegal."),
    )
    swiss_rounds = _swiss_rounds()
    top_cut = forms.TypedChoiceField(label=_("Top cut"), coerce=int, choices=TOP_CUTS)
    round_minutes = forms.IntegerField(
        label=_("Round length (minutes)"), min_value=5, max_value=240
    )
    tiebreak_profile = forms.ChoiceField(
        label=_("Tiebreaks"), choices=[("mtr", "MTR"), ("pokemon", "Pokémon")]
    )

    def __init__(
        self,
        data: Mapping[str, object] | None = None,
        *,
        initial: MutableMapping[str, object] | None = None,
    ) -> None:
        super().__init__(data, initial=initial)
        # An event given a less common zone (through the API) keeps it selectable.
        current = str(self.initial.get("time_zone") or "")
        field = self.fields["time_zone"]
        if isinstance(field, forms.ChoiceField) and current and current not in dict(COMMON_ZONES):
            field.choices = [*COMMON_ZONES, (current, current)]


class DeckCheckForm(forms.Form):
    presented = forms.CharField(
        label=_("The deck as presented"), widget=forms.Textarea(attrs={"rows": 10})
    )


class StaffAppointForm(forms.Form):
    """Appoint someone: one text box for a username or an email, and the role."""

    who = forms.CharField(
        label=_("Username or email"),
        max_length=254,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "none"}),
    )
    role = forms.ChoiceField(
        label=_("Role"), choices=EventRole.Role.choices, initial=EventRole.Role.JUDGE
    )


class AppealForm(forms.Form):
    reason = forms.CharField(
        label=_("Why do you appeal?"), max_length=2000, widget=forms.Textarea(attrs={"rows": 3})
    )


class AppealDecisionForm(forms.Form):
    """The head judge's decision: uphold, or a new score that supersedes the decision."""

    outcome = forms.ChoiceField(
        choices=[("uphold", _("Uphold")), ("supersede", _("Change the result"))]
    )
    note = forms.CharField(
        label=_("Your reasons"), max_length=2000, widget=forms.Textarea(attrs={"rows": 2})
    )
    wins_a = forms.IntegerField(label=_("Wins A"), min_value=0, max_value=9, required=False)
    wins_b = forms.IntegerField(label=_("Wins B"), min_value=0, max_value=9, required=False)
    draws = forms.IntegerField(label=_("Draws"), min_value=0, max_value=9, required=False)


DIRECTORY_STATUSES = [
    ("", _("Any status")),
    ("upcoming", _("Upcoming")),
    ("registration_open", _("Registration open")),
    ("running", _("Running")),
    ("finished", _("Finished")),
    ("cancelled", _("Cancelled")),
]


class EventDirectoryForm(forms.Form):
    """The directory's filters (GET): all optional; a date range must not end before it
    starts."""

    q = forms.CharField(
        label=_("Search"),
        max_length=100,
        required=False,
        widget=forms.TextInput(attrs={"type": "search", "placeholder": _("Name, venue or region")}),
    )
    game = forms.ChoiceField(
        label=_("Game"), choices=[("", _("Any game")), *Game.Slug.choices], required=False
    )
    date_from = forms.DateField(
        label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    date_to = forms.DateField(
        label=_("To"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    status = forms.ChoiceField(label=_("Status"), choices=DIRECTORY_STATUSES, required=False)
    place = forms.CharField(
        label=_("Place"),
        max_length=100,
        required=False,
        widget=forms.TextInput(
            attrs={"list": "event-regions", "placeholder": _("Region or venue")}
        ),
    )

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        date_from, date_to = cleaned.get("date_from"), cleaned.get("date_to")
        if date_from and date_to and date_to < date_from:
            self.add_error("date_to", _("The end of the date range is before its start."))
        return cleaned


class EventCopyForm(forms.Form):
    """A new event from an existing one: its name and date (the rest is copied)."""

    name = _name()
    date = _date()
