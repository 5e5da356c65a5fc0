"""Azuki TCG on the judge pages: the ruling page's presenter (who won, why it goes to the head
judge, or the illegal input, with the FAQ sentence its key quotes; the claims; the board after
each turn by card name), the claim form (after which turn, what, the number), the report as the
pages store it and the card loader. Azuki has no entry page by card name yet: a judge uploads
the ``azuki-game/1`` record. Registered with ``judging.games``."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, override

from judging.engine.azuki.plugin import RULES, AzukiReport
from judging.engine.azuki.plugin import rules as azuki_rules
from judging.engine.core.claims import verdict_word
from judging.engine.core.jsontypes import JSON
from judging.engine.core.report import IllegalInput, Report
from judging.forms import PlayerClaimForm
from judging.games import JudgeGame, RulesSource, register
from judging.presentation import (
    Answer,
    QuotedRulesPresenter,
    RulingView,
    Step,
    TurnLog,
    cited_keys,
    json_objects,
    party_of,
)
from judging.report_json import ClaimJson, RecordJson, ReportJson, SlotJson, TurnJson
from judging.selectors import CardOption, engine_cards

SLUG = "azuki"
BOARD_TEMPLATE = "judging/games/azuki_board.html"

# --- the ruling page ---------------------------------------------------------------------------


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

    def printed(self) -> tuple[str, tuple[str, ...]]:
        return self.title, tuple(
            f"{side.name} ({side.leader}): {_('Leader health')} {side.leader_health} · "
            f"IKZ {side.ikz} · {_('Hand')} {side.hand} · {_('Deck')} {side.deck} · "
            f"{_('Discard pile')} {side.discard} · {_('Garden')} {side.garden} · "
            f"{_('Alley')} {side.alley}"
            for side in self.sides
        )


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


class AzukiPresenter(QuotedRulesPresenter):
    """The ruling page of an Azuki TCG replay (``azuki-replay/1``): the answer first (who won,
    why it goes to the head judge, or the illegal input, with the FAQ sentence its key quotes),
    the claims, the board after each turn and the events with their FAQ keys."""

    book = azuki_rules.BOOK

    def shown(self, key: str) -> str:
        # A key the book lacks is shown as it is: the page still renders.
        return azuki_rules.display(key, self.lang) if key in azuki_rules.BY_KEY else key

    def present(self, *, output: ReportJson, record: RecordJson,
                players: tuple[str, str]) -> RulingView:  # fmt: skip
        names = {str(k): str(v) for k, v in dict(output.get("card_names", {})).items()}
        turns = json_objects(output.get("turns", []))
        with override(self.lang):
            answers = [self._game_answer(output, turns, players)]
            answers += self._claim_answers(output, players)
            return RulingView(
                players=players,
                answers=tuple(answers),
                result="",
                illegal="",
                board=tuple(self._board(output, turns, players, names)),
                board_template=BOARD_TEMPLATE,
                board_heading=_("The board after each turn"),
                log=tuple(self._log(turns, players)),
                choices=(),
                notes=(),
                rules=tuple(self.rule(k) for k in cited_keys(output)),
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
            return party_of(party, players)

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


# --- the report as stored, the claim form ------------------------------------------------------


def _card_ids(value: JSON, known: Mapping[str, object], into: dict[str, None]) -> None:
    if isinstance(value, str):
        if value in known:
            into[value] = None
    elif isinstance(value, list):
        for item in value:
            _card_ids(item, known, into)
    elif isinstance(value, dict):
        for item in value.values():
            _card_ids(item, known, into)


@dataclass(frozen=True)
class AzukiJudgeReport:
    """An Azuki report as the judge pages store it: the engine's JSON plus ``card_names`` (the
    names of the cards on the board, so the ruling page reads no card table)."""

    report: AzukiReport

    @property
    def illegal_input(self) -> IllegalInput | None:
        return self.report.illegal_input

    def to_json(self, lang: str | None = None) -> dict[str, JSON]:
        out = self.report.to_json(lang)
        record = self.report.record
        ids: dict[str, None] = {}
        _card_ids(out.get("turns", []), record.cards, ids)
        for side in record.players:
            _card_ids([side.leader, side.gate], record.cards, ids)
        out["card_names"] = {cid: record.cards[cid].name for cid in ids}
        out["leaders"] = [record.cards[p.leader].name if p.leader in record.cards else p.leader
                          for p in record.players]  # fmt: skip
        return out

    def to_text(self, lang: str | None = None) -> str:
        return self.report.to_text(lang)


def stored_report(report: Report) -> Report:
    """An Azuki report as the pages store it (with the names of the cards on the board)."""
    return AzukiJudgeReport(report) if isinstance(report, AzukiReport) else report


class AzukiClaimForm(PlayerClaimForm):
    """One player's claim about the board after an Azuki turn: the turn, what, the number."""

    turn = forms.IntegerField(label=gettext_lazy("Turn number"), min_value=1, max_value=999)
    what = forms.ChoiceField(label=gettext_lazy("What"))
    number = forms.IntegerField(label=gettext_lazy("Number (health, IKZ, cards)"), min_value=-99,
                                max_value=999)  # fmt: skip

    def describe(self, *, names: tuple[str, str], lang: str,
                 options: Callable[[], Sequence[CardOption]]) -> None:  # fmt: skip
        what = self.fields["what"]
        if isinstance(what, forms.ChoiceField):
            choices = []
            for kind, words in (
                ("leader_health", _("%(name)s's leader health")),
                ("ikz", _("%(name)s's IKZ")),
                ("hand", _("the cards in %(name)s's hand")),
                ("deck", _("the cards in %(name)s's deck")),
            ):
                for seat, name in enumerate(names):
                    choices.append((f"players[{seat}].{kind}", words % {"name": name}))
            what.choices = choices

    def claim(self, party: int) -> dict[str, JSON]:
        """The structured claim (``at`` the turn, ``path``, ``value``) this form describes."""
        data = self.cleaned_data
        return {"party": f"P{party}", "at": data["turn"], "path": str(data["what"]),
                "value": data["number"]}  # fmt: skip


def azuki_cards() -> object:
    """The database's Azuki TCG cards (``import_cards --game azuki``; ``load_demo`` imports the
    shared ``data/azuki/cards.json``) as the engine's card table (one query)."""
    return engine_cards(game=SLUG)


register(
    JudgeGame(
        slug=SLUG,
        presenter=AzukiPresenter,
        claim_form=AzukiClaimForm,
        cards=azuki_cards,
        stored_report=stored_report,
        documents=(
            RulesSource("faq", "en", "Azuki TCG rules FAQ", "azuki-tcg-rules-faq.en.txt", "1",
                          key_prefix="azk", stable_rules=lambda: RULES),
        ),
    )
)  # fmt: skip
