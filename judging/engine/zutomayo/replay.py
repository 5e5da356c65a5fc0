"""Replaying a game record: the report (JSON or judge-facing text) and its public entry point."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from judging.engine.core.claims import ClaimVerdict, verdict_word
from judging.engine.core.events import Event, Outcome
from judging.engine.core.jsontypes import JSON
from judging.engine.core.report import IllegalInput
from judging.engine.zutomayo.apply import ChoicePoint, Game, TurnSnapshot, run_record
from judging.engine.zutomayo.cardeffects.vocab import CardEffect
from judging.engine.zutomayo.cards import CardCatalogue
from judging.engine.zutomayo.claims import answer_claims
from judging.engine.zutomayo.messages import (
    LANGUAGES,
    ambiguity_answer,
    ambiguity_question,
    checkpoint_words,
    claim_subject,
    claim_value,
    illegal_message,
    player_name,
    rule_display,
    step_title,
    word,
)
from judging.engine.zutomayo.profile import Profile
from judging.engine.zutomayo.record import GameRecord, parse_record
from judging.engine.zutomayo.rules import RULES_DOCUMENT
from judging.engine.zutomayo.state import event_json, event_text

RULES_DOCUMENT_JA = "ZUTOMAYO CARD 総合ルール 1.0.1（英語の非公式翻訳）"
ENGINE_VERSION = "1.0.0"
REPORT_FORMAT = "zutomayo-replay/1"


def _rules_display(keys: tuple[str, ...], lang: str = "en") -> str:
    return ", ".join(rule_display(key, lang) for key in keys)


@dataclass(frozen=True, slots=True)
class ReplayReport:
    """Everything a replay found; ``to_json`` / ``to_text`` render it."""

    result: Outcome
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
    night_side: int = 0
    choices: tuple[ChoicePoint, ...] = ()
    """Every choice an effect asked for, answered or defaulted (so the judge sees what was
    assumed)."""

    @property
    def defaulted_choices(self) -> tuple[ChoicePoint, ...]:
        """The choices the record did not answer: the documented default was used."""
        return tuple(c for c in self.choices if c.defaulted)

    def names(self, lang: str) -> dict[str, str]:
        """Card ids to names in ``lang``, and ``#P0``/``#P1`` to the players' names."""
        names = {cid: (ja if lang == "ja" else en) for cid, en, ja in self.card_names}
        for index, name in enumerate(self.player_names):
            if name:
                names[f"#P{index}"] = name
        return names

    @property
    def events(self) -> tuple[Event, ...]:
        return self.setup_events + tuple(e for t in self.turns for e in t.events)

    def to_json(self, lang: str | None = None) -> dict[str, JSON]:
        lang = lang or self.lang
        names = self.names(lang)
        return {
            "format": REPORT_FORMAT,
            "engine_version": ENGINE_VERSION,
            "rules_document": RULES_DOCUMENT_JA if lang == "ja" else RULES_DOCUMENT,
            "profile": self.profile.to_json(),
            "profile_keys_used": list(self.profile_keys_used),
            "players": list(self.player_names),
            "night_side": self.night_side,
            "card_names": {cid: [en, ja] for cid, en, ja in self.card_names},
            "result": self.result.to_json(),
            "illegal_input": self._illegal_json(lang, names),
            "setup": {"events": [event_json(e, lang, names) for e in self.setup_events]},
            "turns": [_turn_json(t, lang, names) for t in self.turns],
            "claims": [_claim_json(c, lang, names) for c in self.claims],
            "choices": [c.to_json() for c in self.choices],
            "defaulted_choices": [c.path for c in self.defaulted_choices],
            "notes": [
                f"{names.get(card, card)}の効果は記録に記載がないため効果なしとして扱った。"
                if lang == "ja"
                else f"{names.get(card, card)}: the record does not describe this card's effect; "
                "treated as no effect"
                for card in self.undescribed_effects
            ],
        }

    def illegal_text(self, lang: str, names: Mapping[str, str]) -> str:
        """The illegal input's message in ``lang`` (its English text if it has no key)."""
        ill = self.illegal_input
        if ill is None:
            return ""
        return illegal_message(ill.key, ill.params, lang, names) or ill.message

    def _illegal_json(self, lang: str, names: Mapping[str, str]) -> JSON:
        ill = self.illegal_input
        if ill is None:
            return None
        out = ill.to_json()
        out["message"] = self.illegal_text(lang, names)
        out["key"] = ill.key
        out["params"] = dict(ill.params)
        return out

    def to_text(self, lang: str | None = None) -> str:
        lang = lang if lang in LANGUAGES else (self.lang if self.lang in LANGUAGES else "en")
        ja = lang == "ja"
        names = self.names(lang)
        out: list[str] = []
        people = " / ".join(n for n in self.player_names)
        engine = "エンジン" if ja else "engine"
        document = RULES_DOCUMENT_JA if ja else RULES_DOCUMENT
        out.append(f"{document} · {engine} {ENGINE_VERSION} · {people}")
        for key, choice in self.profile.to_json().items():
            out.append(
                f"{ambiguity_question(key, lang)} → {ambiguity_answer(key, str(choice), lang)}"
            )
        out.append("準備" if ja else "Setup")
        out.extend(_event_lines(self.setup_events, lang, names))
        for turn in self.turns:
            out.append(f"{turn.turn}ターン目" if ja else f"Turn {turn.turn}")
            out.extend(_event_lines(turn.events, lang, names))
        if self.illegal_input is not None:
            ill = self.illegal_input
            label = "不正な入力" if ja else "ILLEGAL INPUT"
            rule, message = _rules_display((ill.rule,), lang), self.illegal_text(lang, names)
            if ja:  # the record's field is quoted: it is the record's own word, not ours
                where = f"「{ill.path}」" if ill.path else ""
                out.append(f"{label} [{rule}] {ill.turn}ターン目・{step_title(ill.step, lang)} "
                           f"{where}：{message}")  # fmt: skip
            else:
                out.append(f"{label} [{rule}] T{ill.turn}/{ill.step} {ill.path}: {message}")
        r = self.result
        label = "結果" if ja else "Result"
        winner = ("勝者 " if ja else "winner ") + player_name(r.winner, lang, names)
        when = f"{r.turn}ターン目" if ja else f"turn {r.turn}"
        cited = f" [{_rules_display(r.rules, lang)}]" if r.rules else ""
        outcome, reason = word(r.outcome, lang), word(r.reason, lang)
        if ja:
            out.append(f"{label}: {outcome}（{reason}）、{winner}、{when}{cited}")
        else:
            out.append(f"{label}: {outcome} ({reason}), {winner}, {when}{cited}")
        for card in self.undescribed_effects:
            out.append(
                f"注: {names.get(card, card)}の効果は記録に記載がないため効果なしとして扱った。"
                if ja
                else f"Note: {card}'s effect is not described in the record; treated as no effect."
            )
        for claim in self.claims:
            rules = f" [{_rules_display(claim.rules, lang)}]" if claim.rules else ""
            label = "主張" if ja else "Claim"
            party = _party(claim.party, self.player_names, self.night_side)
            said = _claim_sentence(claim, lang, names)
            why = _claim_ja(claim, names) if ja else _claim_en(claim, names)
            sep = "：" if ja else ": "
            verdict = verdict_word(claim.status, lang)
            end = "。" if ja else ". "
            out.append(f"{label} {party}{sep}{said}{sep}{verdict}{rules}{end}{why}")
        return "\n".join(out) + "\n"


