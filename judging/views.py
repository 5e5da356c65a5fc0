"""Judge pages: open a case on a match, enter the game by card name (or a record file), add each
player's claim in plain words, read the ruling answer first; print it, save it as a PDF, share
it with the two players (without the judges' notes)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TypedDict

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.views import form_service_call, request_user
from judging.azuki_forms import AzukiClaimForm
from judging.forms import (
    CaseOpenForm,
    ClaimForm,
    NotesForm,
    RecordUploadForm,
    TurnEntryForm,
    ZtrikeClaimForm,
)
from judging.games import judge_game
from judging.models import JudgeCase, Ruling
from judging.presentation import RulingView, cited_keys, japanese_keys, presenter_for
from judging.report_json import ReportJson
from judging.ruling_pdf import ruling_pdf
from judging.selectors import (
    CardOption,
    card_datalist,
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
from judging.views_ztrike import ztrike_case_turn
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
    """The ruling as the page shows it (two queries: the rule texts)."""
    output: ReportJson = ruling.output.get(lang) or ruling.output.get("en") or ReportJson()
    keys = cited_keys(output)
    texts, texts_ja = clause_texts(keys=keys, ja_keys=japanese_keys(keys) if lang == "ja" else ())
    recorded = [str(n) for n in output.get("players", [])] + ["", ""]
    fallback = names or ("", "")
    players = (
        recorded[0] or fallback[0] or _("First player"),
        recorded[1] or fallback[1] or _("Second player"),
    )
    presenter = presenter_for(output, lang=lang, rule_texts=texts, ja_texts=texts_ja)
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
    data: QueryDict | None,
    names: tuple[str, str],
    lang: str,
    options: Sequence[CardOption],
    *,
    ztrike: bool,
    azuki: bool = False,
) -> list[ClaimForm | ZtrikeClaimForm | AzukiClaimForm]:
    """The two players' claim forms of the case's game (ZTRIKE: about a round; Azuki: a turn)."""
    if azuki:
        return [AzukiClaimForm(data, prefix=f"c{i}", names=names) for i in (0, 1)]
    if ztrike:
        return [ZtrikeClaimForm(data, prefix=f"c{i}", names=names) for i in (0, 1)]
    return [
        ClaimForm(data, prefix=f"c{i}", names=names, lang=lang, options=options) for i in (0, 1)
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


@login_required
def case_detail(request: HttpRequest, case_id: int) -> HttpResponse:
    user = request_user(request)
    case = judge_case_get_for_judge(case_id=case_id, user=user)
    lang = _lang(request)
    rulings = case_rulings(case=case)
    latest = rulings[0] if rulings else None
    names = _names(case, latest)
    game = judge_game(case.event.game.slug)
    turn_entry = game is not None and game.turn_entry
    is_ztrike = game is not None and game.slug == "ztrike"
    is_azuki = game is not None and game.slug == "azuki"
    options = (
        card_options() if case.status == JudgeCase.Status.OPEN and latest and turn_entry else []
    )
    upload = RecordUploadForm(prefix="upload")
    claims = _claim_forms(None, names, lang, options, ztrike=is_ztrike, azuki=is_azuki)
    notes = NotesForm(prefix="notes", initial={"notes": case.notes})
    status = 200
    if request.method == "POST":
        kind = request.POST.get("kind")
        if kind == "notes":
            notes = NotesForm(request.POST, prefix="notes")
            if notes.is_valid():
                judge_case_notes_set(case_id=case.pk, by=user, notes=notes.cleaned_data["notes"])
                messages.success(request, _("Notes saved."))
                return redirect("judging:case-detail", case_id=case.pk)
            status = 400
        elif kind == "choice" and latest is not None:
            # A choice a card effect asked for (an input of the record), answered from the list the
            # ruling page offers: a new ruling with it; the old one stays.
            # A wrong answer is a DomainError: the error page names it (core.middleware).
            ruling_choice_set(
                case_id=case.pk, by=user, ruling_id=latest.pk,
                path=request.POST.get("path", ""),
                order=[c for c in request.POST.get("order", "").split(",") if c],
            )  # fmt: skip
            messages.success(request, _("Replayed with that answer."))
            return redirect("judging:case-detail", case_id=case.pk)
        elif kind == "claims" and latest is not None and (turn_entry or is_ztrike or is_azuki):
            claims = _claim_forms(
                request.POST, names, lang, options, ztrike=is_ztrike, azuki=is_azuki
            )
            filled = [(i, f) for i, f in enumerate(claims) if f.has_changed()]
            if filled and all(f.is_valid() for _i, f in filled):
                made = [f.claim(i) for i, f in filled]
                _ruling, status, _error = form_service_call(
                    filled[0][1],
                    lambda: ruling_claims_add(
                        case_id=case.pk, by=user, ruling_id=latest.pk, claims=made
                    ),
                )
                if status == 200:
                    messages.success(request, _("Replayed with the claims."))
                    return redirect("judging:case-detail", case_id=case.pk)
            else:
                if not filled:
                    claims[0].add_error(None, _("Fill in at least one player's claim."))
                status = 400
        else:
            upload = RecordUploadForm(request.POST, request.FILES, prefix="upload")
            if upload.is_valid():
                _ruling, status, _error = form_service_call(
                    upload,
                    lambda: ruling_compute(
                        case_id=case.pk, by=user, record=record_parse(upload.record_bytes())
                    ),
                )
                if status == 200:
                    messages.success(request, _("Replayed."))
                    return redirect("judging:case-detail", case_id=case.pk)
            else:
                status = 400
    view = ruling_view(latest, lang, names) if latest else None
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
            "upload_form": upload,
            "claim_forms": claims,
            "notes_form": notes,
            "rulings": rulings,
            "latest": latest,
            "view": view,
            "share_url": share,
            "card_options": options,
            "lang": lang,
            "private": True,
            "turn_entry": turn_entry,
            "claims_open": turn_entry or is_ztrike or is_azuki,
            "game": game,
        },
        status=status,
    )


@login_required
def case_turn(request: HttpRequest, case_id: int) -> HttpResponse:
    """Enter a position and the disputed turn(s) by card name."""
    user = request_user(request)
    case = judge_case_get_for_judge(case_id=case_id, user=user)
    game = judge_game(case.event.game.slug)
    if game is None or not game.turn_entry:
        raise Http404("no turn entry for this game")
    if game.slug == "ztrike":
        return ztrike_case_turn(request, case, user)
    options = card_options()
    names = match_player_names(case) or ("", "")
    form = TurnEntryForm(request.POST or None, prefix="turn", options=options, names=names)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            _ruling, status, _error = form_service_call(
                form, lambda: ruling_compute(case_id=case.pk, by=user, record=form.record())
            )
            if status == 200:
                messages.success(request, _("Replayed. Add each player's claim below."))
                return redirect("judging:case-detail", case_id=case.pk)
        else:
            status = 400
    return render(
        request,
        "judging/case_turn.html",
        {"case": case, "event": case.event, "form": form, "card_datalist": card_datalist(options),
         "sides": [form.player_fields(0), form.player_fields(1)], "turns": form.turn_fields()},
        status=status,
    )  # fmt: skip


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
