"""Executor family: actions on attack, HP and damage, the clock and Chronos, power (act.attack_*,
act.opp_attack_*, act.damage*, act.heal_opp, act.clock_*, act.power_*, act.element_set).

See ``run_base`` for the shapes; ``execute`` merges this module's tables.
"""

from __future__ import annotations

from collections.abc import Mapping

from judging.engine.zutomayo.cardeffects.run_base import ActionDef, ConditionCheck
from judging.engine.zutomayo.cardeffects.vocab import Act, Cond

CONDITIONS: Mapping[Cond, ConditionCheck] = {}
ACTIONS: Mapping[Act, ActionDef] = {}
