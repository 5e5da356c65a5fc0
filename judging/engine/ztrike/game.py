"""The ZTRIKE round pipeline, in the official rules' order: Start Phase, Play Phase (Battle bonuses,
colour weakness, else power, tie, Win and Lose bonuses, cards to the Victory Zone and the discard
pile, 20 Victory Points), End Phase. Every state change is an ``Event`` citing its rules by key."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from judging.engine.core.errors import IllegalInputError
from judging.engine.core.events import Event, Outcome
from judging.engine.core.jsontypes import JSON, Value
from judging.engine.core.rules import Rule
from judging.engine.ztrike.record import (
    DECK_SIZE,
    HAND_SIZE,
    BonusEntry,
    Card,
    Effect,
    RoundRecord,
    ZtrikeRecord,
)
from judging.engine.ztrike.rules import BY_KEY

#: Colour weakness is a cycle (rock-paper-scissors), not a chain: each colour beats one other.
BEATS: dict[str, str] = {"red": "green", "green": "blue", "blue": "red"}
VICTORY = 20

WEAKNESS_RULES: tuple[str, ...] = (
    "ztr.victor#s2",
    "ztr.victor#s4",
    "ztr.colors.weakness",
    "ztr.victor#s3",
)
POWER_RULES: tuple[str, ...] = ("ztr.victor#s5", "ztr.victor#s6")
TIE_RULES: tuple[str, ...] = ("ztr.victor#s5", "ztr.victor#s7")
TIE_DISCARD_RULES: tuple[str, ...] = ("ztr.victor#s7", "ztr.mat.dp")
PLAY_RULES: tuple[str, ...] = ("ztr.round.play", "ztr.play.round", "ztr.mat.pz")
PASS_RULES: tuple[str, ...] = ("ztr.round.end", "ztr.prep#step3")
VICTORY_RULES: tuple[str, ...] = ("ztr.play.victory",)
#: Colours that never take part in the weakness check ("Generic and ZTRIKE do not check...").
NO_WEAKNESS = frozenset(("generic", "ztrike"))
NO_CARDS: list[str | None] = [None, None]  # the Play Zone between rounds (never changed)


@dataclass(frozen=True, slots=True)
class RoundSnapshot:
    round: int
    main_player: int
    decided_by: str | None
    winner: int | None
    victory_points: tuple[int, int]
    hands: tuple[int, int]
    decks: tuple[int, int]
    discards: tuple[int, int]
    victory_zones: tuple[tuple[str, ...], tuple[str, ...]]
    events: tuple[Event, ...]

    def value(self, path: str) -> JSON:
        """The value a claim path names (``winner``, ``players[0].hand``…); KeyError if unknown."""
        simple: dict[str, JSON] = {
            "main_player": self.main_player,
            "decided_by": self.decided_by,
            "winner": self.winner,
            "victory_points": list(self.victory_points),
            "victory_points[0]": self.victory_points[0],
            "victory_points[1]": self.victory_points[1],
        }
        for p in (0, 1):
            simple[f"players[{p}].hand"] = self.hands[p]
            simple[f"players[{p}].deck"] = self.decks[p]
            simple[f"players[{p}].discard"] = self.discards[p]
            simple[f"players[{p}].victory_zone"] = list(self.victory_zones[p])
        return simple[path]


class _Player:
    __slots__ = ("deck", "discard", "hand", "printed", "uneven", "vp_adjust", "vz")

    def __init__(self, deck: list[str]) -> None:
        self.deck = deck  # top card last (pop() draws)
        self.hand: list[str] = []
        self.discard: list[str] = []
        self.vz: list[str] = []
        self.vp_adjust = 0
        self.printed = 0  # the printed Victory Points of the cards in the Victory Zone
        self.uneven = 0  # cards in the Victory Zone that print other than 1 VP (TA-02 matters)

    def recount(self, cards: Mapping[str, Card]) -> None:
        points = [cards[c].victory_points for c in self.vz]
        self.printed = sum(points)
        self.uneven = sum(1 for v in points if v != 1)


class StopGame(Exception):  # noqa: N818 - not an error: the game stops (an escalation)
    def __init__(self, outcome: Outcome) -> None:
        super().__init__(outcome.reason)
        self.outcome = outcome


def _illegal(key: str, message: str, *, round_no: int, path: str) -> IllegalInputError:
    found: Rule = BY_KEY[key]
    return IllegalInputError(found, message, turn=round_no, step="", path=path)


class Game:
    """One replay. ``run()`` plays every round of the record and returns the outcome."""

    def __init__(self, record: ZtrikeRecord, *, trace: bool = True) -> None:
        """``trace=False`` keeps no events and no round snapshots: the same rounds, outcome and
        consulted ambiguities, faster (the report replays again with ``trace=True`` when asked)."""
        self.record = record
        self.cards = record.cards
        self.profile = record.profile
        self.trace = trace
        profile = record.profile
        self.vp_count = profile.get("TA-02") == "COUNT"
        self.winner_first = profile.get("TA-03") == "WINNER_FIRST"
        self.more_vp = profile.get("TA-04") == "MORE_VP"
        self.escalate_empty = profile.get("TA-07") == "ESCALATE"
        self.immediate = profile.get("TA-08") == "IMMEDIATE"
        self.replacement = profile.get("TA-09")
        self.events: list[Event] = []
        self.rounds: list[RoundSnapshot] = []
        self.consulted: set[str] = set()
        self.round = 0
        self.illegal: IllegalInputError | None = None
        self.round_start = 0
        self.in_play: list[str | None] = NO_CARDS
        start = record.start
        if start is None:
            self.players = [_Player(list(reversed(deck))) for deck in record.decks]
            self.main = record.main_player
            self.first_round = 1
        else:
            self.players = []
            for p, snap in enumerate(start.players):
                player = _Player(list(reversed(snap.deck)))
                player.hand = list(snap.hand)
                player.vz = list(snap.victory_zone)
                player.discard = list(snap.discard)
                player.recount(self.cards)
                self.players.append(player)
                held = Counter((*snap.hand, *snap.deck, *snap.victory_zone, *snap.discard))
                if held != Counter(record.decks[p]):
                    raise _illegal(
                        "ztr.deck.size",
                        f"the snapshot of player {p} does not hold the 36 cards of their deck",
                        round_no=start.round,
                        path=f"start.players[{p}]",
                    )
            self.main = start.main_player
            self.first_round = start.round
        self.check_ztrike_cards()

    def check_ztrike_cards(self) -> None:
        """ "The ZTRIKE card is unique and can only have 1 copy of this card in your deck"
        (``ztr.colors``): two copies of one ZTRIKE Card ID are illegal; two different ZTRIKE
        Card IDs are illegal only when TA-06 reads the sentence as one ZTRIKE card in total."""
        cards = self.cards
        for p, deck in enumerate(self.record.decks):
            ztrike = [c for c in deck if cards[c].colour == "ztrike"]
            if len(ztrike) < 2:
                continue
            round_no = self.first_round
            path = f"players[{p}].deck"
            counts = Counter(ztrike)
            for cid, n in counts.items():
                if n > 1:
                    raise _illegal(
                        "ztr.colors",
                        f"{cards[cid].name} is a ZTRIKE card: only 1 copy in a deck (it has {n})",
                        round_no=round_no,
                        path=path,
                    )
            self.consulted.add("TA-06")
            if self.profile.get("TA-06") == "IN_TOTAL":
                raise _illegal(
                    "ztr.colors",
                    f"only 1 ZTRIKE card in a deck (it has {len(ztrike)}: "
                    + ", ".join(cards[c].name for c in counts)
                    + ")",
                    round_no=round_no,
                    path=path,
                )

    # -- helpers -----------------------------------------------------------------------------
    def choice(self, key: str) -> str:
        self.consulted.add(key)
        return self.profile.get(key)

    def refresh_now(self) -> bool:
        """TA-08: is an empty deck refreshed at once (rather than at the next draw)?"""
        self.consulted.add("TA-08")
        return self.immediate

    def emit(
        self,
        kind: str,
        rules: tuple[str, ...],
        player: int | None,
        before: Value = None,
        after: Value = None,
        params: tuple[tuple[str, Value], ...] = (),
        profile_keys: tuple[str, ...] = (),
    ) -> None:
        if not self.trace:
            return
        self.events.append(
            Event(
                len(self.events) + 1,
                self.round,
                "",
                kind,
                rules,
                player,
                before,
                after,
                params,
                (),
                profile_keys,
            )
        )

    def vp(self, p: int) -> int:
        player = self.players[p]
        base = len(player.vz) if self.vp_count else player.printed
        if player.uneven:
            self.consulted.add("TA-02")
        return max(0, base + player.vp_adjust)

    def refresh(self, p: int, order: tuple[str, ...] | None, path: str) -> None:
        player = self.players[p]
        if player.deck or not player.discard:
            return
        if order is None:
            new = list(player.discard)  # first discarded on top (the record gave no order)
        else:
            if Counter(order) != Counter(player.discard):
                raise _illegal(
                    "ztr.mat.dz",
                    "the refreshed deck must be the cards of the discard pile",
                    round_no=self.round,
                    path=path,
                )
            new = list(order)
        player.deck = list(reversed(new))
        player.discard = []
        self.emit(
            "deck_refreshed",
            ("ztr.mat.dz",),
            p,
            0,
            len(new),
            (("ordered", order is not None),),
            ("TA-08",),
        )

    def draw(self, p: int, count: int, rules: tuple[str, ...], rnd: RoundRecord, idx: int) -> None:
        player = self.players[p]
        hand, deck = player.hand, player.deck
        before = len(hand)
        if 0 < count < len(deck):  # the deck does not run out: no refresh can happen
            taken = deck[-count:]
            del deck[-count:]
            taken.reverse()
            hand.extend(taken)
            if self.trace:
                self.emit("draw", rules, p, before, len(hand), (("count", count),))
            return
        path = f"rounds[{idx}].refresh[{p}]"
        drawn = 0
        for _ in range(count):
            if not player.deck:
                if not player.discard:
                    self.consulted.add("TA-07")
                    if self.escalate_empty:
                        self.emit("draw", rules, p, before, len(player.hand), (("count", drawn),))
                        self.emit("cannot_draw", ("ztr.mat.dz",), p, profile_keys=("TA-07",))
                        raise StopGame(Outcome("escalate", None, ("ztr.mat.dz",), "cannot_draw"))
                    break
                self.refresh(p, rnd.refresh[p], path)
            player.hand.append(player.deck.pop())
            drawn += 1
            if not player.deck and player.discard and self.refresh_now():
                self.refresh(p, rnd.refresh[p], path)
        self.emit("draw", rules, p, before, len(player.hand), (("count", drawn),))

    # -- the rounds --------------------------------------------------------------------------
    def run(self) -> Outcome:
        outcome = Outcome("unfinished", None, (), "rounds_ended")
        try:
            for idx, rnd in enumerate(self.record.rounds):
                self.round = self.first_round + idx
                result = self.play_round(idx, rnd)
                if result is not None:
                    outcome = result
                    break
        except StopGame as stop:
            outcome = stop.outcome
        except IllegalInputError as exc:
            self.illegal = exc
            outcome = Outcome("unfinished", None, (exc.rule.key,), "illegal_input")
        return outcome

    def play_round(self, idx: int, rnd: RoundRecord) -> Outcome | None:  # noqa: C901 - the pipeline reads in the rules' order
        main, other = self.main, 1 - self.main
        order = (main, other)
        trace = self.trace
        players = self.players
        first = self.round == 1 and self.record.start is None
        start_rules = ("ztr.prep#step4", "ztr.round.start") if first else ("ztr.round.start",)
        for p in order:
            need = HAND_SIZE - len(players[p].hand)
            if need > 0:
                self.draw(p, need, start_rules, rnd, idx)
        # Play Phase: each player plays one card from the hand to the Play Zone.
        played = rnd.play
        for p in (0, 1):
            hand = players[p].hand
            if played[p] not in hand:
                raise _illegal(
                    "ztr.play.round",
                    f"{played[p]} is not in player {p}'s hand",
                    round_no=self.round,
                    path=f"rounds[{idx}].play[{p}]",
                )
            hand.remove(played[p])
        if trace:
            self.emit(
                "play",
                PLAY_RULES,
                None,
                None,
                (played[0], played[1]),
                profile_keys=("TA-01",),
            )
        cards = self.cards
        card0, card1 = cards[played[0]], cards[played[1]]
        bonuses = rnd.bonuses
        in_play: list[str | None] = [played[0], played[1]]
        self.in_play = in_play
        state: _RoundState | None = None
        if not bonuses and not card0.bonuses and not card1.bonuses:
            # No bonus at all: the round is decided by the printed colours and powers.
            c0, c1 = card0.colour, card1.colour
            p0, p1 = card0.power, card1.power
        else:
            state = self.bonus_phase(idx, rnd, order, played, in_play)
            c0, c1 = state.colour
            p0, p1 = state.power
        # 2. Colour weakness (a cycle), else 3. power; equal power is a tie.
        winner: int | None
        rules: tuple[str, ...]
        if BEATS.get(c0) == c1:
            winner, decided_by, rules = 0, "weakness", WEAKNESS_RULES
        elif BEATS.get(c1) == c0:
            winner, decided_by, rules = 1, "weakness", WEAKNESS_RULES
        elif p0 != p1:
            winner = 0 if p0 > p1 else 1
            decided_by, rules = "power", POWER_RULES
        else:
            winner, decided_by, rules = None, "tie", TIE_RULES
        if trace:
            if decided_by != "weakness" and (c0 in NO_WEAKNESS or c1 in NO_WEAKNESS):
                rules = (*rules, "ztr.colors")
            self.emit(
                "round_decided",
                rules,
                winner,
                None,
                winner,
                (("decided_by", decided_by), ("colours", (c0, c1)), ("powers", (p0, p1))),
            )
        # 4. Win and Lose bonuses, or none after a tie; then the cards leave the Play Zone.
        if winner is None:
            for entry in bonuses:
                bonus = cards[played[entry.player]].bonuses[entry.index]
                if bonus.when != "battle" and entry.apply:
                    raise _illegal(
                        "ztr.victor#s9",
                        "no Win or Lose bonus applies after a tie",
                        round_no=self.round,
                        path=entry.path,
                    )
            if trace:
                self.emit("no_win_lose_bonuses", ("ztr.victor#s9",), None)
            for p in (0, 1):
                card_id = in_play[p]
                if card_id is not None:
                    players[p].discard.append(card_id)
                    if trace:
                        self.emit("card_to_discard", TIE_DISCARD_RULES, p, None, card_id)
        else:
            loser = 1 - winner
            if bonuses and state is not None:
                self.win_lose_bonuses(rnd, played, winner, main, state)
            won, lost = in_play[winner], in_play[loser]
            if won is not None:
                self.to_victory_zone(winner, won)
            if lost is not None:
                players[loser].discard.append(lost)
                if trace:
                    self.emit("card_to_discard", ("ztr.mat.dp",), loser, None, lost)
        self.in_play = NO_CARDS
        for p in (0, 1):
            if not players[p].deck and players[p].discard and self.refresh_now():
                self.refresh(p, rnd.refresh[p], f"rounds[{idx}].refresh[{p}]")
        # 5. Victory Points.
        vps = (self.vp(0), self.vp(1))
        if trace:
            self.emit("victory_points", ("ztr.mat.vz",), None, None, vps, profile_keys=("TA-02",))
        if vps[0] < VICTORY and vps[1] < VICTORY:
            # End Phase: the Main Player counter passes to the other player.
            if trace:
                self.emit("main_player_passes", PASS_RULES, other, main, other)
                self.snapshot(main, decided_by, winner, vps)
            self.main = other
            return None
        outcome: Outcome
        both = vps[0] >= VICTORY and vps[1] >= VICTORY
        if not both:
            outcome = Outcome("win", 0 if vps[0] >= VICTORY else 1, VICTORY_RULES, "victory_points")
        else:
            self.consulted.add("TA-04")
            if self.more_vp and vps[0] != vps[1]:
                outcome = Outcome(
                    "win", 0 if vps[0] > vps[1] else 1, VICTORY_RULES, "victory_points"
                )
            else:
                outcome = Outcome("escalate", None, VICTORY_RULES, "both_over_20")
        if trace:
            self.emit(
                "game_over",
                outcome.rules,
                outcome.winner,
                None,
                outcome.outcome,
                profile_keys=("TA-04",) if both else (),
            )
            self.snapshot(main, decided_by, winner, vps)
        return outcome

    def to_victory_zone(self, p: int, card_id: str) -> None:
        player = self.players[p]
        player.vz.append(card_id)
        points = self.cards[card_id].victory_points
        player.printed += points
        if points != 1:
            player.uneven += 1
        if self.trace:
            self.emit(
                "card_to_victory_zone",
                ("ztr.victor#s10", "ztr.mat.vz"),
                p,
                None,
                card_id,
                profile_keys=("TA-10",),
            )

    def bonus_phase(
        self,
        idx: int,
        rnd: RoundRecord,
        order: tuple[int, int],
        played: tuple[str, str],
        in_play: list[str | None],
    ) -> _RoundState:
        """Step 1: the Battle bonuses, the Main Player's first; the powers kept within 0-10."""
        cards = self.cards
        entries: dict[tuple[int, int], BonusEntry] = {}
        for entry in rnd.bonuses:
            card = cards[played[entry.player]]
            if entry.index >= len(card.bonuses):
                raise _illegal(
                    "ztr.bonus.empty",
                    f"{card.name} has no bonus number {entry.index}",
                    round_no=self.round,
                    path=f"{entry.path}.index",
                )
            entries[(entry.player, entry.index)] = entry
        state = _RoundState(
            [cards[played[0]].colour, cards[played[1]].colour],
            [cards[played[0]].power, cards[played[1]].power],
            in_play,
            idx,
            [],
        )
        battle_rules = ("ztr.victor#s1", "ztr.bonus.battle")
        for p in order:
            card = cards[played[p]]
            for b, bonus in enumerate(card.bonuses):
                if bonus.when != "battle":
                    continue
                found = entries.get((p, b))
                if found is not None and found.apply is False:
                    self.emit(
                        "bonus_not_applied",
                        ("ztr.bonus.battle",),
                        p,
                        None,
                        None,
                        (("card", card.id), ("index", b)),
                    )
                    continue
                self.apply_bonus(p, card, b, bonus.effects, found, state, battle_rules)
        if state.replaced:
            self.consulted.add("TA-09")
            if self.replacement == "ESCALATE":
                self.emit("replaced_card", ("ztr.victor#s1",), None, profile_keys=("TA-09",))
                raise StopGame(Outcome("escalate", None, ("ztr.victor#s1",), "replaced_card"))
            if self.replacement == "APPLY":
                self.replacement_bonuses(state, order, battle_rules)
        for p in (0, 1):
            kept = min(10, max(0, state.power[p]))
            if kept != state.power[p]:
                self.emit("power_kept_in_range", ("ztr.power",), p, state.power[p], kept)
                state.power[p] = kept
        return state

    def replacement_bonuses(
        self, state: _RoundState, order: tuple[int, int], rules: tuple[str, ...]
    ) -> None:
        """TA-09 = APPLY: a card a Battle bonus put into the Play Zone applies its own Battle
        bonuses (the Main Player's first); a card that is replaced again does the same, at most
        once per card of the two decks."""
        for _ in range(2 * DECK_SIZE):
            waiting, state.replaced = state.replaced, []
            if not waiting:
                return
            for p in order:
                if p not in waiting or state.in_play[p] is None:
                    continue
                card = self.cards[str(state.in_play[p])]
                self.emit("replacement_bonuses", rules, p, None, card.id, profile_keys=("TA-09",))
                for b, bonus in enumerate(card.bonuses):
                    if bonus.when == "battle":
                        self.apply_bonus(p, card, b, bonus.effects, None, state, rules)
        if state.replaced:
            self.emit("replaced_card", ("ztr.victor#s1",), None, profile_keys=("TA-09",))
            raise StopGame(Outcome("escalate", None, ("ztr.victor#s1",), "replaced_card"))

    def win_lose_bonuses(
        self,
        rnd: RoundRecord,
        played: tuple[str, str],
        winner: int,
        main: int,
        state: _RoundState,
    ) -> None:
        """Step 4: the Win bonus of the winner's card and the Lose bonus of the loser's card,
        when the record applies them (TA-03 orders them)."""
        cards = self.cards
        loser = 1 - winner
        wanted = [
            e
            for e in rnd.bonuses
            if cards[played[e.player]].bonuses[e.index].when != "battle" and e.apply
        ]
        for entry in wanted:
            when = cards[played[entry.player]].bonuses[entry.index].when
            if when == "win" and entry.player != winner:
                raise _illegal(
                    "ztr.bonus.win",
                    "a Win bonus applies only to the winner",
                    round_no=self.round,
                    path=entry.path,
                )
            if when == "lose" and entry.player != loser:
                raise _illegal(
                    "ztr.bonus.lose",
                    "a Lose bonus applies only to the loser",
                    round_no=self.round,
                    path=entry.path,
                )
        if len({e.player for e in wanted}) > 1:
            self.consulted.add("TA-03")
        lead = winner if self.winner_first else main
        wanted.sort(key=lambda e: (e.player != lead, e.index))
        for entry in wanted:
            card = cards[played[entry.player]]
            bonus = card.bonuses[entry.index]
            key = "ztr.bonus.win" if bonus.when == "win" else "ztr.bonus.lose"
            self.apply_bonus(
                entry.player, card, entry.index, bonus.effects, entry, state, ("ztr.victor#s8", key)
            )

    def snapshot(
        self, main: int, decided_by: str, winner: int | None, vps: tuple[int, int]
    ) -> None:
        events = tuple(self.events[self.round_start :])
        self.round_start = len(self.events)
        a, b = self.players
        self.rounds.append(
            RoundSnapshot(
                self.round,
                main,
                decided_by,
                winner,
                vps,
                (len(a.hand), len(b.hand)),
                (len(a.deck), len(b.deck)),
                (len(a.discard), len(b.discard)),
                (tuple(a.vz), tuple(b.vz)),
                events,
            )
        )

    # -- bonuses -----------------------------------------------------------------------------
    def apply_bonus(
        self,
        p: int,
        card: Card,
        index: int,
        effects: tuple[Effect, ...],
        entry: BonusEntry | None,
        state: _RoundState,
        rules: tuple[str, ...],
    ) -> bool:
        """Apply one bonus's effects; True if it replaced a card in the Play Zone (TA-09)."""
        self.emit("bonus", rules, p, None, None, (("card", card.id), ("index", index)))
        path = entry.path if entry is not None else f"rounds[{state.idx}].bonuses"
        replaced = False
        for k, effect in enumerate(effects):
            q = p if effect.target == "self" else 1 - p
            op = effect.op
            where = f"{path}.choices"
            if op in ("power_plus", "power_minus", "set_power"):
                before = state.power[q]
                if op == "power_plus":
                    state.power[q] = before + effect.amount
                elif op == "power_minus":
                    state.power[q] = before - effect.amount
                else:
                    state.power[q] = effect.amount
                self.emit("power", (*rules, "ztr.power"), q, before, state.power[q])
            elif op == "set_colour":
                before_c = state.colour[q]
                state.colour[q] = effect.colour
                self.emit("colour", rules, q, before_c, effect.colour)
            elif op in ("vp_plus", "vp_minus"):
                player = self.players[q]
                before = player.vp_adjust
                player.vp_adjust += effect.amount if op == "vp_plus" else -effect.amount
                self.emit("vp_adjust", rules, q, before, player.vp_adjust)
            elif op == "draw":
                rnd = self.record.rounds[state.idx]
                self.draw(q, effect.amount, rules, rnd, state.idx)
            elif op == "discard_from_hand":
                chosen = entry.choice("discard") if entry is not None else None
                hand = self.players[q].hand
                if not isinstance(chosen, list) or len(chosen) != effect.amount:
                    raise _illegal(
                        "ztr.other.precedence",
                        f"the bonus discards {effect.amount} card(s) from the hand: "
                        "choices.discard must name them",
                        round_no=self.round,
                        path=f"{where}.discard",
                    )
                for j, cid in enumerate(chosen):
                    if not isinstance(cid, str) or cid not in hand:
                        raise _illegal(
                            "ztr.other.precedence",
                            f"{cid} is not in the hand",
                            round_no=self.round,
                            path=f"{where}.discard[{j}]",
                        )
                    hand.remove(cid)
                    self.players[q].discard.append(cid)
                    self.emit("card_to_discard", (*rules, "ztr.mat.dp"), q, "hand", cid)
            elif op == "move_card":
                replaced |= self.move_card(q, effect, entry, state, rules, f"{where}.card")
            _ = k
        return replaced

    def move_card(
        self,
        q: int,
        effect: Effect,
        entry: BonusEntry | None,
        state: _RoundState,
        rules: tuple[str, ...],
        where: str,
    ) -> bool:
        player = self.players[q]
        src, dst = effect.from_zone, effect.to_zone
        chosen = entry.choice("card") if entry is not None else None
        if src == "play":
            card_id = state.in_play[q]
            if card_id is None:
                raise _illegal(
                    "ztr.other.precedence",
                    "the Play Zone is empty",
                    round_no=self.round,
                    path=where,
                )
            state.in_play[q] = None
        elif src == "deck":
            if not player.deck:
                raise _illegal(
                    "ztr.other.precedence", "the deck is empty", round_no=self.round, path=where
                )
            card_id = player.deck.pop()
        else:
            zone = {"hand": player.hand, "discard": player.discard, "victory_zone": player.vz}[src]
            if not isinstance(chosen, str) or chosen not in zone:
                raise _illegal(
                    "ztr.other.precedence",
                    f"choices.card must name a card in the {src.replace('_', ' ')}",
                    round_no=self.round,
                    path=where,
                )
            zone.remove(chosen)
            card_id = chosen
        replaced = False
        if dst == "play":
            old = state.in_play[q]
            if old is not None:
                player.discard.append(old)
                self.emit("card_to_discard", (*rules, "ztr.mat.dp"), q, "play", old)
                replaced = True
                state.replaced.append(q)
            state.in_play[q] = card_id
            state.colour[q] = self.cards[card_id].colour
            state.power[q] = self.cards[card_id].power
        elif dst == "deck":
            player.deck.append(card_id)
        else:
            {"hand": player.hand, "discard": player.discard, "victory_zone": player.vz}[dst].append(
                card_id
            )
        if "victory_zone" in (src, dst):
            player.recount(self.cards)
        self.emit("move_card", (*rules, "ztr.other.precedence"), q, src, dst, (("card", card_id),))
        if src == "deck" and not player.deck and self.immediate:
            rnd = self.record.rounds[state.idx]
            self.refresh(q, rnd.refresh[q], f"rounds[{state.idx}].refresh[{q}]")
        return replaced

    def zone_counts(self) -> list[int]:
        """Cards each player holds in every zone (conservation: 36 each, with the Play Zone)."""
        return [
            len(p.deck) + len(p.hand) + len(p.discard) + len(p.vz) + (self.in_play[q] is not None)
            for q, p in enumerate(self.players)
        ]


@dataclass(slots=True)
class _RoundState:
    colour: list[str]
    power: list[int]
    in_play: list[str | None]
    idx: int
    replaced: list[int]  # players whose card in the Play Zone a bonus replaced (TA-09)
