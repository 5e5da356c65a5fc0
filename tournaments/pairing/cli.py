"""JSON command line for other tools: ``python -m tournaments.pairing pair|standings``.

Input is read from standard input and output written to standard output as JSON. Invalid
input is answered on standard error with the path of the offending field and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from tournaments.pairing.standings import (
    Entrant,
    StandingRow,
    compute_standings,
    tiebreak_profile,
)
from tournaments.pairing.swiss import pair_round
from tournaments.pairing.types import (
    InvalidPairingInputError,
    MatchResult,
    PlayerRecord,
    RoundPairings,
    ScoringConfig,
)

__all__ = ["main"]

EXIT_INVALID = 2


class _InputError(Exception):
    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")


def _object(value: object, path: str) -> dict[str, object]:
    if not isinstance(value, dict):
        raise _InputError(path, "expected an object")
    return {str(k): v for k, v in value.items()}


def _list(value: object, path: str) -> list[object]:
    if not isinstance(value, list):
        raise _InputError(path, "expected a list")
    return list(value)


def _int(value: object, path: str, *, minimum: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _InputError(path, "expected an integer")
    if minimum is not None and value < minimum:
        raise _InputError(path, f"must be at least {minimum}")
    return value


def _str(value: object, path: str) -> str:
    if not isinstance(value, str) or not value:
        raise _InputError(path, "expected a non-empty string")
    return value


def _bool(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        raise _InputError(path, "expected true or false")
    return value


def _required(obj: dict[str, object], key: str, path: str) -> object:
    if key not in obj:
        raise _InputError(f"{path}.{key}" if path else key, "is required")
    return obj[key]


def _config(value: object) -> ScoringConfig:
    obj = _object(value, "config")
    known = {"win", "draw", "loss", "bye", "draws", "double_loss"}
    for key in obj:
        if key not in known:
            raise _InputError(f"config.{key}", f"unknown setting (known: {sorted(known)})")
    defaults = ScoringConfig()
    return ScoringConfig(
        win=_int(obj.get("win", defaults.win), "config.win", minimum=1),
        draw=_int(obj.get("draw", defaults.draw), "config.draw", minimum=0),
        loss=_int(obj.get("loss", defaults.loss), "config.loss", minimum=0),
        bye=_int(obj.get("bye", defaults.bye), "config.bye", minimum=0),
        draws=_bool(obj.get("draws", defaults.draws), "config.draws"),
        double_loss=_bool(obj.get("double_loss", defaults.double_loss), "config.double_loss"),
    )


def _pair_player(value: object, path: str) -> PlayerRecord:
    obj = _object(value, path)
    opponents = _list(obj.get("opponents", []), f"{path}.opponents")
    rank = obj.get("rank")
    fixed_table = obj.get("fixed_table")
    return PlayerRecord(
        id=_str(_required(obj, "id", path), f"{path}.id"),
        points=_int(_required(obj, "points", path), f"{path}.points", minimum=0),
        opponents=tuple(_str(o, f"{path}.opponents[{k}]") for k, o in enumerate(opponents)),
        byes=_int(obj.get("byes", 0), f"{path}.byes", minimum=0),
        dropped=_bool(obj.get("dropped", False), f"{path}.dropped"),
        late_rounds_missed=_int(
            obj.get("late_rounds_missed", 0), f"{path}.late_rounds_missed", minimum=0
        ),
        rank=None if rank is None else _int(rank, f"{path}.rank", minimum=1),
        awarded_byes=_int(obj.get("awarded_byes", 0), f"{path}.awarded_byes", minimum=0),
        fixed_table=(
            None if fixed_table is None else _int(fixed_table, f"{path}.fixed_table", minimum=1)
        ),
    )


def _pairings_json(result: RoundPairings) -> dict[str, object]:
    return {
        "round": result.round_number,
        "seed": result.seed,
        "pairings": [
            {
                "table": p.table,
                "players": list(p.players),
                "reason": p.reason.en,
                "reason_ja": p.reason.ja,
                "reason_code": p.reason.code,
                "rematch": p.rematch,
                "pair_down": p.pair_down,
                **(
                    {}
                    if p.seat_reason is None
                    else {"seat_reason": p.seat_reason.en, "seat_reason_ja": p.seat_reason.ja}
                ),
            }
            for p in result.pairings
        ],
        "awarded_byes": [
            {"player": b.player, "reason": b.reason.en, "reason_ja": b.reason.ja}
            for b in result.awarded_byes
        ],
        "bye": None if result.bye is None else result.bye.player,
        "bye_reason": None if result.bye is None else result.bye.reason.en,
        "bye_reason_ja": None if result.bye is None else result.bye.reason.ja,
        "summary": {
            "rematches": len(result.summary.rematches),
            "pair_downs": result.summary.pair_downs,
            "pair_downs_lower_bound": result.summary.pair_downs_lower_bound,
            "byes": result.summary.byes,
            "repeat_byes": result.summary.repeat_byes,
            "rematch_players": [list(r) for r in result.summary.rematches],
            "text": result.summary.reason.en,
            "text_ja": result.summary.reason.ja,
        },
    }


def _cmd_pair(data: object) -> dict[str, object]:
    root = _object(data, "input")
    round_number = _int(_required(root, "round", ""), "round", minimum=1)
    seed = _int(_required(root, "seed", ""), "seed")
    raw_players = _list(_required(root, "players", ""), "players")
    players = [_pair_player(p, f"players[{i}]") for i, p in enumerate(raw_players)]
    config = _config(root.get("config", {}))
    return _pairings_json(pair_round(players, round_number=round_number, seed=seed, config=config))


def _entrant(value: object, path: str) -> Entrant:
    if isinstance(value, str):
        return Entrant(_str(value, path))
    obj = _object(value, path)
    return Entrant(
        id=_str(_required(obj, "id", path), f"{path}.id"),
        dropped=_bool(obj.get("dropped", False), f"{path}.dropped"),
        late_rounds_missed=_int(
            obj.get("late_rounds_missed", 0), f"{path}.late_rounds_missed", minimum=0
        ),
    )


def _result(value: object, path: str) -> MatchResult:
    obj = _object(value, path)
    raw_players = _list(_required(obj, "players", path), f"{path}.players")
    ids = tuple(_str(p, f"{path}.players[{k}]") for k, p in enumerate(raw_players))
    if _bool(obj.get("bye", False), f"{path}.bye"):
        if len(ids) != 1:
            raise _InputError(f"{path}.players", "a bye has exactly one player")
        return MatchResult(ids, bye=True)
    if len(ids) != 2 or ids[0] == ids[1]:
        raise _InputError(f"{path}.players", "a match has two different players")
    winner_raw = obj.get("winner")
    winner = None if winner_raw is None else _str(winner_raw, f"{path}.winner")
    if winner is not None and winner not in ids:
        raise _InputError(f"{path}.winner", f'"{winner}" did not play this match')
    games_raw = _list(obj.get("games", [0, 0, 0]), f"{path}.games")
    if len(games_raw) not in (2, 3):
        raise _InputError(f"{path}.games", "expected [wins_a, wins_b, draws]")
    games = [_int(g, f"{path}.games[{k}]", minimum=0) for k, g in enumerate(games_raw)]
    double_loss = _bool(obj.get("double_loss", False), f"{path}.double_loss")
    if double_loss and winner is not None:
        raise _InputError(f"{path}.winner", "a double loss has no winner")
    return MatchResult(
        ids,
        winner=winner,
        games=(games[0], games[1], games[2] if len(games) == 3 else 0),
        double_loss=double_loss,
    )


def _row_json(row: StandingRow) -> dict[str, object]:
    explained = row.reason()
    return {
        "rank": row.rank,
        "player": row.player_id,
        "points": row.match_points,
        "record": {
            "wins": row.wins,
            "losses": row.losses,
            "draws": row.draws,
            "byes": row.byes,
            "rounds": row.rounds,
            "games": [row.game_wins, row.game_losses, row.game_draws],
        },
        "dropped": row.dropped,
        "tiebreaks": {
            tb.tiebreak.value: {
                "value": float(tb.value),
                "exact": str(tb.value),
                "explain": tb.reason().en,
                "explain_ja": tb.reason().ja,
            }
            for tb in row.tiebreaks
        },
        "explain": explained.en,
        "explain_ja": explained.ja,
    }


def _cmd_standings(data: object) -> dict[str, object]:
    root = _object(data, "input")
    raw_players = _list(_required(root, "players", ""), "players")
    players = [_entrant(p, f"players[{i}]") for i, p in enumerate(raw_players)]
    rounds_raw = _list(_required(root, "rounds", ""), "rounds")
    rounds = [
        [_result(m, f"rounds[{r}][{k}]") for k, m in enumerate(_list(rnd, f"rounds[{r}]"))]
        for r, rnd in enumerate(rounds_raw)
    ]
    profile_name = _str(root.get("profile", "mtr"), "profile")
    try:
        profile = tiebreak_profile(profile_name)
    except InvalidPairingInputError as exc:
        raise _InputError("profile", exc.message) from exc
    seed = _int(root.get("seed", 0), "seed")
    config = _config(root.get("config", {}))
    rows = compute_standings(players, rounds, profile=profile, scoring=config, seed=seed)
    return {"profile": profile.name, "standings": [_row_json(r) for r in rows]}


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None) -> int:
    """Run the CLI; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m tournaments.pairing", description=__doc__)
    parser.add_argument("command", choices=("pair", "standings"))
    args = parser.parse_args(argv)
    source = stdin if stdin is not None else sys.stdin
    try:
        try:
            data: object = json.loads(source.read())
        except (ValueError, RecursionError) as exc:
            raise _InputError("input", f"not valid JSON ({exc})") from exc
        output = _cmd_pair(data) if args.command == "pair" else _cmd_standings(data)
    except (_InputError, InvalidPairingInputError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_INVALID
    json.dump(output, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0
