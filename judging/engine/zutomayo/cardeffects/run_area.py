"""Executor family: an area enchant's destination when its end condition is met (6.1.3.3).

``area.to_abyss`` (このカードをアビスに置く) and ``area.to_power`` (パワーチャージャーに置く) are
the only action of an area enchant's ending clause (``vocab.clause_from_json`` refuses any other
shape). *When* the ending is checked is the pipeline's (``apply.Game``): ``time.end_of_turn`` at
5.2.10 with the state then (Q29), ``time.immediately`` after each change (Q12; also when no timing
is written, 6.1.3.5), never while its power cost is not met (6.1.3.4, Q9). This module moves the
card from set zone C to the destination its text names, which need not be where SEND TO POWER
would send it (1.3.1):

* to the power charger with SEND TO POWER: its power counts at once, this turn too (3.4, 9.1.1;
  Q20, 2nd_86 封);
* to the power charger without it: it is there, adding no power (3.4.2; Q46, 3rd_97 厳戒態勢),
  though it counts as a card there;
* to the abyss with SEND TO POWER: its SEND TO POWER gives no power there (3.6.2; Q71, 4th_30
  I'm CREAMY!!?);
* to the abyss without it (3.6, 3.6.1).

Swapped out by a new area enchant (5.2.6.2) it goes by its SEND TO POWER instead (``Game._swap``;
Q35, Q71): that is not its ending.
"""

from __future__ import annotations

from collections.abc import Mapping

from judging.engine.zutomayo import rules as R  # noqa: N812 - R.R_6_1_3_3 reads as a citation
from judging.engine.zutomayo.cardeffects.run_base import ActionDef, ConditionCheck, Resolution
from judging.engine.zutomayo.cardeffects.vocab import Act, Action, Cond
from judging.engine.zutomayo.effects import EffectContext

ENDING_OP = "end_area_enchant"
"""The ``op`` of an ending on the ruling (``messages.OP_WORDS``: "end condition met")."""

POWER_CHARGER = "power_charger"
ABYSS = "abyss"


def end_area_enchant(game: EffectContext, p: int, card_id: str, to_zone: str) -> bool:
    """Move ``p``'s area enchant ``card_id`` from set zone C to ``to_zone`` (6.1.3.3), with the
    rules and the Q&A that decide where its SEND TO POWER counts; False (and not done, 1.3.2) if
    it is no longer in set zone C."""
    player = game.players[p]
    if player.zone_c != card_id:
        game.emit("EFFECT_NOT_DONE", (R.R_1_3_2,), p, None, None, card=card_id, op=ENDING_OP,
                  reason="not_in_zone_c")  # fmt: skip
        return False
    player.zone_c = None
    card = game.card(card_id)
    has_stp = card.send_to_power is not None
    base = (R.R_6_1_3_3, R.R_1_3_1)
    if to_zone == POWER_CHARGER:
        before = player.total_power
        player.power_charger.append(card_id)
        player.total_power += card.power
        if has_stp:  # its power counts from now on, this turn included (Q20)
            game.emit("CARD_MOVED", (*base, R.R_3_4, R.R_2_3_7, R.R_3_4_1, R.R_9_1_1), p, before,
                      player.total_power, card=card_id, from_zone="zone_c", to_zone=to_zone,
                      qa="Q20")  # fmt: skip
        else:  # there, adding no power (Q46)
            game.emit("CARD_MOVED", (*base, R.R_3_4_2, R.R_3_4_1, R.R_9_1_1), p, before,
                      player.total_power, card=card_id, from_zone="zone_c", to_zone=to_zone,
                      qa="Q46")  # fmt: skip
        return True
    player.abyss.append(card_id)
    if has_stp:  # its SEND TO POWER gives no power in the abyss (Q71)
        game.emit("CARD_MOVED", (*base, R.R_3_6_2, R.R_3_6_1), p, None, None, card=card_id,
                  from_zone="zone_c", to_zone=to_zone, qa="Q71")  # fmt: skip
    else:
        game.emit("CARD_MOVED", (*base, R.R_3_6, R.R_3_6_1), p, None, None, card=card_id,
                  from_zone="zone_c", to_zone=to_zone)  # fmt: skip
    return True


def _destination(to_zone: str) -> ActionDef:
    def run(game: EffectContext, action: Action, r: Resolution) -> bool:
        return end_area_enchant(game, r.player, r.card_id, to_zone)

    return ActionDef(op=ENDING_OP, run=run)


DESTINATION_ZONES: Mapping[Act, str] = {Act.AREA_TO_ABYSS: ABYSS, Act.AREA_TO_POWER: POWER_CHARGER}

CONDITIONS: Mapping[Cond, ConditionCheck] = {}
ACTIONS: Mapping[Act, ActionDef] = {code: _destination(z) for code, z in DESTINATION_ZONES.items()}
"""(このカードを)アビスに置く, パワーチャージャーに置く: the ending's destination (6.1.3.3)."""
