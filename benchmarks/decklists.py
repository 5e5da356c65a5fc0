"""Benchmark: deck-legality checks and decklist parsing, decklists per second, all three games.

Run from the repository root::

    .venv/bin/python benchmarks/decklists.py [--count 10000] [--seed 2026] [--require]

It generates ``--count`` decklists per game (about half legal, the rest with one or two
faults: wrong size, a third copy, an unknown card, a banned card, …), then times

* the pure checker (``check_decklist`` on ready ``Decklist`` values),
* the parser (``parse_text`` on the rendered text, which also resolves every card), and
* parse + check from text (``check_decklist_text``, what a submission costs): cold (the
  first pass, with the parser's line and card caches emptied) and warm (the median of the next
  passes, as in a server that has checked lists before).

Rates are CPU time of this process (``time.process_time``), the median of five passes.

ZUTOMAYO and Azuki use the real card data of ``SHARED_DIR`` when it is there (else generated
cards); ZTRIKE always uses invented cards, since none are published. The targets are 20,000
ZUTOMAYO checks per second and 10,000 ZUTOMAYO lists parsed and checked from text per second;
``--require`` makes the script exit 1 below either.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from datetime import date
from functools import partial
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from cardpool.legality import (  # noqa: E402 - the script puts the repository on the path first
    AzukiCard,
    AzukiCardType,
    BanEntry,
    BanList,
    CardIndex,
    DeckEntry,
    Decklist,
    FormatRules,
    Game,
    ZtrikeCard,
    ZtrikeColour,
    ZutomayoCard,
    ZutomayoCardType,
    card_index_from_json,
    check_decklist,
    check_decklist_text,
    load_card_index,
    parse_text,
    render_decklist,
)
from cardpool.legality import parser as parser_module  # noqa: E402

SHARED = REPO.parent / "shared"
ZUTOMAYO_TARGET = 20_000.0
TEXT_TARGET = 10_000.0
EVENT_DAY = date(2026, 11, 29)


# ------------------------------------------------------------------------------ card pools


def zutomayo_pool() -> tuple[CardIndex, str]:
    path = SHARED / "data" / "zutomayo" / "cards.json"
    if path.is_file():
        return card_index_from_json(Game.ZUTOMAYO, path.read_bytes()), f"real ({path})"
    rows = [
        {
            "pack": pack,
            "number": n,
            "name_en": f"GENERATED {pack} {n}",
            "name_ja": f"生成{pack}の{n}",
            "type": "character" if n % 2 else "enchant",
            "element": "flame",
            "clock": n % 4,
            "attack_night": n if n % 2 else None,
            "attack_day": n if n % 2 else None,
            "power_cost": n % 6,
            "send_to_power": None if n % 3 == 0 else 1,
            "rarity": "N",
        }
        for pack in ("1st", "2nd", "3rd", "4th")
        for n in range(1, 107)
    ]
    return load_card_index(Game.ZUTOMAYO, rows), "generated (SHARED_DIR absent)"


def azuki_pool() -> tuple[CardIndex, str]:
    path = SHARED / "data" / "azuki" / "cards.json"
    if path.is_file():
        return card_index_from_json(Game.AZUKI, path.read_bytes()), f"real ({path})"
    t = AzukiCardType
    cards: list[AzukiCard] = [
        AzukiCard(
            "GEN01-001",
            "GEN01",
            "Gen Leader",
            t.LEADER,
            ("lightning",),
            None,
            None,
            20,
            None,
            (),
            (),
        ),
        AzukiCard(
            "GEN01-002", "GEN01", "Gen Gate", t.GATE, ("lightning",), None, None, None, None, (), ()
        ),
        AzukiCard("IKZ-001", "IKZ", "Gen IKZ", t.IKZ, ("neutral",), None, None, None, None, (), ()),
        AzukiCard(
            "IKZ-002",
            "IKZ",
            "Gen IKZ Token",
            t.IKZ_TOKEN,
            ("neutral",),
            None,
            None,
            None,
            None,
            (),
            (),
        ),
    ]
    for n in range(3, 60):
        element = ("lightning", "neutral", "water")[n % 3]
        cards.append(
            AzukiCard(
                f"GEN01-{n:03d}", "GEN01", f"Gen Card {n}", t.ENTITY, (element,), 1, 1, 1, 0, (), ()
            )
        )
    return CardIndex(Game.AZUKI, tuple(cards)), "generated (SHARED_DIR absent)"


def ztrike_pool() -> CardIndex:
    colours = (ZtrikeColour.RED, ZtrikeColour.BLUE, ZtrikeColour.GREEN, ZtrikeColour.GENERIC)
    cards = [
        ZtrikeCard(f"ZB-{n:03d}", f"Invented Striker {n}", colours[n % 4], n % 11, None, n % 3)
        for n in range(1, 141)
    ]
    cards += [
        ZtrikeCard(f"ZB-Z{n}", f"Invented Ace {n}", ZtrikeColour.ZTRIKE, 10, "Battle", 5)
        for n in range(1, 4)
    ]
    return CardIndex(Game.ZTRIKE, tuple(cards))


def ztrike_rules() -> FormatRules:
    return FormatRules(
        Game.ZTRIKE,
        "Invented constructed",
        (
            BanList(date(2026, 1, 1), (BanEntry("ZB-007", 0), BanEntry("ZB-011", 1))),
            BanList(date(2026, 9, 1), (BanEntry("ZB-007", 0), BanEntry("ZB-013", 1))),
        ),
    )


# ------------------------------------------------------------------------------ generators


def _deck(game: Game, pairs: Sequence[tuple[str, int]]) -> Decklist:
    return Decklist(game, tuple(DeckEntry(card_id, n) for card_id, n in pairs))


def _spoil(rng: random.Random, pairs: list[tuple[str, int]], unknown: str) -> None:
    """Make a legal list illegal in one of a few ways."""
    fault = rng.randrange(4)
    if fault == 0:
        pairs.pop()
    elif fault == 1:
        card_id, n = pairs[0]
        pairs[0] = (card_id, n + 1)
    elif fault == 2:
        pairs.append((unknown, 1))
    else:
        pairs.append(pairs[-1])


def zutomayo_decks(index: CardIndex, count: int, rng: random.Random) -> list[Decklist]:
    characters = [
        c.id
        for c in index.cards
        if isinstance(c, ZutomayoCard) and c.type is ZutomayoCardType.CHARACTER
    ]
    others = [c.id for c in index.cards if c.id not in set(characters)]
    decks = []
    for i in range(count):
        chosen = rng.sample(characters, 6) + rng.sample(others, 4)
        pairs = [(card_id, 2) for card_id in chosen]
        if i % 2:
            _spoil(rng, pairs, "9th_999")
        rng.shuffle(pairs)
        decks.append(_deck(Game.ZUTOMAYO, pairs))
    return decks


def azuki_decks(index: CardIndex, count: int, rng: random.Random) -> list[Decklist]:
    azuki = [c for c in index.cards if isinstance(c, AzukiCard)]
    leaders = [c for c in azuki if c.card_type is AzukiCardType.LEADER]
    decks = []
    for i in range(count):
        leader = rng.choice(leaders)
        allowed = set(leader.elements) | {"neutral"}
        gates = [
            c for c in azuki if c.card_type is AzukiCardType.GATE and set(c.elements) <= allowed
        ]
        main = [
            c.id
            for c in azuki
            if c.card_type in (AzukiCardType.ENTITY, AzukiCardType.SPELL, AzukiCardType.WEAPON)
            and set(c.elements) <= allowed
        ]
        ikz = next(c.id for c in azuki if c.card_type is AzukiCardType.IKZ)
        token = next(c.id for c in azuki if c.card_type is AzukiCardType.IKZ_TOKEN)
        chosen = rng.sample(main, 13)
        pairs = [(leader.id, 1), (rng.choice(gates).id, 1), (ikz, 10), (token, 1)]
        pairs += [(card_id, 4) for card_id in chosen[:12]] + [(chosen[12], 2)]
        if i % 2:
            _spoil(rng, pairs, "ZZZ99-999")
        decks.append(_deck(Game.AZUKI, pairs))
    return decks


def ztrike_decks(index: CardIndex, count: int, rng: random.Random) -> list[Decklist]:
    plain = [
        c.id
        for c in index.cards
        if isinstance(c, ZtrikeCard) and c.colour is not ZtrikeColour.ZTRIKE
    ]
    aces = [c.id for c in index.cards if c.id not in set(plain)]
    decks = []
    for i in range(count):
        chosen = rng.sample(plain, 18)
        pairs = [(card_id, 2) for card_id in chosen[:17]] + [(chosen[17], 1), (rng.choice(aces), 1)]
        if i % 2:
            _spoil(rng, pairs, "ZB-UNKNOWN")
        decks.append(_deck(Game.ZTRIKE, pairs))
    return decks


# ------------------------------------------------------------------------------ timing


def per_second[T](
    items: Sequence[T], work: Callable[[T], object], passes: int = 5
) -> tuple[float, float]:
    """(items per CPU second, median of ``passes`` passes; the first pass's rate)."""
    rates: list[float] = []
    for _ in range(passes):
        start = time.process_time()
        for item in items:
            work(item)
        rates.append(len(items) / max(time.process_time() - start, 1e-9))
    return statistics.median(rates), rates[0]


def cold(index: CardIndex) -> None:
    """Empty the parser's caches (resolved card texts, line shapes) for a cold pass."""
    index.memo.clear()
    parser_module._classify.cache_clear()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000, help="decklists per game")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--require", action="store_true", help="exit 1 below the target")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)

    zutomayo, zutomayo_source = zutomayo_pool()
    azuki, azuki_source = azuki_pool()
    ztrike = ztrike_pool()
    games: list[tuple[str, CardIndex, FormatRules | None, list[Decklist], str]] = [
        ("ZUTOMAYO", zutomayo, None, zutomayo_decks(zutomayo, args.count, rng), zutomayo_source),
        ("Azuki", azuki, None, azuki_decks(azuki, args.count, rng), azuki_source),
        ("ZTRIKE", ztrike, ztrike_rules(), ztrike_decks(ztrike, args.count, rng), "invented"),
    ]
    print(f"{args.count:,} decklists per game, seed {args.seed}, Python {sys.version.split()[0]}")
    zutomayo_rate = text_rate = 0.0
    header = (
        f"{'game':<9} {'cards':>6} {'legal':>6} {'check/s':>10} {'parse/s':>10} "
        f"{'text/s cold':>12} {'text/s warm':>12}  source"
    )
    print(header)
    print("-" * len(header))
    for name, index, rules, decks, source in games:
        texts = [render_decklist(d) for d in decks]
        check = partial(check_decklist, index=index, rules=rules, on=EVENT_DAY)
        legal = sum(not any(i.severity == "error" for i in check(d)) for d in decks)
        check_rate, _ = per_second(decks, check)
        cold(index)
        parse_rate, _ = per_second(texts, partial(parse_text, index=index))
        cold(index)
        from_text = partial(check_decklist_text, index=index, rules=rules, on=EVENT_DAY)
        warm_rate, cold_rate = per_second(texts, from_text)
        if name == "ZUTOMAYO":
            zutomayo_rate, text_rate = check_rate, warm_rate
        print(
            f"{name:<9} {len(index):>6} {legal:>6} {check_rate:>10,.0f} {parse_rate:>10,.0f} "
            f"{cold_rate:>12,.0f} {warm_rate:>12,.0f}  {source}"
        )
    ratio = zutomayo_rate / ZUTOMAYO_TARGET
    text_ratio = text_rate / TEXT_TARGET
    for label, rate, target, r in (
        ("pure check", zutomayo_rate, ZUTOMAYO_TARGET, ratio),
        ("parse + check from text (warm)", text_rate, TEXT_TARGET, text_ratio),
    ):
        verdict = "meets" if r >= 1 else "BELOW"
        print(
            f"ZUTOMAYO {label}: {rate:,.0f} decklists/s = {r:.2f}x the {target:,.0f}/s "
            f"target ({verdict})"
        )
    print(
        json.dumps(
            {
                "zutomayo_check_per_s": round(zutomayo_rate),
                "ratio": round(ratio, 2),
                "zutomayo_text_per_s": round(text_rate),
                "text_ratio": round(text_ratio, 2),
            }
        )
    )
    return 1 if args.require and min(ratio, text_ratio) < 1 else 0


if __name__ == "__main__":
    raise SystemExit(main())
