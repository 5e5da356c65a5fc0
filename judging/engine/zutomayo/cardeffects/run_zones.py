"""Executor family: conditions on zones: counts of cards by element, type, song or name in any zone
(cond.zone_*).

See ``run_base`` for the shapes; ``execute`` merges this module's tables.
"""

from __future__ import annotations

from collections.abc import Mapping

from judging.engine.zutomayo.cardeffects.run_base import ActionDef, ConditionCheck
from judging.engine.zutomayo.cardeffects.vocab import Act, Cond

CONDITIONS: Mapping[Cond, ConditionCheck] = {}
ACTIONS: Mapping[Act, ActionDef] = {}
