"""The ZTRIKE judge assist: replays a ``ztrike-game/1`` record round by round and cites the
official rules by stable keys (``ztr.victor#s3``…). Standard library only.

Vocabulary (the rules' own words): Main Player (the counter passes each round), Play Zone,
Victory Zone (the "Victory Pile", TA-10), Deck Zone, Discard Pile, Battle / Win / Lose bonus,
colour weakness (a cycle: Red > Green, Green > Blue, Blue > Red), power (0-10), Victory Points.
"""

# Only what callers import from the package itself; the plug-in (``plugin``) is the game's
# interface, and everything else is imported from its own module.
from judging.engine.ztrike.replay import replay_record
from judging.engine.ztrike.rules import RULES

__all__ = ["RULES", "replay_record"]
