"""Replaying a ``ztrike-game/1`` record: the report (JSON or text, English or Japanese), the
answers to claims, and the entry points ``replay_record`` and ``replay_text`` (command line)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace

from judging.engine.core.claims import ClaimVerdict, answer_claims_by_rerun
from judging.engine.core.errors import IllegalInputError
from judging.engine.core.events import Outcome
from judging.engine.core.jsonread import load_json, unwrap_record
from judging.engine.core.jsontypes import JSON, value_to_json
from judging.engine.core.report import IllegalInput
from judging.engine.ztrike.game import Game, RoundSnapshot
from judging.engine.ztrike.messages import OUTCOME, Renderer, player_label, render
from judging.engine.ztrike.record import Card, ZtrikeRecord, cards_from_list, parse_record
from judging.engine.ztrike.rules import display

REPORT_FORMAT = "ztrike-replay/1"


@dataclass(frozen=True, slots=True)
class ZtrikeReport:
    """The answer to one record. ``rounds`` (each round's board and events) is built on first
    use by replaying the record again with its events: replaying is deterministic, so it is the
    same game, and a caller who wants only the result does not pay for the events."""

    record: ZtrikeRecord
    outcome: Outcome
    traced: tuple[RoundSnapshot, ...] | None
    illegal_input: IllegalInput | None
    claims: tuple[ClaimVerdict, ...]
    consulted: tuple[str, ...]
    lang: str = "en"

    @property
    def rounds(self) -> tuple[RoundSnapshot, ...]:
        traced = self.traced
        if traced is None:
            game, _ = _run(self.record)
            traced = tuple(game.rounds)
            object.__setattr__(self, "traced", traced)
        return traced

    def card_names(self) -> dict[str, JSON]:
        """The name of every card in the two decks, by id (the judge pages show names)."""
        cards = self.record.cards
        used = sorted({*self.record.decks[0], *self.record.decks[1]})
        return {cid: cards[cid].name for cid in used}

    def _names(self) -> Mapping[str, str]:
        return _CardNames(self.record.cards)

    def round_json(
        self, snap: RoundSnapshot, lang: str, renderer: Renderer | None = None
    ) -> dict[str, JSON]:
        text = (renderer or Renderer(self.record.names, self._names(), lang)).text
        hands, decks, discards, zones = snap.hands, snap.decks, snap.discards, snap.victory_zones
        return {
            "round": snap.round,
            "main_player": snap.main_player,
            "decided_by": snap.decided_by,
            "winner": snap.winner,
            "victory_points": list(snap.victory_points),
            "players": [
                {
                    "hand": hands[p],
                    "deck": decks[p],
                    "discard": discards[p],
                    "victory_zone": list(zones[p]),
                }
                for p in (0, 1)
            ],
            "events": [
                {
                    "kind": e.kind,
                    "rules": list(e.rules),
                    "player": e.player,
                    "before": value_to_json(e.before),
                    "after": value_to_json(e.after),
                    "text": text(e.kind, e.player, e.before, e.after, e.params),
                }
                for e in snap.events
            ],
        }

    def to_json(self, lang: str | None = None) -> dict[str, JSON]:
        lang = lang or self.lang
        renderer = Renderer(self.record.names, self._names(), lang)
        out: dict[str, JSON] = {
            "format": REPORT_FORMAT,
            "rounds": [self.round_json(s, lang, renderer) for s in self.rounds],
            "result": self.outcome.to_json(("outcome", "winner", "rules")),
            "claims": [c.to_json() for c in self.claims],
            "profile": self.record.profile.to_json(),
            "ambiguities_consulted": list(self.consulted),
            "card_names": self.card_names(),
        }
        if self.illegal_input is not None:
            out["illegal_input"] = self.illegal_input.to_json()
        return out

    def to_text(self, lang: str | None = None) -> str:
        lang = lang or self.lang
        ja = lang == "ja"
        names = self._names()
        lines: list[str] = []
        for snap in self.rounds:
            main = player_label(snap.main_player, self.record.names, lang)
            lines.append(
                f"{snap.round}ラウンド目（メインプレイヤー：{main}）"
                if ja
                else f"Round {snap.round} (Main Player: {main})"
            )
            for e in snap.events:
                text = render(
                    e.kind,
                    e.player,
                    e.before,
                    e.after,
                    dict(e.params),
                    self.record.names,
                    names,
                    lang,
                )
                cited = (
                    "、".join(display(k, lang) for k in e.rules)
                    if ja
                    else "; ".join(display(k, lang) for k in e.rules)
                )
                lines.append(f"  {text} [{cited}]" if cited else f"  {text}")
        ill = self.illegal_input
        if ill is not None:
            label = "ルール違反の入力" if ja else "Illegal input"
            lines.append(f"{label}: {ill.path} [{display(ill.rule, lang)}] {ill.message}")
        result = OUTCOME[self.outcome.outcome][1 if ja else 0]
        if self.outcome.winner is not None:
            who = player_label(self.outcome.winner, self.record.names, lang)
            result = f"{who}の勝利" if ja else f"{who} wins"
        cited = ("、" if ja else "; ").join(display(k, lang) for k in self.outcome.rules)
        lines.append(f"{'結果' if ja else 'Result'}: {result}" + (f" [{cited}]" if cited else ""))
        for claim in self.claims:
            lines.append(f"  {claim.party} {claim.at} {claim.path}: {claim.status}")
        return "\n".join(lines) + "\n"


class _CardNames(Mapping[str, str]):
    """Card names by id, read from the catalogue on demand (not copied for every report)."""

    __slots__ = ("cards",)

    def __init__(self, cards: Mapping[str, Card]) -> None:
        self.cards = cards

    def __getitem__(self, key: str) -> str:
        return self.cards[key].name

    def get(self, key: str, default: str | None = None) -> str | None:  # type: ignore[override]
        card = self.cards.get(key)
        return default if card is None else card.name

    def __iter__(self) -> Iterator[str]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)


def _run(record: ZtrikeRecord, *, trace: bool = True) -> tuple[Game, Outcome]:
    game: Game | None = None
    try:
        game = Game(record, trace=trace)
    except IllegalInputError as exc:
        game = Game.__new__(Game)
        game.record, game.rounds, game.consulted, game.illegal = record, [], set(), exc
        return game, Outcome("unfinished", None, (exc.rule.key,), "illegal_input")
    return game, game.run()


def _claims(record: ZtrikeRecord, game: Game) -> tuple[ClaimVerdict, ...]:
    return answer_claims_by_rerun(
        record.claims,
        checkpoints=game.rounds,
        number=lambda snap: snap.round,
        choices=record.profile,
        consulted=game.consulted,
        rerun=lambda choices: _run(replace(record, profile=choices))[0].rounds,
        label="R",
        illegal_from=game.illegal.turn if game.illegal is not None else None,
        stops_at_illegal=False,
        unreached="the replay does not reach this round",
        rules_at=lambda snap: next(
            (e.rules for e in reversed(snap.events) if e.kind == "round_decided"), ()
        ),
    )


def replay_record(
    record: JSON | ZtrikeRecord,
    *,
    cards: Mapping[str, Card] | None = None,
    lang: str = "en",
) -> ZtrikeReport:
    """Replay a record (JSON or parsed). RecordError when it cannot be read; a broken rule is
    reported as ``illegal_input``."""
    parsed = record if isinstance(record, ZtrikeRecord) else parse_record(record, cards)
    # Claims are answered from the rounds' boards: then the events are kept at once.
    traced = bool(parsed.claims)
    game, outcome = _run(parsed, trace=traced)
    illegal = None
    if game.illegal is not None:
        exc = game.illegal
        illegal = IllegalInput(exc.rule.key, exc.turn, "", exc.path, exc.message)
    return ZtrikeReport(
        parsed,
        outcome,
        tuple(game.rounds) if traced else None,
        illegal,
        _claims(parsed, game),
        tuple(sorted(game.consulted)),
        lang,
    )


def replay_text(text: str, cards_text: str | None, lang: str) -> ZtrikeReport:
    """The command line's entry: the record's text and an optional card list's text."""
    cards = None
    if cards_text is not None:
        cards = cards_from_list(load_json(cards_text, "--cards"), "--cards")
    return replay_record(unwrap_record(load_json(text, "record")), cards=cards, lang=lang)
