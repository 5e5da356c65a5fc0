"""Toy Game's judge pages: a ``judging.games``-style module (see ``judging/games/README.md``):
the presenter of its ruling page with its board template, the claim form, the entry page and the
card loader, gathered in ``JUDGE_GAME``. A game of the project registers it when its module is
imported; the test registers this one (and unregisters it) itself."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from django import forms
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template import RequestContext, Template

from core.views import form_service_call
from judging.engine.core.jsontypes import JSON
from judging.forms import PlayerClaimForm
from judging.games import EntryPage, JudgeGame
from judging.models import JudgeCase
from judging.presentation import Answer, RuleText, RulingView, Step, TurnLog, cited_keys
from judging.report_json import RecordJson, ReportJson, TurnJson
from judging.selectors import CardOption, engine_cards
from judging.services import ruling_compute
from tests.toygame.engine import PLUGIN

SLUG = PLUGIN.slug
#: The board, from a template object: the toy's templates are not in the project's folders.
BOARD = Template(
    '<section class="panel toy-board"><h2>{{ view.board_heading }}</h2><table class="board">'
    "{% for row in view.board %}<tr><th>{{ row.title }}</th>"
    "{% for side in row.sides %}<td>{{ side }}</td>{% endfor %}</tr>{% endfor %}</table></section>"
)
WORDS = {
    "en": {"win": "{who} wins the game: {a} to {b}.", "draw": "A draw: {a} to {b}.",
           "right": "{who} is right: {what} was {value} after round {n}.",
           "wrong": "{who} is wrong: {what} was {value} after round {n}.",
           "score": "{who}'s score", "illegal": "The record breaks a rule in round {n}.",
           "board": "The score after each round", "round": "Round {n}"},
    "ja": {"win": "{who}の勝ち：{a}対{b}。", "draw": "引き分け：{a}対{b}。",
           "right": "{who}が正しい：{n}ラウンド目の後、{what}は{value}だった。",
           "wrong": "{who}の主張は誤り：{n}ラウンド目の後、{what}は{value}だった。",
           "score": "{who}のスコア", "illegal": "{n}ラウンド目でルール違反があります。",
           "board": "各ラウンド後のスコア", "round": "{n}ラウンド目"},
}  # fmt: skip


@dataclass(frozen=True)
class ScoreRow:
    title: str
    sides: tuple[str, str]

    def printed(self) -> tuple[str, tuple[str, ...]]:
        return self.title, self.sides


def _scores(turn: TurnJson) -> tuple[object, object]:
    """The two scores after a round (the toy's own key of its report)."""
    found = dict(turn).get("scores")
    return (found[0], found[1]) if isinstance(found, list) and len(found) == 2 else ("?", "?")


def _sides(players: tuple[str, str], scores: tuple[object, object]) -> tuple[str, str]:
    return f"{players[0]}: {scores[0]}", f"{players[1]}: {scores[1]}"


class ToyPresenter:
    def __init__(
        self, *, lang: str, rule_texts: Mapping[str, str], ja_texts: Mapping[str, str]
    ) -> None:
        self.lang = "ja" if lang == "ja" else "en"
        self.words = WORDS[self.lang]

    def rule(self, key: str) -> RuleText:
        shown = PLUGIN.rule_display(key, self.lang)
        return RuleText(key, shown, PLUGIN.rule_text(key, "en"), (), False, False)

    def present(
        self, *, output: ReportJson, record: RecordJson, players: tuple[str, str]
    ) -> RulingView:
        w = self.words
        rounds = output.get("rounds", [])
        last = _scores(rounds[-1]) if rounds else (0, 0)
        result = output.get("result", {})
        answers = []
        illegal = output.get("illegal_input")
        if illegal:
            answers.append(Answer("illegal", w["illegal"].format(n=illegal["turn"]),
                                  self.rule(str(illegal["rule"]))))  # fmt: skip
        elif result.get("winner") in (0, 1):
            who = players[int(str(result["winner"]))]
            answers.append(Answer("right", w["win"].format(who=who, a=last[0], b=last[1]),
                                  self.rule("toy.win")))  # fmt: skip
        else:
            answers.append(Answer("right", w["draw"].format(a=last[0], b=last[1]),
                                  self.rule("toy.win")))  # fmt: skip
        for claim in output.get("claims", []):
            party = str(claim["party"])
            who = players[int(party[-1])] if party[-1:] in ("0", "1") else party
            seat = 1 if str(claim["path"]).startswith("players[1]") else 0
            kind = "right" if claim["status"] == "CONSISTENT" else "wrong"
            what = w["score"].format(who=players[seat])
            n = str(claim["at"]).lstrip("R")
            sentence = w[kind].format(who=who, what=what, value=claim["actual"], n=n)
            answers.append(Answer("right" if kind == "right" else "neither", sentence,
                                  self.rule("toy.score")))  # fmt: skip
        board = tuple(
            ScoreRow(w["round"].format(n=r["round"]),
                     _sides(players, _scores(r)))
            for r in rounds
        )  # fmt: skip
        log = tuple(
            TurnLog(w["round"].format(n=r["round"]), (Step(w["round"].format(n=r["round"]),
                    tuple((str(e["text"]), ", ".join(self.rule(str(k)).display for k in e["rules"]))
                          for e in r.get("events", [])),
                    tuple(self.rule(k) for k in ("toy.roll", "toy.score"))),))
            for r in rounds
        )  # fmt: skip
        return RulingView(
            players=players, answers=tuple(answers), result="", illegal="", log=log,
            choices=(), notes=(), rules=tuple(self.rule(k) for k in cited_keys(output)),
            board=board, board_template=BOARD, board_heading=w["board"],
        )  # fmt: skip


class ToyClaimForm(PlayerClaimForm):
    """One player's claim: a player's score after a round."""

    round = forms.IntegerField(label="Round", min_value=1, max_value=99)
    what = forms.ChoiceField(label="What")
    number = forms.IntegerField(label="Score", min_value=0, max_value=999)

    def describe(
        self, *, names: tuple[str, str], lang: str, options: Callable[[], Sequence[CardOption]]
    ) -> None:
        self._choices("what", [(f"players[{i}].score", f"{name}'s score")
                               for i, name in enumerate(names)])  # fmt: skip

    def claim(self, party: int) -> dict[str, JSON]:
        data = self.cleaned_data
        return {"party": f"P{party}", "at": f"R{data['round']}", "path": str(data["what"]),
                "value": data["number"]}  # fmt: skip


class ToyEntryForm(forms.Form):
    """The game by its rolls: the two names and "3 5; 6 1" (each round's two rolls)."""

    first = forms.CharField(max_length=40)
    second = forms.CharField(max_length=40)
    rolls = forms.CharField(max_length=200)

    def clean_rolls(self) -> list[list[int]]:
        try:
            rounds = [
                [int(x) for x in part.split()] for part in self.cleaned_data["rolls"].split(";")
            ]
        except ValueError as exc:
            raise forms.ValidationError("two numbers a round") from exc
        if not rounds or any(len(r) != 2 for r in rounds):
            raise forms.ValidationError("two numbers a round")
        return rounds

    def record(self) -> dict[str, JSON]:
        data = self.cleaned_data
        return {"format": PLUGIN.record_format, "players": [{"name": data["first"]},
                {"name": data["second"]}], "rounds": data["rolls"]}  # fmt: skip


ENTRY = Template(
    '<h1>Enter the rolls</h1><form method="post">{% csrf_token %}{{ form.as_p }}'
    '<button type="submit">Replay</button></form>'
)


def case_turn(request: HttpRequest, case: JudgeCase, user: User) -> HttpResponse:
    form = ToyEntryForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            _ruling, status, _error = form_service_call(
                form, lambda: ruling_compute(case_id=case.pk, by=user, record=form.record())
            )
            if status == 200:
                return redirect("judging:case-detail", case_id=case.pk)
        else:
            status = 400
    return HttpResponse(ENTRY.render(RequestContext(request, {"form": form})), status=status)


def toy_cards() -> object:
    return engine_cards(game=SLUG)


JUDGE_GAME = JudgeGame(
    slug=SLUG,
    presenter=ToyPresenter,
    claim_form=ToyClaimForm,
    cards=toy_cards,
    entry=EntryPage("Enter the rolls", case_turn),
)
