"""How long the printouts of a large event take to render (they run in a Celery task).

Prints seconds per PDF and pages, for pairings by name at 2,000 players and 1,000 match slips.
Run: .venv/bin/python benchmarks/printing.py
"""

from __future__ import annotations

import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.printing.sheets import (
    PairingLine,
    PrintHeader,
    SlipData,
    match_slips_pdf,
    pairings_by_name_pdf,
)

TARGET_NAMES_S = 5.0
HEADER = PrintHeader("Benchmark Open", 3, "Swiss", datetime(2026, 11, 29, tzinfo=UTC), 3)


def main() -> None:
    lines = [
        PairingLine(table=i // 2 + 1, player=f"Player {i:05d}", player_id=str(i),
                    opponent=f"Player {i ^ 1:05d}", points=9, opponent_points=9)
        for i in range(2000)
    ]  # fmt: skip
    start = time.perf_counter()
    pdf = pairings_by_name_pdf(HEADER, lines)
    names_s = time.perf_counter() - start
    slips = [
        SlipData(table=t, player_a=f"A{t}", player_b=f"B{t}", report_url=f"https://x.test/{t}/")
        for t in range(1, 1001)
    ]
    start = time.perf_counter()
    slips_pdf = match_slips_pdf(HEADER, slips)
    slips_s = time.perf_counter() - start
    ratio = TARGET_NAMES_S / names_s
    print(
        f"pairings by name, 2,000 players: {names_s:6.2f} s, {len(pdf) / 1024:7.0f} KiB "
        f"(target {TARGET_NAMES_S:.0f} s; ratio {ratio:.1f}x under)"
    )
    print(
        f"match slips, 1,000 tables:      {slips_s:6.2f} s, {len(slips_pdf) / 1024:7.0f} KiB "
        f"({slips_s:.1f} ms per slip)"
    )


if __name__ == "__main__":
    main()
