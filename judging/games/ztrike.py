"""ZTRIKE on the judge pages: the ruling page's presenter (who won the game or the round and why,
with the quoted sentence of the official rules; the board after each round), the claim form
(which round, what, the value), the round entry page and the card loader. Registered with
``judging.games``.

The round entry page: a ZTRIKE game entered by card name (no JSON typed at the table): the
snapshot at the start of the disputed round, the Main Player, and up to three rounds (the card
each player played and which Win/Lose bonuses were applied). Every card is named (English or
Japanese, from the event's ZTRIKE pool); the form builds the ``ztrike-game/1`` record the engine
replays and the judge downloads. No field takes an id.

What the engine needs: each player's 36 cards, split into hand, deck, Victory Zone and discard
pile. The Victory Zone and the discard pile are named card by card (they decide Victory Points and
the refresh); the hand is the cards named plus the first round's card; the deck is the rest of the
36, its top cards named as far as known (the cards drawn after the rounds entered), the others an
unknown card (in the record's own ``cards`` section: power 0, 0 Victory Points, never played).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from django import forms
from django.contrib.auth.models import User
from django.forms import BoundField
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language, gettext_lazy, override
from django.utils.translation import gettext as _

from judging.engine.core.claims import verdict_word
from judging.engine.core.jsontypes import JSON
from judging.engine.ztrike.plugin import COLOUR, DECK_SIZE, RULES, ZONE, Card, Effect
from judging.engine.ztrike.plugin import messages as ztm
from judging.engine.ztrike.plugin import rules as ztrike_rules
from judging.entry_pages import entry_page
from judging.forms import CardNameField, PlayerClaimForm, RecordEntryForm, seats
from judging.games import EntryPage, JudgeGame, RulesSource, register
from judging.models import JudgeCase
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
from judging.report_json import ClaimJson, EventJson, RecordJson, ReportJson, TurnJson
from judging.selectors import (
    CardOption,
    card_datalist,
    card_options,
    engine_cards,
    match_player_names,
)

SLUG = "ztrike"
BOARD_TEMPLATE = "judging/games/ztrike_board.html"

# --- the ruling page ---------------------------------------------------------------------------


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

    def printed(self) -> tuple[str, tuple[str, ...]]:
        who = _("Main Player: %(who)s") % {"who": self.main_player}
        title = f"{self.title} · {who} · {self.decided}"
        return title, tuple(
            f"{side.name}: {_('Hand')} {side.hand} · {_('Deck')} {side.deck} · "
            f"{_('Discard pile')} {side.discard} · {_('Victory Zone')} {side.victory_zone} · "
            f"{_('Victory Points')} {side.victory_points}"
            for side in self.sides
        )


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


class ZtrikePresenter(QuotedRulesPresenter):
    """The ruling page of a ZTRIKE replay (``ztrike-replay/1``): the answer first (who won the
    game or the last round and why, with the quoted sentence of the rule), the claims, the board
    after each round (hand, deck, discard pile, Victory Zone, Victory Points) and the events."""

    book = ztrike_rules.BOOK

    def present(self, *, output: ReportJson, record: RecordJson,
                players: tuple[str, str]) -> RulingView:  # fmt: skip
        lang = self.lang
        card_names = {
            str(c.get("id")): str(c.get("name") or c.get("id"))
            for c in json_objects(record.get("cards", []))
        }  # fmt: skip
        card_names.update({str(k): str(v) for k, v in dict(output.get("card_names", {})).items()})
        rounds = json_objects(output.get("rounds", []))
        with override(lang):
            answers = [self._game_answer(output, rounds, players)]
            answers += self._claim_answers(output, players, card_names)
            return RulingView(
                players=players,
                answers=tuple(answers),
                result="",
                illegal=self._illegal(output, rounds),
                board=tuple(self._rounds(rounds, players, card_names)),
                board_template=BOARD_TEMPLATE,
                board_heading=_("The board after each round"),
                log=tuple(self._log(rounds)),
                choices=tuple(
                    (ztm.question_words(k, lang), ztm.answer_words(k, str(v), lang))
                    for k, v in output.get("profile", {}).items()
                    if k in output.get("ambiguities_consulted", [])
                ),
                notes=(),
                rules=tuple(self.rule(k) for k in cited_keys(output)),
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
                return party_of(party, players)

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


# --- the claim form and the round entry page -----------------------------------------------


class ZtrikeClaimForm(PlayerClaimForm):
    """One player's claim about a ZTRIKE round in plain words: which round, what, the value."""

    round = forms.IntegerField(label=gettext_lazy("Round number"), min_value=1, max_value=999)
    what = forms.ChoiceField(label=gettext_lazy("What"))
    number = forms.IntegerField(
        label=gettext_lazy("Number (Victory Points, cards)"),
        required=False,
        min_value=0,
        max_value=999,
    )
    answer = forms.ChoiceField(label=gettext_lazy("Who won the round"), required=False)

    def describe(self, *, names: tuple[str, str], lang: str,
                 options: Callable[[], Sequence[CardOption]]) -> None:  # fmt: skip
        a, b = names
        what = self.fields["what"]
        if isinstance(what, forms.ChoiceField):
            what.choices = [
                ("winner", _("who won the round")),
                ("victory_points[0]", _("%(name)s's Victory Points") % {"name": a}),
                ("victory_points[1]", _("%(name)s's Victory Points") % {"name": b}),
                ("players[0].hand", _("the cards in %(name)s's hand") % {"name": a}),
                ("players[1].hand", _("the cards in %(name)s's hand") % {"name": b}),
            ]
        answer = self.fields["answer"]
        if isinstance(answer, forms.ChoiceField):
            answer.choices = [
                ("", "—"),
                ("0", a),
                ("1", b),
                ("tie", _("a tie (nobody)")),
            ]

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        what = str(data.get("what") or "")
        if what == "winner" and data.get("answer") not in ("0", "1", "tie"):
            self.add_error("answer", _("choose who won, or a tie"))
        if what != "winner" and data.get("number") is None:
            self.add_error("number", _("give the number the player says"))
        return data

    def claim(self, party: int) -> dict[str, JSON]:
        """The structured claim (``at`` R<n>, ``path``, ``value``) this form describes."""
        data = self.cleaned_data
        what = str(data["what"])
        if what == "winner":
            answer = str(data.get("answer"))
            value: JSON = None if answer == "tie" else int(answer)
        else:
            value = data["number"]
        return {"party": f"P{party}", "at": f"R{data['round']}", "path": what, "value": value}


