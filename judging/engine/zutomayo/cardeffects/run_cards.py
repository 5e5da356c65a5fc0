"""Executor family: actions that move cards chosen by a player between zones (act.hand_to_*,
act.abyss_to_*, act.opp_abyss_*, act.opp_power_*, act.swap_hand_abyss, act.reveal_from_opp_hand,
act.name_card, the opponent's area enchant).

See ``run_base`` for the shapes; ``execute`` merges this module's tables.
"""

from __future__ import annotations

from collections.abc import Mapping

from judging.engine.zutomayo.cardeffects.run_base import ActionDef, ConditionCheck
from judging.engine.zutomayo.cardeffects.vocab import Act, Cond

CONDITIONS: Mapping[Cond, ConditionCheck] = {}
ACTIONS: Mapping[Act, ActionDef] = {}
