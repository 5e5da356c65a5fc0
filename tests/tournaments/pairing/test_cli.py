"""The JSON command line, run as other tools run it: in a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def run(command: str, payload: object | str) -> subprocess.CompletedProcess[str]:
    text = payload if isinstance(payload, str) else json.dumps(payload)
    return subprocess.run(
        [sys.executable, "-m", "tournaments.pairing", command],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


PAIR_INPUT = {
    "round": 2,
    "seed": 5,
    "players": [
        {"id": "a", "points": 3, "opponents": ["b"], "byes": 0, "dropped": False},
        {"id": "b", "points": 0, "opponents": ["a"], "byes": 0, "dropped": False},
        {"id": "c", "points": 3, "opponents": ["d"], "byes": 0, "dropped": False},
        {"id": "d", "points": 0, "opponents": ["c"], "byes": 0, "dropped": False},
        {"id": "e", "points": 3, "opponents": [], "byes": 1, "dropped": False},
        {"id": "f", "points": 0, "opponents": [], "byes": 0, "dropped": True},
    ],
    "config": {"win": 3, "draw": 1, "loss": 0, "bye": 3},
}


def test_pair_writes_pairings_bye_and_summary() -> None:
    done = run("pair", PAIR_INPUT)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["bye"] in {"b", "d"}
    tables = out["pairings"]
    assert [t["table"] for t in tables] == [1, 2]
    seated = {p for t in tables for p in t["players"]} | {out["bye"]}
    assert seated == {"a", "b", "c", "d", "e"}
    assert all(isinstance(t["reason"], str) and t["reason"] for t in tables)
    assert out["summary"]["rematches"] == 0
    assert out["summary"]["pair_downs"] == 1
    # Without the bye (b or d), the groups are 3 points (a, c, e) and 0 (one player): the
    # walk passes one player down from the odd top group, and the bottom one is then even.
    assert out["summary"]["pair_downs_lower_bound"] == 1


def test_pair_is_deterministic_across_processes() -> None:
    assert run("pair", PAIR_INPUT).stdout == run("pair", PAIR_INPUT).stdout


def test_standings_writes_ranked_rows_with_every_tiebreak() -> None:
    payload = {
        "players": ["A", "B", "C", "D", {"id": "E", "dropped": True}],
        "rounds": [
            [
                {"players": ["A", "B"], "winner": "A", "games": [2, 0, 0]},
                {"players": ["C", "D"], "winner": "C", "games": [2, 1, 0]},
                {"players": ["E"], "bye": True},
            ],
            [
                {"players": ["A", "C"], "winner": "A", "games": [2, 1, 0]},
                {"players": ["D", "B"], "winner": "D", "games": [2, 0, 0]},
            ],
        ],
        "profile": "mtr",
    }
    done = run("standings", payload)
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)["standings"]
    assert [r["player"] for r in rows] == ["A", "C", "D", "E", "B"]
    assert [r["rank"] for r in rows] == [1, 2, 3, 4, 5]
    assert rows[0]["tiebreaks"]["omw"]["exact"] == "5/12"
    assert set(rows[0]["tiebreaks"]) == {"omw", "gw", "ogw", "seed"}
    assert "floored" in rows[0]["explain"]


@pytest.mark.parametrize(
    ("command", "payload", "field"),
    [
        (
            "pair",
            {
                "round": 2,
                "seed": 0,
                "players": [
                    {"id": "a", "points": 0},
                    {"id": "b", "points": 0},
                    {"id": "c", "points": 0},
                    {"id": "z", "points": 0, "opponents": ["a", "x"]},
                ],
            },
            'players[3].opponents[1]: unknown player id "x"',
        ),
        ("pair", {**PAIR_INPUT, "round": "two"}, "round: expected an integer"),
        ("pair", {"seed": 1, "players": []}, "round: is required"),
        ("pair", {**PAIR_INPUT, "config": {"wins": 3}}, "config.wins"),
        ("pair", {**PAIR_INPUT, "players": [{"id": "a"}]}, "players[0].points: is required"),
        ("pair", "{not json", "input: not valid JSON"),
        ("pair", "[1, 2]", "input: expected an object"),
        (
            "standings",
            {"players": ["A"], "rounds": [[{"players": ["A", "Q"], "winner": "A"}]]},
            'rounds[0][0].players[1]: unknown player id "Q"',
        ),
        (
            "standings",
            {"players": ["A", "B"], "rounds": [[{"players": ["A", "B"], "winner": "C"}]]},
            "rounds[0][0].winner",
        ),
        (
            "standings",
            {"players": ["A", "B"], "rounds": [[{"players": ["A", "B"], "games": [2, -1]}]]},
            "rounds[0][0].games[1]",
        ),
        ("standings", {"players": ["A"], "rounds": [], "profile": "chess"}, "profile"),
    ],
)
def test_invalid_input_exits_2_naming_the_field(command: str, payload: object, field: str) -> None:
    done = run(command, payload)
    assert done.returncode == 2
    assert field in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""
