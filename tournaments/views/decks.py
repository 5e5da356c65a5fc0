"""Reading, sharing, saving and building decks, so players prepare their lists on the site.

- a registration's current list exported as text, CSV (UTF-8 with a BOM, so Japanese Excel
  opens it), JSON, and a printable PDF sheet for deck checks;
- a share link ``/decks/<deck code>/`` that shows a list to anyone;
- a person's saved decks (drafts, may be illegal): the list, create / edit, delete;
- the deck builder ``/decks/build/<game>/``: the card search, add / remove, a live counter,
  the pure checker's verdict and charts; its ``check`` endpoint answers JSON for the page's
  script (``static/js/deck-builder.js``), and the page works without the script too.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from typing import Any, Literal

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from cardpool.forms import CardSearchForm
from cardpool.legality.checks_azuki import MAIN_DECK_SIZE as AZUKI_MAIN_DECK
from cardpool.legality.checks_ztrike import DECK_SIZE as ZTRIKE_DECK
from cardpool.legality.checks_zutomayo import DECK_SIZE as ZUTOMAYO_DECK
from cardpool.legality.parser import parse_text
from cardpool.legality.report import LegalityReport
from cardpool.legality.types import Decklist
from cardpool.legality.types import Game as PureGame
from cardpool.models import Game
from cardpool.selectors import CardFilters, card_index_for_game, card_search
from core.errors import InvalidInputError
from core.numbers import whole_number_or_none
from core.views import form_service_call, request_user
from tournaments.forms.decks import SavedDeckForm
from tournaments.models import DecklistVersion, Registration, SavedDeck
from tournaments.printing.deck_sheet import DeckSheet, SheetGroup, SheetLine, deck_sheet_pdf
from tournaments.selectors.deck_view import (
    DeckView,
    annotated_lines,
    deck_check_text,
    deck_counts,
    deck_from_code,
    deck_view,
    registrations_open_for_lists,
    saved_deck_of,
    saved_decks_of,
    unplaced_issues,
)
from tournaments.selectors.decklists import decklist_current_for_viewer
from tournaments.selectors.registrations import registration_with_game_get
from tournaments.services.saved_decks import (
    saved_deck_create,
    saved_deck_delete,
    saved_deck_update,
)

#: Cards the builder shows per page of search results.
BUILDER_PAGE_SIZE = 24
#: How many copies the builder's text may hold of one card (the checker judges the real limit).
BUILDER_MAX_COPIES = 60
#: The counter's target: the deck size each game's rules ask for (Azuki: the main deck).
DECK_TARGETS = {"zutomayo": ZUTOMAYO_DECK, "azuki": AZUKI_MAIN_DECK, "ztrike": ZTRIKE_DECK}


def _language(request: HttpRequest) -> Literal["en", "ja"]:
    return "ja" if (get_language() or "en").startswith("ja") else "en"


def _game_or_404(game: str) -> str:
    if game not in Game.Slug.values:
        raise Http404("unknown game")
    return game


def _game_label(game: str) -> str:
    return str(dict(Game.Slug.choices).get(game, game))


# --- exports of an event decklist ----------------------------------------------------------------


def _current(request: HttpRequest, registration_id: int) -> tuple[DecklistVersion, Registration]:
    version = decklist_current_for_viewer(registration_id=registration_id, user=request.user)
    registration = registration_with_game_get(registration_id=registration_id)
    return version, registration


def _download(body: bytes | str, *, filename: str, content_type: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _filename(registration_id: int, version: DecklistVersion, extension: str) -> str:
    return f"decklist-{registration_id}-v{version.version}.{extension}"


def _registration_view(request: HttpRequest, registration_id: int) -> tuple[Any, ...]:
    version, registration = _current(request, registration_id)
    game = registration.event.game.slug
    view = deck_view(game=game, counts=deck_counts(version.cards), language=_language(request))
    return version, registration, view


@login_required
def decklist_export_text(request: HttpRequest, registration_id: int) -> HttpResponse:
    """The current list as text with names in the reader's language (it reads back as is)."""
    version, registration, view = _registration_view(request, registration_id)
    header = f"# {registration.event.name} — {registration.display_name}\n"
    return _download(
        header + view.text,
        filename=_filename(registration_id, version, "txt"),
        content_type="text/plain; charset=utf-8",
    )


