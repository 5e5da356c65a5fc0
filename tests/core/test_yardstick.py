"""The load benchmark's yardstick (what every ratio is measured against): one row by primary key, a
small JSON."""

from __future__ import annotations

import json

import pytest
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from core.selectors import yardstick_row

pytestmark = pytest.mark.django_db


def test_the_yardstick_reads_one_row_by_primary_key(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    first = ContentType.objects.get(pk=1)
    with django_assert_num_queries(1):
        row = yardstick_row()
    assert row == {"id": 1, "app_label": first.app_label, "model": first.model}


def test_the_yardstick_answers_a_small_uncached_json(client: Client) -> None:
    response = client.get("/yardstick")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert "no-cache" in response["Cache-Control"]
    assert len(response.content) < 200
    assert json.loads(response.content)["row"]["id"] == 1


def test_the_yardstick_takes_no_writes(client: Client) -> None:
    assert client.post("/yardstick").status_code == 405
