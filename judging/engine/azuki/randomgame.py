"""Random legal Azuki TCG games (property tests, benchmarks); randomness comes from the caller.

Each candidate action is tried on a copy of the live game: the engine itself says whether it is
legal, and only legal ones are kept in the record. The record then replays without illegal input.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping

from judging.engine.azuki.game import Entity, Game, GameEndedError
from judging.engine.azuki.record import ROW_SLOTS, Card, parse_record
from judging.engine.core.errors import IllegalInputError
from judging.engine.core.jsontypes import JSON

_EFFECT_OPS = ("damage", "status", "displace", "tap", "keyword", "mill", "draw")
_KEYWORDS = ("Charge", "Defender", "Taunt", "Infiltrate", "Bloodlust", "Carapace")


def _target(rng: random.Random, game: Game) -> str:
    p = rng.randint(0, 1)
    side = game.sides[p]
    slots = [f"p{p}.{row}.{i}" for row in ("garden", "alley")
             for i, e in enumerate(side.row(row)) if e is not None]  # fmt: skip
    return rng.choice([f"p{p}.leader", *slots])


def _effect(rng: random.Random, game: Game) -> dict[str, JSON]:
    op = rng.choice(_EFFECT_OPS)
    if op in ("mill", "draw"):
        return {"op": op, "player": rng.randint(0, 1), "amount": rng.randint(0, 2)}
    eff: dict[str, JSON] = {"op": op, "target": _target(rng, game)}
    if op == "damage":
        eff["amount"] = rng.randint(0, 4)
    elif op == "status":
        eff["status"] = rng.choice(("shocked", "frozen", "rooted"))
        eff["on"] = rng.random() < 0.6
    elif op == "keyword":
        eff["keyword"] = rng.choice(_KEYWORDS)
    elif op == "displace":
        eff["replace"] = rng.randrange(ROW_SLOTS)
    return eff


def _ref(rng: random.Random, row: list[Entity | None], name: str) -> str | None:
    slots = [i for i, e in enumerate(row) if e is not None]
    return f"{name}.{rng.choice(slots)}" if slots else None


def _candidate(rng: random.Random, game: Game) -> dict[str, JSON]:
    me = game.active
    side, opp = game.sides[me], game.sides[1 - me]
    roll = rng.random()
    free = side.ikz - side.ikz_tapped
    if roll < 0.35 and side.hand:
        cid = rng.choice(side.hand)
        card = game.card(cid)
        cost = card.ikz_cost
        token = side.token and (cost > free or rng.random() < 0.3) and cost > 0
        pay = cost - (1 if token else 0)
        if card.card_type == "weapon":
            holder = rng.choice(["leader", _ref(rng, side.garden, "garden") or "leader"])
            return {"do": "equip", "card": cid, "to": holder, "pay": pay, "token": token}
        action: dict[str, JSON] = {"do": "play", "card": cid, "pay": pay, "token": token}
        if card.card_type == "entity":
            row = rng.choice(("garden", "alley"))
            action["row"] = row
            if all(e is not None for e in side.row(row)):
                action["replace"] = rng.randrange(ROW_SLOTS)
        return action
    if roll < 0.45:
        src = _ref(rng, side.alley, "alley")
        if src is not None:
            gate: dict[str, JSON] = {"do": "gate", "from": src}
            if all(e is not None for e in side.garden):
                gate["replace"] = rng.randrange(ROW_SLOTS)
            return gate
    if roll < 0.85:
        attacker = rng.choice(["leader", _ref(rng, side.garden, "garden") or "leader"])
        target = rng.choice(["leader", _ref(rng, opp.garden, "garden") or "leader"])
        attack: dict[str, JSON] = {"do": "attack", "attacker": attacker, "target": target}
        if rng.random() < 0.3:
            defender = [i for i, e in enumerate(opp.garden) if e is not None]
            if defender:
                attack["defender"] = rng.choice(defender)
        if rng.random() < 0.2:
            attack["when_attacking"] = [_effect(rng, game)]
        if rng.random() < 0.2:
            attack["responses"] = [{"effects": [_effect(rng, game)]}]
        return attack
    return {"do": "effect", "effects": [_effect(rng, game) for _ in range(rng.randint(1, 2))]}


def random_game(
    rng: random.Random,
    cards: Mapping[str, Card],
    *,
    deck_size: int = 20,
    max_turns: int = 16,
    tries: int = 8,
) -> dict[str, JSON]:
    """A record of a random game between random decks; every action in it is legal."""
    pool = sorted(c.id for c in cards.values() if c.card_type in ("entity", "weapon", "spell"))
    leaders = sorted(c.id for c in cards.values() if c.card_type == "leader")
    gates = sorted(c.id for c in cards.values() if c.card_type == "gate")
    players: list[JSON] = [
        {"name": name, "leader": rng.choice(leaders), "gate": rng.choice(gates),
         "deck": [rng.choice(pool) for _ in range(deck_size)]}
        for name in ("A", "B")
    ]  # fmt: skip
    data: dict[str, JSON] = {"format": "azuki-game/1", "first": rng.randint(0, 1),
                             "players": players, "turns": []}  # fmt: skip
    record = parse_record(data, cards)
    game = Game(record)
    game.setup()
    turns: list[JSON] = []
    try:
        for n in range(1, max_turns + 1):
            game.turn = n
            game.active = record.first if n % 2 == 1 else 1 - record.first
            actions: list[JSON] = []
            turns.append({"player": game.active, "actions": actions})
            game.start_phase(())
            game.resource_phase()
            for _ in range(rng.randint(0, tries)):
                action = _candidate(rng, game)
                trial = copy.deepcopy(game)
                try:
                    trial.act(parse_record({**data, "turns": [{"actions": [action]}]}, cards)
                              .turns[0].actions[0])  # fmt: skip
                except IllegalInputError:
                    continue
                except GameEndedError:
                    actions.append(action)
                    raise
                game = trial
                actions.append(action)
            game.end_phase(())
    except GameEndedError:
        pass
    data["turns"] = turns
    return data