@login_required
def decklist_export_csv(request: HttpRequest, registration_id: int) -> HttpResponse:
    """The current list as CSV (count, id, name, group), UTF-8 with a BOM for Excel."""
    version, _registration, view = _registration_view(request, registration_id)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["count", "id", "name", "group"])
    for group in view.groups:
        for row in group.rows:
            writer.writerow([row.count, row.card_id, row.name, group.label])
    return _download(
        ("\ufeff" + out.getvalue()).encode("utf-8"),
        filename=_filename(registration_id, version, "csv"),
        content_type="text/csv; charset=utf-8",
    )


@login_required
def decklist_export_json(request: HttpRequest, registration_id: int) -> HttpResponse:
    """The current list as JSON: ``{"cards": [{"id", "count", "name", "group"}], ...}``."""
    version, registration, view = _registration_view(request, registration_id)
    document = {
        "game": registration.event.game.slug,
        "event": registration.event.name,
        "player": registration.display_name,
        "version": version.version,
        "legal": version.legal,
        "deck_code": view.code,
        "cards": [
            {"id": row.card_id, "count": row.count, "name": row.name, "group": group.key}
            for group in view.groups
            for row in group.rows
        ],
    }
    return _download(
        json.dumps(document, ensure_ascii=False, indent=2),
        filename=_filename(registration_id, version, "json"),
        content_type="application/json; charset=utf-8",
    )


@login_required
def decklist_sheet_pdf(request: HttpRequest, registration_id: int) -> HttpResponse:
    """The printable decklist sheet (PDF) for deck checks."""
    version, registration, view = _registration_view(request, registration_id)
    sheet = DeckSheet(
        player=registration.display_name,
        event=registration.event.name,
        date=registration.event.date.isoformat(),
        game=_game_label(registration.event.game.slug),
        version=version.version,
        groups=tuple(
            SheetGroup(
                label=group.label,
                count=group.count,
                lines=tuple(SheetLine(row.count, row.name, row.card_id) for row in group.rows),
            )
            for group in view.groups
        ),
        size=view.size,
        code=view.code or "",
    )
    response = HttpResponse(deck_sheet_pdf(sheet), content_type="application/pdf")
    response["Content-Disposition"] = (
        f'inline; filename="{_filename(registration_id, version, "pdf")}"'
    )
    return response


# --- share links ---------------------------------------------------------------------------------


def deck_shared(request: HttpRequest, code: str) -> HttpResponse:
    """A list from its deck code, read-only, for anyone (no account needed)."""
    view = deck_from_code(code=code, language=_language(request))
    return render(
        request,
        "tournaments/decks/shared.html",
        {"view": view, "game_label": _game_label(view.game)},
    )


# --- saved decks ---------------------------------------------------------------------------------


@login_required
def my_decks(request: HttpRequest) -> HttpResponse:
    """A person's saved decks, each with its game and last change."""
    user = request_user(request)
    return render(
        request,
        "tournaments/decks/my_decks.html",
        {"decks": saved_decks_of(user_id=user.pk), "games": Game.Slug.choices},
    )


def _deck_id(request: HttpRequest) -> int | None:
    raw = request.POST.get("deck") or request.GET.get("deck")
    if raw in (None, ""):
        return None
    deck_id = whole_number_or_none(raw)
    if deck_id is None:
        raise InvalidInputError(_("no such saved deck"), field="deck")
    return deck_id


def _report_context(game: str, text: str, language: str) -> dict[str, Any]:
    view, report = deck_check_text(game=game, text=text, language=language)
    report_dict = report.as_dict("ja" if language == "ja" else "en")
    return {
        "view": view,
        "report": report_dict,
        "lines": annotated_lines(text, report_dict),
        "general_issues": unplaced_issues(report_dict),
    }


