"""Notifications: the kinds of message people get, in the site and by email.

Each app says which kinds it sends (``register_kind``) and which reminders fall due by the
clock (``register_due``) in its own ``notifications.py``, which ``core``'s ``AppConfig.ready``
loads at start-up (``autodiscover_modules("notifications")``, as for ``access.py``): core
imports no app.

A kind has a title and a body, lazy texts whose ``%(name)s`` placeholders the sender's
``params`` fill (a parameter may be given per language: ``{"en": ..., "ja": ...}``),
rendered in the recipient's language (``core.Profile.language``, else the site's
``LANGUAGE_CODE``). The services (``core.notifications.services``) enqueue and deliver.

Switching a kind off (``Profile.muted_kinds``) stops it altogether: neither the in-site entry
nor the email is made. A person who turned a kind off has said they do not want to hear about
it; a list entry they never asked for is noise too. A kind registered with
``default_on=False`` is off until the person switches it on, which ``muted_kinds`` records as
``"+<kind>"``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import get_language

#: What a lazy text is: ``gettext_lazy("...")`` (or a plain string).
Text = Promise | str


@dataclass(frozen=True)
class Kind:
    """One kind of notification: its name, texts and whether it is on for people by default."""

    kind: str
    title: Text
    body: Text
    label: Text
    default_on: bool = True

    def render(self, params: Mapping[str, object]) -> tuple[str, str]:
        """The title and body in the active language, filled with ``params``."""
        return fill(self.title, params), fill(self.body, params)


_KINDS: dict[str, Kind] = {}
#: Producers of reminders that fall due by the clock: ``producer(now)`` sends what is due and
#: returns how many sends it enqueued.
DueProducer = Callable[[dt.datetime], int]
_DUE: list[DueProducer] = []


def register_kind(
    kind: str, *, title: Text, body: Text, label: Text | None = None, default_on: bool = True
) -> Kind:
    """Declare a kind. ``label`` names it on the settings page (default: the title, which then
    must have no placeholders)."""
    if not kind or len(kind) > 40 or ":" in kind:
        raise ValueError(f"a kind is 1 to 40 characters without ':', not {kind!r}")
    registered = Kind(
        kind=kind, title=title, body=body, label=label or title, default_on=default_on
    )
    _KINDS[kind] = registered
    return registered


def register_due(producer: DueProducer) -> None:
    """``producer(now)`` sends the reminders due at ``now``; the periodic task calls it."""
    if producer not in _DUE:
        _DUE.append(producer)


def kind_get(kind: str) -> Kind | None:
    return _KINDS.get(kind)


def kinds() -> list[Kind]:
    """Every registered kind, in the order they were registered."""
    return list(_KINDS.values())


def due_producers() -> list[DueProducer]:
    return list(_DUE)


def kind_enabled(kind: Kind, muted: Iterable[str]) -> bool:
    """Whether a person whose ``Profile.muted_kinds`` is ``muted`` gets ``kind``."""
    muted = set(muted)
    if kind.default_on:
        return kind.kind not in muted
    return f"+{kind.kind}" in muted


def _localised(value: object, language: str) -> object:
    """A parameter given per language (``{"en": "a double loss", "ja": "両者敗北"}``) in
    ``language`` (English when that one is missing); any other value as it is."""
    if isinstance(value, Mapping) and value and all(isinstance(key, str) for key in value):
        return value.get(language, value.get("en", next(iter(value.values()))))
    return value


def fill(text: Text, params: Mapping[str, object]) -> str:
    """``text`` in the active language with its ``%(name)s`` placeholders filled; a missing
    parameter leaves the text as it is rather than fail a delivery."""
    raw = str(text)
    if "%(" not in raw:
        return raw
    language = (get_language() or "en").split("-")[0]
    try:
        return raw % {key: _localised(value, language) for key, value in params.items()}
    except (KeyError, TypeError, ValueError):
        return raw
