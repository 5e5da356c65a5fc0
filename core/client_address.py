"""The address a request comes from, through the trusted proxies in front of the site.

``TRUSTED_PROXY_HOPS`` says how many proxies (load balancer, nginx) stand between the client
and the site; each appends the address it received the request from to ``X-Forwarded-For``.
The client is then the ``TRUSTED_PROXY_HOPS``-th address from the right; anything further left
was written by the client and is ignored. With 0 (development, no proxy) it is ``REMOTE_ADDR``.
It is the same trust that ``SECURE_PROXY_SSL_HEADER`` places in the proxy's
``X-Forwarded-Proto`` (set only when ``TRUSTED_PROXY_HOPS`` > 0), and it holds only while the
site itself listens where nothing but the proxy can reach it (README, Production).

IPv6 addresses are taken by their /64 network, which one client usually holds whole.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def _normalised(text: str) -> str | None:
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def client_address(request: HttpRequest) -> str:
    """The client's address (see the module), or ``""`` when there is none to trust."""
    hops = int(getattr(settings, "TRUSTED_PROXY_HOPS", 0))
    remote = _normalised(str(request.META.get("REMOTE_ADDR", ""))) or ""
    if hops <= 0:
        return remote
    forwarded = str(request.META.get("HTTP_X_FORWARDED_FOR", "")).split(",")
    chain = [part.strip() for part in forwarded if part.strip()]
    if len(chain) < hops:
        # Fewer entries than proxies: the request did not come through all of them.
        return remote
    return _normalised(chain[-hops]) or remote
