"""What a judge reads on the ruling page, built from a stored ruling, answer first, so a judge
at the table reads the decision before the detail.

A *presenter* turns one game's stored replay (``Ruling.output``, the engine's report JSON in
English and Japanese) into plain values for the template: the answer first (one sentence per
dispute: who is right, the deciding rule and its text), the board after each turn, the step log
with its citations, the ambiguity choices as question and answer. It reads no database: the
view passes the rule texts in. ``PRESENTERS`` is keyed by the report's ``format``; ZUTOMAYO CARD
is the one built; another game registers its own presenter with the same ``present`` signature.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, islice, permutations
from typing import cast

from django.utils.translation import gettext as _
from django.utils.translation import override

from judging.engine.azuki import rules as azuki_rules
from judging.engine.ztrike import messages as ztm
from judging.engine.ztrike import rules as ztrike_rules
from judging.engine.zutomayo.messages import (
    ambiguity_answer,
    ambiguity_question,
    checkpoint_words,
    claim_subject,
    claim_value,
    illegal_message,
    rule_display,
    step_title,
    verdict_word,
    word,
)
from judging.engine.zutomayo.replay import party_seat
from judging.report_json import (
    ChoiceJson,
    ClaimJson,
    EventJson,
    RecordJson,
    ReportJson,
    SlotJson,
    TurnJson,
)
from judging.rules_ja import JA_PASSAGES

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
class RuleText:
    """A cited rule: its number as shown, the English text (quoted as English), and the
    passage of the Japanese basic rules beside it, if there is one."""

    key: str
    display: str
    text: str | None
    passages: tuple[str, ...]
    no_passage: bool
    ja_source: bool = True  # the game has Japanese rules passages to show beside the quote


@dataclass(frozen=True)
class Answer:
    kind: str  # right | neither | agree | question | undetermined | illegal
    sentence: str
    rule: RuleText | None
    outcomes: tuple[str, ...] = ()
    claims: tuple[str, ...] = ()


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


@dataclass(frozen=True)
class Step:
    """One step of the log: its events (text, rule numbers) and, folded, the rules it cites."""

    title: str
    lines: tuple[tuple[str, str], ...]
    rules: tuple[RuleText, ...]


@dataclass(frozen=True)
class EngineChoice:
    """A choice a card effect asked for (an input of the record), as the judge answers it on the
    page:
    the question in plain words, each legal answer as ``(value, label)`` (value: the card ids in
    order, comma-separated; label: the cards' names with arrows), the answer the replay used."""

    path: str
    question: str
    options: tuple[tuple[str, str], ...]
    chosen: str
    defaulted: bool


#: ``turns[i].choices.order[p]``: player p's order of effects at the record's turn i.
_ORDER_PATH = re.compile(r"turns\[(\d+)\]\.choices\.order\[([01])\]")
#: ``turns[i].choices.picks[p].<card>[n]``: the n-th choice ``card``'s effect asked of player p.
_PICK_PATH = re.compile(r"turns\[(\d+)\]\.choices\.picks\[([01])\]\.([^\[\]]+)\[(\d+)\]")
#: A pick offers at most this many answers on the page (the default and the used one always).
_MAX_PICK_ANSWERS = 24
#: Above this many cards the page offers the default and the used order only (4! = 24 is fine).
_MAX_PERMUTED = 4


@dataclass(frozen=True)
class TurnLog:
    title: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class RulingView:
    players: tuple[str, str]
    answers: tuple[Answer, ...]
    result: str
    illegal: str
    board: tuple[BoardRow, ...]
    log: tuple[TurnLog, ...]
    choices: tuple[tuple[str, str], ...]
    notes: tuple[str, ...]
    rules: tuple[RuleText, ...] = field(default=())
    game: str = "zutomayo"
    rounds: tuple[RoundRow, ...] = ()
    engine_choices: tuple[EngineChoice, ...] = ()
    azuki_turns: tuple[AzukiTurnRow, ...] = ()


@dataclass(frozen=True)
class AzukiSide:
    """An Azuki TCG player after a turn: the leader's health, IKZ, the counts and the rows."""

    name: str
    leader: str
    leader_health: int
    ikz: str
    hand: int
    deck: int
    discard: int
    garden: str
    alley: str


@dataclass(frozen=True)
class AzukiTurnRow:
    title: str
    sides: tuple[AzukiSide, AzukiSide]


@dataclass(frozen=True)
class RoundSide:
    """A ZTRIKE player after a round's End Phase."""

    name: str
    hand: int
    deck: int
    discard: int
    victory_zone: str
    victory_points: int


@dataclass(frozen=True)
class RoundRow:
    """A ZTRIKE round on the board: who was Main Player, how it was decided, each side."""

    round: int
    title: str
    main_player: str
    decided: str
    sides: tuple[RoundSide, RoundSide]


def cited_keys(output: ReportJson) -> list[str]:
    """Every rule key the report cites (claims, events, result), in order of first citation."""
    keys: list[str] = []
    for claim in output.get("claims", []):
        keys.extend(claim.get("rules", []))
    for event in output.get("setup", {}).get("events", []):
        keys.extend(event.get("rules", []))
    for turn in [*output.get("turns", []), *output.get("rounds", [])]:
        for event in turn.get("events", []):
            keys.extend(event.get("rules", []))
    keys.extend(output.get("result", {}).get("rules", []))
    illegal = output.get("illegal_input")
    if illegal:
        keys.append(illegal["rule"])
    return list(dict.fromkeys(str(k) for k in keys))


def _objects[T](items: Sequence[T]) -> list[T]:
    """The items that are JSON objects: a stored report or record is not checked when read."""
    return [item for item in items if isinstance(item, dict)]


def japanese_keys(keys: Sequence[str]) -> list[str]:
    """The basic-rules passages to fetch for these ground-rules keys."""
    return [p for key in keys for p in JA_PASSAGES.get(key, ())]


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
        turns = _objects(record.get("turns", []))
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


#: The rule that decides a ZTRIKE round, by how it was decided (the sentence a judge quotes).
ZTRIKE_DECIDING: Mapping[str, str] = {
    "weakness": "ztr.victor#s4",
    "power": "ztr.victor#s6",
    "tie": "ztr.victor#s7",
}
#: The rule a claim about each ZTRIKE path turns on.
ZTRIKE_CLAIM_RULES: Mapping[str, str] = {
    "victory_points": "ztr.play.victory",
    "main_player": "ztr.round.end",
    "hand": "ztr.round.start",
    "deck": "ztr.mat.dz",
    "discard": "ztr.mat.dp",
    "victory_zone": "ztr.victor#s10",
}


class ZtrikePresenter:
    """The ruling page of a ZTRIKE replay (``ztrike-replay/1``): the answer first (who won the
    game or the last round and why, with the quoted sentence of the rule), the claims, the board
    after each round (hand, deck, discard pile, Victory Zone, Victory Points) and the events."""

    def __init__(self, *, lang: str, rule_texts: Mapping[str, str],
                 ja_texts: Mapping[str, str]) -> None:  # fmt: skip
        self.lang = "ja" if lang == "ja" else "en"
        self.rule_texts = rule_texts
        self._rules: dict[str, RuleText] = {}

    def rule(self, key: str) -> RuleText:
        cached = self._rules.get(key)
        if cached is None:
            known = ztrike_rules.BY_KEY.get(key)
            text = self.rule_texts.get(key) or (known.quote if known else None)
            cached = RuleText(key, ztrike_rules.display(key, self.lang), text, (), False, False)
            self._rules[key] = cached
        return cached

    def present(self, *, output: ReportJson, record: RecordJson,
                players: tuple[str, str]) -> RulingView:  # fmt: skip
        lang = self.lang
        card_names = {
            str(c.get("id")): str(c.get("name") or c.get("id"))
            for c in _objects(record.get("cards", []))
        }  # fmt: skip
        card_names.update({str(k): str(v) for k, v in dict(output.get("card_names", {})).items()})
        rounds = _objects(output.get("rounds", []))
        with override(lang):
            answers = [self._game_answer(output, rounds, players)]
            answers += self._claim_answers(output, players, card_names)
            return RulingView(
                players=players,
                answers=tuple(answers),
                result="",
                illegal=self._illegal(output, rounds),
                board=(),
                log=tuple(self._log(rounds)),
                choices=tuple(
                    (ztm.question_words(k, lang), ztm.answer_words(k, str(v), lang))
                    for k, v in output.get("profile", {}).items()
                    if k in output.get("ambiguities_consulted", [])
                ),
                notes=(),
                rules=tuple(self.rule(k) for k in cited_keys(output)),
                game="ztrike",
                rounds=tuple(self._rounds(rounds, players, card_names)),
            )

    def _decided(self, rnd: TurnJson) -> tuple[str, str, str]:
        event: EventJson = next(
            (e for e in rnd.get("events", []) if e.get("kind") == "round_decided"), EventJson()
        )
        text = str(event.get("text", ""))
        colours, _sep, rest = text.partition(", power " if self.lang == "en" else "、パワー")
        powers = rest.split(":")[0].split("：")[0]
        return str(rnd.get("decided_by")), colours, powers

    def _game_answer(self, output: ReportJson, rounds: list[TurnJson],
                     players: tuple[str, str]) -> Answer:  # fmt: skip
        lang = self.lang
        result = output.get("result", {})
        outcome = str(result.get("outcome"))
        last = rounds[-1] if rounds else None
        ill = output.get("illegal_input")
        if ill:
            sentence = ztm.sentence(
                "illegal", lang, round=ill.get("turn"), rule=self.rule(str(ill["rule"])).display,
                path=ill.get("path"), message=ill.get("message"),
            )  # fmt: skip
            return Answer("illegal", sentence, self.rule(str(ill["rule"])))
        if last is None:
            return Answer("undetermined", ztm.sentence("no_rounds", lang), None)
        vp0, vp1 = ([*list(last.get("victory_points", [0, 0])), 0, 0])[:2]
        winner = result.get("winner")
        if outcome == "win" and winner in (0, 1):
            sentence = ztm.sentence(
                "game_win", lang, who=players[int(winner)], round=last["round"],
                reason=ztm.reason_words("victory_points", lang), vp0=vp0, vp1=vp1,
            )  # fmt: skip
            return Answer("right", sentence, self.rule("ztr.play.victory"),
                          claims=(self._round_sentence(last, players),))  # fmt: skip
        if outcome == "escalate":
            rules = [str(k) for k in result.get("rules", [])]
            events = [e for e in last.get("events", []) if e.get("kind") in (
                "game_over", "cannot_draw", "replaced_card")]  # fmt: skip
            reason = {
                "game_over": "both_over_20",
                "cannot_draw": "cannot_draw",
                "replaced_card": "replaced_card",
            }.get(str(events[-1].get("kind")) if events else "", "both_over_20")
            sentence = ztm.sentence("game_escalate", lang, round=last["round"],
                                    reason=ztm.reason_words(reason, lang))  # fmt: skip
            return Answer("question", sentence, self.rule(rules[0]) if rules else None)
        decided = str(last.get("decided_by"))
        sentence = self._round_sentence(last, players)
        more = ztm.sentence("game_goes_on", lang, round=last["round"], vp0=vp0, vp1=vp1)
        return Answer("right", sentence, self.rule(ZTRIKE_DECIDING.get(decided, "ztr.victor#s5")),
                      claims=(more,))  # fmt: skip

    def _round_sentence(self, rnd: TurnJson, players: tuple[str, str]) -> str:
        lang = self.lang
        decided, colours, powers = self._decided(rnd)
        winner = rnd.get("winner")
        if winner not in (0, 1):
            return ztm.sentence("round_tie", lang, round=rnd["round"], colours=colours,
                                powers=powers)  # fmt: skip
        words = ztm.DECIDED.get(decided, (decided, decided))[1 if lang == "ja" else 0]
        return ztm.sentence("round_won", lang, round=rnd["round"], who=players[int(winner)],
                            decided=words, colours=colours, powers=powers)  # fmt: skip

    def _claim_answers(self, output: ReportJson, players: tuple[str, str],
                       card_names: Mapping[str, str]) -> list[Answer]:  # fmt: skip
        lang = self.lang
        groups: dict[tuple[str, str], list[ClaimJson]] = {}
        for claim in output.get("claims", []):
            groups.setdefault((str(claim["at"]), str(claim["path"])), []).append(claim)
        answers = []
        for (at, path), claims in groups.items():
            subject = ztm.claim_subject(path, players, lang)
            where = ztm.sentence("where", lang, round=at.lstrip("R"))

            def name(party: str) -> str:
                seat = party[-1] if party in ("P0", "P1", "0", "1") else ""
                return players[int(seat)] if seat else party

            said = tuple(
                _("%(who)s: %(what)s is %(value)s (%(verdict)s)") % {
                    "who": name(str(c["party"])), "what": subject,
                    "value": ztm.claim_value(path, c["claimed"], players, card_names, lang),
                    "verdict": verdict_word(str(c["status"]), lang),
                }
                for c in claims
            )  # fmt: skip
            statuses = {str(c["status"]) for c in claims}
            key = path.split("].", 1)[-1].split("[")[0]
            deciding = ZTRIKE_CLAIM_RULES.get(key)
            if deciding is None:
                rules = [str(r) for c in claims for r in c.get("rules", [])]
                deciding = next(
                    (k for k in ZTRIKE_DECIDING.values() if k in rules),
                    rules[0] if rules else None,
                )
            rule = self.rule(deciding) if deciding else None
            actual = next((c["actual"] for c in claims if c["status"] in
                           ("CONTRADICTED", "CONSISTENT")), None)  # fmt: skip
            fact = _("%(what)s was %(value)s") % {
                "what": subject,
                "value": ztm.claim_value(path, actual, players, card_names, lang),
            }
            rule_words = (_(", rule %(rule)s") % {"rule": rule.display}) if rule else ""
            if "DEPENDS_ON" in statuses:
                keys = list(dict.fromkeys(k for c in claims for k in c.get("depends_on", [])))
                question = " ".join(ztm.question_words(k, lang) for k in keys)
                sentence = _("The head judge must decide: %(question)s (%(what)s %(where)s)") % {
                    "question": question, "what": subject, "where": where,
                }  # fmt: skip
                answers.append(Answer("question", sentence, None, claims=said))
                continue
            if statuses & {"ILLEGAL_INPUT", "UNDETERMINED"}:
                answers.append(Answer("undetermined", " ".join(said), None, claims=said))
                continue
            right = list(dict.fromkeys(name(str(c["party"])) for c in claims
                                       if c["status"] == "CONSISTENT"))  # fmt: skip
            if right:
                sentence = _("%(who)s is right: %(fact)s %(where)s%(rule)s.") % {
                    "who": _(" and ").join(right), "fact": fact, "where": where,
                    "rule": rule_words,
                }  # fmt: skip
                answers.append(Answer("right", sentence, rule, claims=said))
            else:
                parties = list(dict.fromkeys(name(str(c["party"])) for c in claims))
                if len(parties) == 1:
                    sentence = _("%(who)s is wrong: %(fact)s %(where)s%(rule)s.") % {
                        "who": parties[0], "fact": fact, "where": where, "rule": rule_words,
                    }  # fmt: skip
                else:
                    sentence = _("Neither claim is right: %(fact)s %(where)s%(rule)s.") % {
                        "fact": fact, "where": where, "rule": rule_words,
                    }  # fmt: skip
                answers.append(Answer("neither", sentence, rule, claims=said))
        return answers

    def _illegal(self, output: ReportJson, rounds: list[TurnJson]) -> str:
        return ""  # the answer already says it, first

    def _rounds(self, rounds: list[TurnJson], players: tuple[str, str],
                card_names: Mapping[str, str]) -> list[RoundRow]:  # fmt: skip
        lang = self.lang
        rows = []
        for rnd in rounds:
            sides = []
            vps = ([*list(rnd.get("victory_points", [0, 0])), 0, 0])[:2]
            for seat, ps in enumerate(rnd.get("players", [])[:2]):
                zone = ztm.claim_value("victory_zone", list(ps.get("victory_zone", [])), players,
                                       card_names, lang)  # fmt: skip
                hand, discard = cast(int, ps["hand"]), cast(int, ps["discard"])  # counts here
                sides.append(RoundSide(players[seat], int(hand), int(ps["deck"]),
                                       int(discard), zone, int(vps[seat])))  # fmt: skip
            rows.append(RoundRow(
                round=int(rnd["round"]),
                title=ztm.sentence("round_title", lang, round=rnd["round"]),
                main_player=players[int(rnd["main_player"])],
                decided=self._round_sentence(rnd, players),
                sides=(sides[0], sides[1]),
            ))  # fmt: skip
        return rows

    def _log(self, rounds: list[TurnJson]) -> list[TurnLog]:
        lang = self.lang
        log = []
        for rnd in rounds:
            events = rnd.get("events", [])
            lines = tuple(
                (str(e["text"]), ("、" if lang == "ja" else ", ").join(
                    self.rule(str(k)).display for k in e["rules"]))
                for e in events
            )  # fmt: skip
            keys = dict.fromkeys(str(k) for e in events for k in e["rules"])
            title = ztm.sentence("round_title", lang, round=rnd["round"])
            log.append(TurnLog(title, (Step(title, lines, tuple(self.rule(k) for k in keys)),)))
        return log


#: The rule a claim about each Azuki path turns on, in order of preference (the first the turn
#: cites): a leader's health is the attack's damage (or an effect's), IKZ the Resource phase.
AZUKI_CLAIM_RULES: Mapping[str, tuple[str, ...]] = {
    "leader_health": ("azk.attack.damage", "azk.win.how"),
    "ikz": ("azk.turn.phases#step2", "azk.text.cost"),
    "hand": ("azk.turn.phases#step1",),
    "deck": ("azk.turn.phases#step1", "azk.win.deckout"),
}


def azuki_claim_subject(path: str, players: tuple[str, str]) -> str:
    """``players[1].leader_health`` in plain words (the active language)."""
    seat, _sep, what = path.partition("].")
    index = seat.removeprefix("players[")
    name = players[int(index)] if index in ("0", "1") else index
    words = {
        "leader_health": _("%(name)s's leader health"),
        "ikz": _("%(name)s's IKZ"),
        "hand": _("the cards in %(name)s's hand"),
        "deck": _("the cards in %(name)s's deck"),
    }
    return words[what] % {"name": name} if what in words else path


def _end(sentence: str) -> str:
    """One full stop: an FAQ question cited last already ends the sentence ("…dealt?")."""
    return sentence.replace("?.", "?").replace("？。", "？")


class AzukiPresenter:
    """The ruling page of an Azuki TCG replay (``azuki-replay/1``): the answer first (who won,
    why it goes to the head judge, or the illegal input, with the FAQ sentence its key quotes),
    the claims, the board after each turn and the events with their FAQ keys."""

    def __init__(self, *, lang: str, rule_texts: Mapping[str, str],
                 ja_texts: Mapping[str, str]) -> None:  # fmt: skip
        self.lang = "ja" if lang == "ja" else "en"
        self.rule_texts = rule_texts
        self._rules: dict[str, RuleText] = {}

    def rule(self, key: str) -> RuleText:
        cached = self._rules.get(key)
        if cached is None:
            known = azuki_rules.BY_KEY.get(key)
            text = self.rule_texts.get(key) or (known.quote if known else None)
            shown = azuki_rules.display(key, self.lang) if known else key
            cached = RuleText(key, shown, text, (), False, False)
            self._rules[key] = cached
        return cached

    def present(self, *, output: ReportJson, record: RecordJson,
                players: tuple[str, str]) -> RulingView:  # fmt: skip
        names = {str(k): str(v) for k, v in dict(output.get("card_names", {})).items()}
        turns = _objects(output.get("turns", []))
        with override(self.lang):
            answers = [self._game_answer(output, turns, players)]
            answers += self._claim_answers(output, players)
            return RulingView(
                players=players,
                answers=tuple(answers),
                result="",
                illegal="",
                board=(),
                log=tuple(self._log(turns, players)),
                choices=(),
                notes=(),
                rules=tuple(self.rule(k) for k in cited_keys(output)),
                game="azuki",
                azuki_turns=tuple(self._board(output, turns, players, names)),
            )

    def _title(self, turn: TurnJson, players: tuple[str, str]) -> str:
        number = int(turn.get("turn") or 0)
        if number == 0:
            return _("Before play starts")
        seat = turn.get("player")
        who = players[int(seat)] if seat in (0, 1) else ""
        return _("Turn %(n)s (%(who)s)") % {"n": number, "who": who}

    def _health(self, turns: list[TurnJson], players: tuple[str, str]) -> str:
        state = turns[-1].get("state", {}) if turns else {}
        sides = [*state.get("players", []), {}, {}][:2]
        return _("%(a)s's leader has %(ha)s health, %(b)s's %(hb)s") % {
            "a": players[0], "ha": sides[0].get("leader_health", "?"),
            "b": players[1], "hb": sides[1].get("leader_health", "?"),
        }  # fmt: skip

    def _game_answer(self, output: ReportJson, turns: list[TurnJson],
                     players: tuple[str, str]) -> Answer:  # fmt: skip
        result = output.get("result", {})
        outcome = str(result.get("outcome"))
        rules = [str(k) for k in result.get("rules", [])]
        last = int(turns[-1].get("turn") or 0) if turns else 0
        ill = output.get("illegal_input")
        if ill:
            broken = self.rule(str(ill["rule"]))
            words = _("The record breaks a rule at turn %(turn)s (%(path)s): %(message)s "
                      "(%(rule)s). Fix the record first.")  # fmt: skip
            sentence = words % {
                "turn": ill.get("turn"),
                "path": ill.get("path"),
                "message": ill.get("message"),
                "rule": broken.display,
            }
            return Answer("illegal", sentence, broken)
        rule = self.rule(rules[0]) if rules else None
        won = result.get("winner")
        if outcome == "win" and won in (0, 1):
            winner = int(won)
            loser = players[1 - winner]
            reason = {
                "leader_health": _("%(loser)s's leader's health reached 0"),
                "deck_out": _("%(loser)s had to draw from an empty deck"),
            }.get(str(result.get("reason")), _("%(loser)s lost"))
            sentence = _("%(who)s wins the game in turn %(turn)s: %(reason)s.") % {
                "who": players[winner], "turn": last, "reason": reason % {"loser": loser},
            }  # fmt: skip
            return Answer("right", sentence, rule)
        if outcome == "escalate":
            if result.get("reason") == "simultaneous":
                why = _("both leaders' health reached 0 at the same time, and there are no draws")
            else:
                why = _("the replay cannot decide it")
            sentence = _("The head judge decides (turn %(turn)s): %(why)s.") % {
                "turn": last, "why": why,
            }  # fmt: skip
            return Answer("question", sentence, rule)
        sentence = _("Nobody has won yet after turn %(turn)s: %(health)s.") % {
            "turn": last, "health": self._health(turns, players),
        }  # fmt: skip
        return Answer("undetermined", sentence, rule)

    def _claim_answers(self, output: ReportJson,
                       players: tuple[str, str]) -> list[Answer]:  # fmt: skip
        groups: dict[tuple[str, str], list[ClaimJson]] = {}
        for claim in output.get("claims", []):
            groups.setdefault((str(claim["at"]), str(claim["path"])), []).append(claim)

        def name(party: str) -> str:
            seat = party[-1] if party in ("P0", "P1", "0", "1") else ""
            return players[int(seat)] if seat else party

        answers = []
        for (at, path), claims in groups.items():
            subject = azuki_claim_subject(path, players)
            where = _("after turn %(n)s") % {"n": at.lstrip("T")}
            said = tuple(
                _("%(who)s: %(what)s is %(value)s (%(verdict)s)") % {
                    "who": name(str(c["party"])), "what": subject, "value": c["claimed"],
                    "verdict": verdict_word(str(c["status"]), self.lang),
                }
                for c in claims
            )  # fmt: skip
            statuses = {str(c["status"]) for c in claims}
            cited = [str(r) for c in claims for r in c.get("rules", [])]
            kind = path.split("].", 1)[-1]
            deciding = next((k for k in AZUKI_CLAIM_RULES.get(kind, ()) if k in cited),
                            cited[0] if cited else None)  # fmt: skip
            rule = self.rule(deciding) if deciding else None
            if statuses & {"ILLEGAL_INPUT", "UNDETERMINED", "DEPENDS_ON"}:
                sentence = _("The record cannot decide %(what)s %(where)s.") % {
                    "what": subject, "where": where,
                }  # fmt: skip
                answers.append(Answer("undetermined", sentence, None, claims=said))
                continue
            actual = next((c["actual"] for c in claims), None)
            fact = _("%(what)s was %(value)s") % {"what": subject, "value": actual}
            rule_words = (_(", rule %(rule)s") % {"rule": rule.display}) if rule else ""
            right = list(dict.fromkeys(name(str(c["party"])) for c in claims
                                       if c["status"] == "CONSISTENT"))  # fmt: skip
            parties = list(dict.fromkeys(name(str(c["party"])) for c in claims))
            if right:
                sentence = _("%(who)s is right: %(fact)s %(where)s%(rule)s.") % {
                    "who": _(" and ").join(right), "fact": fact, "where": where,
                    "rule": rule_words,
                }  # fmt: skip
                answers.append(Answer("right", _end(sentence), rule, claims=said))
            elif len(parties) == 1:
                sentence = _("%(who)s is wrong: %(fact)s %(where)s%(rule)s.") % {
                    "who": parties[0], "fact": fact, "where": where, "rule": rule_words,
                }  # fmt: skip
                answers.append(Answer("neither", _end(sentence), rule, claims=said))
            else:
                sentence = _("Neither claim is right: %(fact)s %(where)s%(rule)s.") % {
                    "fact": fact, "where": where, "rule": rule_words,
                }  # fmt: skip
                answers.append(Answer("neither", _end(sentence), rule, claims=said))
        return answers

    def _row(self, slots: Sequence[SlotJson | None], names: Mapping[str, str]) -> str:
        cards = []
        for slot in slots:
            if isinstance(slot, dict) and slot.get("card"):
                cid = str(slot["card"])
                label = names.get(cid, cid)
                if slot.get("damage"):
                    label += _(" (%(n)s damage)") % {"n": slot["damage"]}
                cards.append(label)
        return ("、" if self.lang == "ja" else ", ").join(cards) or "—"

    def _board(
        self,
        output: ReportJson,
        turns: list[TurnJson],
        players: tuple[str, str],
        names: Mapping[str, str],
    ) -> list[AzukiTurnRow]:
        leaders = [*[str(x) for x in output.get("leaders", [])], "", ""]
        rows = []
        for turn in turns:
            state = turn.get("state", {})
            sides = []
            for seat, ps in enumerate(state.get("players", [])[:2]):
                ikz = _("%(untapped)s of %(ikz)s untapped") % {
                    "untapped": ps.get("ikz_untapped", 0), "ikz": ps.get("ikz", 0),
                }  # fmt: skip
                sides.append(AzukiSide(
                    name=players[seat], leader=leaders[seat],
                    leader_health=int(ps.get("leader_health", 0)), ikz=ikz,
                    hand=int(cast(int, ps.get("hand", 0))), deck=int(ps.get("deck", 0)),
                    discard=len(cast(list[str], ps.get("discard", []))),
                    garden=self._row(ps.get("garden", []), names),
                    alley=self._row(ps.get("alley", []), names),
                ))  # fmt: skip
            if len(sides) == 2:
                rows.append(AzukiTurnRow(self._title(turn, players), (sides[0], sides[1])))
        return rows

    def _log(self, turns: list[TurnJson], players: tuple[str, str]) -> list[TurnLog]:
        sep = "、" if self.lang == "ja" else ", "
        log = []
        for turn in turns:
            events = turn.get("events", [])
            lines = tuple(
                (str(e["text"]), sep.join(self.rule(str(k)).display for k in e["rules"]))
                for e in events
            )
            keys = dict.fromkeys(str(k) for e in events for k in e["rules"])
            title = self._title(turn, players)
            log.append(TurnLog(title, (Step(title, lines, tuple(self.rule(k) for k in keys)),)))
        return log


Presenter = Callable[..., ZutomayoPresenter | ZtrikePresenter | AzukiPresenter]
PRESENTERS: dict[str, Presenter] = {
    "zutomayo-replay/1": ZutomayoPresenter,
    "ztrike-replay/1": ZtrikePresenter,
    "azuki-replay/1": AzukiPresenter,
}
"""Presenters by report format; a game adds its own."""


def presenter_for(
    output: ReportJson, **kwargs: object
) -> ZutomayoPresenter | ZtrikePresenter | AzukiPresenter:
    fmt = str(output.get("format") or "zutomayo-replay/1")
    return PRESENTERS.get(fmt, ZutomayoPresenter)(**kwargs)
