"""Ban and limited lists in the browser, for site staff (no admin access needed): the lists of each
format, and a new list started from the previous one, whose changes are shown before it is
saved. Saving announces the change; the events' side re-checks the submitted lists."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cardpool import banlists
from cardpool.models import Game
from core.errors import PermissionDeniedError
from core.views import form_service_call, request_user


class BanListForm(forms.Form):
    effective_from = forms.DateField(
        label=gettext_lazy("In force from"), widget=forms.DateInput(attrs={"type": "date"})
    )
    note = forms.CharField(label=gettext_lazy("Note"), max_length=300, required=False)
    entries = forms.CharField(
        label=gettext_lazy("Entries (limit, then the card's number or name; 0 = banned)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false"}),
    )
    confirm_removals = forms.BooleanField(
        label=gettext_lazy("Yes, remove the entries listed as removed"), required=False
    )


def _staff(request: HttpRequest) -> User:
    user = request_user(request)
    if not user.is_staff:
        raise PermissionDeniedError(_("only site staff edit ban lists"))
    return user


def _game(game: str) -> str:
    if game not in Game.Slug.values:
        raise Http404("unknown game")
    return game


@login_required
def ban_list_index(request: HttpRequest, game: str) -> HttpResponse:
    """Each format of the game with its dated lists, and a link to start the next one."""
    _staff(request)
    formats = banlists.formats_with_lists(game=_game(game))
    return render(request, "cardpool/ban_lists.html", {"game": game, "formats": formats})


@login_required
def ban_list_new(request: HttpRequest, game: str) -> HttpResponse:
    """A new list for ``?format=slug``, started from the format's newest list. ``preview``
    shows what changed; ``save`` stores it (removals must be confirmed)."""
    user = _staff(request)
    if not request.GET.get("format"):
        return redirect("cardpool:ban-lists", game=_game(game))  # pick the format there
    fmt = banlists.format_get(game=_game(game), slug=request.GET["format"])
    previous_list, previous = banlists.latest_entries(fmt=fmt)
    initial = {"entries": banlists.entries_text(previous)}
    form = BanListForm(request.POST or None, initial=initial)
    diff = None
    status = 200
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if "save" in request.POST:
            _saved, status, error = form_service_call(
                form,
                lambda: banlists.ban_list_create(
                    fmt=fmt,
                    effective_from=data["effective_from"],
                    note=data["note"],
                    text=data["entries"],
                    by=user,
                    removals_confirmed=data["confirm_removals"],
                ),
            )
            if error is None:
                messages.success(
                    request,
                    _(
                        "The list is saved. Events of this format re-check their players' lists; "
                        "organisers follow the progress on their dashboards."
                    ),
                )
                return redirect("cardpool:ban-lists", game=game)
        parsed, parse_status, _error = form_service_call(
            form, lambda: banlists.parse_entries(fmt=fmt, text=data["entries"])
        )
        if parsed is not None:
            diff = banlists.ban_list_diff(previous, parsed)
        status = max(status, parse_status)
    elif request.method == "POST":
        status = 400
    return render(
        request,
        "cardpool/ban_list_new.html",
        {
            "game": game,
            "format": fmt,
            "previous_list": previous_list,
            "previous": previous,
            "form": form,
            "diff": diff,
        },
        status=status,
    )
