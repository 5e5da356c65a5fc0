"""Judge pages: open a case on a match, enter the game by card name (or a record file), add each
player's claim in plain words, read the ruling answer first; print it, save it as a PDF, share
it with the two players (without the judges' notes)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TypedDict

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core import signing
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.views import form_service_call, request_user
from judging.forms import CaseOpenForm, NotesForm, PlayerClaimForm, RecordUploadForm
from judging.games import JudgeGame, judge_game, judge_game_for_report
from judging.models import JudgeCase, Ruling
from judging.presentation import RulingView, cited_keys
from judging.report_json import ReportJson
from judging.ruling_pdf import ruling_pdf
from judging.selectors import (
    CardOption,
    card_options,
    case_ruling_get,
    case_rulings,
    clause_texts,
    judge_case_get_for_judge,
    judge_case_list,
    match_player_names,
    ruling_get_shared,
)
from judging.services import (
    judge_case_file,
    judge_case_notes_set,
    judge_case_open,
    record_parse,
    ruling_choice_set,
    ruling_claims_add,
    ruling_compute,
)
from tournaments.models import Event
from tournaments.permissions import event_get_for_staff
from tournaments.selectors.events import latest_round
from tournaments.selectors.matches import match_at_table

SHARE_SALT = "judging.ruling.share"


def _lang(request: HttpRequest) -> str:
    return "ja" if getattr(request, "LANGUAGE_CODE", "en") == "ja" else "en"


def share_token(ruling: Ruling) -> str:
    """The players' link to one ruling: signed, so it cannot be guessed or changed."""
    return share_token_of(ruling.pk)


def share_token_of(ruling_id: int) -> str:
    """``share_token`` of the ruling with this id."""
    return signing.dumps(ruling_id, salt=SHARE_SALT)


def ruling_view(ruling: Ruling, lang: str, names: tuple[str, str] | None = None) -> RulingView:
    """The ruling as the page shows it (two queries: the rule texts), by the presenter of the
    game whose report it is (a report without a format: the case's game)."""
    output: ReportJson = ruling.output.get(lang) or ruling.output.get("en") or ReportJson()
    game = judge_game_for_report(str(output.get("format") or "")) or judge_game(
        ruling.case.event.game.slug
    )
    if game is None:
        raise Http404("no judge pages for this ruling's game")
    keys = cited_keys(output)
    english, japanese = game.quoted
    texts, texts_ja = clause_texts(
        game=game.slug, slugs=(english, japanese), keys=keys if english else (),
        ja_keys=game.japanese_keys(keys) if lang == "ja" and japanese else (),
    )  # fmt: skip
    recorded = [str(n) for n in output.get("players", [])] + ["", ""]
    fallback = names or ("", "")
    players = (
        recorded[0] or fallback[0] or _("First player"),
        recorded[1] or fallback[1] or _("Second player"),
    )
    presenter = game.presenter(lang=lang, rule_texts=texts, ja_texts=texts_ja)
    return presenter.present(output=output, record=ruling.record, players=players)


def _ruling_of(case: JudgeCase, request: HttpRequest) -> Ruling:
    raw = request.GET.get("ruling", "")
    if raw and (not (raw.isascii() and raw.isdigit()) or len(raw) > 18):
        raise Http404("bad ruling")
    ruling = case_ruling_get(case=case, ruling_id=int(raw) if raw else None)
    if ruling is None:
        raise Http404("no ruling")
    return ruling


def _names(case: JudgeCase, latest: Ruling | None) -> tuple[str, str]:
    """The players' names: the record's, else the match's."""
    if latest is not None:
        players = latest.record.get("players", [])
        recorded = [str(p.get("name") or "") for p in players if isinstance(p, dict)]
        if len(recorded) == 2 and all(recorded):
            return (recorded[0], recorded[1])
    return match_player_names(case) or (_("First player"), _("Second player"))


def _claim_forms(
    game: JudgeGame | None,
    data: QueryDict | None,
    names: tuple[str, str],
    lang: str,
    options: Callable[[], Sequence[CardOption]],
) -> list[PlayerClaimForm]:
    """The two players' claim forms of the case's game (none: the game has no judge pages)."""
    if game is None:
        return []
    return [
        game.claim_form(data, prefix=f"c{i}", names=names, lang=lang, options=options)
        for i in (0, 1)
    ]


