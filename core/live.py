"""Live regions: a page part that refreshes itself by conditional requests (htmx polling).

A page marks a region that holds no input (no search box, no form) with ``hx-get`` (its own
address), ``hx-trigger="every …s"`` and ``data-live-etag``; ``static/js/live.js`` sends that tag
as ``If-None-Match``. The view answers an htmx request (django-htmx's ``request.htmx``) with the
region alone: 304 when the tag still matches, else the fresh fragment and its new ``ETag``. The
page's other parts, where people type, are never replaced.

Two kinds of tag: one a view knows without rendering (a round's snapshot revision:
``revision_etag``) and one taken from the rendered fragment itself (``content_etag``), which
covers whatever a later ``{% include %}`` adds to the region.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language

from core.conditional import not_modified

#: Vary on it: the same address answers the whole page or, to htmx, the live region alone.
HTMX_HEADER = "HX-Request"


def is_live_poll(request: HttpRequest) -> bool:
    """True for a request made by htmx (django-htmx's middleware sets ``request.htmx``)."""
    return bool(getattr(request, "htmx", False))


def content_etag(kind: str, html: str) -> str:
    """A strong ETag naming exactly this fragment's HTML."""
    digest = hashlib.sha256(html.encode()).hexdigest()[:24]
    return f'"{kind}-{digest}"'


def revision_etag(page_etag: str, variant: str = "") -> str:
    """The live region's ETag from the page's (say ``"r12-3"``): the language and the variant
    (by name or by table) are part of what the region shows, so they are part of its tag."""
    bare = page_etag.strip('"')
    parts = [bare, "live", get_language() or "en"]
    if variant:
        parts.append(variant)
    return '"' + "-".join(parts) + '"'


def not_modified_response(etag: str, *, private: bool) -> HttpResponse:
    response = HttpResponse(status=304, headers={"ETag": etag})
    _headers(response, private=private)
    return response


def fragment_response(html: str, etag: str, *, private: bool) -> HttpResponse:
    """The live region alone, with its tag; always revalidated, never stored for long."""
    response = HttpResponse(html, headers={"ETag": etag})
    _headers(response, private=private)
    return response


def render_live(
    request: HttpRequest, template: str, context: Mapping[str, object], *, kind: str
) -> tuple[str, str]:
    """Render a live region (``"page.html#live"``: a ``{% partialdef %}``) and name it."""
    html = render_to_string(template, dict(context), request=request)
    return html, content_etag(kind, html)


def answer_poll(request: HttpRequest, html: str, etag: str, *, private: bool) -> HttpResponse:
    """An htmx poll of a content-tagged region: 304 when the tag still matches."""
    if not_modified(request, etag):
        return not_modified_response(etag, private=private)
    return fragment_response(html, etag, private=private)


def mark_page(response: HttpResponse) -> HttpResponse:
    """The whole page: it differs from the region at the same address by ``HX-Request``."""
    patch_vary_headers(response, [HTMX_HEADER])
    return response


def _headers(response: HttpResponse, *, private: bool) -> None:
    patch_vary_headers(response, [HTMX_HEADER])
    if private:
        patch_cache_control(response, private=True, no_cache=True)
    else:
        patch_cache_control(response, no_cache=True)
