"""The Azuki TCG overtime tiebreak at the result desk: the pure decision
(``judging.engine.azuki.overtime``) adapted to the result services' ``TiebreakDecider``
(``tournaments.procedures.end_of_round``), registered at start-up by ``judging.apps``."""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.utils.translation import gettext as _

from core.errors import InvalidInputError
from judging.engine.azuki.overtime import TIEBREAKERS, overtime_from_json
from judging.engine.core.errors import RecordError
from judging.engine.core.jsontypes import JSON
from tournaments.procedures.end_of_round import TimeDecision, register_tiebreak

_SIDES = ("a", "b")
_PLAYER_PATH = re.compile(r"^players\[(\d)\]")


def _counts(value: object) -> JSON:
    if not isinstance(value, Mapping):
        return None
    return {
        str(k): v if isinstance(v, int) and not isinstance(v, bool) else str(v)
        for k, v in value.items()
        if str(k) in TIEBREAKERS
    }


def azuki_tiebreak(values: Mapping[str, object]) -> TimeDecision:
    """Decide an Azuki TCG game when overtime ends (a bad value names ``overtime.a.deck`` …)."""
    last = values.get("took_damage_last")
    if last not in (None, "", *_SIDES):
        raise InvalidInputError(_("say whose leader took damage last, or nobody's"),
                                field="overtime.took_damage_last")  # fmt: skip
    data: JSON = {
        "players": [_counts(values.get("a")), _counts(values.get("b"))],
        "took_damage_last": _SIDES.index(str(last)) if last else None,
    }
    try:
        decision = overtime_from_json(data)
    except RecordError as exc:
        path = _PLAYER_PATH.sub(lambda m: _SIDES[int(m.group(1))], exc.path)
        raise InvalidInputError(exc.message, field=f"overtime.{path}") from None
    return TimeDecision(
        winner=None if decision.winner is None else _SIDES[decision.winner],
        decided_by=decision.decided_by,
        rules=decision.rules,
        ambiguities=decision.ambiguities,
        # The names are put in where the decision is shown (``tiebreak_text``).
        en=decision.explain.replace("player 1", "{a}").replace("player 2", "{b}"),
        ja=decision.explain_ja.replace("プレイヤー1", "{a}").replace("プレイヤー2", "{b}"),
    )


register_tiebreak("azuki", azuki_tiebreak)
