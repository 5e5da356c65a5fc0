"""Random legal games, for property tests and the benchmark (randomness comes from the caller).

Both sides play random legal decks from the catalogue (real cards: the pool). With effects on
(``auto_effects``, the default), a card whose effect the engine runs by itself (``cardeffects``) is
left to the engine; the other cards with effects get a random primitive typed for them now and
then (``effect_chance``), as a judge would; each player's order of effects is answered at random
half the time and otherwise left to the documented default (``record.DEFAULT_ORDER``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from judging.engine.core.events import Event, Outcome
from judging.engine.core.jsontypes import JSON
from judging.engine.zutomayo.apply import DECK_SIZE, HAND_SIZE, Game
from judging.engine.zutomayo.cardeffects.status import automated_effect
from judging.engine.zutomayo.cards import CHARACTER, ENCHANT, CardCatalogue, CardDef
from judging.engine.zutomayo.profile import Profile
from judging.engine.zutomayo.record import (
    FORMAT,
    EffectEntry,
    GameRecord,
    PlayerRecord,
    SetChoice,
    TurnRecord,
)

_EFFECT_OPS = ("attack_plus", "attack_minus", "heal", "deal_damage", "reduce_damage", "draw",
               "mill", "move_medal", "set_attack", "forbid_second_card",
               "allow_second_card")  # fmt: skip


@dataclass(frozen=True, slots=True)
class RandomGame:
    """A generated legal game: the record (frozen and as JSON) and what the engine made of it."""

    record: GameRecord
    data: dict[str, JSON]
    events: tuple[Event, ...]
    result: Outcome | None
    turns: int


def random_deck(rng: random.Random, cards: CardCatalogue) -> tuple[str, ...]:
    """20 cards, at most 2 per pack and number (4.1.1, 4.1.2), top card first."""
    pool: list[CardDef] = list(cards.cards)
    pool = rng.sample(pool, min(len(pool), DECK_SIZE))
    counts: dict[tuple[str, int], int] = {}
    deck: list[str] = []
    if len(pool) < DECK_SIZE or rng.random() < 0.5:
        pool = pool[: DECK_SIZE * 3 // 4] if len(pool) >= DECK_SIZE else pool
    for card in pool * 2:
        key = (card.pack, card.number)
        if counts.get(key, 0) < 2:
            counts[key] = counts.get(key, 0) + 1
            deck.append(card.id)
            if len(deck) == DECK_SIZE:
                break
    if len(deck) < DECK_SIZE:
        return random_deck_slow(rng, cards)
    rng.shuffle(deck)
    return tuple(deck)


def random_deck_slow(rng: random.Random, cards: CardCatalogue) -> tuple[str, ...]:
    """Like ``random_deck`` for small catalogues with shared pack/number keys."""
    pool: list[CardDef] = list(cards.cards)
    rng.shuffle(pool)
    counts: dict[tuple[str, int], int] = {}
    deck: list[str] = []
    for card in pool * 2:
        key = (card.pack, card.number)
        if counts.get(key, 0) < 2:
            counts[key] = counts.get(key, 0) + 1
            deck.append(card.id)
            if len(deck) == DECK_SIZE:
                break
    if len(deck) < DECK_SIZE:
        raise ValueError("the catalogue needs at least 10 different pack/number keys")
    rng.shuffle(deck)
    return tuple(deck)


def _effects_for(
    rng: random.Random, game: Game, p: int, sets: tuple[str, ...], chance: float
) -> list[EffectEntry]:
    found: list[EffectEntry] = []
    for card_id in sets:
        card = game.card(card_id)
        if not card.has_effect or card.type not in (CHARACTER, ENCHANT) or rng.random() >= chance:
            continue
        if game.auto_effects and automated_effect(card_id, card.effect_sha256) is not None:
            continue  # the engine runs it by itself
        op = rng.choice(_EFFECT_OPS)
        amount = (
            rng.randint(1, 3) if op in ("draw", "mill", "move_medal") else rng.choice((10, 20, 30))
        )
        direction = "back" if op == "move_medal" and rng.random() < 0.3 else "forward"
        found.append(
            EffectEntry(
                player=p, op=op, card=card_id, amount=amount,
                target=rng.choice(("self", "opponent")), direction=direction,
            )
        )  # fmt: skip
    return found


def random_game(
    rng: random.Random,
    cards: CardCatalogue,
    *,
    effect_chance: float = 0.3,
    max_turns: int = 40,
    profile: Profile | None = None,
    auto_effects: bool = True,
) -> RandomGame:
    """Play a random legal game with the engine and return its record."""
    decks = (random_deck(rng, cards), random_deck(rng, cards))
    redraw: list[tuple[str, ...]] = []
    for deck in decks:
        hand = list(deck[:HAND_SIZE])
        redraw.append(tuple(rng.sample(hand, rng.randint(0, 2))) if rng.random() < 0.5 else ())
    night_side = rng.randint(0, 1)
    base = GameRecord(
        profile=profile or Profile(),
        cards=cards,
        night_side=night_side,
        players=(PlayerRecord("P0", decks[0]), PlayerRecord("P1", decks[1])),
        redraw=(redraw[0], redraw[1]),
        deck_after_redraw=None,
        turns=(),
        claims=(),
    )
    game = Game(cards, base.profile, auto_effects=auto_effects)
    game.setup(base)
    turns: list[TurnRecord] = []
    while game.result is None and len(turns) < max_turns:
        choices: list[SetChoice] = []
        effects: list[EffectEntry] = []
        order: list[tuple[str, ...] | None] = [None, None]
        next_turn = game.turn + 1
        for p in (0, 1):
            hand = list(game.players[p].hand)
            if not hand:
                break
            if next_turn == 1:
                chars = [c for c in hand if game.card(c).is_character]
                pick = rng.choice(chars) if chars and rng.random() < 0.9 else rng.choice(hand)
                choices.append(SetChoice(pick))
                continue
            allowed, _ = game.allowed_set_counts(p, next_turn)
            count = rng.choice(sorted(n for n in allowed if n <= len(hand)))
            picked = rng.sample(hand, count)
            choices.append(SetChoice(picked[0], picked[1] if count == 2 else None))
            effects += _effects_for(rng, game, p, tuple(picked), effect_chance)
            if auto_effects and count == 2 and rng.random() < 0.5:
                in_play = [c for c in (game.players[p].battle_zone, game.players[p].zone_c) if c]
                shuffled = rng.sample([*picked, *in_play], len(picked) + len(in_play))
                order[p] = tuple(dict.fromkeys(shuffled))  # each card once
        if len(choices) < 2:
            break
        turn = TurnRecord((choices[0], choices[1]), tuple(effects), (order[0], order[1]))
        turns.append(turn)
        game.play_turn(turn)
    record = GameRecord(
        profile=base.profile,
        cards=cards,
        night_side=night_side,
        players=base.players,
        redraw=base.redraw,
        deck_after_redraw=None,
        turns=tuple(turns),
        claims=(),
    )
    return RandomGame(
        record=record,
        data=record_to_json(record),
        events=tuple(game.events),
        result=game.result,
        turns=game.turn,
    )


def record_to_json(record: GameRecord) -> dict[str, JSON]:
    """The JSON form of a record (``zutomayo-game/2``); cards are not included."""
    turns: list[JSON] = []
    for turn in record.turns:
        sets: list[JSON] = []
        for choice in turn.sets:
            item: dict[str, JSON] = {"A": choice.a}
            if choice.b is not None:
                item["B"] = choice.b
            sets.append(item)
        effects: list[JSON] = []
        for e in turn.effects:
            entry: dict[str, JSON] = {"player": e.player, "op": e.op, "timing": e.timing}
            if e.card is not None:
                entry["card"] = e.card
            entry["target"] = e.target
            if e.op == "move_medal" and e.position is not None:
                entry["position"] = e.position
            else:
                entry["amount"] = e.amount
                if e.op == "move_medal" and e.direction != "forward":
                    entry["direction"] = e.direction
            effects.append(entry)
        item_turn: dict[str, JSON] = {"set": sets, "effects": effects}
        if turn.order != (None, None):
            item_turn["choices"] = {"order": [None if o is None else list(o) for o in turn.order]}
        turns.append(item_turn)
    data: dict[str, JSON] = {
        "format": FORMAT,
        "profile": record.profile.to_json(),
        "night_side": record.night_side,
        "players": [{"name": p.name, "deck": list(p.deck)} for p in record.players],
        "redraw": [list(r) for r in record.redraw],
        "turns": turns,
    }
    return data