@login_required
def case_list(request: HttpRequest, event_id: int) -> HttpResponse:
    user = request_user(request)
    event = event_get_for_staff(user=user, event_id=event_id)
    form = CaseOpenForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        match_id = None
        if form.cleaned_data["table"]:
            table = form.cleaned_data["table"]
            match, _status, _error = form_service_call(
                form, lambda: match_at_table(round_obj=latest_round(event=event), table=table)
            )
            match_id = match.pk if match is not None else None
        if not form.errors:
            case = judge_case_open(
                event_id=event.pk, by=user, title=form.cleaned_data["title"], match_id=match_id
            )
            return redirect("judging:case-detail", case_id=case.pk)
    cases = judge_case_list(event_id=event.pk, user=user)
    status = 400 if request.method == "POST" else 200
    return render(
        request, "judging/case_list.html", {"event": event, "form": form, "cases": cases},
        status=status,
    )  # fmt: skip


@dataclass
class CasePage:
    """What the case page shows, as a POST action leaves it: the forms (bound when the action
    read them) and the status (400 when a form is wrong)."""

    request: HttpRequest
    user: User
    case: JudgeCase
    game: JudgeGame | None
    latest: Ruling | None
    names: tuple[str, str]
    lang: str
    options: Callable[[], Sequence[CardOption]]
    upload: RecordUploadForm = field(default_factory=lambda: RecordUploadForm(prefix="upload"))
    claims: list[PlayerClaimForm] = field(default_factory=list)
    notes: NotesForm | None = None
    status: int = 200

    def done(self, message: str) -> HttpResponse:
        messages.success(self.request, message)
        return redirect("judging:case-detail", case_id=self.case.pk)

    def ruling(self) -> Ruling:
        """The ruling an action replays again (its record with something added)."""
        if self.latest is None:
            raise Http404("the case has no ruling yet")
        return self.latest


def _save_notes(page: CasePage) -> HttpResponse | None:
    page.notes = NotesForm(page.request.POST, prefix="notes")
    if not page.notes.is_valid():
        page.status = 400
        return None
    judge_case_notes_set(case_id=page.case.pk, by=page.user, notes=page.notes.cleaned_data["notes"])
    return page.done(_("Notes saved."))


def _answer_choice(page: CasePage) -> HttpResponse | None:
    """A choice a card effect asked for (an input of the record), answered from the list the
    ruling page offers: a new ruling with it; the old one stays. A wrong answer is a
    DomainError: the error page names it (core.middleware)."""
    post = page.request.POST
    ruling_choice_set(
        case_id=page.case.pk, by=page.user, ruling_id=page.ruling().pk,
        path=post.get("path", ""), order=[c for c in post.get("order", "").split(",") if c],
    )  # fmt: skip
    return page.done(_("Replayed with that answer."))


def _add_claims(page: CasePage) -> HttpResponse | None:
    ruling = page.ruling()
    page.claims = _claim_forms(page.game, page.request.POST, page.names, page.lang, page.options)
    if not page.claims:
        raise Http404("no claim form for this game")
    filled = [(i, f) for i, f in enumerate(page.claims) if f.has_changed()]
    if not filled or not all(f.is_valid() for _i, f in filled):
        if not filled:
            page.claims[0].add_error(None, _("Fill in at least one player's claim."))
        page.status = 400
        return None
    made = [f.claim(i) for i, f in filled]
    _ruling, page.status, _error = form_service_call(
        filled[0][1],
        lambda: ruling_claims_add(
            case_id=page.case.pk, by=page.user, ruling_id=ruling.pk, claims=made
        ),
    )
    return page.done(_("Replayed with the claims.")) if page.status == 200 else None


def _upload_record(page: CasePage) -> HttpResponse | None:
    upload = page.upload = RecordUploadForm(page.request.POST, page.request.FILES, prefix="upload")
    if not upload.is_valid():
        page.status = 400
        return None
    _ruling, page.status, _error = form_service_call(
        upload,
        lambda: ruling_compute(
            case_id=page.case.pk, by=page.user, record=record_parse(upload.record_bytes())
        ),
    )
    return page.done(_("Replayed.")) if page.status == 200 else None


#: The case page's POST actions, by the form's ``kind``: each reads its form, calls one service
#: and redirects, or leaves the page's forms bound with their errors. Another kind is a 404.
CASE_ACTIONS: Mapping[str, Callable[[CasePage], HttpResponse | None]] = {
    "notes": _save_notes,
    "choice": _answer_choice,
    "claims": _add_claims,
    "upload": _upload_record,
}


