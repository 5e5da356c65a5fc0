"""Replaying a game record: the report (JSON or judge-facing text) and its public entry point."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from judging.engine.core.claims import ClaimVerdict
from judging.engine.core.jsontypes import JSON
from judging.engine.core.report import IllegalInput
from judging.engine.zutomayo.apply import Game, TurnSnapshot, run_record
from judging.engine.zutomayo.cards import CardCatalogue
from judging.engine.zutomayo.claims import answer_claims
from judging.engine.zutomayo.messages import LANGUAGES, player_label, rule_display, step_title, word
from judging.engine.zutomayo.profile import Profile
from judging.engine.zutomayo.record import GameRecord, parse_record
from judging.engine.zutomayo.rules import RULES_DOCUMENT
from judging.engine.zutomayo.state import Event, GameResult

ENGINE_VERSION = "1.0.0"
REPORT_FORMAT = "zutomayo-replay/1"


def _rules_display(keys: tuple[str, ...], lang: str = "en") -> str:
    return ", ".join(rule_display(key, lang) for key in keys)


@dataclass(frozen=True, slots=True)
class ReplayReport:
    """Everything a replay found; ``to_json`` / ``to_text`` render it."""

    result: GameResult
    profile: Profile
    profile_keys_used: tuple[str, ...]
    setup_events: tuple[Event, ...]
    turns: tuple[TurnSnapshot, ...]
    illegal_input: IllegalInput | None
    claims: tuple[ClaimVerdict, ...]
    undescribed_effects: tuple[str, ...]
    player_names: tuple[str, str]
    lang: str = "en"
    card_names: tuple[tuple[str, str, str], ...] = ()
    """(id, English name, Japanese name) of the cards the record uses, for the texts."""

    def names(self, lang: str) -> dict[str, str]:
        return {cid: (ja if lang == "ja" else en) for cid, en, ja in self.card_names}

    @property
    def events(self) -> tuple[Event, ...]:
        return self.setup_events + tuple(e for t in self.turns for e in t.events)

    def to_json(self, lang: str | None = None) -> dict[str, JSON]:
        lang = lang or self.lang
        names = self.names(lang)
        return {
            "format": REPORT_FORMAT,
            "engine_version": ENGINE_VERSION,
            "rules_document": RULES_DOCUMENT,
            "profile": self.profile.to_json(),
            "profile_keys_used": list(self.profile_keys_used),
            "players": list(self.player_names),
            "result": self.result.to_json(),
            "illegal_input": None if self.illegal_input is None else self.illegal_input.to_json(),
            "setup": {"events": [e.to_json(lang, names) for e in self.setup_events]},
            "turns": [_turn_json(t, lang, names) for t in self.turns],
            "claims": [c.to_json() for c in self.claims],
            "notes": [
                f"{card}: the record does not describe this card's effect; treated as no effect"
                for card in self.undescribed_effects
            ],
        }

    def to_text(self, lang: str | None = None) -> str:
        lang = lang if lang in LANGUAGES else (self.lang if self.lang in LANGUAGES else "en")
        ja = lang == "ja"
        names = self.names(lang)
        out: list[str] = []
        people = " / ".join(f"{player_label(i, lang)} {n}" for i, n in enumerate(self.player_names))
        out.append(f"{RULES_DOCUMENT} · engine {ENGINE_VERSION} · {people}")
        profile = ", ".join(f"{k}={v}" for k, v in self.profile.to_json().items())
        out.append(("プロファイル: " if ja else "Profile: ") + profile)
        out.append("準備" if ja else "Setup")
        out.extend(_event_lines(self.setup_events, lang, names))
        for turn in self.turns:
            out.append(f"{turn.turn}ターン目" if ja else f"Turn {turn.turn}")
            out.extend(_event_lines(turn.events, lang, names))
        if self.illegal_input is not None:
            ill = self.illegal_input
            label = "不正な入力" if ja else "ILLEGAL INPUT"
            out.append(f"{label} [{_rules_display((ill.rule,), lang)}] T{ill.turn}/{ill.step} "
                       f"{ill.path}: {ill.message}")  # fmt: skip
        r = self.result
        label = "結果" if ja else "Result"
        winner = ("勝者 " if ja else "winner ") + player_label(r.winner, lang)
        out.append(f"{label}: {word(r.outcome, lang)} ({word(r.reason, lang)}), {winner}, "
                   f"T{r.turn} [{_rules_display(r.rules, lang)}]")  # fmt: skip
        for card in self.undescribed_effects:
            out.append(
                f"注: {card}の効果は記録に記載がないため効果なしとして扱った。"
                if ja
                else f"Note: {card}'s effect is not described in the record; treated as no effect."
            )
        for claim in self.claims:
            rules = f" [{_rules_display(claim.rules, lang)}]" if claim.rules else ""
            where = f" ({claim.step})" if claim.step else ""
            label = "主張" if ja else "Claim"
            why = _claim_ja(claim) if ja else claim.explanation
            out.append(f"{label} {claim.party} {claim.at} {claim.path} = {claim.claimed}: "
                       f"{claim.status}{where}{rules}. {why}")  # fmt: skip
        return "\n".join(out) + "\n"


def _claim_ja(claim: ClaimVerdict) -> str:
    if claim.status == "CONSISTENT":
        return "リプレイと一致する。"
    if claim.status == "CONTRADICTED":
        return f"リプレイでは {claim.actual}（{claim.step} で決まった）。"
    if claim.status == "ILLEGAL_INPUT":
        return f"記録が {_rules_display(claim.rules, 'ja')} に違反している。"
    if claim.status == "DEPENDS_ON":
        return f"{', '.join(claim.depends_on)} の解釈によって結論が変わる。"
    return "記録にない事実が必要。"


def _turn_json(t: TurnSnapshot, lang: str, names: Mapping[str, str]) -> dict[str, JSON]:
    return {
        "turn": t.turn,
        "chronos": {"position": t.medal, "time": t.time},
        "priority": t.priority,
        "battle": None if t.battle is None else t.battle.to_json(),
        "players": [p.to_json() for p in t.players],
        "events": [e.to_json(lang, names) for e in t.events],
    }


def _event_lines(events: tuple[Event, ...], lang: str, names: Mapping[str, str]) -> list[str]:
    lines: list[str] = []
    step = None
    for e in events:
        if e.step != step:
            step = e.step
            lines.append(f"  {step_title(step, lang)}")
        keys = f" ({', '.join(e.profile_keys)})" if e.profile_keys else ""
        qa = e.param("qa")
        cited = _rules_display(e.rules, lang) + (f"; Q&A {qa}" if qa else "")
        lines.append(f"    {e.text(lang, names)} [{cited}]{keys}")
    return lines


def _result(game: Game) -> GameResult:
    if game.illegal is not None:
        return GameResult("unfinished", None, "illegal_input", game.turn, (game.illegal.rule.key,))
    if game.result is not None:
        return game.result
    return GameResult("unfinished", None, "record_ended", game.turn, ())


def report_for(game: Game, record: GameRecord, lang: str = "en",
               claims: tuple[ClaimVerdict, ...] = ()) -> ReplayReport:  # fmt: skip
    illegal = None
    if game.illegal is not None:
        exc = game.illegal
        illegal = IllegalInput(exc.rule.key, exc.turn, exc.step, exc.path, exc.message)
    turns = tuple(game.snapshots)
    return ReplayReport(
        result=_result(game),
        profile=record.profile,
        profile_keys_used=tuple(sorted(game.consulted)),
        setup_events=game.setup_events if game.setup_events else tuple(game.events),
        turns=turns,
        illegal_input=illegal,
        claims=claims,
        undescribed_effects=tuple(sorted(game.undescribed)),
        player_names=(record.players[0].name, record.players[1].name),
        lang=lang,
        card_names=_card_names(record),
    )


def _card_names(record: GameRecord) -> tuple[tuple[str, str, str], ...]:
    used: set[str] = set()
    for player in record.players:
        used.update(player.deck)
    if record.start is not None:
        for snap in record.start.players:
            used.update(snap.hand + snap.deck + snap.power_charger + snap.abyss)
            used.update(c for c in (snap.battle_zone, snap.zone_c) if c is not None)
    for turn in record.turns:
        for choice in turn.sets:
            used.update(choice.cards)
        used.update(e.card_target for e in turn.effects if e.card_target is not None)
    by_id = record.cards.by_id()
    return tuple((cid, by_id[cid].name, by_id[cid].name_ja) for cid in sorted(used) if cid in by_id)


def replay_record(
    record: Mapping[str, JSON] | GameRecord,
    *,
    cards: CardCatalogue | None = None,
    lang: str = "en",
    profile: Mapping[str, JSON] | None = None,
) -> ReplayReport:
    """Replay a ``zutomayo-game/1`` record and answer its claims.

    ``cards`` is the catalogue (e.g. built from the database with ``CardCatalogue.from_dicts``); the
    record's own ``cards`` are added to it. ``profile`` overrides the record's ambiguity choices
    (e.g. ``{"ZA-01": "HALF9"}``). Raises ``RecordError`` (naming the field) if the record cannot
    be read; rule violations are reported in the result as illegal input, never raised.
    """
    if not isinstance(record, GameRecord):
        record = parse_record(dict(record), cards)
    if profile:
        override = Profile.from_json(dict(profile), "profile")
        merged = record.profile
        for key, value in override.choices:
            merged = merged.with_choice(key, value)
        record = record.with_profile(merged)
    capture = bool(record.claims)
    game = run_record(record, capture=capture)
    verdicts: tuple[ClaimVerdict, ...] = ()
    if record.claims:
        verdicts = answer_claims(record, game)
    return report_for(game, record, lang, verdicts)