@login_required
def saved_deck_edit(request: HttpRequest) -> HttpResponse:
    """Create a saved deck (``?game=``), or edit one (``?deck=``); a draft may be illegal: the
    checker's report is shown beside it, the deck is saved all the same."""
    user = request_user(request)
    language = _language(request)
    deck_id = _deck_id(request)
    deck = saved_deck_of(user_id=user.pk, deck_id=deck_id) if deck_id is not None else None
    initial: dict[str, Any] = (
        {"name": deck.name, "text": deck.text, "game": deck.game.slug}
        if deck is not None
        else {"game": request.GET.get("game") or "zutomayo", "text": request.GET.get("text", "")}
    )
    form = SavedDeckForm(request.POST or None, initial=initial)
    if deck is not None:
        form.fields["game"].disabled = True
    status = 200
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        saved, status, error = form_service_call(
            form,
            lambda: (
                saved_deck_update(user=user, deck_id=deck.pk, name=data["name"], text=data["text"])
                if deck is not None
                else saved_deck_create(
                    user=user, game=data["game"], name=data["name"], text=data["text"]
                )
            ),
        )
        if error is None and saved is not None:
            messages.success(request, _("Deck saved."))
            return redirect(f"{reverse('tournaments:saved-deck-edit')}?deck={saved.pk}")
    elif request.method == "POST":
        status = 400
    game = deck.game.slug if deck is not None else str(form["game"].value() or "zutomayo")
    text = str(form["text"].value() or "")
    context: dict[str, Any] = {"form": form, "deck": deck, "game": game}
    if game in Game.Slug.values and text.strip():
        context |= _report_context(game, text, language)
    return render(request, "tournaments/decks/saved_deck_edit.html", context, status=status)


@login_required
def saved_deck_delete_page(request: HttpRequest) -> HttpResponse:
    """Ask before deleting a saved deck (GET ``?deck=``), and delete it (POST ``deck``)."""
    user = request_user(request)
    deck_id = _deck_id(request)
    if deck_id is None:
        raise InvalidInputError(_("choose the deck to delete"), field="deck")
    deck = saved_deck_of(user_id=user.pk, deck_id=deck_id)
    if request.method == "POST":
        saved_deck_delete(user=user, deck_id=deck.pk)
        messages.success(request, _("Deck deleted."))
        return redirect("tournaments:my-decks")
    return render(request, "tournaments/decks/saved_deck_delete.html", {"deck": deck})


# --- the builder ---------------------------------------------------------------------------------


def _counts_of(text: str, game: str) -> dict[str, int]:
    """The cards a builder's text holds (lines it cannot read are left out)."""
    if not text.strip():
        return {}
    return parse_text(text, card_index_for_game(game=game)).decklist.counts()


def _apply(counts: dict[str, int], *, add: str, remove: str, game: str) -> dict[str, int]:
    index = card_index_for_game(game=game)
    if add:
        if index.get(add) is None:
            raise InvalidInputError(_("no such card: %(card)s") % {"card": add}, field="add")
        counts[add] = min(counts.get(add, 0) + 1, BUILDER_MAX_COPIES)
    if remove and remove in counts:
        counts[remove] -= 1
        if counts[remove] <= 0:
            del counts[remove]
    return counts


def _id_text(counts: dict[str, int]) -> str:
    return "".join(f"{n} {card_id}\n" for card_id, n in counts.items())


def _builder_state(
    request: HttpRequest, game: str, params: Mapping[str, Any] | None = None
) -> tuple[str, DeckView, LegalityReport]:
    if params is None:
        params = request.POST if request.method == "POST" else request.GET
    counts = _counts_of(str(params.get("text", "")), game)
    counts = _apply(
        counts, add=str(params.get("add", "")), remove=str(params.get("remove", "")), game=game
    )
    text = _id_text(counts)
    language = _language(request)
    if counts:
        view, report = deck_check_text(game=game, text=text, language=language)
    else:
        view = deck_view(game=game, counts={}, language=language)
        report = LegalityReport(decklist=Decklist(game=PureGame(game), entries=()), issues=())
    return text, view, report


def _builder_deck(request: HttpRequest, game: str) -> SavedDeck | None:
    """The saved deck the builder edits (``deck``), the person's own or a 404."""
    deck_id = _deck_id(request)
    if deck_id is None:
        return None
    if not request.user.is_authenticated:
        raise InvalidInputError(_("log in to open your saved decks"), field="deck")
    deck = saved_deck_of(user_id=request.user.pk, deck_id=deck_id)
    if deck.game.slug != game:
        raise InvalidInputError(_("that deck is of another game"), field="deck")
    return deck


