"""Toy Game's rules engine (standard library only), the ``GamePlugin`` contract at its smallest.

Two players roll a die once each per round; each roll adds its number to the roller's score
(``toy.score``); a roll is a number from 1 to 6 (``toy.roll``); after the last round the higher
score wins, equal scores draw (``toy.win``). A record (``toy-game/1``)::

    {"format": "toy-game/1", "players": [{"name": "Ann"}, {"name": "Bo"}],
     "rounds": [[3, 5], [6, 1]],
     "claims": [{"party": "P0", "at": "R2", "path": "players[0].score", "value": 9}]}

Its tiebreak (when a tournament round's time runs out): the higher score wins.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from judging.engine.core.errors import RecordError
from judging.engine.core.jsontypes import JSON
from judging.engine.core.plugin import TiebreakDecision
from judging.engine.core.report import IllegalInput
from judging.engine.core.rules import Rule

RECORD_FORMAT = "toy-game/1"
REPORT_FORMAT = "toy-replay/1"
#: The rules: key → (English, Japanese).
RULES: Mapping[str, tuple[str, str]] = MappingProxyType({
    "toy.roll": ("A roll is a number from 1 to 6.", "ロールは1から6までの数です。"),
    "toy.score": ("Each roll adds its number to the roller's score.",
                  "ロールの数がそのプレイヤーのスコアに加わります。"),
    "toy.win": ("After the last round the higher score wins; equal scores draw.",
                "最後のラウンドの後、スコアの高い方が勝ち、同じなら引き分けです。"),
})  # fmt: skip
TITLES = {"toy.roll": ("Toy rule 1", "トイルール1"), "toy.score": ("Toy rule 2", "トイルール2"),
          "toy.win": ("Toy rule 3", "トイルール3")}  # fmt: skip


@dataclass(frozen=True)
class ToyReport:
    """A replay: the score after each round, the verdict on each claim, the result."""

    players: tuple[str, str]
    rounds: tuple[tuple[int, int], ...]
    claims: tuple[dict[str, JSON], ...] = ()
    illegal_input: IllegalInput | None = None
    scores: tuple[tuple[int, int], ...] = field(default=())

    def _result(self) -> dict[str, JSON]:
        if self.illegal_input is not None:
            return {"outcome": "illegal_input", "winner": None, "rules": []}
        a, b = self.scores[-1] if self.scores else (0, 0)
        winner = None if a == b else (0 if a > b else 1)
        return {"outcome": "draw" if winner is None else "win", "winner": winner,
                "rules": ["toy.win"]}  # fmt: skip

    def to_json(self, lang: str = "en") -> dict[str, JSON]:
        ja = lang == "ja"
        rounds: list[JSON] = []
        for n, (roll, score) in enumerate(zip(self.rounds, self.scores, strict=False), 1):
            text = (f"{n}ラウンド目：{roll[0]}と{roll[1]}" if ja
                    else f"Round {n}: rolls {roll[0]} and {roll[1]}")  # fmt: skip
            event: JSON = {"text": text, "rules": ["toy.roll", "toy.score"]}
            rounds.append({"round": n, "scores": list(score), "events": [event]})
        out: dict[str, JSON] = {
            "format": REPORT_FORMAT, "players": list(self.players), "rounds": rounds,
            "claims": [dict(c) for c in self.claims], "result": self._result(),
        }  # fmt: skip
        if self.illegal_input is not None:
            out["illegal_input"] = self.illegal_input.to_json()
        return out

    def to_text(self, lang: str = "en") -> str:
        return json.dumps(self.to_json(lang), ensure_ascii=False)


def _record(record: JSON) -> tuple[tuple[str, str], list[list[int]], list[dict[str, JSON]]]:
    if not isinstance(record, dict):
        raise RecordError("record", "must be a JSON object")
    players = record.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise RecordError("players", "must be a list of two players")
    names = tuple(str(p.get("name", "")) if isinstance(p, dict) else "" for p in players)
    rounds = record.get("rounds")
    pairs: list[list[int]] = []
    for item in rounds if isinstance(rounds, list) else [None]:
        rolls = [x for x in item if isinstance(x, int)] if isinstance(item, list) else []
        if len(rolls) != 2:
            raise RecordError("rounds", "must be a list of [roll, roll] pairs")
        pairs.append(rolls)
    claims = record.get("claims", [])
    if not isinstance(claims, list):
        raise RecordError("claims", "must be a list of claims")
    return (names[0], names[1]), pairs, [c for c in claims if isinstance(c, dict)]


def replay(record: JSON) -> ToyReport:
    players, rounds, claims = _record(record)
    scores: list[tuple[int, int]] = []
    a = b = 0
    for n, (x, y) in enumerate(rounds):
        if not (1 <= x <= 6 and 1 <= y <= 6):
            illegal = IllegalInput("toy.roll", n + 1, "roll", f"rounds[{n}]", "a roll is 1 to 6")
            return ToyReport(players, tuple(map(tuple, rounds[:n])), (), illegal, tuple(scores))  # type: ignore[arg-type]  # pairs
        a, b = a + x, b + y
        scores.append((a, b))
    verdicts: list[dict[str, JSON]] = []
    for claim in claims:
        at = str(claim.get("at", "")).lstrip("R")
        seat = 1 if str(claim.get("path", "")).startswith("players[1]") else 0
        n = int(at) if at.isdigit() else len(scores)
        actual = scores[n - 1][seat] if 0 < n <= len(scores) else None
        status = "CONSISTENT" if actual == claim.get("value") else "CONTRADICTED"
        if actual is None:
            status = "UNDETERMINED"
        verdict: dict[str, JSON] = {
            "party": claim.get("party"), "at": f"R{n}", "path": claim.get("path"),
            "claimed": claim.get("value"), "actual": actual, "status": status,
            "rules": ["toy.score"],
        }  # fmt: skip
        verdicts.append(verdict)
    pairs = tuple((r[0], r[1]) for r in rounds)
    return ToyReport(players, pairs, tuple(verdicts), None, tuple(scores))


class ToyTiebreak:
    """When a round's time runs out: the higher score wins; equal scores go to a judge."""

    fields: tuple[str, ...] = ("score",)

    def decide(self, data: JSON) -> TiebreakDecision:
        players = data.get("players") if isinstance(data, dict) else None
        if not isinstance(players, list) or len(players) != 2:
            raise RecordError("players", "must be a list of two players")
        scores = []
        for i, side in enumerate(players):
            value = side.get("score") if isinstance(side, dict) else None
            if isinstance(value, bool) or not isinstance(value, int):
                raise RecordError(f"players[{i}].score", "must be a whole number")
            scores.append(value)
        if scores[0] == scores[1]:
            return TiebreakDecision(None, "escalate", ("toy.win",), (), "A judge decides.",
                                    "ジャッジが判断します。")  # fmt: skip
        winner = 0 if scores[0] > scores[1] else 1
        return TiebreakDecision(
            winner, "score", ("toy.win",), (),
            f"player {winner + 1} wins on score ({scores[0]} to {scores[1]}).",
            f"スコアでプレイヤー{winner + 1}の勝ちです（{scores[0]}対{scores[1]}）。",
        )  # fmt: skip


