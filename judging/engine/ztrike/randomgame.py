"""Random legal ZTRIKE games (property tests, the benchmark); randomness comes from the caller."""

from __future__ import annotations

import random
from collections.abc import Sequence

from judging.engine.core.jsontypes import JSON
from judging.engine.ztrike.game import Game
from judging.engine.ztrike.record import DECK_SIZE, HAND_SIZE, RoundRecord, parse_record


def random_game(
    rng: random.Random, cards: Sequence[dict[str, JSON]], max_rounds: int = 80
) -> dict[str, JSON]:
    """A record of a whole random game: random decks, each round a random card from the hand."""
    ids = [str(c["id"]) for c in cards]
    decks = [[rng.choice(ids) for _ in range(DECK_SIZE)] for _ in range(2)]
    data: dict[str, JSON] = {
        "format": "ztrike-game/1",
        "cards": list(cards),
        "players": [{"name": "A", "deck": list(decks[0])}, {"name": "B", "deck": list(decks[1])}],
        "main_player": rng.randint(0, 1),
        "rounds": [],
    }
    record = parse_record(data)
    game = Game(record)
    rounds: list[JSON] = []
    for idx in range(max_rounds):
        game.round = idx + 1
        play: list[str] = []
        for player in game.players:
            upcoming = [*reversed(player.deck), *player.discard]
            hand = player.hand + upcoming[: max(0, HAND_SIZE - len(player.hand))]
            if not hand:
                break
            play.append(rng.choice(hand))
        if len(play) != 2:
            break
        rnd = RoundRecord((play[0], play[1]), (), (None, None))
        object.__setattr__(record, "rounds", (*record.rounds, rnd))
        rounds.append({"play": list(play)})
        try:
            if game.play_round(idx, rnd) is not None:
                break
        except Exception:  # an escalation (or a draw the guess got wrong) ends the game
            rounds.pop()
            break
    data["rounds"] = rounds
    return data
