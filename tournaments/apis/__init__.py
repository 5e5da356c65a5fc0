"""REST API of events, one module per resource: events (and standings), registrations, rounds
(with the round clock and the top cut), results, the judge desk, exports and decklists; ``common``
holds the permission sets, refusals and output serializers they share.

Thin adapters: each API checks the shape of its input, asks ``tournaments.permissions`` who may
call it, makes one service or selector call and serialises the answer. Domain errors become
400/403/404/409 JSON in ``core.api``. Event-scoped URLs carry ``event_id``; rounds are named by
their number within the event, matches and registrations by id (and must belong to the event).
"""
