"""How event things read on the pages: what each kind of audit entry means in plain words
(``audit_labels``), when an event starts in the reader's zone and the event's (``event_time``),
and the links a higher layer adds to a match's page (``match_links``). Presentation helpers
with no writes, shared by views, selectors and template tags.
"""
