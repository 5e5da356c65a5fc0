"""Executor family: actions on decks and play: draws, mills, deck tops, reveals, reorders, copies,
negation, prohibitions, extra plays, otherwise-you-lose (act.draw*, act.mill, act.opp_mill*,
act.*deck_top*, act.reveal*, act.copy_*, act.negate*, act.prohibit*, act.extra_play,
act.hand_size_change, act.optional_keep, act.otherwise_lose).

See ``run_base`` for the shapes; ``execute`` merges this module's tables.
"""

from __future__ import annotations

from collections.abc import Mapping

from judging.engine.zutomayo.cardeffects.run_base import ActionDef, ConditionCheck
from judging.engine.zutomayo.cardeffects.vocab import Act, Cond

CONDITIONS: Mapping[Cond, ConditionCheck] = {}
ACTIONS: Mapping[Act, ActionDef] = {}