ROUNDS = 3
HAND_SLOTS = 7
DECK_SLOTS = 3
ZONE_SLOTS = 10
UNKNOWN = "?"
UNKNOWN_CARD = {"id": UNKNOWN, "name": UNKNOWN, "colour": "generic", "power": 0,
                "victory_points": 0, "bonuses": []}  # fmt: skip
SEPARATORS = (",", "、", ";", "/", "+")


def effect_words(effect: Effect) -> str:
    """One effect of a bonus in the page's language."""
    whose = gettext_lazy("you") if effect.target == "self" else gettext_lazy("your opponent")
    words = {
        "set_colour": _("colour becomes %(colour)s"),
        "power_plus": _("+%(n)s power"),
        "power_minus": _("−%(n)s power"),
        "set_power": _("power becomes %(n)s"),
        "draw": _("draw %(n)s"),
        "discard_from_hand": _("discard %(n)s from hand"),
        "move_card": _("move a card from %(src)s to %(dst)s"),
        "vp_plus": _("+%(n)s Victory Points"),
        "vp_minus": _("−%(n)s Victory Points"),
    }[effect.op]
    i = 1 if (get_language() or "en").startswith("ja") else 0
    colour = COLOUR.get(effect.colour, ("", ""))[i]
    src, dst = ZONE.get(effect.from_zone, ("", ""))[i], ZONE.get(effect.to_zone, ("", ""))[i]
    text = str(words) % {"n": effect.amount, "colour": colour, "src": src, "dst": dst}
    return f"{text} ({whose})"


def bonus_words(card: Card, when: str) -> str:
    """The card's Win (or Lose) bonus as the checkbox's label; "" when it has none."""
    head = gettext_lazy("Win bonus") if when == "win" else gettext_lazy("Lose bonus")
    texts = [
        "; ".join(effect_words(e) for e in bonus.effects)
        for bonus in card.bonuses
        if bonus.when == when
    ]
    return f"{head} — {card.name}: {' / '.join(texts)}" if texts else ""


class SingleCardField(CardNameField):
    """One card name: two names in one field ("three cards played") are refused."""

    def clean(self, value: object) -> str:
        text = str(value or "")
        if " · " not in text and any(s in text for s in SEPARATORS):
            raise forms.ValidationError(_("one card per player per round: name only one card"))
        return super().clean(value)


