"""Replaying an ``azuki-game/1`` record: the report (JSON or text, English or Japanese), the
answers to claims, and the entry points ``replay_record`` (a parsed or JSON record and a card
table) and ``replay_text`` (the command line's texts)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace

from judging.engine.azuki.game import Event, Game, Outcome, TurnSnapshot
from judging.engine.azuki.messages import ILLEGAL, OUTCOME, player_label, render
from judging.engine.azuki.record import AzukiRecord, Card, cards_from_list, parse_record
from judging.engine.azuki.rules import display
from judging.engine.core.claims import ClaimVerdict, replayed_verdict, unreached_verdict
from judging.engine.core.errors import RecordError
from judging.engine.core.jsontypes import JSON, value_to_json
from judging.engine.core.report import IllegalInput

REPORT_FORMAT = "azuki-replay/1"


@dataclass(frozen=True, slots=True)
class AzukiReport:
    record: AzukiRecord
    outcome: Outcome
    turns: tuple[TurnSnapshot, ...]
    illegal_input: IllegalInput | None
    claims: tuple[ClaimVerdict, ...]
    consulted: tuple[str, ...]
    lang: str = "en"

    def _names(self) -> dict[str, str]:
        return {cid: card.name for cid, card in self.record.cards.items()}

    def event_text(self, e: Event, lang: str) -> str:
        return render(e.kind, e.player, dict(e.params), self.record.names, self._names(), lang)

    def illegal_text(self, lang: str) -> str:
        ill = self.illegal_input
        if ill is None:
            return ""
        if ill.key in ILLEGAL:
            return render(
                ill.key, None, dict(ill.params), self.record.names, self._names(), lang, ILLEGAL
            )
        return ill.message

    def to_json(self, lang: str | None = None) -> dict[str, JSON]:
        lang = lang or self.lang
        out: dict[str, JSON] = {
            "format": REPORT_FORMAT,
            "turns": [
                {
                    "turn": t.turn,
                    "player": t.player,
                    "events": [
                        {
                            "kind": e.kind,
                            "rules": list(e.rules),
                            "player": e.player,
                            "params": {k: value_to_json(v) for k, v in e.params},
                            "text": self.event_text(e, lang),
                        }
                        for e in t.events
                    ],
                    "state": t.state,
                }
                for t in self.turns
            ],
            "result": {
                "outcome": self.outcome.outcome,
                "winner": self.outcome.winner,
                "reason": self.outcome.reason,
                "rules": list(self.outcome.rules),
            },
            "claims": [c.to_json() for c in self.claims],
            "profile": self.record.profile.to_json(),
            "ambiguities_consulted": list(self.consulted),
        }
        if self.illegal_input is not None:
            ill = self.illegal_input.to_json()
            ill["message"] = self.illegal_text(lang)
            out["illegal_input"] = ill
        return out

    def to_text(self, lang: str | None = None) -> str:
        lang = lang or self.lang
        ja = lang == "ja"
        sep = "、" if ja else "; "
        lines: list[str] = []
        for t in self.turns:
            who = player_label(t.player, self.record.names, lang)
            if t.turn == 0:
                lines.append("ゲーム開始前" if ja else "Before play starts")
            else:
                lines.append(f"{t.turn}ターン目（{who}）" if ja else f"Turn {t.turn} ({who})")
            for e in t.events:
                cited = sep.join(display(k, lang) for k in e.rules)
                text = self.event_text(e, lang)
                lines.append(f"  {text} [{cited}]" if cited else f"  {text}")
        ill = self.illegal_input
        if ill is not None:
            label = "ルール違反の入力" if ja else "Illegal input"
            lines.append(
                f"{label}: {ill.path} [{display(ill.rule, lang)}] {self.illegal_text(lang)}"
            )
        result = OUTCOME[self.outcome.outcome][1 if ja else 0]
        if self.outcome.winner is not None:
            who = player_label(self.outcome.winner, self.record.names, lang)
            result = f"{who}の勝利" if ja else f"{who} wins"
        cited = sep.join(display(k, lang) for k in self.outcome.rules)
        lines.append(f"{'結果' if ja else 'Result'}: {result}" + (f" [{cited}]" if cited else ""))
        for claim in self.claims:
            lines.append(f"  {claim.party} {claim.at} {claim.path}: {claim.status}")
        return "\n".join(lines) + "\n"


def _run(record: AzukiRecord) -> tuple[Game, Outcome]:
    game = Game(record)
    return game, game.run()


def _claims(record: AzukiRecord, game: Game) -> tuple[ClaimVerdict, ...]:
    if not record.claims:
        return ()
    by_turn = {t.turn: t for t in game.turns}
    illegal_turn = game.illegal.turn if game.illegal is not None else None
    others: list[tuple[str, str, Game]] = []
    for key in sorted(game.consulted):
        amb = next(a for a in record.profile.register if a.id == key)
        for alt in amb.alternatives:
            if alt != record.profile.get(key):
                other, _ = _run(replace(record, profile=record.profile.with_choice(key, alt)))
                others.append((key, alt, other))
    verdicts: list[ClaimVerdict] = []
    for claim in record.claims:
        at = f"T{claim.at}"
        snap = by_turn.get(claim.at)
        if snap is None or (illegal_turn is not None and claim.at >= illegal_turn):
            verdicts.append(
                unreached_verdict(
                    party=claim.party, at=at, path=claim.path, claimed=claim.value,
                    illegal=illegal_turn is not None and claim.at >= illegal_turn,
                    explanation="the replay does not reach the end of this turn",
                )
            )  # fmt: skip
            continue
        try:
            actual = snap.value(claim.path)
        except KeyError:
            raise RecordError(f"claims.{at}", f"unknown claim path {claim.path!r}") from None
        depends: list[str] = []
        alts: list[tuple[str, str]] = []
        for key, alt, other in others:
            osnap = next((t for t in other.turns if t.turn == claim.at), None)
            try:
                ovalue = osnap.value(claim.path) if osnap is not None else None
            except KeyError:
                ovalue = None
            if ovalue != actual:
                if key not in depends:
                    depends.append(key)
                alts.append((f"{key}={alt}", json.dumps(ovalue)))
        rules = tuple(dict.fromkeys(k for e in snap.events for k in e.rules))
        verdicts.append(
            replayed_verdict(
                party=claim.party, at=at, path=claim.path, claimed=claim.value, actual=actual,
                rules=rules, depends_on=depends, alternatives=alts,
            )
        )  # fmt: skip
    return tuple(verdicts)


def replay_record(
    record: JSON | AzukiRecord,
    *,
    cards: Mapping[str, Card] | None = None,
    lang: str = "en",
) -> AzukiReport:
    """Replay a record (JSON or parsed) against a card table (the pool: ``cards_from_list`` of
    ``cards.json``). RecordError when it cannot be read; a broken rule is ``illegal_input``."""
    parsed = record if isinstance(record, AzukiRecord) else parse_record(record, cards)
    game, outcome = _run(parsed)
    illegal = None
    if game.illegal is not None:
        exc = game.illegal
        illegal = IllegalInput(
            exc.rule.key, exc.turn, "", exc.path, exc.message, exc.key, exc.params
        )
    return AzukiReport(
        parsed,
        outcome,
        tuple(game.turns),
        illegal,
        _claims(parsed, game),
        tuple(sorted(game.consulted)),
        lang,
    )


def replay_text(text: str, cards_text: str | None, lang: str) -> AzukiReport:
    """The command line's entry: the record's text and an optional card table's text
    (``--cards SHARED_DIR/data/azuki/cards.json``)."""
    cards = None
    if cards_text is not None:
        try:
            cards = cards_from_list(json.loads(cards_text), "--cards")
        except json.JSONDecodeError as exc:
            raise RecordError("--cards", f"not valid JSON (line {exc.lineno}: {exc.msg})") from None
    try:
        data: JSON = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError("record", f"not valid JSON (line {exc.lineno}: {exc.msg})") from None
    return replay_record(data, cards=cards, lang=lang)
