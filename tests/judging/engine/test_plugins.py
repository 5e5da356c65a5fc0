"""The game contract: every game is a plug-in found through ``judging.engine.registry``, which
loads no game until one is asked for; a game from outside the package registers and leaves."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import cast

import pytest

from judging.engine import registry
from judging.engine.core.errors import RecordError
from judging.engine.core.jsontypes import JSON
from judging.engine.core.plugin import GamePlugin, Tiebreak, TiebreakDecision
from judging.engine.core.report import IllegalInput
from judging.engine.core.rules import Rule

from .conftest import REPO_ROOT

SLUGS = ("zutomayo", "ztrike", "azuki")


def test_importing_the_registry_loads_no_game() -> None:
    code = (
        "import sys, judging.engine.registry\n"
        "games = ('zutomayo', 'ztrike', 'azuki')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[2:3] and m.split('.')[2] in games))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True, text=True, check=True
    )
    assert proc.stdout.strip() == "[]"


def test_asking_for_one_game_loads_only_that_game() -> None:
    code = (
        "import sys\n"
        "from judging.engine.registry import plugin\n"
        "assert plugin('ztrike').slug == 'ztrike'\n"
        "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('judging.engine.')}))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True, text=True, check=True
    )
    assert proc.stdout.strip() == "['core', 'registry', 'ztrike']"


def test_the_built_in_games_in_order() -> None:
    assert tuple(p.slug for p in registry.plugins()) == SLUGS
    assert all(isinstance(p, GamePlugin) for p in registry.plugins())


@pytest.mark.parametrize(
    ("fmt", "slug"),
    [
        ("zutomayo-game/3", "zutomayo"),
        ("zutomayo-game/2", "zutomayo"),
        ("zutomayo-game/1", "zutomayo"),
        ("ztrike-game/1", "ztrike"),
        ("azuki-game/1", "azuki"),
        ("azuki-game/2", None),
        (None, None),
    ],
)
def test_a_record_format_finds_its_game(fmt: str | None, slug: str | None) -> None:
    found = registry.plugin_for_format(fmt)
    assert (found.slug if found else None) == slug


def test_an_unknown_slug_has_no_game() -> None:
    assert registry.plugin("chess") is None


@pytest.mark.parametrize("slug", SLUGS)
def test_each_game_answers_the_contract(slug: str) -> None:
    game = registry.plugin(slug)
    assert game is not None
    assert game.reads(game.record_format)
    assert game.report_format.startswith(f"{slug}-replay/")
    assert json.loads(game.schema_text())["type"] == "object"
    assert game.claim_kinds
    for step in game.claim_kinds.values():
        assert game.rule_display(step, "en")
        assert game.rule_display(step, "ja")


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("seed", range(3))
def test_random_games_replay_through_the_plugin(slug: str, seed: int) -> None:
    game = registry.plugin(slug)
    assert game is not None
    record = game.random_game(random.Random(seed))
    assert record == game.random_game(random.Random(seed))
    assert isinstance(record, dict)
    assert game.reads(str(record["format"]))
    report = game.replay(record, cards=None, lang="en")
    assert report.illegal_input is None
    assert report.to_json("ja")["format"] == game.report_format
    again = game.replay_text(json.dumps(record), None, "ja")
    assert again.to_text("ja") == report.to_text("ja")


@pytest.mark.parametrize("game", registry.plugins(), ids=lambda p: p.slug)
def test_parse_reads_a_record_and_names_the_first_bad_field(game: GamePlugin) -> None:
    """Each game reads its records without replaying them: a random game's record parses; one
    with only its format names a missing field (the field's name in the message), and one in
    another format is refused at ``format``."""
    record = game.random_game(random.Random(7))
    assert game.parse(record) is not None
    with pytest.raises(RecordError) as missing:
        game.parse({"format": game.record_format})
    assert missing.value.path not in ("", "format", "record.format")
    with pytest.raises(RecordError) as other:
        game.parse({**cast(dict[str, JSON], record), "format": "no-such-game/1"})
    assert other.value.path.endswith("format")


def test_cards_from_list_feeds_the_replay() -> None:
    game = registry.plugin("ztrike")
    assert game is not None
    record = game.random_game(random.Random(5))
    assert isinstance(record, dict)
    assert isinstance(record["cards"], list)
    rows = [row for row in record["cards"] if isinstance(row, dict)]
    cards = game.cards_from_list(rows)
    assert game.replay({**record, "cards": []}, cards=cards, lang="en").illegal_input is None


@pytest.mark.parametrize("game", registry.plugins(), ids=lambda p: p.slug)
def test_a_random_game_over_a_catalogue_replays_against_it(game: GamePlugin) -> None:
    """The benchmarks' path: the pool is the database's, the record leaves it out."""
    own = game.random_game(random.Random(7))
    assert isinstance(own, dict)
    assert isinstance(own["cards"], list)
    cards = game.cards_from_list([row for row in own["cards"] if isinstance(row, dict)])
    record = game.random_game(random.Random(7), cards=cards)
    assert isinstance(record, dict)
    assert "cards" not in record
    assert game.replay(record, cards=cards, lang="en").illegal_input is None
    with pytest.raises(TypeError):
        game.random_game(random.Random(7), cards=["not a catalogue"])


def test_only_azuki_has_a_tiebreak() -> None:
    with_tiebreak = [p.slug for p in registry.plugins() if p.tiebreak is not None]
    assert with_tiebreak == ["azuki"]


def test_the_azuki_tiebreak_decides_and_names_a_bad_field() -> None:
    game = registry.plugin("azuki")
    assert game is not None
    assert game.tiebreak is not None
    tiebreak = game.tiebreak
    assert tiebreak.fields == ("leader_health", "deck", "garden", "alley", "hand")
    side: dict[str, JSON] = dict.fromkeys(tiebreak.fields, 0)
    decision = tiebreak.decide({"players": [{**side, "leader_health": 3}, side]})
    assert decision == TiebreakDecision(
        0,
        "leader_health",
        ("azk.op.overtime",),
        (),
        "player 1 wins on Leader health (3 to 0: higher wins).",
        "リーダーの体力が高いプレイヤー1の勝ちです（3対0）。",
    )
    with pytest.raises(RecordError) as caught:
        tiebreak.decide({"players": [{**side, "deck": -1}, side]})
    assert caught.value.path == "players[0].deck"


# -- an invented game from outside the package --------------------------------------------------


@dataclass(frozen=True)
class _Report:
    winner: int
    illegal_input: IllegalInput | None = None

    def to_json(self, lang: str = "en") -> dict[str, JSON]:
        return {"format": "coin-replay/1", "winner": self.winner}

    def to_text(self, lang: str = "en") -> str:
        return f"player {self.winner + 1} wins\n"


@dataclass(frozen=True)
class _Coin:
    """A game decided by one coin toss: the smallest thing that satisfies the contract."""

    slug: str = "coin"
    title: str = "Coin"
    engine_version: str = "1"
    record_format: str = "coin-game/1"
    also_reads: tuple[str, ...] = ()
    report_format: str = "coin-replay/1"
    claim_kinds: Mapping[str, str] = field(default_factory=lambda: {"winner": "toss"})
    rules: tuple[Rule, ...] = ()
    tiebreak: Tiebreak | None = None

    def reads(self, fmt: str) -> bool:
        return fmt == self.record_format

    def cards_from_list(self, rows: Sequence[Mapping[str, JSON]]) -> object:
        return ()

    def parse(self, record: JSON, *, cards: object | None = None) -> int:
        if not isinstance(record, dict) or record.get("toss") not in (0, 1):
            raise RecordError("toss", "must be 0 or 1")
        return int(str(record["toss"]))

    def replay(self, record: JSON, *, cards: object | None, lang: str) -> _Report:
        return _Report(self.parse(record))

    def replay_text(self, record_text: str, cards_text: str | None, lang: str) -> _Report:
        data: JSON = json.loads(record_text)
        return self.replay(data, cards=None, lang=lang)

    def schema_text(self) -> str:
        return '{"type": "object"}'

    def rule_display(self, key: str, lang: str) -> str:
        return key

    def rule_text(self, key: str, lang: str) -> str | None:
        return None

    def random_game(self, rng: random.Random, *, cards: object | None = None) -> JSON:
        return {"format": self.record_format, "toss": rng.randint(0, 1)}


@pytest.fixture
def coin() -> Iterator[GamePlugin]:
    game: GamePlugin = _Coin()
    registry.register(game)
    yield game
    registry.unregister(game.slug)


def test_a_registered_game_is_found_by_slug_and_format(coin: GamePlugin) -> None:
    assert registry.plugins()[-1] is coin
    assert registry.plugin("coin") is coin
    assert registry.plugin_for_format("coin-game/1") is coin


def test_an_unregistered_game_is_gone(coin: GamePlugin) -> None:
    registry.unregister("coin")
    assert registry.plugin("coin") is None
    assert registry.plugin_for_format("coin-game/1") is None
    registry.register(coin)  # the fixture unregisters it again


def test_a_game_cannot_take_a_slug_or_a_format_already_taken(coin: GamePlugin) -> None:
    with pytest.raises(ValueError, match="slug"):
        registry.register(coin)
    with pytest.raises(ValueError, match="format"):
        registry.register(_Coin(slug="coin2"))
    with pytest.raises(ValueError, match="format"):
        registry.register(_Coin(slug="zutomayo2", record_format="zutomayo-game/1"))
    with pytest.raises(ValueError, match="built-in"):
        registry.unregister("azuki")
