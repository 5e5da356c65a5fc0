"""Every admin page opens; the admin changes nothing behind the services' back."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib import admin
from django.test import Client

pytestmark = pytest.mark.django_db


def test_every_registered_changelist_and_add_page_answers(make_user: Any) -> None:
    superuser = make_user("root", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(superuser)
    for model, model_admin in admin.site._registry.items():
        meta = model._meta
        response = client.get(f"/admin/{meta.app_label}/{meta.model_name}/")
        assert response.status_code == 200, meta.label
        add = client.get(f"/admin/{meta.app_label}/{meta.model_name}/add/")
        expected = 200 if model_admin.has_add_permission(add.wsgi_request) else 403
        assert add.status_code == expected, meta.label


def test_results_cannot_be_edited_in_the_admin(make_user: Any) -> None:
    from tournaments.models import ResultReport

    model_admin = admin.site._registry[ResultReport]
    client = Client()
    client.force_login(make_user("root", is_staff=True, is_superuser=True))
    request = client.get("/admin/").wsgi_request
    assert not model_admin.has_change_permission(request)
    assert not model_admin.has_add_permission(request)
