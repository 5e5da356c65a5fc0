"""Replaying an Azuki TCG game turn by turn, as the FAQ describes it, citing its stable keys.

Turn (``azk.turn.phases#step1-4``): Start (untap, start-of-turn effects, draw; the first player
skips their first Start, ``azk.start.first``, KA-01), Resource (+1 IKZ up to 10), Main (the
record's actions), End (end-of-turn effects, weapons to the discard pile, entity damage and stat
changes reset; leader damage stays). Attacks run the seven steps of ``azk.attack.order``.

Every state change is an ``Event`` carrying its rule keys; an action the FAQ forbids raises
``IllegalInputError`` naming the record path and the key.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judging.engine.azuki.record import (
    DEFAULT_HEALTH,
    HAND_SIZE,
    MAX_IKZ,
    ROW_SLOTS,
    Action,
    AzukiRecord,
    Card,
    Effect,
    Payment,
    Ref,
    Response,
    SnapEntity,
)
from judging.engine.azuki.rules import BY_KEY
from judging.engine.core.errors import IllegalInputError
from judging.engine.core.events import Event, Outcome
from judging.engine.core.jsontypes import JSON, Value
from judging.engine.core.rules import Rule


@dataclass(slots=True)
class Entity:
    card: Card
    tapped: bool = False
    cooldown: bool = False
    damage: int = 0
    attack_mod: int = 0
    health_mod: int = 0
    keywords: dict[str, int] = field(default_factory=dict)
    statuses: set[str] = field(default_factory=set)
    weapons: list[Card] = field(default_factory=list)
    bloodlust_used: bool = False

    def keyword(self, name: str) -> int:
        return self.card.keyword(name) + self.keywords.get(name, 0)

    @property
    def attack(self) -> int:
        return max(0, self.card.attack + self.attack_mod + sum(w.attack for w in self.weapons))

    @property
    def health(self) -> int:
        return (self.card.health or 0) + self.health_mod


@dataclass(slots=True)
class Leader:
    card: Card
    health: int
    tapped: bool = False
    attack_mod: int = 0
    weapons: list[Card] = field(default_factory=list)
    keywords: dict[str, int] = field(default_factory=dict)
    statuses: set[str] = field(default_factory=set)
    bloodlust_used: bool = False

    def keyword(self, name: str) -> int:
        return self.card.keyword(name) + self.keywords.get(name, 0)

    @property
    def attack(self) -> int:
        return max(0, self.card.attack + self.attack_mod + sum(w.attack for w in self.weapons))


@dataclass(slots=True)
class Side:
    name: str
    leader: Leader
    gate: Card
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    garden: list[Entity | None] = field(default_factory=lambda: [None] * ROW_SLOTS)
    alley: list[Entity | None] = field(default_factory=lambda: [None] * ROW_SLOTS)
    ikz: int = 0
    ikz_tapped: int = 0
    ikz_sealed: int = 0
    token: bool = False
    gate_tapped: bool = False
    gate_used: bool = False
    mulliganed: bool = False

    def row(self, name: str) -> list[Entity | None]:
        return self.garden if name == "garden" else self.alley


@dataclass(frozen=True, slots=True)
class TurnSnapshot:
    """The state after one turn (for the report and for claims)."""

    turn: int
    player: int
    events: tuple[Event, ...]
    state: dict[str, JSON]

    def value(self, path: str) -> JSON:
        """``players[1].leader_health``, ``players[0].garden`` … (KeyError when unknown)."""
        node: JSON = self.state
        for part in path.replace("]", "").replace("[", ".").split("."):
            if isinstance(node, dict):
                node = node[part]
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                raise KeyError(path)
        return node


class GameEndedError(Exception):
    def __init__(self, outcome: Outcome) -> None:
        super().__init__(outcome.reason)
        self.outcome = outcome


Fighter = Entity | Leader


def _rule(key: str) -> Rule:
    return BY_KEY[key]


class Game:
    """One replay. ``run()`` plays the record's turns and returns the outcome."""

    def __init__(self, record: AzukiRecord) -> None:
        self.record = record
        self.turns: list[TurnSnapshot] = []
        self.events: list[Event] = []
        self.consulted: set[str] = set()
        self.illegal: IllegalInputError | None = None
        self.turn = 0
        self.active = record.first
        self.took_damage_last: int | None = None
        self.sides: list[Side] = []
        for rec in record.players:
            leader_card = record.cards[rec.leader]
            self.consulted.add("KA-07")
            health = leader_card.health if leader_card.health is not None else DEFAULT_HEALTH
            self.sides.append(
                Side(
                    rec.name,
                    Leader(leader_card, health),
                    record.cards[rec.gate],
                    [],
                    list(rec.deck),
                )
            )

    # -- helpers -----------------------------------------------------------------------------
    def emit(self, kind: str, rules: tuple[str, ...], player: int | None, **params: Value) -> None:
        params_in_order = tuple(sorted(params.items()))
        event = Event(
            len(self.events) + 1, self.turn, "", kind, rules, player, None, None, params_in_order
        )
        self.events.append(event)

    def fail(
        self, key: str, message: str, path: str, msg_key: str = "", **params: str | int
    ) -> IllegalInputError:
        return IllegalInputError(
            _rule(key),
            message,
            turn=self.turn,
            path=path,
            key=msg_key,
            params=tuple(sorted(params.items())),
        )

    def card(self, cid: str) -> Card:
        return self.record.cards[cid]

    def get(self, ref: Ref, player: int) -> Fighter | None:
        side = self.sides[player]
        if ref.row == "leader":
            return side.leader
        return side.row(ref.row)[ref.slot]

    def locate(self, obj: Fighter) -> tuple[int, str, int] | None:
        for p, side in enumerate(self.sides):
            if side.leader is obj:
                return (p, "leader", 0)
            for row in ("garden", "alley"):
                for i, e in enumerate(side.row(row)):
                    if e is obj:
                        return (p, row, i)
        return None

    def on_field(self, obj: Fighter) -> bool:
        return self.locate(obj) is not None

    def label(self, obj: Fighter) -> str:
        where = self.locate(obj)
        if where is None:
            return obj.card.id
        place = f"p{where[0]}.{where[1]}" + ("" if where[1] == "leader" else f".{where[2]}")
        return f"{place}@{obj.card.id}"

    def state(self) -> dict[str, JSON]:
        def entity(e: Entity | None) -> JSON:
            if e is None:
                return None
            return {
                "card": e.card.id,
                "tapped": e.tapped,
                "cooldown": e.cooldown,
                "damage": e.damage,
                "attack": e.attack,
                "health": e.health,
                "statuses": [str(x) for x in sorted(e.statuses)],
                "weapons": [str(w.id) for w in e.weapons],
            }

        players: list[JSON] = []
        for s in self.sides:
            players.append(
                {
                    "leader_health": s.leader.health,
                    "leader_tapped": s.leader.tapped,
                    "leader_attack": s.leader.attack,
                    "leader_weapons": [w.id for w in s.leader.weapons],
                    "hand": len(s.hand),
                    "hand_cards": list(s.hand),
                    "deck": len(s.deck),
                    "discard": list(s.discard),
                    "garden": [entity(e) for e in s.garden],
                    "alley": [entity(e) for e in s.alley],
                    "garden_count": sum(e is not None for e in s.garden),
                    "alley_count": sum(e is not None for e in s.alley),
                    "ikz": s.ikz,
                    "ikz_untapped": s.ikz - s.ikz_tapped,
                    "ikz_sealed": s.ikz_sealed,
                    "token": s.token,
                    "gate_tapped": s.gate_tapped,
                }
            )
        return {
            "turn": self.turn,
            "active": self.active,
            "took_damage_last": self.took_damage_last,
            "players": players,
        }

    # -- the game ------------------------------------------------------------------------------
    def run(self) -> Outcome:
        try:
            try:
                self.setup()
                self.play_turns()
            except GameEndedError as over:
                self.close_turn()
                rest = self.remaining_after_end()
                if rest:
                    raise self.fail(
                        "azk.win.how",
                        "the game is over; nothing can happen after it",
                        rest,
                        "after_game_end",
                    ) from None
                return over.outcome
        except IllegalInputError as exc:
            self.illegal = exc
            self.close_turn()
            return Outcome("unfinished", None, (exc.rule.key,), "illegal_input")
        return Outcome("unfinished", None, (), "not_over")

    _cursor: str = ""
    _after: list[str]

    def remaining_after_end(self) -> str:
        return self._after[0] if getattr(self, "_after", None) else ""

    def close_turn(self) -> None:
        if self.events or (self.turn and not any(t.turn == self.turn for t in self.turns)):
            self.turns.append(
                TurnSnapshot(self.turn, self.active, tuple(self.events), self.state())
            )
            self.events = []

    def setup(self) -> None:
        snap = self.record.snapshot
        if snap is not None:
            for side, sp in zip(self.sides, snap.players, strict=True):
                if sp.health is not None:
                    side.leader.health = sp.health
                side.hand, side.deck, side.discard = list(sp.hand), list(sp.deck), list(sp.discard)
                side.ikz, side.ikz_tapped, side.ikz_sealed = sp.ikz, sp.ikz_tapped, sp.ikz_sealed
                side.token, side.gate_tapped = sp.token, sp.gate_tapped
                side.leader.tapped = sp.leader_tapped
                side.garden = [self._snap_entity(e) for e in sp.garden]
                side.alley = [self._snap_entity(e) for e in sp.alley]
                side.mulliganed = True
            self.emit("snapshot", (), None, turn=snap.turn)
            if self.record.mulligans:
                m = self.record.mulligans[0]
                raise self.fail(
                    "azk.start.hand",
                    "mulligans happen before play starts",
                    m.path,
                    "mulligan_after_start",
                )
            return
        for p, side in enumerate(self.sides):
            if len(side.deck) < HAND_SIZE:
                raise self.fail(
                    "azk.start.hand",
                    f"the deck has fewer than {HAND_SIZE} cards",
                    f"players[{p}].deck",
                    "short_deck",
                    count=len(side.deck),
                )
            side.hand, side.deck = side.deck[:HAND_SIZE], side.deck[HAND_SIZE:]
            self.emit("opening_hand", ("azk.start.hand",), p, count=HAND_SIZE)
        for m in self.record.mulligans:
            side = self.sides[m.player]
            if side.mulliganed:
                raise self.fail(
                    "azk.start.hand",
                    "a mulligan is allowed once per game",
                    m.path,
                    "mulligan_twice",
                )
            if m.cards is not None and sorted(m.cards) != sorted(side.hand):
                raise self.fail(
                    "azk.start.hand",
                    "a mulligan puts the whole hand back; you cannot keep some cards",
                    f"{m.path}.cards",
                    "mulligan_partial",
                )
            self.consulted.add("KA-10")
            old = side.hand
            side.deck = side.deck + old
            side.hand, side.deck = side.deck[:HAND_SIZE], side.deck[HAND_SIZE:]
            if m.deck_after is not None:
                if sorted(m.deck_after) != sorted(side.deck):
                    raise self.fail(
                        "azk.start.hand",
                        "the shuffled deck must hold the same cards as the deck",
                        f"{m.path}.deck_after",
                        "mulligan_deck",
                    )
                side.deck = list(m.deck_after)
            side.mulliganed = True
            self.emit(
                "mulligan",
                ("azk.start.hand",),
                m.player,
                count=HAND_SIZE,
                shuffled=m.deck_after is not None,
            )

    def _snap_entity(self, e: SnapEntity | None) -> Entity | None:
        if e is None:
            return None
        return Entity(
            self.card(e.card),
            tapped=e.tapped,
            cooldown=e.cooldown,
            damage=e.damage,
            statuses=set(e.statuses),
            weapons=[self.card(w) for w in e.weapons],
        )

    def play_turns(self) -> None:
        start = self.record.snapshot.turn if self.record.snapshot is not None else 1
        turns = self.record.turns
        for i, turn in enumerate(turns):
            later = [t.path for t in turns[i + 1 :]]
            self._after = [x.path for x in turn.actions] + later
            self.close_turn()
            self.turn = start + i
            # Turn 1 is the first player's; then the players alternate (azk.start.first).
            self.active = self.record.first if self.turn % 2 == 1 else 1 - self.record.first
            if turn.player is not None and turn.player != self.active:
                raise self.fail(
                    "azk.start.first",
                    "the players take turns in order",
                    f"{turn.path}.player",
                    "wrong_player",
                    expected=self.active,
                )
            self.start_phase(turn.start_effects)
            self.resource_phase()
            for n, action in enumerate(turn.actions):
                self._after = [x.path for x in turn.actions[n + 1 :]] + later
                self.act(action)
            self._after = later
            self.end_phase(turn.end_effects)
        self.close_turn()

    def start_phase(self, effects: tuple[Effect, ...]) -> None:
        me, side = self.active, self.sides[self.active]
        side.gate_used = False
        if self.turn == 1:
            self.consulted.add("KA-01")
            self.emit("start_skipped", ("azk.start.first",), me)
            if self.record.profile.get("KA-01") == "EFFECTS_RESOLVE":
                self.resolve(effects, me)
            return
        # Reset: untap (KA-08: the Reset phase is this untap).
        for obj in self._fighters(me):
            if not obj.tapped:
                continue
            if "shocked" in obj.statuses:
                obj.statuses.discard("shocked")
                self.emit("shocked_stays_tapped", ("azk.kw.status",), me, card=self.label(obj))
                continue
            obj.tapped = False
        for e in side.garden:
            if e is not None:
                e.cooldown = False
        side.gate_tapped = False
        untapped = side.ikz_tapped - side.ikz_sealed
        if side.ikz_sealed:
            self.consulted.add("KA-08")
            self.emit("sealed_ikz_stays", ("azk.kw.sealed-ikz",), me, count=side.ikz_sealed)
        side.ikz_tapped = side.ikz_sealed
        side.ikz_sealed = 0
        self.emit("untap", ("azk.turn.phases#step1",), me, ikz=untapped)
        self.resolve(effects, me)
        self.draw(me, 1, "azk.turn.phases#step1")
        if self.turn == 2:
            side.token = True
            self.emit("ikz_token", ("azk.start.first", "azk.turn.ikz-token"), me)

    def resource_phase(self) -> None:
        side = self.sides[self.active]
        before = side.ikz
        side.ikz = min(MAX_IKZ, side.ikz + 1)
        self.emit(
            "resource", ("azk.turn.phases#step2",), self.active, before=before, after=side.ikz
        )

    def end_phase(self, effects: tuple[Effect, ...]) -> None:
        me = self.active
        self.resolve(effects, me)
        for p, side in enumerate(self.sides):
            holders: list[Fighter] = [side.leader, *(e for e in side.garden if e is not None)]
            for obj in holders:
                for w in obj.weapons:
                    side.discard.append(w.id)
                    self.emit(
                        "weapon_discarded",
                        ("azk.turn.phases#step4", "azk.weapon.how"),
                        p,
                        card=w.id,
                    )
                obj.weapons = []
            side.leader.attack_mod = 0
            side.leader.bloodlust_used = False
            for e in (*side.garden, *side.alley):
                if e is not None and (e.damage or e.health_mod or e.attack_mod):
                    self.emit(
                        "entity_reset",
                        ("azk.turn.phases#step4", "azk.attack.damage-reset"),
                        p,
                        card=self.label(e),
                        damage=e.damage,
                    )
                if e is not None:
                    e.damage = e.health_mod = e.attack_mod = 0
                    e.bloodlust_used = False
        if len(self.sides[me].hand) > HAND_SIZE:
            self.emit("no_hand_limit", ("azk.turn.hand-limit",), me, count=len(self.sides[me].hand))
        self.emit("end", ("azk.turn.phases#step4",), me)

    def _fighters(self, p: int) -> list[Fighter]:
        side = self.sides[p]
        return [side.leader, *(e for e in (*side.garden, *side.alley) if e is not None)]

    # -- drawing and losing --------------------------------------------------------------------
    def draw(self, p: int, count: int, key: str) -> None:
        side = self.sides[p]
        for _ in range(count):
            if not side.deck:
                self.emit("deck_out", ("azk.win.deckout", "azk.win.how"), p)
                raise GameEndedError(
                    Outcome("win", 1 - p, ("azk.win.deckout", "azk.win.how"), "deck_out")
                )
            side.hand.append(side.deck.pop(0))
        self.emit("draw", (key,), p, count=count, hand=len(side.hand), deck=len(side.deck))

    def check_leaders(self) -> None:
        dead = [p for p in (0, 1) if self.sides[p].leader.health <= 0]
        if not dead:
            return
        if len(dead) == 2:
            self.consulted.add("KA-05")
            self.emit("both_leaders_zero", ("azk.win.how",), None)
            if self.record.profile.get("KA-05") == "CAUSER_LOSES":
                raise GameEndedError(
                    Outcome("win", 1 - self.active, ("azk.win.how",), "simultaneous")
                )
            raise GameEndedError(Outcome("escalate", None, ("azk.win.how",), "simultaneous"))
        self.emit("leader_zero", ("azk.win.how",), dead[0])
        raise GameEndedError(Outcome("win", 1 - dead[0], ("azk.win.how",), "leader_health"))

    # -- paying --------------------------------------------------------------------------------
    def pay(self, p: int, cost: int, pay: Payment, path: str) -> None:
        side = self.sides[p]
        if pay.token and not side.token:
            raise self.fail(
                "azk.turn.ikz-token",
                "there is no IKZ token to pay with",
                f"{path}.token",
                "no_token",
            )
        paid = pay.ikz + (1 if pay.token else 0)
        if paid != cost:
            raise self.fail(
                "azk.turn.ikz-token",
                f"the cost is {cost} IKZ, paid in full at once",
                f"{path}.pay",
                "wrong_payment",
                cost=cost,
                paid=paid,
            )
        if pay.ikz > side.ikz - side.ikz_tapped:
            raise self.fail(
                "azk.text.cost",
                "not enough untapped IKZ to pay this cost",
                f"{path}.pay",
                "cannot_pay",
                cost=cost,
                untapped=side.ikz - side.ikz_tapped,
            )
        side.ikz_tapped += pay.ikz
        if pay.token:
            side.token = False
        if cost:
            rules = ("azk.text.cost", "azk.turn.ikz-token") if pay.token else ("azk.text.cost",)
            self.emit("paid", rules, p, ikz=pay.ikz, token=pay.token)

    def from_hand(self, p: int, cid: str, path: str) -> None:
        side = self.sides[p]
        if cid not in side.hand:
            raise self.fail(
                "azk.turn.phases#step3", f"{cid} is not in the hand", path, "not_in_hand", card=cid
            )
        side.hand.remove(cid)

    # -- entering and leaving rows -------------------------------------------------------------
    def enter(
        self, p: int, entity: Entity, row: str, slot: int | None, replace: int | None, path: str
    ) -> None:
        cells = self.sides[p].row(row)
        if all(c is not None for c in cells):
            if replace is None:
                raise self.fail(
                    "azk.zones.full-row",
                    "the row is full: the owner chooses which entity is replaced",
                    f"{path}.replace",
                    "full_row_choose",
                )
            old = cells[replace]
            if old is None:  # pragma: no cover - a full row has no empty slot
                raise self.fail(
                    "azk.zones.full-row",
                    "no entity there",
                    f"{path}.replace",
                    "no_card",
                    where=str(replace),
                )
            self.leave(p, old, "discard")
            self.emit(
                "replaced",
                ("azk.zones.full-row", "azk.kw.godmode")
                if old.keyword("Godmode")
                else ("azk.zones.full-row",),
                p,
                card=old.card.id,
                row=row,
                slot=replace,
            )
            slot = replace
        elif replace is not None:
            raise self.fail(
                "azk.zones.full-row",
                "the row is not full: nothing is replaced",
                f"{path}.replace",
                "not_full",
            )
        if slot is None:
            slot = next(i for i, c in enumerate(cells) if c is None)
        elif cells[slot] is not None:
            raise self.fail(
                "azk.zones.garden-alley",
                "that slot is taken",
                f"{path}.slot",
                "slot_taken",
                slot=slot,
            )
        cells[slot] = entity
        rules: tuple[str, ...] = ("azk.zones.garden-alley",)
        if row == "garden":
            entity.cooldown = True  # always; Charge lets it attack anyway
            rules = (*rules, "azk.zones.gate-cooldown")
        self.emit(
            "enters", rules, p, card=entity.card.id, row=row, slot=slot, cooldown=entity.cooldown
        )

    def leave(self, p: int, entity: Entity, to: str) -> None:
        side = self.sides[p]
        for row in (side.garden, side.alley):
            for i, e in enumerate(row):
                if e is entity:
                    row[i] = None
        for w in entity.weapons:
            side.discard.append(w.id)
        entity.weapons = []
        if to == "hand":
            side.hand.append(entity.card.id)
        else:
            side.discard.append(entity.card.id)

    # -- actions -------------------------------------------------------------------------------
    def act(self, a: Action) -> None:
        if a.do == "play":
            self.play(a)
        elif a.do == "equip":
            self.equip(a)
        elif a.do == "gate":
            self.use_gate(a)
        elif a.do == "attack":
            self.attack(a)
        else:
            if a.source is not None:
                self.check_source(a.source, self.active, f"{a.path}.source")
            self.pay(self.active, a.pay.ikz + (1 if a.pay.token else 0), a.pay, a.path)
            self.resolve(a.effects, self.active)
        self.check_leaders()

    def check_source(self, ref: Ref, p: int, path: str) -> None:
        owner = p if ref.player is None else ref.player
        obj = self.get(ref, owner)
        if obj is None:
            raise self.fail(
                "azk.turn.phases#step3", "no card there", path, "no_card", where=ref.text()
            )
        if "frozen" in obj.statuses:
            raise self.fail(
                "azk.kw.status",
                "a Frozen card's abilities are switched off",
                path,
                "frozen_ability",
                card=obj.card.id,
            )

    def play(self, a: Action) -> None:
        me, card = self.active, self.card(a.card)
        if card.card_type not in ("entity", "spell"):
            raise self.fail(
                "azk.turn.phases#step3",
                f"a {card.card_type} card is not played this way",
                f"{a.path}.card",
                "not_playable",
                card=card.id,
            )
        if card.card_type == "spell" and "Response" in card.labels and "Main" not in card.labels:
            raise self.fail(
                "azk.resp.response",
                "a Response card is used by the defending player during an attack",
                f"{a.path}.card",
                "response_outside_attack",
                card=card.id,
            )
        self.from_hand(me, a.card, f"{a.path}.card")
        self.pay(me, card.ikz_cost, a.pay, a.path)
        if card.card_type == "entity":
            if not a.row:
                raise self.fail(
                    "azk.zones.garden-alley",
                    "an entity is played to the Garden or the Alley",
                    f"{a.path}.row",
                    "row_needed",
                )
            self.enter(me, Entity(card), a.row, a.slot, a.replace, a.path)
            self.resolve(a.effects, me)
            return
        self.emit("spell", ("azk.turn.phases#step3",), me, card=card.id)
        self.resolve(a.effects, me)
        self.sides[me].discard.append(card.id)

    def equip(self, a: Action) -> None:
        me, card = self.active, self.card(a.card)
        if card.card_type != "weapon":
            raise self.fail(
                "azk.weapon.how",
                f"{card.id} is not a weapon",
                f"{a.path}.card",
                "not_weapon",
                card=card.id,
            )
        if a.to is None:  # pragma: no cover - the record requires it
            raise self.fail("azk.weapon.how", "no holder", a.path, "weapon_target")
        owner = me if a.to.player is None else a.to.player
        if owner != me or a.to.row == "alley":
            raise self.fail(
                "azk.weapon.how",
                "a weapon goes to your leader or an entity in your Garden, never the Alley",
                f"{a.path}.to",
                "weapon_target",
            )
        holder = self.get(a.to, me)
        if holder is None:
            raise self.fail(
                "azk.weapon.how", "no entity there", f"{a.path}.to", "no_card", where=a.to.text()
            )
        self.from_hand(me, a.card, f"{a.path}.card")
        self.pay(me, card.ikz_cost, a.pay, a.path)
        holder.weapons.append(card)
        self.emit(
            "equip",
            ("azk.weapon.how",),
            me,
            card=card.id,
            holder=self.label(holder),
            attack=holder.attack,
        )
        self.resolve(a.effects, me)

    def use_gate(self, a: Action) -> None:
        me, side = self.active, self.sides[self.active]
        if side.gate_used or side.gate_tapped:
            raise self.fail(
                "azk.zones.gate", "the Gate is used once per turn", a.path, "gate_twice"
            )
        if a.source is None:  # pragma: no cover - the record requires it
            raise self.fail("azk.zones.gate", "no entity", a.path, "gate_from_alley")
        if a.source.row != "alley" or (a.source.player not in (None, me)):
            raise self.fail(
                "azk.zones.gate",
                "the Gate brings an entity from your Alley",
                f"{a.path}.from",
                "gate_from_alley",
            )
        entity = side.alley[a.source.slot]
        if entity is None:
            raise self.fail(
                "azk.zones.gate",
                "no entity there",
                f"{a.path}.from",
                "no_card",
                where=a.source.text(),
            )
        side.gate_tapped = side.gate_used = True
        side.alley[a.source.slot] = None
        self.emit("gate", ("azk.zones.gate",), me, card=entity.card.id)
        self.enter(me, entity, "garden", a.slot, a.replace, a.path)
        self.resolve(a.effects, me)

    # -- the seven steps of an attack (azk.attack.order) ---------------------------------------
    def attack(self, a: Action) -> None:  # noqa: C901 - the seven steps, in order
        me, opp = self.active, 1 - self.active
        if a.attacker is None or a.target is None:  # pragma: no cover - the record requires both
            raise self.fail("azk.attack.order#step1", "no attacker or target", a.path, "attack_own")
        if a.attacker.player not in (None, me):
            raise self.fail(
                "azk.attack.order#step1",
                "you attack with your own cards",
                f"{a.path}.attacker",
                "attack_own",
            )
        if a.attacker.row == "alley":
            raise self.fail(
                "azk.zones.garden-alley",
                "attacks happen in the Garden",
                f"{a.path}.attacker",
                "attack_from_alley",
            )
        attacker = self.get(a.attacker, me)
        if attacker is None:
            raise self.fail(
                "azk.attack.order#step1",
                "no entity there",
                f"{a.path}.attacker",
                "no_card",
                where=a.attacker.text(),
            )
        self.check_attacker(attacker, f"{a.path}.attacker")
        target = self.check_target(a.target, opp, f"{a.path}.target")
        # Step 1: the attacker taps and picks a target.
        attacker.tapped = True
        first_turn = ("azk.start.first-attack",) if self.turn <= 2 else ()
        if isinstance(attacker, Leader):
            first_turn = (*first_turn, "azk.attack.leaders")
        self.emit(
            "attack",
            ("azk.attack.order#step1", "azk.attack.targets", *first_turn),
            me,
            attacker=self.label(attacker),
            target=self.label(target),
        )
        if (
            isinstance(target, Leader)
            and attacker.keyword("Bloodlust")
            and not (attacker.bloodlust_used)
        ):
            attacker.bloodlust_used = True
            attacker.attack_mod += 1
            self.emit(
                "bloodlust",
                ("azk.kw.bloodlust",),
                me,
                card=self.label(attacker),
                attack=attacker.attack,
            )
            bloodlust = True
        else:
            bloodlust = False
        # Step 2: When Attacking effects.
        self.emit("step", ("azk.attack.order#step2",), me, step=2)
        self.resolve(a.when_attacking, me)
        self.check_leaders()
        if not self.on_field(attacker):
            self.emit("fizzle", ("azk.attack.attacker-leaves",), me, why="attacker_left")
            self.after_responses_forbidden(a)
            return
        target_gone = not self.on_field(target)
        # Step 3: the defending player's responses (even when the target is gone).
        self.emit("step", ("azk.attack.order#step3", "azk.resp.response"), opp, step=3)
        for r in a.responses:
            self.respond(r, opp)
        self.check_leaders()
        if target_gone or not self.on_field(target):
            self.emit("fizzle", ("azk.attack.target-destroyed",), me, why="target_destroyed")
            self.no_defender(a)
            return
        if not self.on_field(attacker):
            self.emit("fizzle", ("azk.attack.attacker-leaves",), me, why="attacker_left")
            self.no_defender(a)
            return
        # Step 4: a Defender may take the attack.
        if a.defender is None:
            self.emit("step", ("azk.attack.order#step4",), opp, step=4)
        else:
            target = self.redirect(attacker, a.defender, opp, f"{a.path}.defender", bloodlust)
        # Step 5: the target's When Attacked effects.
        self.emit("step", ("azk.attack.order#step5",), opp, step=5)
        self.resolve(a.when_attacked, opp)
        self.check_leaders()
        if not self.on_field(attacker):
            self.emit("fizzle", ("azk.attack.attacker-leaves",), me, why="attacker_left")
            return
        if not self.on_field(target):
            self.emit("fizzle", ("azk.attack.order#step5",), me, why="target_left")
            return
        # Step 6: combat damage, both sides at once.
        dealt = attacker.attack
        back = target.attack
        self.emit(
            "combat",
            ("azk.attack.order#step6", "azk.attack.damage"),
            me,
            attacker=self.label(attacker),
            target=self.label(target),
            dealt=dealt,
            back=back,
        )
        self.hurt(target, dealt, "azk.attack.damage", me)
        self.hurt(attacker, back, "azk.attack.damage", opp)
        self.check_leaders()
        # Step 7: After Attacking effects, if the attacker survived.
        if self.on_field(attacker):
            self.emit("step", ("azk.attack.order#step7",), me, step=7)
            self.resolve(a.after_attacking, me)
        else:
            self.emit("no_after_attacking", ("azk.attack.order#step7",), me)
            if a.after_attacking:
                raise self.fail(
                    "azk.attack.order#step7",
                    "After Attacking effects resolve only if the attacker survived",
                    f"{a.path}.after_attacking",
                    "after_attacking_dead",
                )

    def after_responses_forbidden(self, a: Action) -> None:
        later = ("responses", "when_attacked", "after_attacking")
        for name in later:
            if getattr(a, name):
                raise self.fail(
                    "azk.attack.attacker-leaves",
                    "the attack fizzled: no later step happens",
                    f"{a.path}.{name}",
                    "fizzled_steps",
                )
        self.no_defender(a)

    def no_defender(self, a: Action) -> None:
        for name in ("defender", "when_attacked", "after_attacking"):
            value = getattr(a, name)
            if value is not None and value != ():
                raise self.fail(
                    "azk.attack.target-destroyed",
                    "the attack fizzled: no later step happens",
                    f"{a.path}.{name}",
                    "fizzled_steps",
                )

    def check_attacker(self, attacker: Fighter, path: str) -> None:
        if attacker.tapped:
            self.consulted.add("KA-09")
            if self.record.profile.get("KA-09") == "MUST_BE_UNTAPPED":
                raise self.fail(
                    "azk.attack.order#step1",
                    "a tapped card cannot attack: the attacker taps to attack",
                    path,
                    "attacker_tapped",
                )
        if "frozen" in attacker.statuses or "rooted" in attacker.statuses:
            status = "frozen" if "frozen" in attacker.statuses else "rooted"
            raise self.fail(
                "azk.kw.status",
                f"a {status.capitalize()} card cannot attack",
                path,
                f"attacker_{status}",
            )
        if isinstance(attacker, Leader):
            if attacker.attack <= 0:
                raise self.fail(
                    "azk.attack.leaders",
                    "a leader attacks only when it has attack, from a weapon or a card effect",
                    path,
                    "leader_no_attack",
                )
            return
        if attacker.cooldown and not attacker.keyword("Charge"):
            raise self.fail(
                "azk.zones.gate-cooldown",
                "an entity with cooldown cannot attack "
                "(it entered the Garden this turn and has no Charge)",
                path,
                "cooldown",
                card=attacker.card.id,
            )

    def check_target(self, ref: Ref, opp: int, path: str) -> Fighter:
        if ref.player not in (None, opp):
            raise self.fail(
                "azk.attack.targets", "you attack your opponent's cards", path, "target_own"
            )
        if ref.row == "alley":
            raise self.fail(
                "azk.attack.targets", "the Alley cannot be attacked", path, "target_alley"
            )
        target = self.get(ref, opp)
        if target is None:
            raise self.fail(
                "azk.attack.targets", "no entity there", path, "no_card", where=ref.text()
            )
        if isinstance(target, Entity) and not target.tapped:
            raise self.fail(
                "azk.attack.targets",
                "an untapped Garden entity cannot be attacked",
                path,
                "target_untapped",
                card=target.card.id,
            )
        taunts = [
            e for e in self.sides[opp].garden if e is not None and e.tapped and e.keyword("Taunt")
        ]
        if taunts and not (isinstance(target, Entity) and target.keyword("Taunt")):
            raise self.fail(
                "azk.resp.taunt",
                "while an entity with Taunt is tapped, only entities with Taunt can be attacked",
                path,
                "taunt",
                card=taunts[0].card.id,
            )
        return target

    def respond(self, r: Response, opp: int) -> None:
        if r.player is not None and r.player != opp:
            raise self.fail(
                "azk.resp.response",
                "only the defending player gets a response window",
                f"{r.path}.player",
                "attacker_response",
            )
        if r.card:
            card = self.card(r.card)
            if "Response" not in card.labels:
                raise self.fail(
                    "azk.resp.response",
                    f"{card.id} is not marked [Response]",
                    f"{r.path}.card",
                    "not_response",
                    card=card.id,
                )
            self.from_hand(opp, r.card, f"{r.path}.card")
            self.pay(opp, card.ikz_cost, r.pay, r.path)
            self.emit("response", ("azk.resp.response",), opp, card=card.id)
            if card.card_type == "spell":
                self.resolve(r.effects, opp)
                self.sides[opp].discard.append(card.id)
                return
            if card.card_type == "entity":
                self.enter(
                    opp,
                    Entity(card),
                    "garden" if not r.source else r.source.row,
                    None,
                    None,
                    r.path,
                )
        else:
            if r.source is not None:
                self.check_source(r.source, opp, f"{r.path}.source")
            self.pay(opp, r.pay.ikz + (1 if r.pay.token else 0), r.pay, r.path)
            self.emit("response", ("azk.resp.response",), opp, card="")
        self.resolve(r.effects, opp)

    def redirect(
        self, attacker: Fighter, slot: int, opp: int, path: str, bloodlust: bool
    ) -> Entity:
        defender = self.sides[opp].garden[slot]
        if defender is None:
            raise self.fail(
                "azk.resp.defender", "no entity there", path, "no_card", where=f"garden.{slot}"
            )
        if not defender.keyword("Defender"):
            raise self.fail(
                "azk.resp.defender",
                f"{defender.card.id} has no Defender",
                path,
                "not_defender",
                card=defender.card.id,
            )
        if defender.tapped:
            raise self.fail(
                "azk.resp.defender",
                "the Defender must be untapped to take the attack",
                path,
                "defender_tapped",
                card=defender.card.id,
            )
        if attacker.keyword("Infiltrate"):
            raise self.fail(
                "azk.resp.defender",
                "Infiltrate stops Defender",
                path,
                "infiltrate",
                card=attacker.card.id,
            )
        if "frozen" in defender.statuses:
            raise self.fail(
                "azk.kw.status",
                "a Frozen card's abilities are switched off",
                path,
                "frozen_ability",
                card=defender.card.id,
            )
        defender.tapped = True
        self.emit(
            "defender",
            ("azk.attack.order#step4", "azk.resp.defender"),
            opp,
            card=self.label(defender),
        )
        if bloodlust:
            self.consulted.add("KA-06")
            if self.record.profile.get("KA-06") == "REMOVE_BONUS":
                attacker.attack_mod -= 1
                self.emit("bloodlust_removed", ("azk.kw.bloodlust",), 1 - opp)
            else:
                self.emit("bloodlust_kept", ("azk.kw.bloodlust",), 1 - opp)
        return defender

    # -- damage --------------------------------------------------------------------------------
    def hurt(self, obj: Fighter, amount: int, key: str, source_player: int) -> None:
        where = self.locate(obj)
        if where is None or amount <= 0:
            return
        owner = where[0]
        if isinstance(obj, Leader):
            obj.health -= amount
            self.took_damage_last = owner
            self.emit("leader_damage", (key,), owner, amount=amount, health=obj.health)
            return
        if "frozen" in obj.statuses:
            self.emit("frozen_no_damage", ("azk.kw.status",), owner, card=self.label(obj))
            return
        carapace = obj.keyword("Carapace")
        taken = max(0, amount - carapace)
        if carapace:
            self.emit(
                "carapace",
                ("azk.kw.carapace",),
                owner,
                card=self.label(obj),
                amount=amount,
                taken=taken,
                carapace=carapace,
            )
        obj.damage += taken
        self.emit(
            "entity_damage",
            (key,),
            owner,
            card=self.label(obj),
            amount=taken,
            damage=obj.damage,
            health=obj.health,
        )
        if obj.damage >= obj.health:
            if obj.keyword("Godmode"):
                self.emit("godmode", ("azk.kw.godmode",), owner, card=self.label(obj))
                return
            self.emit("destroyed", (key,), owner, card=obj.card.id)
            self.leave(owner, obj, "discard")

    # -- effects entered by the judge ----------------------------------------------------------
    def resolve(self, effects: tuple[Effect, ...], p: int) -> None:
        for e in effects:
            self.effect(e, p)

    def effect_target(self, e: Effect) -> tuple[int, Fighter]:
        if e.target is None or e.target.player is None:  # pragma: no cover - the record checks
            raise self.fail("azk.text.cost", "no target", e.path, "no_card", where="")
        owner = e.target.player
        obj = self.get(e.target, owner)
        if obj is None:
            raise self.fail(
                "azk.text.cost",
                "no card there",
                f"{e.path}.target",
                "no_card",
                where=e.target.text(),
            )
        return owner, obj

    def effect(self, e: Effect, p: int) -> None:  # noqa: C901 - one branch per primitive
        op = e.op
        if op in ("draw", "mill", "discard", "seal_ikz", "ikz_plus", "summon"):
            self.player_effect(e)
            return
        owner, obj = self.effect_target(e)
        label = self.label(obj)
        immune = "Effect Immune" in obj.card.labels
        if immune and op not in ("tap", "untap"):
            self.emit("immune", ("azk.text.immune",), owner, card=label, op=op)
            return
        if op == "damage":
            self.hurt(obj, e.amount, "azk.text.cost", p)
        elif op in ("destroy", "sacrifice"):
            if not isinstance(obj, Entity):
                raise self.fail(
                    "azk.win.how",
                    "a leader is not destroyed by effects",
                    f"{e.path}.target",
                    "destroy_leader",
                )
            if obj.keyword("Godmode"):
                if op == "sacrifice":
                    raise self.fail(
                        "azk.kw.godmode",
                        "a Godmode card cannot be sacrificed to pay a cost",
                        f"{e.path}.target",
                        "godmode_sacrifice",
                    )
                self.emit("godmode", ("azk.kw.godmode",), owner, card=label)
                return
            self.emit("destroyed", ("azk.text.cost",), owner, card=obj.card.id)
            self.leave(owner, obj, "discard")
        elif op == "heal":
            if isinstance(obj, Leader):
                obj.health += e.amount
            else:
                obj.damage = max(0, obj.damage - e.amount)
            self.emit("healed", ("azk.text.cost",), owner, card=label, amount=e.amount)
        elif op == "attack_plus":
            obj.attack_mod += e.amount
            self.emit("attack_changed", ("azk.text.cost",), owner, card=label, attack=obj.attack)
        elif op == "health_plus":
            if not isinstance(obj, Entity):
                raise self.fail(
                    "azk.text.cost",
                    "leader health changes by damage or healing",
                    f"{e.path}.target",
                    "leader_health_plus",
                )
            obj.health_mod += e.amount
            self.emit("health_changed", ("azk.text.cost",), owner, card=label, health=obj.health)
            if obj.damage >= obj.health and not obj.keyword("Godmode"):
                self.emit("destroyed", ("azk.text.cost",), owner, card=obj.card.id)
                self.leave(owner, obj, "discard")
        elif op == "keyword":
            obj.keywords[e.keyword] = obj.keywords.get(e.keyword, 0) + e.amount
            rules = ("azk.kw.carapace",) if e.keyword == "Carapace" else ("azk.text.cost",)
            self.emit(
                "keyword",
                rules,
                owner,
                card=label,
                keyword=e.keyword,
                amount=obj.keyword(e.keyword),
            )
        elif op == "status":
            if e.on:
                obj.statuses.add(e.status)
            else:
                obj.statuses.discard(e.status)
            self.emit("status", ("azk.kw.status",), owner, card=label, status=e.status, on=e.on)
        elif op == "tap":
            obj.tapped = True
            self.emit("tapped", ("azk.text.cost",), owner, card=label)
        elif op == "untap":
            obj.tapped = False
            self.emit("untapped", ("azk.text.cost",), owner, card=label)
        elif op in ("displace", "return_to_hand"):
            if not isinstance(obj, Entity):
                raise self.fail(
                    "azk.zones.displace",
                    "only entities move between rows",
                    f"{e.path}.target",
                    "move_leader",
                )
            if op == "return_to_hand":
                self.leave(owner, obj, "hand")
                self.emit("returned", ("azk.text.cost",), owner, card=obj.card.id)
                return
            if e.target is None or e.target.row != "garden":
                raise self.fail(
                    "azk.zones.displace",
                    "Displace moves an entity from the Garden",
                    f"{e.path}.target",
                    "displace_alley",
                )
            side = self.sides[owner]
            side.garden[e.target.slot] = None
            for w in obj.weapons:
                side.discard.append(w.id)
            obj.weapons, obj.cooldown = [], False
            self.emit("displaced", ("azk.zones.displace",), owner, card=obj.card.id)
            self.enter(owner, obj, "alley", e.slot, e.replace, e.path)

    def player_effect(self, e: Effect) -> None:
        side = self.sides[e.player]
        if e.op == "draw":
            self.draw(e.player, e.amount, "azk.text.cost")
        elif e.op == "mill":
            n = min(e.amount, len(side.deck))
            side.discard.extend(side.deck[:n])
            side.deck = side.deck[n:]
            self.emit("milled", ("azk.win.deckout",), e.player, count=n, deck=len(side.deck))
        elif e.op == "discard":
            self.from_hand(e.player, e.card, f"{e.path}.card")
            side.discard.append(e.card)
            self.emit("discarded", ("azk.text.cost",), e.player, card=e.card)
        elif e.op == "seal_ikz":
            free = side.ikz - side.ikz_tapped
            n = min(e.amount, side.ikz)
            side.ikz_tapped = min(side.ikz, side.ikz_tapped + min(n, free))
            side.ikz_sealed = min(side.ikz_tapped, side.ikz_sealed + n)
            self.emit("ikz_sealed", ("azk.kw.sealed-ikz",), e.player, count=side.ikz_sealed)
        elif e.op == "ikz_plus":
            side.ikz = max(0, min(MAX_IKZ, side.ikz + e.amount))
            side.ikz_tapped = min(side.ikz_tapped, side.ikz)
            side.ikz_sealed = min(side.ikz_sealed, side.ikz_tapped)
            self.emit("ikz_changed", ("azk.turn.phases#step2",), e.player, ikz=side.ikz)
        else:  # summon: put an entity onto the field for free, from hand, deck or discard
            card = self.card(e.card)
            if card.card_type != "entity":
                raise self.fail(
                    "azk.zones.garden-alley",
                    f"{card.id} is not an entity",
                    f"{e.path}.card",
                    "not_entity",
                    card=card.id,
                )
            pile = (
                side.hand
                if e.from_zone == "hand"
                else (side.deck if e.from_zone == "deck" else side.discard)
            )
            if e.card not in pile:
                raise self.fail(
                    "azk.text.cost",
                    f"{card.id} is not there",
                    f"{e.path}.card",
                    "not_there",
                    card=card.id,
                )
            pile.remove(e.card)
            self.enter(e.player, Entity(card), e.row, e.slot, e.replace, e.path)
