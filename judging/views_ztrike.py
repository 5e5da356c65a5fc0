"""The ZTRIKE round-entry page, so no judge writes JSON at the table: the judge enters the disputed
round(s) by card name at ``/judging/cases/<id>/turn/`` (the same route as ZUTOMAYO's turn entry);
submitting replays the record and shows the ruling on the case page, where the record is
downloadable."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from core.views import form_service_call
from judging.models import JudgeCase
from judging.selectors import card_datalist, card_options, match_player_names, ztrike_engine_cards
from judging.services import ruling_compute
from judging.ztrike_entry import ZtrikeRoundEntryForm, bonus_words


def ztrike_case_turn(request: HttpRequest, case: JudgeCase, user: User) -> HttpResponse:
    options = card_options(game="ztrike")
    cards = ztrike_engine_cards()
    names = match_player_names(case) or ("", "")
    form = ZtrikeRoundEntryForm(
        request.POST or None, prefix="zr", options=options, cards=cards, names=names
    )
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
    texts = {
        cid: found
        for cid, card in cards.items()
        if (found := {w: text for w in ("win", "lose") if (text := bonus_words(card, w))})
    }
    # A name typed without picking from the list ("Bloom Sprite") still shows its bonuses.
    ids = {n.casefold(): o.id for o in options if o.id in texts for n in (o.name, o.name_ja)}
    bonus_texts = {"texts": texts, "names": ids}
    return render(
        request,
        "judging/case_turn_ztrike.html",
        {"case": case, "event": case.event, "form": form, "card_datalist": card_datalist(options),
         "sides": [form.player_fields(0), form.player_fields(1)], "rounds": form.round_fields(),
         "bonus_texts": bonus_texts},
        status=status,
    )  # fmt: skip
