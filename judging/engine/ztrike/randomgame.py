"""Random legal ZTRIKE games (property tests, the benchmark); randomness comes from the caller."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from judging.engine.core.jsontypes import JSON
from judging.engine.ztrike.game import Game, StopGame
from judging.engine.ztrike.record import DECK_SIZE, HAND_SIZE, Card, RoundRecord, parse_record

COPIES = 2  # "up to 2 copies of the same Card ID" (ztr.deck.copies)


def random_deck(rng: random.Random, cards: Sequence[dict[str, JSON]]) -> list[str]:
    """36 card ids, shuffled: at most 2 copies of a Card ID and at most 1 ZTRIKE card (so the
    deck is legal under either reading of TA-06); copies beyond 2 only if the list is short."""
    plain = [str(c["id"]) for c in cards if c.get("colour") != "ztrike"]
    ztrike = [str(c["id"]) for c in cards if c.get("colour") == "ztrike"]
    pool = [cid for cid in plain for _ in range(COPIES)]
    if ztrike:
        pool.append(rng.choice(ztrike))
    if len(pool) >= DECK_SIZE:
        return rng.sample(pool, DECK_SIZE)
    deck = pool + [rng.choice(plain) for _ in range(DECK_SIZE - len(pool))]
    rng.shuffle(deck)
    return deck


def random_game(
    rng: random.Random,
    cards: Sequence[dict[str, JSON]],
    max_rounds: int = 80,
    *,
    catalogue: Mapping[str, Card] | None = None,
) -> dict[str, JSON]:
    """A record of a whole random game: random legal decks, each round a random card from the
    hand the Start Phase will give. A round that goes to the judge (an escalation) ends the
    record before it; any other exception is a bug and is raised. The record carries ``cards``
    unless they come from a ``catalogue`` (the judge pages' pool), which it is replayed against."""
    decks = [random_deck(rng, cards) for _ in range(2)]
    data: dict[str, JSON] = {
        "format": "ztrike-game/1",
        **({} if catalogue is not None else {"cards": list[JSON](cards)}),
        "players": [{"name": "A", "deck": list(decks[0])}, {"name": "B", "deck": list(decks[1])}],
        "main_player": rng.randint(0, 1),
        "rounds": [],
    }
    record = parse_record(data, catalogue)
    game = Game(record, trace=False)
    rounds: list[JSON] = []
    for idx in range(max_rounds):
        game.round = idx + 1
        play = [rng.choice(hand) for hand in next_hands(game)]
        if len(play) != 2:
            break
        rnd = RoundRecord((play[0], play[1]), (), (None, None))
        object.__setattr__(record, "rounds", (*record.rounds, rnd))
        rounds.append({"play": list(play)})
        try:
            if game.play_round(idx, rnd) is not None:
                break
        except StopGame:
            rounds.pop()
            break
    data["rounds"] = rounds
    return data


def next_hands(game: Game) -> list[list[str]]:
    """Each player's hand after the next Start Phase (the deck is drawn from the top; an empty
    deck is refreshed from the discard pile in the order discarded, as the engine does when the
    record gives no order). A player who cannot fill a hand at all gives an empty list."""
    hands: list[list[str]] = []
    for player in game.players:
        upcoming = [*reversed(player.deck), *player.discard]
        hand = player.hand + upcoming[: max(0, HAND_SIZE - len(player.hand))]
        if hand:
            hands.append(hand)
    return hands
