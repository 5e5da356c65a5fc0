"""REST API routes of events (filled in by tournaments.apis)."""

from django.urls import URLPattern, URLResolver

urlpatterns: list[URLPattern | URLResolver] = []
