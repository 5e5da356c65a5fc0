"""``python -m judging.engine replay RECORD.json [--cards CARDS.json] [--lang en|ja] [--text]``
(the record's ``format`` picks the game through ``judging.engine.registry``: ``zutomayo-game/1``
to ``/3``, ``ztrike-game/1`` or ``azuki-game/1``);
``python -m judging.engine azuki-overtime < INPUT.json`` (the tiebreak of each game that has one,
``<slug>-overtime``: Azuki TCG's, see ``judging.engine.azuki.overtime``: exit 0 with the decision,
2 on invalid input); ``coverage`` and ``effects`` are ZUTOMAYO CARD's tools (which ground rules
and which card effects the engine implements).

Exit codes: 0 the replay ran; 1 the record breaks a rule (reported as illegal input);
2 the input cannot be read (bad JSON, a field of the wrong shape, an unknown card): the message
names the field. No traceback reaches the user.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from judging.engine.core.cli import EXIT_OK, EXIT_UNREADABLE, exit_for, read_file, replay_main
from judging.engine.core.errors import RecordError
from judging.engine.core.jsonread import load_json, read_format
from judging.engine.core.jsontypes import JSON
from judging.engine.core.plugin import GamePlugin, Tiebreak
from judging.engine.registry import formats, plugins
from judging.engine.zutomayo.cardeffects.status import classify
from judging.engine.zutomayo.coverage import coverage_report
from judging.engine.zutomayo.rulestext import parse_ground_rules

_OVERTIME = "-overtime"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m judging.engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    formats = ", ".join(p.record_format for p in plugins())
    replay = sub.add_parser("replay", help=f"replay a game record ({formats}, by its format)")
    replay.add_argument("record", help="the record (JSON)")
    replay.add_argument("--cards", help="card catalogue (JSON list in the cards.json shape)")
    replay.add_argument("--lang", choices=("en", "ja"), default="en")
    replay.add_argument("--text", action="store_true", help="print the judge-facing report")
    cover = sub.add_parser("coverage", help="which ground rules the engine implements")
    cover.add_argument(
        "rules", help="the ground-rules text (e.g. zutomayo-ground-rules-1.0.1.en.txt)"
    )
    fx = sub.add_parser("effects", help="which card effects run by themselves")
    fx.add_argument("cards", help="card data (JSON list in the cards.json shape)")
    for game in plugins():
        if game.tiebreak is not None:
            sub.add_parser(
                game.slug + _OVERTIME,
                help=f"decide a {game.title} game when overtime ends (input JSON on standard "
                "input)",
            )
    return parser


def _overtime(tiebreak: Tiebreak) -> int:
    try:
        try:
            text = sys.stdin.read()
        except UnicodeDecodeError:
            raise RecordError("input", "not UTF-8 text") from None
        decision = tiebreak.decide(load_json(text, "input"))
    except RecordError as exc:
        print(f"error: {exc.path or 'input'}: {exc.message}", file=sys.stderr)
        return EXIT_UNREADABLE
    print(json.dumps(decision.to_json(), ensure_ascii=False, indent=1))
    return EXIT_OK


def _game_for(fmt: JSON) -> GamePlugin:
    """The game that reads ``fmt``; a format that is missing, not a string or read by no game is
    refused at ``format`` with every known format listed."""
    known = read_format(fmt, formats())
    return next(p for p in plugins() if p.reads(known))


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    command: str = args.command
    tiebreak = next(
        (p.tiebreak for p in plugins() if command == p.slug + _OVERTIME and p.tiebreak), None
    )
    if tiebreak is not None:
        return _overtime(tiebreak)
    if command == "replay":
        return replay_main(args.record, args.cards, args.lang, args.text, _game_for)
    try:
        if command == "effects":
            data = load_json(read_file(args.cards, "cards"), "cards")
            rows = [r for r in data if isinstance(r, dict)] if isinstance(data, list) else []
            if not isinstance(data, list) or len(rows) != len(data):
                raise RecordError("cards", "must be a JSON list of card objects")
            print(json.dumps(classify(rows), ensure_ascii=False, indent=1))
            return EXIT_OK
        report = coverage_report(parse_ground_rules(read_file(args.rules, "rules")))
    except Exception as exc:
        return exit_for(exc)
    print(json.dumps(report.to_json(), ensure_ascii=False, indent=1))
    return EXIT_OK
