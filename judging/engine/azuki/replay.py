"""Replaying an ``azuki-game/1`` record: the report (JSON or text, English or Japanese), the
answers to claims, and the entry points ``replay_record`` (a parsed or JSON record and a card
table) and ``replay_text`` (the command line's texts)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from judging.engine.azuki.game import Game, TurnSnapshot
from judging.engine.azuki.messages import ILLEGAL, OUTCOME, player_label, render
from judging.engine.azuki.record import AzukiRecord, Card, cards_from_list, parse_record
from judging.engine.azuki.rules import display
from judging.engine.core.claims import ClaimVerdict, answer_claims_by_rerun
from judging.engine.core.events import Event, Outcome
from judging.engine.core.jsonread import load_json, unwrap_record
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
            "result": self.outcome.to_json(("outcome", "winner", "reason", "rules")),
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
    return answer_claims_by_rerun(
        record.claims,
        checkpoints=game.turns,
        number=lambda snap: snap.turn,
        choices=record.profile,
        consulted=game.consulted,
        rerun=lambda choices: _run(replace(record, profile=choices))[0].turns,
        label="T",
        illegal_from=game.illegal.turn if game.illegal is not None else None,
        stops_at_illegal=True,
        unreached="the replay does not reach the end of this turn",
        rules_at=lambda snap: tuple(dict.fromkeys(k for e in snap.events for k in e.rules)),
    )


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
        cards = cards_from_list(load_json(cards_text, "--cards"), "--cards")
    return replay_record(unwrap_record(load_json(text, "record")), cards=cards, lang=lang)
