"""``python -m judging.engine replay RECORD.json [--cards CARDS.json] [--lang en|ja] [--text]``
(the record's ``format`` picks the game: ``zutomayo-game/1``, ``ztrike-game/1`` or
``azuki-game/1``);
``python -m judging.engine azuki-overtime < INPUT.json`` (Azuki TCG's overtime tiebreak, see
``judging.engine.azuki.overtime``: exit 0 with the decision, 2 on invalid input).

Exit codes: 0 the replay ran; 1 the record breaks a rule (reported as illegal input);
2 the input cannot be read (bad JSON, a field of the wrong shape, an unknown card): the message
names the field. No traceback reaches the user.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from judging.engine.azuki.overtime import overtime_from_json
from judging.engine.azuki.record import FORMAT as AZUKI_FORMAT
from judging.engine.azuki.replay import replay_text as azuki_replay_text
from judging.engine.core.cli import (
    EXIT_INTERNAL,
    EXIT_OK,
    EXIT_UNREADABLE,
    GameEngine,
    read_file,
    replay_main,
)
from judging.engine.core.errors import RecordError
from judging.engine.core.jsontypes import JSON
from judging.engine.core.report import Report
from judging.engine.ztrike.record import FORMAT as ZTRIKE_FORMAT
from judging.engine.ztrike.replay import replay_text as ztrike_replay_text
from judging.engine.zutomayo.cardeffects.status import classify
from judging.engine.zutomayo.cards import CardCatalogue
from judging.engine.zutomayo.coverage import coverage_report
from judging.engine.zutomayo.record import FORMATS as ZUTOMAYO_FORMATS
from judging.engine.zutomayo.record import load_record_text
from judging.engine.zutomayo.replay import replay_record
from judging.engine.zutomayo.rulestext import parse_ground_rules


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m judging.engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    replay = sub.add_parser(
        "replay",
        help="replay a game record (zutomayo-game/1, ztrike-game/1 or azuki-game/1, by its format)",
    )
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
    sub.add_parser(
        "azuki-overtime",
        help="decide an Azuki TCG game when overtime ends (input JSON on standard input)",
    )
    return parser


def _azuki_overtime() -> int:
    try:
        data: JSON = json.loads(sys.stdin.read())
        decision = overtime_from_json(data)
    except json.JSONDecodeError as exc:
        print(f"error: input: not valid JSON (line {exc.lineno}: {exc.msg})", file=sys.stderr)
        return EXIT_UNREADABLE
    except RecordError as exc:
        print(f"error: {exc.path or 'input'}: {exc.message}", file=sys.stderr)
        return EXIT_UNREADABLE
    print(json.dumps(decision.to_json(), ensure_ascii=False, indent=1))
    return EXIT_OK


def _catalogue(text: str | None) -> CardCatalogue | None:
    if text is None:
        return None
    try:
        data: JSON = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError("--cards", f"not valid JSON (line {exc.lineno}: {exc.msg})") from None
    if not isinstance(data, list):
        raise RecordError("--cards", "must be a JSON list of card objects")
    items: list[dict[str, JSON]] = []
    for i, item in enumerate(data):
        if not isinstance(item, dict):
            raise RecordError(f"--cards[{i}]", "must be an object")
        items.append(item)
    return CardCatalogue.from_dicts(items, path="--cards")


def _zutomayo_replay(text: str, cards: str | None, lang: str) -> Report:
    return replay_record(load_record_text(text, _catalogue(cards)), lang=lang)


#: The games the command line replays, by record format; the first is the default.
ENGINES: tuple[GameEngine, ...] = (
    GameEngine("zutomayo", ZUTOMAYO_FORMATS, _zutomayo_replay),
    GameEngine("ztrike", (ZTRIKE_FORMAT,), ztrike_replay_text),
    GameEngine("azuki", (AZUKI_FORMAT,), azuki_replay_text),
)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "azuki-overtime":
        return _azuki_overtime()
    if args.command == "replay":
        return replay_main(args.record, args.cards, args.lang, args.text, ENGINES)
    try:
        if args.command == "effects":
            try:
                rows = json.loads(read_file(args.cards, "cards"))
            except json.JSONDecodeError as exc:
                raise RecordError("cards", f"not valid JSON (line {exc.lineno})") from None
            if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
                raise RecordError("cards", "must be a JSON list of card objects")
            print(json.dumps(classify(rows), ensure_ascii=False, indent=1))
            return EXIT_OK
        report = coverage_report(parse_ground_rules(read_file(args.rules, "rules")))
    except RecordError as exc:
        print(f"error: {exc.path}: {exc.message}", file=sys.stderr)
        return EXIT_UNREADABLE
    except Exception as exc:
        print(f"internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_INTERNAL
    print(json.dumps(report.to_json(), ensure_ascii=False, indent=1))
    return EXIT_OK