def _party(party: str, players: tuple[str, str], night_side: int = 0) -> str:
    """A claim's party: "0"/"1"/"P0" name a seat, "N"/"D" the night and day sides (design
    4.6); any other word is shown as written."""
    seat = party_seat(party, night_side)
    if seat is not None and players[seat]:
        return players[seat]
    return party


def party_seat(party: str, night_side: int = 0) -> int | None:
    """The seat a claim's party names, or None."""
    if party in ("N", "D"):
        return night_side if party == "N" else 1 - night_side
    seat = party[1:] if party[:1] in ("P", "p") else party
    return int(seat) if seat in ("0", "1") else None


def _claim_sentence(claim: ClaimVerdict, lang: str, names: Mapping[str, str]) -> str:
    """ "turn 3, after 5.2.9 …: the winner of the battle is Bo" in ``lang``."""
    where = checkpoint_words(claim.at, lang)
    what = claim_subject(claim.path, lang, names)
    value = claim_value(claim.path, claim.claimed, lang, names)
    if claim.op == "contains":
        return (
            f"{where}、{what}に{value}がある" if lang == "ja" else f"{where}, {what} holds {value}"
        )
    if lang == "ja":
        return f"{where}、{what}は{value}"
    return f"{where}, {what} is {value}"


def _alternatives(claim: ClaimVerdict, lang: str, names: Mapping[str, str]) -> str:
    parts = []
    for choice, status in claim.alternatives:
        key, _, alt = choice.partition("=")
        if ".choices.picks[" in key:  # the cards chosen, by name
            joiner = "、" if lang == "ja" else ", "
            shown = joiner.join(_pick_word(a, lang, names) for a in alt.split(",") if a)
            answer = shown or ("なし" if lang == "ja" else "none")
        else:
            answer = ambiguity_answer(key, alt, lang)
        parts.append(f"{answer} → {verdict_word(status, lang)}")
    return ("、" if lang == "ja" else "; ").join(parts)


def _pick_word(answer: str, lang: str, names: Mapping[str, str]) -> str:
    """One part of a pick's answer: a card by its name, or a may's yes / no."""
    if answer in names:
        return names[answer] if lang == "ja" else f"{names[answer]} [{answer}]"
    return word(answer, lang)


def _claim_en(claim: ClaimVerdict, names: Mapping[str, str]) -> str:
    actual = claim_value(claim.path, claim.actual, "en", names)
    if claim.status == "CONSISTENT":
        return "The replay agrees."
    if claim.status == "CONTRADICTED":
        return f"The replay has {actual} ({checkpoint_words(claim.step or claim.at, 'en')})."
    if claim.status == "ILLEGAL_INPUT":
        return f"The record breaks {_rules_display(claim.rules, 'en')}."
    if claim.status == "DEPENDS_ON":
        questions = "; ".join(ambiguity_question(k, "en") for k in claim.depends_on)
        return f"The verdict depends on: {questions} ({_alternatives(claim, 'en', names)})."
    return "A fact the record does not have is needed."


