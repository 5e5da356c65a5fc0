"""Choices are inputs, so a replay is reproducible: ``choices.picks`` of the record
(``zutomayo-game/3``) answers the choices a card's effect asks; an answer is checked, never guessed;
an unanswered one takes the documented default and is listed; a claim that turns on a defaulted one
is DEPENDS_ON its path.

The game is the one of ``test_run_cards``: P0 sets 3rd_94 「撃つ」 (カード名を１つ指定する。相手の
手札から１枚を選んで公開し、そのカード名のカードなら攻撃力+40; clock 2, cost 1), P1 sets 1st_72
(flame, 40 at night, clock 1) from [1st_72, 1st_9, 1st_17]: medal 3 (night), P1's hand at the
effect step [1st_9, 1st_17]. Named 1st_1 (にらちゃん（お勉強しといてよ）, the name of 1st_9) and
1st_9 revealed: P0's 1st_67 attacks 50 + 40 = 90 against 40, P1 takes 50 (5.1.4): HP 50; another
name or card: 50 against 40, HP 90.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from judging.engine import CardCatalogue, choices_needed, replay_record
from judging.engine.core.errors import RecordError
from judging.engine.zutomayo.apply import ChoicePoint
from judging.engine.zutomayo.claims import MAX_PICKS, _other_answers
from judging.engine.zutomayo.record import FORMAT, FORMATS, parse_record, schema

from .test_run_cards import record

PATH = "turns[0].choices.picks[0].3rd_94"
HP_50 = {"party": "0", "at": "T3", "path": "players[1].hp", "value": 50}


def game(answers: list[Any] | None, claims: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    picks = None if answers is None else [{"3rd_94": answers}, None]
    return record(("3rd_94", "1st_72"), (["3rd_94", "1st_9", "1st_17"],
                                         ["1st_72", "1st_9", "1st_17"]),
                  picks=picks, claims=claims)  # fmt: skip


def test_the_format_is_version_3_and_reads_1_and_2() -> None:
    assert FORMAT == "zutomayo-game/3"
    assert FORMATS == ("zutomayo-game/3", "zutomayo-game/2", "zutomayo-game/1")


def test_answers_are_read_per_player_and_card(real_cards: CardCatalogue) -> None:
    parsed = parse_record(game([None, ["1st_17"]]), real_cards)
    assert parsed.turns[0].picks == ((("3rd_94", (None, ("1st_17",))),), ())


def test_version_2_has_no_picks(real_cards: CardCatalogue) -> None:
    """A version 2 record is read as before (order only); picks there are an unknown field."""
    data = game([["1st_1"]])
    data["format"] = "zutomayo-game/2"
    with pytest.raises(RecordError) as err:
        parse_record(data, real_cards)
    assert err.value.path == "turns[0].choices.picks"
    del data["turns"][0]["choices"]
    assert replay_record(data, cards=real_cards).turns[-1].battle is not None


@pytest.mark.parametrize(
    ("picks", "path"),
    [
        ([{"3rd_94": "1st_1"}, None], f"{PATH}"),  # not a list of answers
        ([{"3rd_94": [["1st_1"], "1st_9"]}, None], f"{PATH}[1]"),  # an answer not a list
        ([{"3rd_94": [[""]]}, None], f"{PATH}[0][0]"),  # an empty card id
        ([{"9th_9": [["1st_1"]]}, None], "turns[0].choices.picks[0].9th_9"),  # unknown card
        ([{"3rd_94": [["1st_1"]]}], "turns[0].choices.picks"),  # one player only
    ],
)
def test_a_malformed_answer_is_refused_naming_its_field(
    real_cards: CardCatalogue, picks: list[Any], path: str
) -> None:
    data = game(None)
    data["turns"][0]["choices"] = {"picks": picks}
    with pytest.raises(RecordError) as err:
        parse_record(data, real_cards)
    assert err.value.path == path


def test_the_schema_documents_picks() -> None:
    import jsonschema  # type: ignore[import-untyped]  # the dev venv has no jsonschema stubs

    document: Any = schema()
    jsonschema.Draft202012Validator.check_schema(document)
    jsonschema.validate(game([None, ["1st_9"]]), document)
    assert "default" in document["$defs"]["turn"]["properties"]["choices"]["properties"][
        "picks"]["description"]  # fmt: skip
    bad = game(None)
    bad["turns"][0]["choices"] = {"picks": [{"3rd_94": [[1]]}, None]}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, document)
    old = game(None)
    old["format"] = "zutomayo-game/1"
    jsonschema.validate(old, document)


@pytest.mark.parametrize(
    ("answers", "n", "key", "rule"),
    [
        ([["1st_1"], ["1st_67"]], 1, "CHOICE_NOT_AN_OPTION", "1.3.1"),  # 1st_67 is not in hand
        ([["1st_1"], ["1st_9", "1st_17"]], 1, "CHOICE_WRONG_COUNT", "1.3.2"),  # １枚を選んで
        ([["1st_1"], []], 1, "CHOICE_WRONG_COUNT", "1.3.2"),
        ([["?"]], 0, "CHOICE_NOT_A_CARD_NAME", "2.1.2"),
        ([["1st_1", "1st_9"]], 0, "CHOICE_NOT_A_CARD_NAME", "2.1.2"),  # カード名を１つ
        ([["1st_1"], ["1st_9"], ["1st_9"]], 2, "CHOICE_NOT_ASKED", "1.3.1"),  # only 2 asked
    ],
)
def test_an_illegal_answer_is_illegal_input_naming_its_path(
    real_cards: CardCatalogue, answers: list[Any], n: int, key: str, rule: str
) -> None:
    report = replay_record(game(answers), cards=real_cards)
    illegal = report.illegal_input
    assert illegal is not None
    assert (illegal.path, illegal.key, illegal.rule) == (f"{PATH}[{n}]", key, rule)
    assert "不正な入力" in report.to_text("ja")


def test_an_answer_for_a_card_that_asked_nothing_is_illegal(real_cards: CardCatalogue) -> None:
    data = game(None)
    data["turns"][0]["choices"] = {"picks": [None, {"1st_72": [["1st_9"]]}]}
    illegal = replay_record(data, cards=real_cards).illegal_input
    assert illegal is not None
    assert (illegal.path, illegal.key) == (
        "turns[0].choices.picks[1].1st_72[0]",
        "CHOICE_NOT_ASKED",
    )


def test_the_illegal_answer_reads_in_both_languages(real_cards: CardCatalogue) -> None:
    report = replay_record(game([["1st_1"], ["1st_67"]]), cards=real_cards)
    assert "answer 1st_67 to a choice Shoot [3rd_94]'s effect asks is not among its options" in (
        report.to_text("en")
    )
    assert "撃つの効果の選択への回答は、選べるものの中にない" in report.to_text("ja")


def test_null_leaves_one_choice_defaulted(real_cards: CardCatalogue) -> None:
    """[null, ["1st_17"]]: the name defaulted (1st_1), the revealed card answered (1st_17, not of
    that name): 50 against 40."""
    report = replay_record(game([None, ["1st_17"]]), cards=real_cards)
    assert report.illegal_input is None
    battle = report.turns[-1].battle
    assert battle is not None
    assert battle.attack == (50, 40)
    assert [c.path for c in report.defaulted_choices] == [f"{PATH}[0]"]


def test_a_claim_on_a_defaulted_choice_depends_on_it(real_cards: CardCatalogue) -> None:
    """Defaulted (1st_1 named, 1st_9 revealed): HP 50; naming or revealing another card gives
    90, so the claim DEPENDS_ON both paths; the alternatives show the cards by name."""
    report = replay_record(game(None, [HP_50]), cards=real_cards)
    (claim,) = report.claims
    assert claim.status == "DEPENDS_ON"
    assert claim.actual == 50
    assert claim.depends_on == (f"{PATH}[0]", f"{PATH}[1]")
    assert (f"{PATH}[1]=1st_17", "CONTRADICTED") in claim.alternatives
    assert "にらちゃん（ハゼ馳せる果てるまで） → 矛盾" in report.to_text("ja")


def test_a_claim_on_answered_choices_is_a_fact(real_cards: CardCatalogue) -> None:
    answered = replay_record(game([["1st_1"], ["1st_9"]], [HP_50]), cards=real_cards)
    assert [c.status for c in answered.claims] == ["CONSISTENT"]
    other = replay_record(game([["1st_1"], ["1st_17"]], [HP_50]), cards=real_cards)
    assert [(c.status, c.actual) for c in other.claims] == [("CONTRADICTED", 90)]


def test_choices_needed_lists_the_picks(real_cards: CardCatalogue) -> None:
    needed = choices_needed(game(None), 0, cards=real_cards)
    assert [(c.path, c.kind, c.defaulted) for c in needed] == [
        (f"{PATH}[0]", "name", True),
        (f"{PATH}[1]", "pick", True),
    ]
    assert needed[1].options == ("1st_9", "1st_17")
    answered = choices_needed(game([["1st_17"], ["1st_17"]]), 0, cards=real_cards)
    assert [(c.chosen, c.defaulted) for c in answered] == [(("1st_17",), False)] * 2


def _point(kind: str, options: tuple[str, ...], chosen: tuple[str, ...], count: int) -> ChoicePoint:
    return ChoicePoint(turn=3, step="5.2.7", path=f"{PATH}[0]", kind=kind, options=options,
                       chosen=chosen, defaulted=True, card="3rd_94", count=count)  # fmt: skip


def test_other_answers_are_legal_and_bounded() -> None:
    """The alternatives tried are other legal answers (copies of one card counted once), at
    most MAX_PICKS of them."""
    pick = _point("pick", ("a", "a", "b"), ("a",), 1)
    assert _other_answers(pick) == [("b",)]
    up_to = _point("up_to", ("a", "b"), ("a", "b"), 2)
    assert _other_answers(up_to) == [(), ("a",), ("b",)]
    at_least = _point("at_least", ("a", "b", "c"), ("a", "b"), 2)
    assert _other_answers(at_least) == [("a", "c"), ("b", "c"), ("a", "b", "c")]
    may = _point("may", ("yes", "no"), ("yes",), 1)
    assert _other_answers(may) == [("no",)]
    many = _point("pick", tuple(f"c{i}" for i in range(12)), ("c0", "c1"), 2)
    assert len(_other_answers(many)) == MAX_PICKS


def test_the_record_given_to_a_replay_is_not_changed(real_cards: CardCatalogue) -> None:
    data = game(None, [HP_50])
    before = copy.deepcopy(data)
    replay_record(data, cards=real_cards)
    assert data == before
