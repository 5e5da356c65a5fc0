"""What the public pages and the API poll: each round's stored snapshot of its pairings and
standings, and the digests its ETags are made of (``snapshots``). Services rebuild a snapshot
when something it shows changes, or mark it stale and leave the rebuild to a task that catches
up (coalesced); pages answer from the row alone, and a conditional request from its digests.
Kept apart from ``services`` because it is also the task, the sweep and the digest function
that the read side and the API share; ``tournaments.services.snapshots`` is the write a reader
makes when a stale snapshot's task is late.
"""
