"""REST API of events, one module per resource (the list is docs/layout.md); ``common`` holds the
permission sets, the caller and the output serializers they share.

Thin adapters: each API checks the shape of its input, asks ``tournaments.permissions`` who may
call it, reads through ``tournaments.selectors`` (by domain), makes its change (if any) through
a service and serialises the answer. Every error leaves as the one JSON error shape of
``core.api``. Event-scoped URLs carry ``event_id``; rounds are named by their number within the
event, matches and registrations by id (and must belong to the event).
"""
