"""What every game's rules engine shares (standard library only, no Django).

* ``jsontypes``: the JSON and event-value types.
* ``errors``: ``RecordError`` (unreadable input, names the field) and ``IllegalInputError``
  (readable input that breaks a rule, names the rule).
* ``profile``: ambiguity registers (``Ambiguity``, ``Settled``) and the choices of one run.
* ``claims``: ``ClaimVerdict``, the answer to a player's claim about the game.
* ``report``: ``IllegalInput`` and the rendering helpers of the judge-facing report.
* ``plugin``: the contract a game fulfils (``GamePlugin``, its optional ``Tiebreak`` and the
  ``TiebreakDecision``); ``judging.engine.registry`` finds a game's plug-in.
* ``cli``: the JSON command line, which dispatches a record on its ``format`` to the game's
  plug-in.

A game package (``zutomayo``, ``ztrike``, ``azuki``) imports from here, never the reverse.
"""