def _panel_context(request: HttpRequest, game: str) -> dict[str, Any]:
    """What the builder's panel shows: counter, cards, verdict, charts, save and submit."""
    deck = _builder_deck(request, game)
    params: dict[str, Any] = dict(
        (request.POST if request.method == "POST" else request.GET).items()
    )
    if deck is not None and "text" not in params:
        params["text"] = _id_text(_counts_of(deck.text, game))
    text, view, report = _builder_state(request, game, params)
    language = _language(request)
    user = request.user
    return {
        "game": game,
        "text": text,
        "view": view,
        "report": report.as_dict(language),
        "empty": not view.counts,
        "deck": deck,
        "target": DECK_TARGETS.get(game),
        "counted": (
            sum(g.count for g in view.groups if g.key == "main") if game == "azuki" else view.size
        ),
        "share_url": (
            request.build_absolute_uri(reverse("tournaments:deck-shared", args=[view.code]))
            if view.code
            else ""
        ),
        "registrations": (
            list(registrations_open_for_lists(user_id=user.pk, game=game))
            if user.is_authenticated
            else []
        ),
    }


def deck_check(request: HttpRequest, game: str) -> JsonResponse:
    """The builder's verdict as JSON: the list after ``add`` / ``remove``, the pure checker's
    report, the deck code, and the panel's HTML (counter, cards, verdict, charts, forms)."""
    game = _game_or_404(game)
    context = _panel_context(request, game)
    view: DeckView = context["view"]
    return JsonResponse(
        {
            "text": context["text"],
            "size": view.size,
            "code": view.code,
            "report": context["report"],
            "html": render_to_string("tournaments/decks/_builder_panel.html", context, request),
        },
        json_dumps_params={"ensure_ascii": False},
    )


def deck_builder(request: HttpRequest, game: str) -> HttpResponse:
    """Build a deck: search cards, add and remove them, see the verdict and charts; save it as
    one of your decks (``?deck=`` edits a saved one) or submit it to an event."""
    game = _game_or_404(game)
    language = _language(request)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        owner = request_user(request)
        deck = _builder_deck(request, game)
        text, view, _report = _builder_state(request, game)
        name = str(request.POST.get("name", "")).strip()
        if deck is not None:
            saved = saved_deck_update(
                user=owner, deck_id=deck.pk, name=name or deck.name, text=view.text or text
            )
        else:
            saved = saved_deck_create(
                user=owner,
                game=game,
                name=name or _("New deck %(date)s") % {"date": timezone.localdate().isoformat()},
                text=view.text or text,
            )
        messages.success(request, _("Deck saved."))
        return redirect(f"{reverse('tournaments:deck-builder', args=[game])}?deck={saved.pk}")
    context = _panel_context(request, game)
    form = CardSearchForm(request.GET or None)
    filters = (
        form.filters(game=game, language=language)
        if form.is_bound and form.is_valid()
        else CardFilters(game=game, language=language)
    )
    page = Paginator(card_search(filters=filters), BUILDER_PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    return render(
        request,
        "tournaments/decks/builder.html",
        context
        | {
            "form": form,
            "page": page,
            "games": Game.Slug.choices,
            "game_label": _game_label(game),
        },
    )


# --- the event decklist page's reading side ------------------------------------------------------


def decklist_page_extras(
    request: HttpRequest,
    *,
    registration: Registration,
    current: DecklistVersion | None,
    form: Any,
    report: object,
) -> dict[str, Any]:
    """What the decklist page adds to its context (to read and fix a list): the current list by
    group with names and stats, the text box prefilled to edit it (or with one of the player's
    saved decks: ``?saved=``), the submitted text with each line's issues, the saved decks."""
    language = _language(request)
    game = registration.event.game.slug
    extras: dict[str, Any] = {"deck_view": None, "submitted_lines": None, "saved_decks": []}
    if current is not None:
        extras["deck_view"] = deck_view(
            game=game, counts=deck_counts(current.cards), language=language
        )
        stored = current.report.get(language) or current.report.get("en") or {}
        extras["current_lines"] = annotated_lines(current.source_text, stored)
        extras["current_has_line_issues"] = any(line.issues for line in extras["current_lines"])
    user = request.user
    if user.is_authenticated and registration.user_id == user.pk:
        extras["saved_decks"] = list(saved_decks_of(user_id=user.pk, game=game))
    if not form.is_bound:
        saved_id = whole_number_or_none(request.GET.get("saved"))
        if saved_id is not None and user.is_authenticated:
            form.initial["decklist"] = saved_deck_of(user_id=user.pk, deck_id=saved_id).text
        elif extras["deck_view"] is not None:
            form.initial["decklist"] = extras["deck_view"].text
    elif isinstance(report, Mapping):
        submitted = str(form.data.get("decklist") or "")
        if submitted.strip():
            extras["submitted_lines"] = annotated_lines(submitted, report)
            extras["general_issues"] = unplaced_issues(report)
    return extras
