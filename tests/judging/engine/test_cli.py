"""``python -m judging.engine replay`` in a subprocess, from the repository root."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from .conftest import GROUND_RULES, INVENTED_CARDS, REPO_ROOT
from .test_golden import GOLDEN


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "judging.engine", *args],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_a_wrapper_without_a_record_is_refused_by_field(tmp_path: Path) -> None:
    path = tmp_path / "wrapped.json"
    path.write_text(json.dumps({"title": "x", "record": 3}), encoding="utf-8")
    proc = run("replay", str(path))
    assert proc.returncode == 2
    assert "record" in proc.stderr


def _record_file(tmp_path: Path, name: str) -> Path:
    data = json.loads((GOLDEN / name).read_text(encoding="utf-8"))["record"]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_replay_json_output(tmp_path: Path) -> None:
    path = _record_file(tmp_path, "15_hp_zero_ends_game.json")
    proc = run("replay", str(path), "--cards", str(INVENTED_CARDS))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["result"] == {"outcome": "win", "winner": 0, "reason": "hp_zero", "turn": 5,
                             "rules": ["5.2.9", "1.2.3", "5.4.1", "5.4.2", "8.1.2"]}  # fmt: skip
    turn = out["turns"][0]
    assert set(turn) >= {"turn", "chronos", "priority", "battle", "players", "events"}
    assert turn["chronos"] == {"position": 3, "time": "night"}
    assert set(turn["players"][0]) == {"hp", "battle_zone", "zone_c", "power_charger", "abyss",
                                       "hand", "deck_count", "total_power"}  # fmt: skip
    assert all({"step", "kind", "rules", "text"} <= set(e) for e in turn["events"])


def test_replay_text_in_japanese(tmp_path: Path) -> None:
    path = _record_file(tmp_path, "01_turn1_night_battle.json")
    proc = run("replay", str(path), "--cards", str(INVENTED_CARDS), "--text", "--lang", "ja")
    assert proc.returncode == 0, proc.stderr
    assert "1ターン目" in proc.stdout
    assert "[5.1.4.1]" in proc.stdout


def test_illegal_record_exit_1_with_rule(tmp_path: Path) -> None:
    path = _record_file(tmp_path, "08_illegal_winner_sets_two.json")
    proc = run("replay", str(path), "--cards", str(INVENTED_CARDS))
    assert proc.returncode == 1
    out = json.loads(proc.stdout)
    assert out["illegal_input"]["rule"] == "5.2.1.1"
    assert "Traceback" not in proc.stderr


def test_invalid_json_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    proc = run("replay", str(path))
    assert proc.returncode == 2
    assert "not valid JSON" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_schema_error_names_the_field(tmp_path: Path) -> None:
    path = _record_file(tmp_path, "01_turn1_night_battle.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["players"][1]["deck"][0] = 42
    path.write_text(json.dumps(data), encoding="utf-8")
    proc = run("replay", str(path), "--cards", str(INVENTED_CARDS))
    assert proc.returncode == 2
    assert "players[1].deck[0]" in proc.stderr


def test_unknown_card_without_catalogue_exit_2(tmp_path: Path) -> None:
    data = json.loads((GOLDEN / "01_turn1_night_battle.json").read_text(encoding="utf-8"))
    del data["record"]["cards"]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data["record"]), encoding="utf-8")
    proc = run("replay", str(path))
    assert proc.returncode == 2
    assert "players[0].deck[0]" in proc.stderr


def test_a_golden_file_replays_as_it_is() -> None:
    """The shipped examples carry their cards and may keep their wrapper (a judge uploads them as
    is)."""
    proc = run(
        "replay", str(GOLDEN / "77_design_worked_example_c42.json"), "--lang", "ja", "--text"
    )
    assert proc.returncode == 0, proc.stderr
    assert "BoのHPは70：一致" in proc.stdout


def test_missing_file_exit_2(tmp_path: Path) -> None:
    proc = run("replay", str(tmp_path / "absent.json"))
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr


def test_coverage_command() -> None:
    if not GROUND_RULES.exists():
        import pytest

        pytest.skip("the shared ground rules are absent")
    proc = run("coverage", str(GROUND_RULES))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["unclassified"] == []


def test_engine_imports_without_django() -> None:
    code = (
        "import sys, judging.engine;"
        "bad=[m for m in sys.modules if m.split('.')[0] in ('django','rest_framework','celery')];"
        "print(bad)"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True,
                          text=True, timeout=60, check=False, env={"PATH": ""})  # fmt: skip
    assert proc.stdout.strip() == "[]", proc.stderr
