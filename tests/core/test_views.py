from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_healthz_reports_database_and_unconfigured_redis(client: Client, settings: Any) -> None:
    settings.REDIS_URL = ""
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"]["ok"] is True
    assert body["redis"] == {"configured": False}


def test_healthz_is_degraded_but_alive_when_redis_is_down(client: Client, settings: Any) -> None:
    """A Redis blip must not take the web nodes out of the load balancer (Redis is a cache)."""
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "degraded"
    assert body["database"]["ok"] is True
    assert body["redis"]["ok"] is False


def test_healthz_is_503_when_the_database_fails(client: Client) -> None:
    with mock.patch("core.views.connection.cursor", side_effect=RuntimeError("down")):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"] == {"ok": False, "vendor": mock.ANY, "error": "RuntimeError"}


@pytest.mark.redis
def test_healthz_sees_the_real_redis(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["redis"] == {"ok": True}


def test_language_switch_to_japanese(client: Client) -> None:
    response = client.post(reverse("set_language"), {"language": "ja", "next": "/"}, follow=True)
    assert response.status_code == 200
    assert b'<html lang="ja">' in response.content
    assert "ログイン".encode() in response.content


def test_api_root_and_schema_and_docs(client: Client) -> None:
    root = client.get("/api/v1/")
    assert root.status_code == 200
    assert root.json()["schema"].endswith("/api/schema/")
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    assert "/api/v1/" in schema.json()["paths"]
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    assert b"swagger-ui" in docs.content


def test_japanese_catalogue_translates_our_own_strings(client: Client) -> None:
    client.post(reverse("set_language"), {"language": "ja", "next": "/"})
    response = client.get("/")
    assert "大会はまだありません。".encode() in response.content
    assert "非公式のファンメイド大会運営ツール".encode() in response.content


@pytest.mark.postgres
def test_healthz_on_postgresql(client: Client) -> None:
    response = client.get("/healthz")
    assert response.json()["database"] == {"ok": True, "vendor": "postgresql"}


def test_openapi_schema_generates_without_warnings() -> None:
    from django.core.management import call_command

    call_command("spectacular", "--fail-on-warn", "--file", "/dev/null")