def _claim_ja(claim: ClaimVerdict, names: Mapping[str, str]) -> str:
    actual = claim_value(claim.path, claim.actual, "ja", names)
    if claim.status == "CONSISTENT":
        return "リプレイと一致する。"
    if claim.status == "CONTRADICTED":
        return (
            f"リプレイでは{actual}（{checkpoint_words(claim.step or claim.at, 'ja')}で決まった）。"
        )
    if claim.status == "ILLEGAL_INPUT":
        return f"記録が{_rules_display(claim.rules, 'ja')}に違反している。"
    if claim.status == "DEPENDS_ON":
        questions = "、".join(ambiguity_question(k, "ja") for k in claim.depends_on)
        return f"結論は次の判断による：{questions}（{_alternatives(claim, 'ja', names)}）。"
    return "記録にない事実が必要。"


def _claim_json(claim: ClaimVerdict, lang: str, names: Mapping[str, str]) -> dict[str, JSON]:
    data = claim.to_json()
    data["verdict"] = verdict_word(claim.status, lang)
    data["description"] = _claim_sentence(claim, lang, names)
    data["why"] = _claim_ja(claim, names) if lang == "ja" else _claim_en(claim, names)
    return data


def _turn_json(t: TurnSnapshot, lang: str, names: Mapping[str, str]) -> dict[str, JSON]:
    return {
        "turn": t.turn,
        "chronos": {"position": t.medal, "time": t.time},
        "priority": t.priority,
        "battle": None if t.battle is None else t.battle.to_json(),
        "players": [p.to_json() for p in t.players],
        "events": [event_json(e, lang, names) for e in t.events],
    }


def _event_lines(events: tuple[Event, ...], lang: str, names: Mapping[str, str]) -> list[str]:
    lines: list[str] = []
    step = None
    for e in events:
        if e.step != step:
            step = e.step
            lines.append(f"  {step_title(step, lang)}")
        questions = " ".join(ambiguity_question(k, lang) for k in e.profile_keys)
        keys = ""
        if questions:
            codes = ", ".join(e.profile_keys)
            keys = f"（解釈による：{questions}）" if lang == "ja" else f" ({codes}: {questions})"
        qa = e.param("qa")
        cited = _rules_display(e.rules, lang) + (f"; Q&A {qa}" if qa else "")
        lines.append(f"    {event_text(e, lang, names)} [{cited}]{keys}")
    return lines


def _result(game: Game) -> Outcome:
    if game.illegal is not None:
        return Outcome("unfinished", None, (game.illegal.rule.key,), "illegal_input", game.turn)
    if game.result is not None:
        return game.result
    return Outcome("unfinished", None, (), "record_ended", game.turn)


def report_for(game: Game, record: GameRecord, lang: str = "en",
               claims: tuple[ClaimVerdict, ...] = ()) -> ReplayReport:  # fmt: skip
    illegal = None
    if game.illegal is not None:
        exc = game.illegal
        illegal = IllegalInput(exc.rule.key, exc.turn, exc.step, exc.path, exc.message, exc.key,
                               exc.params)  # fmt: skip
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
        card_names=_card_names(record, game.choices),
        night_side=record.night_side,
        choices=tuple(game.choices),
    )


def _card_names(
    record: GameRecord, choices: Sequence[ChoicePoint] = ()
) -> tuple[tuple[str, str, str], ...]:
    """The names of the cards the record and its choices use (a card named, one a choice's
    answer or options hold, a card of a claim's alternative answers)."""
    used: set[str] = set()
    for point in choices:
        used.update(point.chosen)
        if point.kind == "name":
            used.update(point.options[:24])  # those a claim's alternatives may show
        else:
            used.update(point.options)
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
    auto_effects: bool = True,
    encoding: Mapping[str, CardEffect] | None = None,
) -> ReplayReport:
    """Replay a ``zutomayo-game/3`` (or ``/2``, ``/1``) record and answer its claims.

    ``cards`` is the catalogue (e.g. built from the database with ``CardCatalogue.from_dicts``); the
    record's own ``cards`` are added to it. ``profile`` overrides the record's ambiguity choices
    (e.g. ``{"ZA-01": "HALF9"}``). ``auto_effects=False`` replays as before card effects ran by
    themselves: no card's effect runs by itself (for measurements and comparisons). ``encoding``
    adds encoded effects of cards outside the pool's encoding (invented cards, a pack not yet
    shipped; ``Game``). Raises
    ``RecordError`` (naming the field) if the record cannot be read; rule violations are reported
    in the result as illegal input, never raised.
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
    game = run_record(record, capture=capture, auto_effects=auto_effects, encoding=encoding,
                      forks=capture)  # fmt: skip
    verdicts: tuple[ClaimVerdict, ...] = ()
    if record.claims:
        verdicts = answer_claims(record, game)
    return report_for(game, record, lang, verdicts)