@dataclass(frozen=True, slots=True)
class ZtrikeEntrySide:
    """One player's snapshot fields on the ZTRIKE round entry page."""

    name: BoundField
    hand: list[BoundField]
    vz: list[BoundField]
    discard: list[BoundField]
    deck: list[BoundField]


@dataclass(frozen=True, slots=True)
class BonusField:
    """A bonus checkbox of a played card, labelled with the card's bonus text once known."""

    field: BoundField
    text: str
    when: str


@dataclass(frozen=True, slots=True)
class PlayedCardFields:
    """A player's card in a round and its two bonus checkboxes."""

    card: BoundField
    bonuses: list[BonusField]


class ZtrikeRoundEntryForm(RecordEntryForm):
    """The snapshot, the Main Player and the rounds, all by card name."""

    round = forms.IntegerField(label=gettext_lazy("Round being played"), min_value=1, max_value=999,
                               initial=1)  # fmt: skip

    def __init__(self, data: Mapping[str, object] | None = None, *, prefix: str | None = None,
                 options: Sequence[CardOption] = (), cards: Mapping[str, Card] | None = None,
                 names: tuple[str, str] = ("", "")) -> None:  # fmt: skip
        super().__init__(data, prefix=prefix)
        self.cards = dict(cards or {})
        players = seats(names)
        self.fields["main_player"] = forms.TypedChoiceField(
            label=_("Main Player of this round"), coerce=int, choices=players
        )
        for side, name in players:
            self.add_player_name(side, name)
            self.add_card_slots(side, "hand", HAND_SLOTS, gettext_lazy("Hand, card %(n)s"))
            self.add_card_slots(side, "vz", ZONE_SLOTS, gettext_lazy("Victory Zone, card %(n)s"))
            self.add_card_slots(
                side, "discard", ZONE_SLOTS, gettext_lazy("Discard pile, card %(n)s")
            )
            self.add_card_slots(
                side, "deck", DECK_SLOTS, gettext_lazy("Deck, card %(n)s from the top (if known)")
            )
        for r in range(ROUNDS):
            for side, name in players:
                self.fields[f"r{r}_p{side}"] = SingleCardField(
                    label=_("Card played by %(name)s") % {"name": name}, required=r == 0
                )
                for when in ("win", "lose"):
                    self.fields[f"r{r}_p{side}_{when}"] = forms.BooleanField(
                        required=False,
                        label=_("Win bonus applied") if when == "win" else _("Lose bonus applied"),
                    )
        self.offer_cards(options)

    def player_fields(self, side: int) -> ZtrikeEntrySide:
        return ZtrikeEntrySide(
            name=self[f"p{side}_name"],
            hand=self.card_slots(side, "hand", HAND_SLOTS),
            vz=self.card_slots(side, "vz", ZONE_SLOTS),
            discard=self.card_slots(side, "discard", ZONE_SLOTS),
            deck=self.card_slots(side, "deck", DECK_SLOTS),
        )

    def round_fields(self) -> list[list[PlayedCardFields]]:
        """Per round, per player: the card field and its two bonus checkboxes (labelled with the
        card's bonus text once the card is known)."""
        out = []
        for r in range(ROUNDS):
            row = []
            for side in (0, 1):
                played = self._played(r, side)
                bonuses = []
                for when in ("win", "lose"):
                    text = bonus_words(self.cards[played], when) if played in self.cards else ""
                    bonuses.append(
                        BonusField(field=self[f"r{r}_p{side}_{when}"], text=text, when=when)
                    )
                row.append(PlayedCardFields(card=self[f"r{r}_p{side}"], bonuses=bonuses))
            out.append(row)
        return out

    def _played(self, r: int, side: int) -> str:
        if hasattr(self, "cleaned_data"):
            return str(self.cleaned_data.get(f"r{r}_p{side}") or "")
        return ""

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        if self.errors:
            return data
        for r in range(ROUNDS):
            given = [bool(data.get(f"r{r}_p{s}")) for s in (0, 1)]
            if any(given) and not all(given):
                self.add_error(f"r{r}_p{given.index(False)}", _("give both players' cards"))
            for side in (0, 1):
                card = self.cards.get(str(data.get(f"r{r}_p{side}") or ""))
                for when in ("win", "lose"):
                    name = f"r{r}_p{side}_{when}"
                    if data.get(name) and (card is None or not bonus_words(card, when)):
                        self.add_error(name, _("this card has no such bonus"))
        for side in (0, 1):
            held = len(self._hand(side)) + sum(
                len(self.slot_ids(side, n, ZONE_SLOTS)) for n in ("vz", "discard")
            )
            if held + len(self.slot_ids(side, "deck", DECK_SLOTS)) > DECK_SIZE:
                self.add_error(f"p{side}_hand0", _("more than 36 cards named for this player"))
        return data

    def _hand(self, side: int) -> list[str]:
        hand = self.slot_ids(side, "hand", HAND_SLOTS)
        first = str(self.cleaned_data.get(f"r0_p{side}") or "")
        if first and first not in hand:
            hand.append(first)
        return hand

    def record(self) -> dict[str, Any]:
        """The ``ztrike-game/1`` record: the snapshot, then the rounds entered."""
        data = self.cleaned_data
        rounds: list[dict[str, Any]] = []
        for r in range(ROUNDS):
            play = [data.get(f"r{r}_p{s}") for s in (0, 1)]
            if not all(play):
                continue
            bonuses = []
            for side in (0, 1):
                card = self.cards[str(play[side])]
                for when in ("win", "lose"):
                    for index, bonus in enumerate(card.bonuses):
                        if bonus.when == when:
                            applied = bool(data.get(f"r{r}_p{side}_{when}"))
                            bonuses.append({"player": side, "index": index, "apply": applied})
            rounds.append({"play": play, **({"bonuses": bonuses} if bonuses else {})})
        players, snapshot = [], []
        for side in (0, 1):
            hand = self._hand(side)
            vz, discard = (
                self.slot_ids(side, "vz", ZONE_SLOTS),
                self.slot_ids(side, "discard", ZONE_SLOTS),
            )
            deck = self.slot_ids(side, "deck", DECK_SLOTS)
            deck += [UNKNOWN] * (DECK_SIZE - len(hand) - len(vz) - len(discard) - len(deck))
            snapshot.append({"hand": hand, "deck": deck, "victory_zone": vz, "discard": discard})
            players.append({"name": data[f"p{side}_name"], "deck": [*hand, *deck, *vz, *discard]})
        return {
            "format": "ztrike-game/1",
            "cards": [UNKNOWN_CARD],
            "players": players,
            "main_player": data["main_player"],
            "start": {
                "round": data["round"],
                "main_player": data["main_player"],
                "players": snapshot,
            },
            "rounds": rounds,
        }


