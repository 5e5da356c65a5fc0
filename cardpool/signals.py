"""What the card side announces, for later layers to act on (the card side imports none of them).

``ban_list_saved`` is sent inside the saving transaction, after a ban or limited list is stored,
with ``format_id`` and ``effective_from`` (a ``datetime.date``). ``tournaments`` listens and
re-checks the submitted lists of every affected event (its tasks are enqueued on commit, so a
rolled-back save re-checks nothing).
"""

from __future__ import annotations

from django.dispatch import Signal

ban_list_saved = Signal()
