"""Test clients shared by the API tests."""

from __future__ import annotations

from typing import Any

from rest_framework.test import APIClient


def api(user: Any = None) -> APIClient:
    """An API client, logged in as ``user`` when one is given."""
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client