def case_turn(request: HttpRequest, case: JudgeCase, user: User) -> HttpResponse:
    options = card_options(game=SLUG)
    cards = ztrike_cards()
    names = match_player_names(case) or ("", "")
    form = ZtrikeRoundEntryForm(
        request.POST or None, prefix="zr", options=options, cards=cards, names=names
    )
    texts = {
        cid: found
        for cid, card in cards.items()
        if (found := {w: text for w in ("win", "lose") if (text := bonus_words(card, w))})
    }
    # A name typed without picking from the list ("Bloom Sprite") still shows its bonuses.
    ids = {n.casefold(): o.id for o in options if o.id in texts for n in (o.name, o.name_ja)}
    bonus_texts = {"texts": texts, "names": ids}
    return entry_page(
        request, case, user, form, template="judging/games/ztrike_entry.html",
        context=lambda: {"card_datalist": card_datalist(options),
                         "sides": [form.player_fields(0), form.player_fields(1)],
                         "rounds": form.round_fields(), "bonus_texts": bonus_texts},
    )  # fmt: skip


def ztrike_cards() -> dict[str, Card]:
    """The database's ZTRIKE cards (``import_cards --game ztrike``; the invented demo set from
    ``load_demo``) as the engine's catalogue (one query)."""
    found = engine_cards(game=SLUG)
    return (
        {str(k): v for k, v in found.items() if isinstance(v, Card)}
        if isinstance(found, dict)
        else {}
    )


register(
    JudgeGame(
        slug=SLUG,
        presenter=ZtrikePresenter,
        claim_form=ZtrikeClaimForm,
        cards=ztrike_cards,
        entry=EntryPage(gettext_lazy("Enter the disputed round by card names"), case_turn),
        documents=(
            RulesSource("official-rules", "en", "Official ZTRIKE Rules",
                          "ztrike-official-rules.en.txt", "1", key_prefix="ztr",
                          stable_rules=lambda: RULES),
        ),
    )
)  # fmt: skip
