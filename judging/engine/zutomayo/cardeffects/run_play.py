"""Executor family: conditions on characters, time of day changes and what happened this turn or
last turn (cond.*_char_*, cond.*_song*, cond.day_to_night …, events).

See ``run_base`` for the shapes; ``execute`` merges this module's tables.
"""

from __future__ import annotations

from collections.abc import Mapping

from judging.engine.zutomayo.cardeffects.run_base import ActionDef, ConditionCheck
from judging.engine.zutomayo.cardeffects.vocab import Act, Cond

CONDITIONS: Mapping[Cond, ConditionCheck] = {}
ACTIONS: Mapping[Act, ActionDef] = {}
