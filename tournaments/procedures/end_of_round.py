"""What happens when time is called: the event's end-of-round procedure, in English and
Japanese, and the ways a result may say the game ended at time.

ZUTOMAYO CARD publishes no end-of-round procedure we could find, so the organiser chooses one
(``Event.end_of_round``): the game is a draw; or a set number of extra turns, then the player
with more HP wins; or a judge decides. Azuki TCG publishes its overtime (rules FAQ,
"Tournaments and organized play"): when overtime ends the game is decided by its tiebreakers,
which players report (confirmed by the opponent like any result) or a judge enters.

Deciding the tiebreakers is the rules engines' work (``judging``, a later layer): a game's
decider is registered here at start-up (``register_tiebreak``, from ``judging.apps``), so that
this layer uses it without importing the one above it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from core.errors import InvalidInputError
from tournaments.models import Event, Round

#: How a result says a game ended at time (``ResultReport.time_outcome``); "" = it ended in play.
TIME_DRAW = "time_draw"
TIME_HP = "time_hp"
TIME_JUDGE = "time_judge"
TIME_TIEBREAK = "time_tiebreak"
TIME_OUTCOMES = {
    TIME_DRAW: _("Time was called: the game is a draw"),
    TIME_HP: _("Ended on HP after the extra turns"),
    TIME_JUDGE: _("Time was called: a judge decided"),
    TIME_TIEBREAK: _("Overtime ended: the tiebreakers decided"),
}
#: The counts an Azuki TCG overtime tiebreak compares, in the FAQ's order, with their labels.
TIEBREAK_COUNTS = (
    ("leader_health", _("Leader health")),
    ("deck", _("Cards left in deck")),
    ("garden", _("Garden entities")),
    ("alley", _("Alley entities")),
    ("hand", _("Cards in hand")),
)


@dataclass(frozen=True)
class TimeDecision:
    """A tiebreak's answer: the winning side ("a", "b", or None when a judge must decide), the
    tiebreaker that decided, the rules cited (keys) and the ambiguities consulted, in words."""

    winner: str | None
    decided_by: str
    rules: tuple[str, ...]
    ambiguities: tuple[str, ...]
    en: str
    ja: str

    def as_dict(self) -> dict[str, object]:
        return {
            "winner": self.winner, "decided_by": self.decided_by, "rules": list(self.rules),
            "ambiguities": list(self.ambiguities), "en": self.en, "ja": self.ja,
        }  # fmt: skip


#: values -> decision; ``values`` is ``{"a": {count: int}, "b": {…}, "took_damage_last": "a" |
#: "b" | None}``; a bad value raises ``InvalidInputError`` naming ``overtime.<side>.<count>``.
TiebreakDecider = Callable[[Mapping[str, object]], TimeDecision]
_TIEBREAKS: dict[str, TiebreakDecider] = {}


def register_tiebreak(game_slug: str, decider: TiebreakDecider) -> None:
    """Called once at start-up by the layer that knows the game's rules."""
    _TIEBREAKS[game_slug] = decider


def decide_tiebreak(*, event: Event, values: Mapping[str, object]) -> TimeDecision:
    decider = _TIEBREAKS.get(event.game.slug)
    if decider is None:
        raise InvalidInputError(
            gettext("%(name)s has no overtime tiebreakers") % {"name": event.game.name},
            field="time_outcome",
        )
    return decider(values)


_AZUKI_EN = (
    "Azuki TCG overtime (published rules): Swiss rounds are best of one, 30 minutes plus up to "
    "5 minutes or up to 2 turns each (the turn in progress included), whichever ends first. "
    "Top-cut matches are best of three, 70 minutes plus 15 minutes (5 turns) of overtime when "
    "tied 1-1. When overtime ends, the winner is the player with more Leader health, then more "
    "cards left in deck, Garden entities, Alley entities, cards in hand, and finally the player "
    "who took damage last."
)
_AZUKI_JA = (
    "Azuki TCGの延長（公式ルール）：スイスラウンドは1本先取、30分＋延長は最大5分または各プレイヤー"
    "最大2ターン（進行中のターンを含む）の早い方まで。トップカットは2本先取、70分で、1勝1敗なら"
    "15分（5ターン）の延長。延長終了時は、リーダーの体力が多い方、次にデッキの残り枚数、ガーデンの"
    "エンティティ、アレイのエンティティ、手札の枚数が多い方、最後に最後にダメージを受けたプレイヤー"
    "が勝ちます。"
)


@dataclass(frozen=True)
class Procedure:
    """The procedure in words (both languages) and the time outcomes a result may use."""

    code: str
    en: str
    ja: str
    outcomes: tuple[str, ...]

    def text(self, language: str | None) -> str:
        return self.ja if (language or "").startswith("ja") else self.en


