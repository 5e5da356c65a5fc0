"""Bad input, every game alike: the command line exits 2 with the JSON path of what is wrong
(never 3, an internal error), and each plug-in's ``parse`` and ``replay`` raise ``RecordError``
naming the same path, whatever the input: an unknown or missing format, any nesting depth, bytes
that are not UTF-8, a field of the wrong type. Exit codes as the engine's README documents them:
0 ran, 1 illegal (the report's ``illegal_input``), 2 unreadable.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judging.engine import registry
from judging.engine.cli import main
from judging.engine.core.errors import RecordError
from judging.engine.core.plugin import GamePlugin

GAMES = registry.plugins()
#: Each game's whole-number field and its list of turns (rounds), the fields the type cases break.
NUMBER = {"zutomayo": "night_side", "ztrike": "main_player", "azuki": "first"}
PLAYS = {"zutomayo": "turns", "ztrike": "rounds", "azuki": "turns"}
DEEP = 100_000


def _record(game: GamePlugin) -> dict[str, Any]:
    """A random legal record of the game, self-contained (its sample cards included)."""
    record = game.random_game(random.Random(3))
    assert isinstance(record, dict)
    return record


def _run(tmp: Path, record: bytes, cards: bytes | None = None) -> tuple[int, str, str]:
    """The command line in process on these files' bytes: exit code, stdout, stderr."""
    path = tmp / "record.json"
    path.write_bytes(record)
    argv = ["replay", str(path)]
    if cards is not None:
        (tmp / "cards.json").write_bytes(cards)
        argv += ["--cards", str(tmp / "cards.json")]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def _set(record: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of ``record`` with the field at ``path`` (``players[1].deck``) set to ``value``."""
    out = copy.deepcopy(record)
    keys: list[str | int] = []
    for part in path.split("."):
        name, _, rest = part.partition("[")
        keys.append(name)
        keys += [int(i) for i in rest.rstrip("]").split("][")] if rest else []
    parent: Any = out
    for key in keys[:-1]:
        parent = parent[key]
    parent[keys[-1]] = value
    return out


@dataclass(frozen=True)
class Case:
    """One bad input: the record's bytes made from a game's legal record, the path the error
    must name, and a word its message must hold."""

    name: str
    make: Callable[[GamePlugin], bytes]
    path: str | Callable[[GamePlugin], str]
    says: str

    def where(self, game: GamePlugin) -> str:
        return self.path if isinstance(self.path, str) else self.path(game)


def _json(record: dict[str, Any]) -> bytes:
    return json.dumps(record).encode()


def _field(field: Callable[[GamePlugin], str], value: Any, says: str, name: str) -> Case:
    return Case(name, lambda g: _json(_set(_record(g), field(g), value)), field, says)


def _without_format(game: GamePlugin) -> bytes:
    record = _record(game)
    del record["format"]
    return _json(record)


def _deep(game: GamePlugin) -> bytes:
    text = _json(_record(game)).decode()
    return (text[:-1] + ', "comment": ' + "[" * DEEP + "]" * DEEP + "}").encode()


def _nested(depth: int) -> list[Any]:
    """A list nested ``depth`` deep, built without recursion."""
    deep: list[Any] = []
    for _ in range(depth - 1):
        deep = [deep]
    return deep


def _number(game: GamePlugin) -> str:
    return NUMBER[game.slug]


def _plays(game: GamePlugin) -> str:
    return PLAYS[game.slug]


CASES = [
    Case("unknown format", lambda g: _json({**_record(g), "format": "x/1"}), "format",
         "unknown record format 'x/1'"),
    Case("missing format", _without_format, "format", "missing"),
    Case("format not a string", lambda g: _json({**_record(g), "format": 3}), "format",
         "must be a string"),
    Case("100000 levels deep", _deep, "record", "nested too deeply"),
    Case("40 levels deep", lambda g: _json(_set(_record(g), "players", _nested(40))), "record",
         "nested too deeply"),
    Case("not UTF-8", lambda g: _json(_record(g))[:-1] + b', "comment": "\xff\xfe"}', "record",
         "not UTF-8 text"),
    Case("a number of 5000 digits", lambda g: _json(_record(g))[:-1] + b', "x": '
         + b"9" * 5000 + b"}", "record", "too many digits"),
    Case("a list, not an object", lambda g: b"[]", "record", "must be an object"),
    _field(lambda g: "players", "x", "must be a list", "a string for a list"),
    _field(lambda g: "players[0].deck", "x", "must be a list", "a string for a deck"),
    _field(lambda g: "players[1]", "x", "must be an object", "a list item not an object"),
    _field(_plays, {"0": []}, "must be a list", "an object for a list"),
    _field(lambda g: f"{_plays(g)}[0]", 7, "must be an object", "a number for an object"),
    _field(_number, 1.5, "whole number", "a float for a whole number"),
    _field(_number, True, "whole number", "true for a number"),
    _field(_number, None, "whole number", "null for a number"),
    _field(_number, 10**30, "", "a huge number"),
    _field(_number, -1, "", "a negative number"),
]  # fmt: skip


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_bad_input_exits_2_naming_the_path(game: GamePlugin, case: Case, tmp_path: Path) -> None:
    code, out, err = _run(tmp_path, case.make(game))
    where = case.where(game)
    assert (code, out) == (2, ""), err
    assert err.startswith(f"error: {where}: "), err
    assert case.says in err
    if where == "format":  # every game's formats, from the registry
        assert all(fmt in err for fmt in registry.formats())


@pytest.mark.parametrize("case", [c for c in CASES if c.where(GAMES[0]) != "record"] + [
    c for c in CASES if c.name in ("40 levels deep", "a list, not an object")
], ids=lambda c: c.name)  # fmt: skip
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_parse_and_replay_name_the_same_path(game: GamePlugin, case: Case) -> None:
    """The judge pages call the plug-in with JSON they parsed: the same path, and for the format
    the formats this game reads."""
    data = json.loads(case.make(game))
    calls: tuple[Callable[[], object], ...] = (
        lambda: game.parse(data),
        lambda: game.replay(data, cards=None, lang="en"),
    )
    for call in calls:
        with pytest.raises(RecordError) as caught:
            call()
        assert caught.value.path == case.where(game)
        assert case.says in caught.value.message
        if caught.value.path == "format":
            assert game.record_format in caught.value.message


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_parse_refuses_any_depth(game: GamePlugin) -> None:
    """Deeper than ``json.loads`` would go: the depth check does not recurse."""
    with pytest.raises(RecordError, match="nested too deeply") as caught:
        game.parse({**_record(game), "players": _nested(DEEP)})
    assert caught.value.path == "record"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_a_cards_file_not_utf8_is_named(game: GamePlugin, tmp_path: Path) -> None:
    code, _, err = _run(tmp_path, _json(_record(game)), cards=b'[{"id": "\xff"}]')
    assert code == 2
    assert err.startswith("error: --cards: not UTF-8 text"), err


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_a_byte_order_mark_is_read(game: GamePlugin, tmp_path: Path) -> None:
    """Editors on Windows start UTF-8 files with a byte order mark: the record reads as without."""
    record = _json(_record(game))
    plain = _run(tmp_path, record)
    assert plain[0] in (0, 1), plain[2]
    assert _run(tmp_path, b"\xef\xbb\xbf" + record) == plain


#: Values that once raised something other than RecordError in one game's reader: (game, field,
#: value, the path named).
ONCE_CRASHED = [
    ("ztrike", "cards[0].bonuses", [{"when": "battle", "effects": [{"op": ["x"]}]}],
     "cards[0].bonuses[0].effects[0].op"),  # a list is no key of the primitives' table
    ("ztrike", "claims", [{"at": "R\u2460", "path": "winner", "value": 0}], "claims[0].at"),
    ("ztrike", "claims", [{"at": "R" + "9" * 5000, "path": "winner", "value": 0}], "claims[0].at"),
    ("zutomayo", "claims", [{"party": "P0", "at": "T" + "9" * 5000, "path": "players[0].hp",
                             "value": 3}], "claims[0].at"),
]  # fmt: skip


@pytest.mark.parametrize(("slug", "field", "value", "path"), ONCE_CRASHED)
def test_a_value_of_the_wrong_kind_is_named(slug: str, field: str, value: Any, path: str) -> None:
    game = registry.plugin(slug)
    assert game is not None
    data = _set(_record(game), field, value)
    with pytest.raises(RecordError) as caught:
        game.replay(data, cards=None, lang="en").to_json("en")
    assert caught.value.path == path


# -- property: mangled records -----------------------------------------------------------------
SWAPS: list[Any] = ["x", "", 1.5, True, None, -1, 10**30, [], {}, [1], ["x"], [{}], {"a": 1}]


def _places(value: Any, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every field and list item of ``value`` (the record's own cards aside: the record's fields
    are what a judge types)."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            if path or key != "cards":
                found += _places(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _places(item, (*path, i))
    return found


def _mangle(record: dict[str, Any], ops: list[tuple[int, int, int]]) -> dict[str, Any]:
    """Each op (kind, which place, which value): swap the place's value for another type,
    delete it, or wrap it 40 lists deep."""
    out = copy.deepcopy(record)
    for kind, where, what in ops:
        places = _places(out)
        path = places[where % len(places)]
        parent: Any = out
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        if kind == 0 and isinstance(parent, dict):
            del parent[last]
        elif kind == 1:
            parent[last] = [_nested(40), parent[last]]
        else:
            parent[last] = copy.deepcopy(SWAPS[what % len(SWAPS)])
    return out


@settings(max_examples=60, derandomize=True, deadline=None, database=None)
@given(
    seed=st.integers(0, 2**16),
    ops=st.lists(
        st.tuples(st.integers(0, 3), st.integers(0, 10**6), st.integers(0, 100)),
        min_size=1,
        max_size=3,
    ),
)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_a_mangled_record_exits_0_1_or_2_never_3(
    game: GamePlugin, seed: int, ops: list[tuple[int, int, int]]
) -> None:
    record = game.random_game(random.Random(seed))
    assert isinstance(record, dict)
    mangled = _mangle(record, ops)
    named = ""
    try:
        game.parse(mangled)
    except RecordError as exc:  # anything else fails the test
        named = exc.path or "(none)"
    assert named != "(none)"
    with tempfile.TemporaryDirectory() as tmp:
        code, out, err = _run(Path(tmp), _json(mangled))
    assert code in (0, 1, 2), err
    if code == 2:
        assert err.startswith("error: "), err
        assert err.split(": ")[1], err
        assert out == ""
    else:
        illegal = json.loads(out).get("illegal_input")  # ZTRIKE and Azuki leave it out when none
        assert (illegal is not None) == (code == 1)
