"""A game's tiebreak at the result desk: the engine plug-in's pure decider (``Tiebreak``, e.g.
Azuki TCG's overtime) adapted to the result services' ``TiebreakDecider``
(``tournaments.procedures.end_of_round``), for every game that has one. ``judging.apps``
registers each at start-up, in its one loop over the engine's games.

The result desk names the two players ``a`` and ``b``; the engine names them by seat
(``players[0]``, "player 1"). The desk's values are ``{"a": {field: count}, "b": {…}}`` plus
any question about the two players ("who took damage last": ``"a"``, ``"b"`` or nobody), which
the engine reads as a seat (0, 1 or null).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.utils.translation import gettext as _

from core.errors import InvalidInputError
from judging.engine.core.errors import RecordError
from judging.engine.core.jsontypes import JSON
from judging.engine.core.plugin import GamePlugin, Tiebreak
from tournaments.procedures.end_of_round import TiebreakDecider, TimeDecision, register_tiebreak

SIDES = ("a", "b")
_PLAYER_PATH = re.compile(r"^players\[(\d)\]")


def _counts(value: object, fields: tuple[str, ...]) -> JSON:
    if not isinstance(value, Mapping):
        return None
    return {
        str(k): v if isinstance(v, int) and not isinstance(v, bool) else str(v)
        for k, v in value.items()
        if str(k) in fields
    }


def _seat(key: str, value: object) -> int | None:
    if value in (None, ""):
        return None
    if value not in SIDES:
        raise InvalidInputError(_("choose one of the two players, or nobody"),
                                field=f"overtime.{key}")  # fmt: skip
    return SIDES.index(str(value))


def tiebreak_decider(tiebreak: Tiebreak) -> TiebreakDecider:
    """The result desk's decider for one game's ``tiebreak`` (a bad value names its field as
    the desk does: ``overtime.a.deck``, ``overtime.took_damage_last``)."""

    def decide(values: Mapping[str, object]) -> TimeDecision:
        data: dict[str, JSON] = {
            "players": [_counts(values.get(side), tiebreak.fields) for side in SIDES]
        }
        for key, value in values.items():
            if key not in SIDES:
                data[key] = _seat(key, value)
        try:
            decision = tiebreak.decide(data)
        except RecordError as exc:
            path = _PLAYER_PATH.sub(lambda m: SIDES[int(m.group(1))], exc.path)
            raise InvalidInputError(exc.message, field=f"overtime.{path}") from None
        return TimeDecision(
            winner=None if decision.winner is None else SIDES[decision.winner],
            decided_by=decision.decided_by,
            rules=decision.rules,
            ambiguities=decision.ambiguities,
            # The names are put in where the decision is shown (``tiebreak_text``).
            en=decision.explain.replace("player 1", "{a}").replace("player 2", "{b}"),
            ja=decision.explain_ja.replace("プレイヤー1", "{a}").replace("プレイヤー2", "{b}"),
        )

    return decide


def tiebreak_register(game: GamePlugin) -> None:
    """Give the result desk the game's tiebreak decider, if the game has one."""
    if game.tiebreak is not None:
        register_tiebreak(game.slug, tiebreak_decider(game.tiebreak))