@dataclass(frozen=True)
class Overtime:
    """The overtime the round clock runs once time is called (Azuki TCG's published one)."""

    minutes: int
    en: str
    ja: str

    def text(self, language: str | None) -> str:
        return self.ja if (language or "").startswith("ja") else self.en


def overtime_for(event: Event, stage: str) -> Overtime | None:
    """Azuki TCG (FAQ, ``azk.op.overtime``): Swiss, up to 5 minutes or up to 2 turns each (the
    turn in progress included), whichever ends first; top cut, 15 minutes (5 turns) when the
    match is tied 1-1. Other games: none."""
    if event.game.slug != "azuki":
        return None
    if stage == Round.Stage.TOP_CUT:
        return Overtime(
            15,
            "Overtime if the match is tied 1-1: 15 minutes (5 turns).",
            "1勝1敗なら延長：15分（5ターン）。",
        )
    return Overtime(
        5,
        "Overtime: up to 5 minutes or up to 2 turns each (the turn in progress included), "
        "whichever ends first.",
        "延長：最大5分または各プレイヤー最大2ターン（進行中のターンを含む）の早い方まで。",
    )


def tiebreak_text(
    overtime: Mapping[str, object] | None, language: str | None, *, name_a: str, name_b: str
) -> str:
    """A stored tiebreak decision (``ResultReport.overtime["decision"]``) in words, with the
    players' names."""
    decision = (overtime or {}).get("decision")
    if not isinstance(decision, Mapping):
        return ""
    text = str(decision.get("ja" if (language or "").startswith("ja") else "en", ""))
    return text.replace("{a}", name_a).replace("{b}", name_b)


def procedure_for(event: Event) -> Procedure:
    """The event's end-of-round procedure (Azuki TCG: its published overtime)."""
    if event.game.slug == "azuki":
        return Procedure("azuki_overtime", _AZUKI_EN, _AZUKI_JA, (TIME_TIEBREAK, TIME_JUDGE))
    if event.end_of_round == Event.EndOfRound.EXTRA_TURNS:
        turns = event.end_of_round_extra_turns
        return Procedure(
            "extra_turns",
            f"Time! Play {turns} extra turn(s) in all; then the player with more HP wins "
            "(record it as ended on HP after the extra turns).",
            f"タイム！合計{turns}ターンの追加ターンを行い、その後HPが多いプレイヤーの勝ちです"
            "（「追加ターン後のHPで決着」と報告してください）。",
            (TIME_HP,),
        )
    if event.end_of_round == Event.EndOfRound.JUDGE:
        return Procedure(
            "judge",
            "Time! Stop playing and call a judge: the judge decides the game.",
            "タイム！プレイを止めてジャッジを呼んでください。ジャッジが勝敗を判断します。",
            (TIME_JUDGE,),
        )
    return Procedure(
        "draw",
        "Time! A game that is not over is a draw.",
        "タイム！終わっていないゲームは引き分けです。",
        (TIME_DRAW,),
    )


def validate_time_outcome(
    *, event: Event, outcome: str, wins_a: int, wins_b: int, by_judge: bool
) -> None:
    """Refuse a time outcome the event's procedure does not allow, or one whose score does not
    fit it (a draw at time with a winner, an HP win without one, a judge's decision reported by
    a player)."""
    if not outcome:
        return
    procedure = procedure_for(event)
    if outcome not in TIME_OUTCOMES or outcome not in procedure.outcomes:
        raise InvalidInputError(
            gettext("this event's end-of-round procedure does not allow %(outcome)r: %(procedure)s")
            % {"outcome": outcome, "procedure": procedure.text(get_language())},
            field="time_outcome",
        )
    if outcome == TIME_DRAW and wins_a != wins_b:
        raise InvalidInputError(gettext("a draw at time has equal wins"), field="time_outcome")
    if outcome == TIME_HP and wins_a == wins_b:
        raise InvalidInputError(
            gettext("after the extra turns the player with more HP wins: say who"),
            field="time_outcome",
        )
    if outcome == TIME_JUDGE and not by_judge:
        raise InvalidInputError(
            gettext("a judge decides this game at time: call a judge"), field="time_outcome"
        )


def time_outcome_choices(event: Event, *, by_judge: bool) -> list[tuple[str, str]]:
    """The choices a result form offers: ended in play, and what the procedure allows."""
    allowed = [
        (code, str(TIME_OUTCOMES[code]))
        for code in procedure_for(event).outcomes
        if by_judge or code != TIME_JUDGE
    ]
    return [("", str(_("The game ended in play"))), *allowed]
