"""ZUTOMAYO CARD on the judge pages: the ruling page's presenter (the answer to each claim with
its deciding clause, the board after each turn with the Chronos medal, the step log with the
ground rules' numbers and the Japanese basic rules beside them, the choices card effects ask
for), the claim form (a turn, a step, what, the value), the turn entry page (a position and the
disputed turn(s) by card name) and the card loader. Registered with ``judging.games``."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, islice, permutations
from typing import Any, cast

from django import forms
from django.contrib.auth.models import User
from django.forms import BoundField
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, override

from judging.engine.core.claims import verdict_word
from judging.engine.core.jsontypes import JSON
from judging.engine.zutomayo.plugin import (
    STEP_TITLES,
    ambiguity_answer,
    ambiguity_question,
    checkpoint_words,
    claim_subject,
    claim_value,
    illegal_message,
    parse_ground_rules,
    party_seat,
    rule_display,
    step_title,
    word,
)
from judging.entry_pages import entry_page
from judging.forms import CardNameField, PlayerClaimForm, RecordEntryForm, seats
from judging.games import ClauseRow, EntryPage, JudgeGame, RulesSource, register
from judging.models import JudgeCase
from judging.presentation import (
    Answer,
    EngineChoice,
    RuleText,
    RulingView,
    Step,
    TurnLog,
    cited_keys,
    json_objects,
)
from judging.report_json import ChoiceJson, ClaimJson, EventJson, RecordJson, ReportJson
from judging.rules_ja import JA_PASSAGES
from judging.selectors import (
    CardOption,
    card_datalist,
    card_options,
    engine_cards,
    match_player_names,
)

SLUG = "zutomayo"
BOARD_TEMPLATE = "judging/games/zutomayo_board.html"

# --- the ruling page ---------------------------------------------------------------------------

#: The rule a verdict on each kind of claim turns on, in order of preference (the first one the
#: claim's step cites): the time of day is 3.8.4, a battle's winner 5.1.4.1, and so on.
DECIDING_RULES: Mapping[str, tuple[str, ...]] = {
    "chronos.time": ("3.8.4", "5.2.4.1", "5.1.1.1"),
    "chronos.position": ("5.2.4.1", "5.1.1.1"),
    "medal": ("5.2.4.1", "5.1.1.1"),
    "priority": ("10.2.1#priority", "10.2.4#priority"),
    "battle.winner": ("5.1.4.1", "5.1.4.4", "5.1.4.3"),
    "battle.damage": ("5.1.4.2", "5.1.4.3"),
    "battle.attack": ("5.1.3.2", "7.1.2", "7.1", "5.1.3.1"),  # 7.1: an effect changed it
    "hp": ("5.1.4.2", "3.7.1", "1.2.2"),
    "total_power": ("9.1.1", "3.4", "5.2.5.2"),
    "battle_zone": ("5.2.5.1", "5.2.5.3", "4.2.7.1"),
    "zone_c": ("5.2.6.1", "5.2.6.3"),
    "power_charger": ("3.4", "5.2.5.2", "5.2.11.1"),
    "abyss": ("3.6", "5.2.5.2", "5.2.11.1"),
    "result.outcome": ("5.4.1", "5.4.3", "5.4.3.1", "1.2.3"),
    "result.winner": ("5.4.2", "5.4.1", "5.4.3", "1.2.3"),
}


@dataclass(frozen=True)
class BoardSide:
    name: str
    hp: int
    power: int | None
    attack: int | None
    battle_zone: str
    set_cards: str
    zone_c: str
    hand: int
    deck: int


@dataclass(frozen=True)
class BoardRow:
    turn: int
    medal: int
    time: str
    priority: str
    battle: str
    sides: tuple[BoardSide, BoardSide]

    def printed(self) -> tuple[str, tuple[str, ...]]:
        title = (f"{_('Turn %(n)s') % {'n': self.turn}} · {_('mark')} {self.medal} ({self.time}) · "
                 f"{_('priority')} {self.priority} · {self.battle}")  # fmt: skip
        return title, tuple(
            f"{side.name}: HP {side.hp} · {_('power')} {side.power} · "
            f"{_('attack')} {side.attack if side.attack is not None else '—'} · "
            f"{_('battle zone')} {side.battle_zone} · {_('set')} {side.set_cards} · "
            f"{_('zone C')} {side.zone_c} · {_('hand')} {side.hand} · {_('deck')} {side.deck}"
            for side in self.sides
        )


#: ``turns[i].choices.order[p]``: player p's order of effects at the record's turn i.
_ORDER_PATH = re.compile(r"turns\[(\d+)\]\.choices\.order\[([01])\]")
#: ``turns[i].choices.picks[p].<card>[n]``: the n-th choice ``card``'s effect asked of player p.
_PICK_PATH = re.compile(r"turns\[(\d+)\]\.choices\.picks\[([01])\]\.([^\[\]]+)\[(\d+)\]")
#: A pick offers at most this many answers on the page (the default and the used one always).
_MAX_PICK_ANSWERS = 24
#: Above this many cards the page offers the default and the used order only (4! = 24 is fine).
_MAX_PERMUTED = 4


def _names(output: ReportJson, record: RecordJson, lang: str,
           players: tuple[str, str]) -> dict[str, str]:  # fmt: skip
    names = {f"#P{i}": name for i, name in enumerate(players)}
    for cid, pair in dict(output.get("card_names", {})).items():
        names[str(cid)] = str(pair[1] if lang == "ja" else pair[0]) or str(cid)
    return names


def _party_name(party: str, players: tuple[str, str], night_side: int = 0) -> str:
    seat = party_seat(party, night_side)
    return players[seat] if seat is not None else party


def _players_choose(key: str) -> bool:
    """A DEPENDS_ON key that is a choice a card's effect asked of a player (not a rules
    question for the head judge)."""
    return bool(_ORDER_PATH.fullmatch(key) or _PICK_PATH.fullmatch(key))


def _deciding(path: str, rules: Sequence[str]) -> str | None:
    kind = path.split("].", 1)[1] if path.startswith("players[") else path
    if kind.startswith("battle.attack"):
        kind = "battle.attack"
    for key in DECIDING_RULES.get(kind, ()):
        if key in rules:
            return key
    return rules[0] if rules else None


class ZutomayoPresenter:
    """The ruling page of a ZUTOMAYO CARD replay (``zutomayo-replay/1``)."""

    def __init__(self, *, lang: str, rule_texts: Mapping[str, str],
                 ja_texts: Mapping[str, str]) -> None:  # fmt: skip
        self.lang = "ja" if lang == "ja" else "en"
        self.rule_texts = rule_texts
        self.ja_texts = ja_texts
        self.night_side = 0
        self._rules: dict[str, RuleText] = {}
        self._names: Mapping[str, str] = {}

    def rule(self, key: str) -> RuleText:
        cached = self._rules.get(key)
        if cached is not None:
            return cached
        self._rules[key] = made = self._make_rule(key)
        return made

    def _make_rule(self, key: str) -> RuleText:
        passages = JA_PASSAGES.get(key)
        texts = tuple(self.ja_texts[p] for p in passages or () if p in self.ja_texts)
        return RuleText(
            key=key,
            display=rule_display(key, self.lang),
            text=self.rule_texts.get(key),
            passages=texts,
            no_passage=passages == (),
        )

    def present(self, *, output: ReportJson, record: RecordJson,
                players: tuple[str, str]) -> RulingView:  # fmt: skip
        lang = self.lang
        self.night_side = int(output.get("night_side") or 0)
        with override(lang):
            names = _names(output, record, lang, players)
            self._names = names
            board = tuple(self._board(output, record, players, names))
            return RulingView(
                players=players,
                answers=tuple(self._answers(output, players, names, board)),
                result=self._result(output, players),
                illegal=self._illegal(output, names),
                board=board,
                board_template=BOARD_TEMPLATE,
                board_heading=_("The board after each turn"),
                log=tuple(self._log(output)),
                choices=tuple(
                    (ambiguity_question(k, lang), ambiguity_answer(k, str(v), lang))
                    for k, v in output.get("profile", {}).items()
                    if k in output.get("profile_keys_used", [])
                ),
                notes=tuple(str(n) for n in output.get("notes", [])),
                rules=tuple(self.rule(k) for k in cited_keys(output)),
                engine_choices=tuple(self._engine_choices(output, players, names)),
            )

    # --- the choices card effects ask for ---------------------------------------------------

    def _order_question(self, path: str, players: tuple[str, str]) -> str | None:
        found = _ORDER_PATH.fullmatch(path)
        if found is None:
            return None
        return _("In which order did %(who)s's effects take effect (rule 5.2.7.3)?") % {
            "who": players[int(found[2])]
        }

    def _pick_question(self, path: str, players: tuple[str, str]) -> str | None:
        found = _PICK_PATH.fullmatch(path)
        if found is None:
            return None
        return _("What did %(who)s choose when %(card)s's effect asked (choice %(n)s)?") % {
            "who": players[int(found[2])], "card": self._names.get(found[3], found[3]),
            "n": int(found[4]) + 1,
        }  # fmt: skip

    @staticmethod
    def _pick_label(value: str, names: Mapping[str, str]) -> str:
        if not value:
            return _("none")
        words = {"yes": _("yes"), "no": _("no")}
        return ", ".join(words.get(c) or names.get(c, c) for c in value.split(","))

    @staticmethod
    def _pick_values(point: ChoiceJson) -> list[str]:
        """The legal answers the page offers for a pick (``run_cards``: pick, up_to, at_least,
        may, name), the default and the used one first, at most ``_MAX_PICK_ANSWERS``."""
        options = [str(c) for c in point.get("options", [])]
        kind, count = point.get("kind"), int(point.get("count", 1) or 0)
        first = [",".join(str(c) for c in point.get("chosen", []))]
        if kind in ("may", "name"):
            rest: Iterator[str] = iter(options)
        else:
            have = len(options)
            low = 0 if kind == "up_to" else min(count, have)
            high = have if kind == "at_least" else min(count, have)
            rest = (",".join(c) for n in range(low, high + 1) for c in combinations(options, n))
        return list(islice(dict.fromkeys([*first, *islice(rest, 500)]), _MAX_PICK_ANSWERS))

    @staticmethod
    def _order_label(value: str, names: Mapping[str, str]) -> str:
        return " → ".join(names.get(cid, cid) for cid in value.split(",") if cid)

    def _engine_choices(self, output: ReportJson, players: tuple[str, str],
                        names: Mapping[str, str]) -> list[EngineChoice]:  # fmt: skip
        made: list[EngineChoice] = []
        for point in output.get("choices", []):
            path = str(point.get("path", ""))
            pick = self._pick_question(path, players)
            if pick is not None:
                values = self._pick_values(point)
                made.append(EngineChoice(
                    path=path, question=pick,
                    options=tuple((v, self._pick_label(v, names)) for v in values),
                    chosen=",".join(str(c) for c in point.get("chosen", [])),
                    defaulted=bool(point.get("defaulted")),
                ))  # fmt: skip
                continue
            question = self._order_question(path, players)
            if question is None or point.get("kind") != "order":
                continue
            options = [str(c) for c in point.get("options", [])]
            chosen = ",".join(str(c) for c in point.get("chosen", []))
            values = (
                [",".join(p) for p in permutations(options)]
                if len(options) <= _MAX_PERMUTED
                else list(dict.fromkeys([",".join(options), chosen]))
            )
            made.append(EngineChoice(
                path=path, question=question,
                options=tuple((v, self._order_label(v, names)) for v in values),
                chosen=chosen, defaulted=bool(point.get("defaulted")),
            ))  # fmt: skip
        return made

    # --- the answer ------------------------------------------------------------------------

    def _answers(self, output: ReportJson, players: tuple[str, str],
                 names: Mapping[str, str], board: Sequence[BoardRow]) -> list[Answer]:  # fmt: skip
        groups: dict[tuple[str, str], list[ClaimJson]] = {}
        for claim in output.get("claims", []):
            groups.setdefault((str(claim["at"]), str(claim["path"])), []).append(claim)
        return [self._answer(claims, players, names, board) for claims in groups.values()]

    def _answer(self, claims: list[ClaimJson], players: tuple[str, str],
                names: Mapping[str, str], board: Sequence[BoardRow]) -> Answer:  # fmt: skip
        lang = self.lang
        first = claims[0]
        at, path = str(first["at"]), str(first["path"])
        subject = claim_subject(path, lang, names)
        where = checkpoint_words(at, lang)
        said = tuple(
            _("%(who)s: %(what)s is %(value)s (%(verdict)s)")
            % {
                "who": _party_name(str(c["party"]), players, self.night_side),
                "what": subject,
                "value": claim_value(path, c["claimed"], lang, names),
                "verdict": self._verdict(c),
            }
            for c in claims
        )
        statuses = {str(c["status"]) for c in claims}
        rules = [str(r) for c in claims for r in c.get("rules", [])]
        deciding = _deciding(path, rules)
        rule = self.rule(deciding) if deciding else None
        actual = next((c["actual"] for c in claims if c["status"] == "CONTRADICTED"), None)
        if actual is None:
            actual = next((c["actual"] for c in claims if c["status"] == "CONSISTENT"), None)
        value = claim_value(path, actual, lang, names)
        context = self._context(path, at, board)
        fact = _("%(what)s was %(value)s") % {"what": subject, "value": value}
        if context:
            fact = f"{fact} ({context})" if lang == "en" else f"{fact}（{context}）"
        rule_words = (_(", rule %(rule)s") % {"rule": rule.display}) if rule else ""
        if "DEPENDS_ON" in statuses:
            return self._question(claims, subject, where, players, said)
        if "ILLEGAL_INPUT" in statuses:
            sentence = _("The record breaks rule %(rule)s before this point (%(where)s): "
                         "fix the record first.")  # fmt: skip
            return Answer("illegal", sentence % {"rule": rule.display if rule else "?",
                                                 "where": where}, rule, claims=said)  # fmt: skip
        if "UNDETERMINED" in statuses:
            sentence = _("The record cannot decide %(what)s %(where)s: a hidden card or an "
                         "unplayed turn is needed.")  # fmt: skip
            return Answer("undetermined", sentence % {"what": subject, "where": where}, None,
                          claims=said)  # fmt: skip
        right = [c for c in claims if c["status"] == "CONSISTENT"]
        wrong = [c for c in claims if c["status"] == "CONTRADICTED"]
        if right and wrong:
            who = _(" and ").join(
                dict.fromkeys(_party_name(str(c["party"]), players, self.night_side) for c in right)
            )
            sentence = _("%(who)s is right: %(fact)s %(where)s%(rule)s.") % {
                "who": who, "fact": fact, "where": where, "rule": rule_words,
            }  # fmt: skip
            return Answer("right", sentence, rule, claims=said)
        parties = list(dict.fromkeys(_party_name(str(c["party"]), players, self.night_side)
                                     for c in claims))  # fmt: skip
        if wrong and len(parties) == 1:
            sentence = _("%(who)s is wrong: %(fact)s %(where)s%(rule)s.") % {
                "who": parties[0], "fact": fact, "where": where, "rule": rule_words,
            }  # fmt: skip
            return Answer("neither", sentence, rule, claims=said)
        if wrong:
            sentence = _("Neither claim is right: %(fact)s %(where)s%(rule)s.") % {
                "fact": fact, "where": where, "rule": rule_words,
            }  # fmt: skip
            return Answer("neither", sentence, rule, claims=said)
        sentence = _("%(who)s is right: %(fact)s %(where)s.") % {
            "who": _(" and ").join(parties), "fact": fact, "where": where,
        }  # fmt: skip
        return Answer("right", sentence, None, claims=said)

    def _verdict(self, claim: ClaimJson) -> str:
        """A claim's verdict in words; a DEPENDS_ON that only the players' choices decide says
        so (the engine's word, "depends on a ruling", is for the head judge's questions)."""
        status = str(claim["status"])
        keys = [str(k) for k in claim.get("depends_on", [])]
        if status == "DEPENDS_ON" and keys and all(_players_choose(k) for k in keys):
            return _("depends on the players' choice")
        return verdict_word(status, self.lang)

    def _question(self, claims: list[ClaimJson], subject: str, where: str,
                  players: tuple[str, str], said: tuple[str, ...]) -> Answer:  # fmt: skip
        lang = self.lang
        keys = list(dict.fromkeys(k for c in claims for k in c.get("depends_on", [])))
        asked = [self._order_question(k, players) or self._pick_question(k, players) for k in keys]
        question = " ".join(
            a or ambiguity_question(k, lang) for k, a in zip(keys, asked, strict=True)
        )
        players_choose = all(a is not None for a in asked)
        outcomes: dict[str, list[str]] = {}
        for c in claims:
            who = _party_name(str(c["party"]), players, self.night_side)
            for choice, status in dict(c.get("alternatives", {})).items():
                key, _sep, alt = str(choice).partition("=")
                if _ORDER_PATH.fullmatch(key):
                    answer = self._order_label(alt, self._names)
                elif _PICK_PATH.fullmatch(key):
                    answer = self._pick_label(alt, self._names)
                else:
                    answer = ambiguity_answer(key, alt, lang)
                if status == "CONSISTENT":
                    outcomes.setdefault(answer, []).append(who)
                else:
                    outcomes.setdefault(answer, [])
        lines = tuple(
            _("If %(answer)s: %(who)s is right.") % {"answer": answer, "who": _(" and ").join(w)}
            if w
            else _("If %(answer)s: no claim is right.") % {"answer": answer}
            for answer, w in outcomes.items()
        )
        sentence = (
            _("It depends on what the players did: %(question)s Ask them, then answer it under "
              "“Choices the cards asked for” (%(what)s %(where)s).")
            if players_choose
            else _("The head judge must decide: %(question)s (%(what)s %(where)s)")
        ) % {"question": question, "what": subject, "where": where}  # fmt: skip
        # the order of effects is the priority player's choice by rule 5.2.7.3: quote it
        rule = (
            self.rule("5.2.7.3") if keys and all(_ORDER_PATH.fullmatch(k) for k in keys) else None
        )
        return Answer("question", sentence, rule, outcomes=lines, claims=said)

    def _context(self, path: str, at: str, board: Sequence[BoardRow]) -> str:
        """What on the table shows the answer (the medal's mark for the time of day)."""
        turn = at.split("/")[0].split(":")[0]
        number = int(turn[1:]) if turn[1:].isdigit() else None
        row = next((r for r in board if r.turn == number), None)
        if row is None:
            return ""
        if path in ("chronos.time", "priority"):
            return _("the medal was on mark %(mark)s") % {"mark": row.medal}
        return ""

    def _result(self, output: ReportJson, players: tuple[str, str]) -> str:
        result = output.get("result", {})
        outcome = str(result.get("outcome"))
        winner = result.get("winner")
        if outcome == "win" and winner in (0, 1):
            return _("%(who)s wins the game on turn %(turn)s (%(reason)s).") % {
                "who": players[int(winner)], "turn": result.get("turn"),
                "reason": word(str(result.get("reason")), self.lang),
            }  # fmt: skip
        if outcome == "draw":
            return _("The game is a draw on turn %(turn)s (%(reason)s).") % {
                "turn": result.get("turn"), "reason": word(str(result.get("reason")), self.lang),
            }  # fmt: skip
        if result.get("reason") == "illegal_input":
            return _("The replay stops at illegal input.")
        return _("The game goes on after turn %(turn)s.") % {"turn": result.get("turn")}

    def _illegal(self, output: ReportJson, names: Mapping[str, str]) -> str:
        ill = output.get("illegal_input")
        if not ill:
            return ""
        params = ill.get("params")
        given = tuple(params.items()) if isinstance(params, dict) else ()
        message = illegal_message(str(ill.get("key") or ""), given, self.lang, names)
        return _("Turn %(turn)s, %(step)s: the record breaks rule %(rule)s (%(message)s).") % {
            "turn": ill["turn"], "step": step_title(str(ill["step"]), self.lang),
            "rule": rule_display(str(ill["rule"]), self.lang), "message": message or ill["message"],
        }  # fmt: skip

    # --- the board -------------------------------------------------------------------------

    def _board(self, output: ReportJson, record: RecordJson,
               players: tuple[str, str], names: Mapping[str, str]) -> list[BoardRow]:  # fmt: skip
        lang = self.lang
        turns = json_objects(record.get("turns", []))
        start = record.get("start")
        first = int(start.get("turn", 1)) if isinstance(start, dict) else 1

        def card(cid: object) -> str:
            if cid is None:
                return "—"
            return claim_value("", cid, lang, names)

        rows = []
        for snap in output.get("turns", []):
            number = int(snap["turn"])
            index = number - first
            sets = turns[index].get("set", []) if 0 <= index < len(turns) else []
            battle = snap.get("battle")
            attack = battle["attack"] if battle else [None, None]
            sides = []
            for seat, ps in enumerate(snap["players"]):
                chosen = sets[seat] if seat < len(sets) and isinstance(sets[seat], dict) else {}
                set_cards = " / ".join(
                    f"{zone}: {card(cid)}" for zone, cid in chosen.items() if zone in ("A", "B")
                )
                sides.append(
                    BoardSide(
                        name=players[seat],
                        hp=int(ps["hp"]),
                        power=ps.get("total_power"),
                        attack=attack[seat],
                        battle_zone=card(ps.get("battle_zone")),
                        set_cards=set_cards or "—",
                        zone_c=card(ps.get("zone_c")),
                        hand=len(cast(list[str], ps.get("hand", []))),  # a list here
                        deck=int(ps.get("deck_count", 0)),
                    )
                )
            won = battle.get("winner") if battle is not None else None
            if battle is None:
                fought = "—"
            elif won is None:
                fought = _("draw")
            else:
                fought = _("%(who)s won by %(damage)s") % {
                    "who": players[int(won)], "damage": battle.get("damage"),
                }  # fmt: skip
            rows.append(
                BoardRow(
                    turn=number,
                    medal=int(snap["chronos"]["position"]),
                    time=word(str(snap["chronos"]["time"]), lang),
                    priority=players[int(snap["priority"])],
                    battle=fought,
                    sides=(sides[0], sides[1]),
                )
            )
        return rows

    # --- the steps -------------------------------------------------------------------------

    def _log(self, output: ReportJson) -> list[TurnLog]:
        lang = self.lang
        parts = [(_("Setup"), output.get("setup", {}).get("events", []))]
        for turn in output.get("turns", []):
            parts.append((_("Turn %(n)s") % {"n": turn["turn"]}, turn.get("events", [])))
        log = []
        for title, events in parts:
            groups: list[tuple[str, list[EventJson]]] = []
            for event in events:
                if not groups or groups[-1][0] != event["step"]:
                    groups.append((str(event["step"]), []))
                groups[-1][1].append(event)
            steps = []
            for step, grouped in groups:
                lines = tuple((str(e["text"]), _cited(e, lang)) for e in grouped)
                keys = dict.fromkeys(str(k) for e in grouped for k in e["rules"])
                rules = tuple(self.rule(k) for k in keys)
                steps.append(Step(step_title(step, lang), lines, rules))
            log.append(TurnLog(title, tuple(steps)))
        return log


def _cited(event: EventJson, lang: str) -> str:
    """An event's rule numbers and, when an official Q&A answer decided it, that answer's
    number ("1.3.2.1; Q&A Q59"), as the engine's text log cites them."""
    rules = ", ".join(rule_display(str(k), lang) for k in event["rules"])
    qa = ", ".join(str(q) for q in event.get("qa") or ())
    return f"{rules}; Q&A {qa}" if qa else rules


# --- the claim form and the turn entry page ----------------------------------------------------

#: The steps of a turn after the first a claim can be about (the engine maps them to turn 1's).
CLAIM_STEPS = ("5.2.1", "5.2.2", "5.2.3", "5.2.4", "5.2.5", "5.2.6", "5.2.7", "5.2.8", "5.2.9",
               "5.2.10", "5.2.11")  # fmt: skip
ZONES = (
    ("battle_zone", gettext_lazy("battle zone")),
    ("zone_c", gettext_lazy("set zone C")),
    ("power_charger", gettext_lazy("power charger")),
    ("abyss", gettext_lazy("abyss")),
    ("hand", gettext_lazy("hand")),
)
CHARGER_SLOTS = 5
ABYSS_SLOTS = 3
TURNS = 3


@dataclass(frozen=True, slots=True)
class TurnEntrySide:
    """One player's fields on the turn entry page."""

    name: BoundField
    hp: BoundField
    hand: BoundField
    battle: BoundField
    zone_c: BoundField
    charger: list[BoundField]
    abyss: list[BoundField]


class TurnEntryForm(RecordEntryForm):
    """A position at the start of a turn and the cards set in it (and up to two more turns),
    every card by name: the record the engine replays."""

    turn = forms.IntegerField(
        label=gettext_lazy("Turn being played"), min_value=2, max_value=99, initial=2
    )
    medal = forms.IntegerField(
        label=gettext_lazy("Medal's mark (0 = midnight, 9 = noon)"),
        min_value=0,
        max_value=17,
        initial=0,
    )

    def __init__(self, data: Mapping[str, object] | None = None, *, prefix: str | None = None,
                 options: Sequence[CardOption] = (),
                 names: tuple[str, str] = ("", "")) -> None:  # fmt: skip
        super().__init__(data, prefix=prefix)
        self.options = options
        players = seats(names)
        first, second = (name for _side, name in players)
        self.fields["night_side"] = forms.TypedChoiceField(
            label=_("Night side (won rock-paper-scissors)"), coerce=int, choices=players
        )
        self.fields["previous_winner"] = forms.ChoiceField(
            label=_("Previous turn's battle"),
            choices=[("0", _("%(name)s won") % {"name": first}),
                     ("1", _("%(name)s won") % {"name": second}), ("tie", _("draw"))],
        )  # fmt: skip
        for side, name in players:
            p = f"p{side}"
            self.add_player_name(side, name)
            self.fields[f"{p}_hp"] = forms.IntegerField(
                label=_("HP"), min_value=1, max_value=100, initial=100
            )
            self.fields[f"{p}_hand"] = forms.IntegerField(
                label=_("Cards in hand at the start of the turn"), min_value=1, max_value=20,
                initial=5,
            )  # fmt: skip
            self.fields[f"{p}_battle"] = CardNameField(label=_("Character in the battle zone"))
            self.fields[f"{p}_zone_c"] = CardNameField(label=_("Area enchant in set zone C"))
            self.add_card_slots(
                side, "charger", CHARGER_SLOTS, gettext_lazy("Power charger, card %(n)s")
            )
            self.add_card_slots(side, "abyss", ABYSS_SLOTS, gettext_lazy("Abyss, card %(n)s"))
        for t in range(TURNS):
            for side, _name in players:
                self.fields[f"t{t}_p{side}_a"] = CardNameField(
                    label=_("Set zone A"), required=t == 0
                )
                self.fields[f"t{t}_p{side}_b"] = CardNameField(label=_("Set zone B (if any)"))
        self.offer_cards(options)

    def player_fields(self, side: int) -> TurnEntrySide:
        p = f"p{side}"
        return TurnEntrySide(
            name=self[f"{p}_name"], hp=self[f"{p}_hp"], hand=self[f"{p}_hand"],
            battle=self[f"{p}_battle"], zone_c=self[f"{p}_zone_c"],
            charger=self.card_slots(side, "charger", CHARGER_SLOTS),
            abyss=self.card_slots(side, "abyss", ABYSS_SLOTS),
        )  # fmt: skip

    def turn_fields(self) -> list[list[tuple[BoundField, BoundField]]]:
        return [
            [(self[f"t{t}_p{side}_a"], self[f"t{t}_p{side}_b"]) for side in (0, 1)]
            for t in range(TURNS)
        ]

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        for side in (0, 1):
            if not data.get(f"p{side}_battle") and not self.errors.get(f"p{side}_battle"):
                self.add_error(f"p{side}_battle", _("name the character in the battle zone"))
        for t in range(1, TURNS):
            given = [bool(data.get(f"t{t}_p{s}_a")) for s in (0, 1)]
            if any(given) and not all(given):
                self.add_error(f"t{t}_p0_a", _("give both players' cards for this turn"))
        return data

    def record(self) -> dict[str, Any]:
        """The ``zutomayo-game/1`` record: a ``start`` snapshot and the turns entered."""
        data = self.cleaned_data
        turns = []
        for t in range(TURNS):
            sets = []
            for side in (0, 1):
                a, b = data.get(f"t{t}_p{side}_a"), data.get(f"t{t}_p{side}_b")
                if a:
                    sets.append({"A": a, **({"B": b} if b else {})})
            if len(sets) == 2:
                turns.append({"set": sets})
        players = []
        for side in (0, 1):
            p = f"p{side}"
            first = turns[0]["set"][side]
            hand = [first["A"], *([first["B"]] if "B" in first else [])]
            hand += ["?"] * max(0, int(data[f"{p}_hand"]) - len(hand))
            charger = self.slot_ids(side, "charger", CHARGER_SLOTS)
            abyss = self.slot_ids(side, "abyss", ABYSS_SLOTS)
            zone_c = data.get(f"{p}_zone_c") or None
            known = 1 + len(hand) + len(charger) + len(abyss) + (1 if zone_c else 0)
            players.append({
                "hp": data[f"{p}_hp"], "battle_zone": data[f"{p}_battle"], "zone_c": zone_c,
                "power_charger": charger, "abyss": abyss, "hand": hand,
                "deck_unknown": max(0, 20 - known),
            })  # fmt: skip
        previous = data["previous_winner"]
        return {
            "format": "zutomayo-game/1",
            "night_side": data["night_side"],
            "players": [{"name": data["p0_name"]}, {"name": data["p1_name"]}],
            "start": {
                "turn": data["turn"],
                "medal": data["medal"],
                "previous_winner": None if previous == "tie" else int(previous),
                "players": players,
            },
            "turns": turns,
        }


class ClaimForm(PlayerClaimForm):
    """One player's claim in plain words: when (turn and step), what, and the value."""

    turn = forms.IntegerField(label=gettext_lazy("Turn"), min_value=1, max_value=99)
    step = forms.ChoiceField(label=gettext_lazy("When in the turn"), required=False)
    what = forms.ChoiceField(label=gettext_lazy("What"))
    number = forms.IntegerField(label=gettext_lazy("Number (HP, attack, power)"), required=False,
                                min_value=0, max_value=999)  # fmt: skip
    answer = forms.ChoiceField(label=gettext_lazy("Answer (time of day, who won)"), required=False)
    card = CardNameField(label=gettext_lazy("Card (where a card went)"))
    zone = forms.ChoiceField(label=gettext_lazy("Went to"), required=False, choices=ZONES)

    def describe(self, *, names: tuple[str, str], lang: str,
                 options: Callable[[], Sequence[CardOption]]) -> None:  # fmt: skip
        index = 1 if lang == "ja" else 0
        steps = [(step, f"{step} {STEP_TITLES[step][index]}") for step in CLAIM_STEPS]
        self._choices("step", [("", _("at the end of the turn")), *steps])
        a, b = names
        self._choices("what", [
            ("hp:0", _("%(name)s's HP") % {"name": a}), ("hp:1", _("%(name)s's HP") % {"name": b}),
            ("attack:0", _("%(name)s's attack") % {"name": a}),
            ("attack:1", _("%(name)s's attack") % {"name": b}),
            ("power:0", _("%(name)s's total power") % {"name": a}),
            ("power:1", _("%(name)s's total power") % {"name": b}),
            ("time", _("the time of day")), ("battle", _("who won the battle")),
            ("game", _("who won the game")),
            ("card:0", _("where %(name)s's card went") % {"name": a}),
            ("card:1", _("where %(name)s's card went") % {"name": b}),
        ])  # fmt: skip
        self._choices("answer", [
            ("", "—"), ("night", _("night")), ("day", _("day")), ("0", a), ("1", b),
            ("draw", _("a draw (nobody)")),
        ])  # fmt: skip
        card = self.fields["card"]
        if isinstance(card, CardNameField):
            card.options = options()

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        what = str(data.get("what") or "")
        kind = what.split(":")[0]
        answer = data.get("answer") or ""
        if kind in ("hp", "attack", "power") and data.get("number") is None:
            self.add_error("number", _("give the number the player says"))
        if kind == "time" and answer not in ("night", "day"):
            self.add_error("answer", _("choose night or day"))
        if kind in ("battle", "game") and answer not in ("0", "1", "draw"):
            self.add_error("answer", _("choose who won, or a draw"))
        if kind == "card" and not data.get("card") and not self.errors.get("card"):
            self.add_error("card", _("name the card"))
        return data

    def claim(self, party: int) -> dict[str, JSON]:
        """The structured claim (``at``, ``path``, ``value``) this form describes."""
        data = self.cleaned_data
        at = f"T{data['turn']}" + (f"/{data['step']}" if data.get("step") else "")
        kind, _sep, seat = str(data["what"]).partition(":")
        answer = data.get("answer")
        claim: dict[str, JSON] = {"party": str(party), "at": at}
        if kind == "hp":
            claim.update(path=f"players[{seat}].hp", value=data["number"])
        elif kind == "attack":
            claim.update(path=f"battle.attack[{seat}]", value=data["number"])
        elif kind == "power":
            claim.update(path=f"players[{seat}].total_power", value=data["number"])
        elif kind == "time":
            claim.update(path="chronos.time", value=answer)
        elif kind in ("battle", "game"):
            path = "battle.winner" if kind == "battle" else "result.winner"
            claim.update(path=path, value=None if answer == "draw" else int(str(answer)))
        else:
            zone = data.get("zone") or "abyss"
            claim.update(path=f"players[{seat}].{zone}", value=data["card"])
            if zone not in ("battle_zone", "zone_c"):
                claim["op"] = "contains"
        return claim


def case_turn(request: HttpRequest, case: JudgeCase, user: User) -> HttpResponse:
    """Enter a position and the disputed turn(s) by card name."""
    options = card_options(game=SLUG)
    names = match_player_names(case) or ("", "")
    form = TurnEntryForm(request.POST or None, prefix="turn", options=options, names=names)
    return entry_page(
        request, case, user, form, template="judging/games/zutomayo_entry.html",
        context=lambda: {"card_datalist": card_datalist(options),
                         "sides": [form.player_fields(0), form.player_fields(1)],
                         "turns": form.turn_fields()},
    )  # fmt: skip


def zutomayo_cards() -> object:
    """The database's ZUTOMAYO CARD cards as the engine's catalogue (one query)."""
    return engine_cards(game=SLUG)


def _ground_rules(text: str) -> tuple[str, list[ClauseRow], list[dict[str, str]]]:
    """The ground rules as numbered (5.2.1.2 …): the engine's reader of their text."""
    parsed = parse_ground_rules(text)
    rows: list[ClauseRow] = [
        {
            "key": c.key, "number": c.number, "display": c.display, "level": c.level,
            "parent_key": c.parent_key or "", "heading": "", "text": c.text,
            "see_also": list(c.see_also), "anomaly": c.anomaly or "", "sort_order": c.sort_order,
        }
        for c in parsed.clauses
    ]  # fmt: skip
    anomalies = [{"kind": a.kind, "key": a.key, "detail": a.detail} for a in parsed.anomalies]
    return parsed.preamble, rows, anomalies


register(
    JudgeGame(
        slug=SLUG,
        presenter=ZutomayoPresenter,
        claim_form=ClaimForm,
        cards=zutomayo_cards,
        entry=EntryPage(gettext_lazy("Enter the disputed turn by card names"), case_turn),
        documents=(
            RulesSource("ground-rules", "en", "ZUTOMAYO CARD ground rules",
                          "zutomayo-ground-rules-1.0.1.en.txt", "1.0.1", read=_ground_rules),
            RulesSource("basic-rules", "ja", "ZUTOMAYO CARD 基本ルール",
                          "zutomayo-basic-rules.ja.txt", "1", key_prefix="zbr"),
        ),
        quoted=("ground-rules", "basic-rules"),
        ja_passages=JA_PASSAGES,
    )
)  # fmt: skip
