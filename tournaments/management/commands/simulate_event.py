"""``manage.py simulate_event --game zutomayo --players N --rounds R``: a whole event through the
services — registration, decklists, check-in, Swiss rounds with reports (some disagreeing and
settled by a judge), drops, the top cut — then the final standings."""

from __future__ import annotations

import random
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.demo.simulation import SimulationSettings, simulate_event


class Command(BaseCommand):
    help = "Simulate a complete event through the services and print the final standings."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", default="zutomayo", choices=["zutomayo", "azuki", "ztrike"])
        parser.add_argument("--players", type=int, default=16)
        parser.add_argument("--rounds", type=int, default=None)
        parser.add_argument("--top-cut", type=int, default=None)
        parser.add_argument("--seed", type=int, default=2026)
        parser.add_argument(
            "--stop-after-round",
            type=int,
            default=None,
            help="Leave the event running after this round's reports (for a live demo).",
        )
        parser.add_argument("--name", default=None)

    def handle(self, *args: Any, **options: Any) -> None:
        if not 2 <= options["players"] <= 5000:
            raise CommandError("--players must be 2 to 5000")
        if options["rounds"] is not None and not 1 <= options["rounds"] <= 20:
            raise CommandError("--rounds must be 1 to 20")
        result = simulate_event(
            SimulationSettings(
                game=options["game"],
                players=options["players"],
                rounds=options["rounds"],
                top_cut=options["top_cut"],
                stop_after_round=options["stop_after_round"],
                name=options["name"],
            ),
            rng=random.Random(options["seed"]),  # noqa: S311 - a simulation, not security
            log=self.stdout.write,
        )
        self.stdout.write(f"event {result.event_id}: {result.status}")
        self.stdout.write(f"{'#':>3}  {'player':<24} {'pts':>3}  record   tiebreaks")
        for row in result.standings[:64]:
            tiebreaks = "  ".join(str(t["value"]) for t in row["tiebreaks"])  # type: ignore[attr-defined]  # JSON rows
            self.stdout.write(
                f"{row['rank']:>3}  {row['name']!s:<24} {row['points']:>3}  "
                f"{row['record']!s:<8} {tiebreaks}"
            )
