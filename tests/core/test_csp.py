"""The strict Content-Security-Policy is on: scripts and styles from our own origin only, no
inline code, no eval, no framing, forms post to the site. Only Swagger UI and ReDoc relax it, on
their own routes. htmx is configured (meta tag) to need nothing more."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from django.test import Client

from tournaments.demo.simulation import SimulationSettings, simulate_event

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
UNSAFE = ("'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "*")


def policy(header: str) -> dict[str, list[str]]:
    directives = {}
    for part in header.split(";"):
        name, *values = part.split()
        directives[name] = values
    return directives


def _policy_of(path: str, client: Client | None = None) -> dict[str, list[str]]:
    response = (client or Client()).get(path)
    assert response.status_code == 200, path
    assert "Content-Security-Policy" in response.headers, path
    return policy(response.headers["Content-Security-Policy"])


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/cards/", "/admin/login/"])
def test_pages_carry_the_strict_policy(path: str) -> None:
    directives = _policy_of(path)
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'"]
    assert directives["style-src"] == ["'self'"]
    assert directives["img-src"] == ["'self'", "data:"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert directives["form-action"] == ["'self'"]
    assert directives["object-src"] == ["'none'"]
    assert not [value for values in directives.values() for value in values if value in UNSAFE]


def test_event_pages_carry_it_too() -> None:
    event_id = simulate_event(
        SimulationSettings(players=6, rounds=2, top_cut=0, stop_after_round=1, name="CSP Cup"),
        rng=random.Random(3),
        log=lambda line: None,
    ).event_id
    for path in (f"/events/{event_id}/pairings/", f"/events/{event_id}/standings/"):
        assert _policy_of(path)["script-src"] == ["'self'"]


def test_swagger_ui_relaxes_styles_only_and_loads_its_script_as_a_file() -> None:
    client = Client()
    directives = _policy_of("/api/docs/", client)
    assert directives["script-src"] == ["'self'"]
    assert directives["style-src"] == ["'self'", "'unsafe-inline'"]
    assert directives["frame-ancestors"] == ["'none'"]
    page = client.get("/api/docs/").content.decode()
    scripts = re.findall(r"<script\b[^>]*>", page)
    assert scripts
    assert all("src=" in tag for tag in scripts)
    start = client.get("/api/docs/?script=")
    assert start.status_code == 200
    assert start["Content-Type"].startswith("application/javascript")


def test_redoc_alone_may_run_its_inline_start_up_script() -> None:
    directives = _policy_of("/api/redoc/")
    assert directives["script-src"] == ["'self'", "'unsafe-inline'"]
    assert "'unsafe-eval'" not in directives["script-src"]
    assert directives["worker-src"] == ["'self'", "blob:"]
    assert directives["frame-ancestors"] == ["'none'"]


def test_htmx_runs_without_eval_and_never_swaps_a_304() -> None:
    page = Client().get("/").content.decode()
    meta = re.search(r"<meta name=\"htmx-config\" content='([^']*)'>", page)
    assert meta is not None
    config = json.loads(meta.group(1))
    assert config["allowEval"] is False
    assert config["allowScriptTags"] is False
    assert config["includeIndicatorStyles"] is False  # it would add an inline <style>
    handling = {rule["code"]: rule["swap"] for rule in config["responseHandling"]}
    assert handling["304"] is False
    assert '<script src="/static/js/vendor/htmx.min.js" defer>' in page


def test_htmx_is_a_static_file_with_its_version_and_licence() -> None:
    vendor = ROOT / "static" / "js" / "vendor"
    first_line = (vendor / "htmx.min.js").read_text(encoding="utf-8").splitlines()[0]
    assert "htmx 2.0.11" in first_line
    assert "0BSD" in first_line
    readme = (vendor / "README.md").read_text(encoding="utf-8")
    assert "htmx 2.0.11" in readme
    assert "Zero-Clause BSD" in readme


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/api/v1/", "/healthz"])
def test_every_response_carries_a_permissions_policy(path: str) -> None:
    header = Client().get(path).headers["Permissions-Policy"]
    features = dict(item.strip().split("=", 1) for item in header.split(","))
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert features[feature] == "()", feature
    assert features["fullscreen"] == "(self)"