class ToyPlugin:
    slug = "toygame"
    title = "Toy Game"
    engine_version = "0.1"
    record_format = RECORD_FORMAT
    also_reads: tuple[str, ...] = ()
    report_format = REPORT_FORMAT
    claim_kinds: Mapping[str, str] = MappingProxyType({"score": "toy.score"})
    tiebreak = ToyTiebreak()
    rules: tuple[Rule, ...] = tuple(
        Rule(key, "Toy Game", TITLES[key][0], TITLES[key][1], texts[0])
        for key, texts in RULES.items()
    )

    def reads(self, fmt: str) -> bool:
        return fmt == self.record_format

    def cards_from_list(self, rows: Sequence[Mapping[str, JSON]]) -> dict[str, str]:
        return {str(r.get("id")): str(r.get("name")) for r in rows}

    def parse(self, record: JSON, *, cards: object | None = None) -> object:
        return _record(record)

    def replay(self, record: JSON, *, cards: object | None, lang: str) -> ToyReport:
        return replay(record)

    def replay_text(self, record_text: str, cards_text: str | None, lang: str) -> ToyReport:
        return replay(json.loads(record_text))

    def schema_text(self) -> str:
        return json.dumps({"type": "object", "required": ["format", "players", "rounds"]})

    def rule_display(self, key: str, lang: str) -> str:
        titles = TITLES.get(key)
        return titles[1 if lang == "ja" else 0] if titles else key

    def rule_text(self, key: str, lang: str) -> str | None:
        texts = RULES.get(key)
        return texts[1 if lang == "ja" else 0] if texts else None

    def random_game(self, rng: random.Random, *, cards: object | None = None) -> JSON:
        del cards  # the toy game has no cards
        rounds: list[JSON] = [[rng.randint(1, 6), rng.randint(1, 6)] for _ in range(3)]
        return {"format": RECORD_FORMAT, "players": [{"name": "A"}, {"name": "B"}],
                "rounds": rounds}  # fmt: skip


PLUGIN = ToyPlugin()