@login_required
def case_detail(request: HttpRequest, case_id: int) -> HttpResponse:
    user = request_user(request)
    case = judge_case_get_for_judge(case_id=case_id, user=user)
    rulings = case_rulings(case=case)
    latest = rulings[0] if rulings else None
    game = judge_game(case.event.game.slug)
    page = CasePage(
        request, user, case, game, latest, _names(case, latest), _lang(request),
        cache(lambda: card_options(game=case.event.game.slug)),
    )  # fmt: skip
    if request.method == "POST":
        action = CASE_ACTIONS.get(request.POST.get("kind", ""))
        if action is None:
            raise Http404("no such action on a case")
        done = action(page)
        if done is not None:
            return done
    if not page.claims and latest is not None and case.status == JudgeCase.Status.OPEN:
        page.claims = _claim_forms(game, None, page.names, page.lang, page.options)
    view = ruling_view(latest, page.lang, page.names) if latest else None
    share = (
        request.build_absolute_uri(reverse("judging:ruling-shared", args=[share_token(latest)]))
        if latest
        else ""
    )
    return render(
        request,
        "judging/case_detail.html",
        {
            "case": case,
            "event": case.event,
            "upload_form": page.upload,
            "claim_forms": page.claims,
            "notes_form": page.notes or NotesForm(prefix="notes", initial={"notes": case.notes}),
            "rulings": rulings,
            "latest": latest,
            "view": view,
            "share_url": share,
            "lang": page.lang,
            "private": True,
            "entry": game.entry if game is not None else None,
        },
        status=page.status,
    )


@login_required
def case_turn(request: HttpRequest, case_id: int) -> HttpResponse:
    """The game's page to enter the disputed part of a game by card name (404: it has none)."""
    user = request_user(request)
    case = judge_case_get_for_judge(case_id=case_id, user=user)
    game = judge_game(case.event.game.slug)
    if game is None or game.entry is None:
        raise Http404("no entry by card name for this game")
    return game.entry.view(request, case, user)


@login_required
def case_record(request: HttpRequest, case_id: int) -> HttpResponse:
    """The ruling's record as a file (with the structured claims) for the appeal."""
    case = judge_case_get_for_judge(case_id=case_id, user=request_user(request))
    ruling = _ruling_of(case, request)
    body = json.dumps(ruling.record, ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    name = f"case-{case.pk}-ruling-{ruling.pk}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


class PrintableRuling(TypedDict):
    """The context of a ruling's printout and PDF."""

    case: JudgeCase
    event: Event
    latest: Ruling
    lang: str
    private: bool
    view: RulingView


def _printable(request: HttpRequest, ruling: Ruling, *, private: bool) -> PrintableRuling:
    lang = _lang(request)
    case = ruling.case
    names = match_player_names(case)
    return {
        "case": case, "event": case.event, "latest": ruling, "lang": lang, "private": private,
        "view": ruling_view(ruling, lang, names),
    }  # fmt: skip


@login_required
def case_print(request: HttpRequest, case_id: int) -> HttpResponse:
    case = judge_case_get_for_judge(case_id=case_id, user=request_user(request))
    ruling = _ruling_of(case, request)
    context = {**_printable(request, ruling, private=True), "open_steps": True}
    return render(request, "judging/ruling_print.html", context)


@login_required
def case_pdf(request: HttpRequest, case_id: int) -> HttpResponse:
    case = judge_case_get_for_judge(case_id=case_id, user=request_user(request))
    ruling = _ruling_of(case, request)
    context = _printable(request, ruling, private=True)
    pdf = ruling_pdf(
        view=context["view"], title=case.title, event=case.event.name, notes=case.notes,
        engine_version=ruling.engine_version, digest=ruling.record_sha256,
        created=ruling.created_at.strftime("%Y-%m-%d %H:%M"),
    )  # fmt: skip
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = (
        f'attachment; filename="case-{case.pk}-ruling-{ruling.pk}.pdf"'
    )
    return response


def ruling_shared(request: HttpRequest, share: str) -> HttpResponse:
    """The players' link: the same ruling, without the judges' notes and forms."""
    try:
        ruling_id = signing.loads(share, salt=SHARE_SALT)
    except signing.BadSignature as exc:
        raise Http404("bad link") from exc
    if not isinstance(ruling_id, int):
        raise Http404("bad link")
    ruling = ruling_get_shared(ruling_id=ruling_id)
    return render(request, "judging/ruling_print.html", _printable(request, ruling, private=False))


@login_required
@require_POST
def case_file(request: HttpRequest, case_id: int) -> HttpResponse:
    user = request_user(request)
    raw = request.POST.get("ruling", "")
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 18:
        raise Http404("bad ruling")
    judge_case_file(case_id=case_id, ruling_id=int(raw), by=user)
    messages.success(request, _("The ruling is filed on the match."))
    return redirect("judging:case-detail", case_id=case_id)
