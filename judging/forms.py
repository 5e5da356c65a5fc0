"""Judge forms shared by every game: a card named by the judge, a case opened, a record file, the
judges' notes, and the bases of each game's claim form and entry page form (the games' own forms
are in their ``judging.games`` modules).

No field takes an id: cards are named (English or Japanese, offered by the page's autocomplete
as "Name · id"), players are chosen by name, steps from a list. The structured claim
(``{"at", "path", "value"}``) exists only in the record the judge downloads.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from judging.engine.core.jsontypes import JSON
from judging.selectors import CardOption


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


def seats(names: tuple[str, str]) -> list[tuple[int, str]]:
    """The two seats with the match's players' names, or "First player" / "Second player"."""
    return [(0, names[0] or gettext("First player")), (1, names[1] or gettext("Second player"))]


class RecordEntryForm(forms.Form):
    """The base of a game's entry page form: a position and what was played, every card by name
    (``judging.entry_pages``); ``record()`` is the record the engine replays."""

    def add_player_name(self, side: int, name: str) -> None:
        self.fields[f"p{side}_name"] = forms.CharField(
            label=gettext("Player's name"), max_length=60, initial=name
        )

    def add_card_slots(self, side: int, name: str, count: int, label: StrOrPromise) -> None:
        """``count`` card fields ``p<side>_<name><i>``, each ``label`` with its number ``%(n)s``."""
        for i in range(count):
            self.fields[f"p{side}_{name}{i}"] = CardNameField(label=label % {"n": i + 1})

    def card_slots(self, side: int, name: str, count: int) -> list[forms.BoundField]:
        return [self[f"p{side}_{name}{i}"] for i in range(count)]

    def slot_ids(self, side: int, name: str, count: int) -> list[str]:
        """The ids named in those fields, in order, the empty ones left out."""
        data = self.cleaned_data
        return [c for i in range(count) if (c := data.get(f"p{side}_{name}{i}"))]

    def offer_cards(self, options: Sequence[CardOption]) -> None:
        """Every card field of the form resolves names against ``options``."""
        for field in self.fields.values():
            if isinstance(field, CardNameField):
                field.options = options

    def record(self) -> dict[str, JSON]:
        raise NotImplementedError


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


def _no_cards() -> Sequence[CardOption]:
    return ()


class PlayerClaimForm(forms.Form):
    """One player's claim in plain words, in the case's game: each game's claim form says what a
    claim can be about (``describe``: its choices name the two players) and turns the answers
    into the record's structured claim (``claim``). The case page shows one per player."""

    def __init__(
        self,
        data: Mapping[str, object] | None = None,
        *,
        prefix: str | None = None,
        names: tuple[str, str],
        lang: str = "en",
        options: Callable[[], Sequence[CardOption]] = _no_cards,
    ) -> None:
        super().__init__(data, prefix=prefix)
        self.describe(names=names, lang=lang, options=options)

    def describe(
        self, *, names: tuple[str, str], lang: str, options: Callable[[], Sequence[CardOption]]
    ) -> None:
        """Fill the choices of this game's fields: the players' names, the page's language, the
        event's cards (called only by a form that names cards: one query)."""

    def _choices(self, name: str, choices: list[tuple[str, StrOrPromise]]) -> None:
        field = self.fields[name]
        if isinstance(field, forms.ChoiceField):
            field.choices = choices

    def claim(self, party: int) -> dict[str, JSON]:
        """The structured claim (``party``, ``at``, ``path``, ``value``) this form describes."""
        raise NotImplementedError
