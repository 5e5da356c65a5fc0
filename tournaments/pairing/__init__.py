"""Swiss pairing, standings and top cut for card-game events (pure: standard library only).

Vocabulary
----------
match
    Two players at one table for one round; it ends in a win, a draw or (if the event
    allows it) a double loss. A match is made of games.
game
    One game of the card game inside a match. A match is best-of-one or best-of-three;
    ``games`` in a result are ``(wins of the first player, wins of the second, drawn games)``.
round
    Every active player plays one match (or has the bye). Rounds are numbered from 1.
match points
    What a match is worth (by default 3 for a win, 1 for a draw, 0 for a loss, 3 for a bye;
    configurable per event in :class:`ScoringConfig`).
score group (match-point group)
    The active players on the same match points. Groups are paired from the top down.
bye
    With an odd number of active players one player sits out and scores a match win
    (2-0 in games). It goes to the lowest-ranked player who has not had one.
drop
    A player who leaves the event. Dropped players are never paired again but stay in the
    standings with the rounds they played.
late entry
    A player who joins after round 1; each missed round counts as a match loss (0-2).
pair-down (float)
    A table whose two players have different match points: the higher one is paired down,
    because their own group could not be paired evenly without a rematch or an odd player
    out. A table across several groups is still one pair-down.
rematch
    Two players meeting a second time. Never made while a rematch-free pairing of the whole
    field exists.
table
    Where a match is played. Tables are numbered from the top of the standings (table 1 has
    the highest-placed player).
seed
    The integer that fixes every random choice: round 1 order and ties between players the
    standings cannot split. Same input and same seed, same pairing. (A "seed" in the top cut
    is a place in the Swiss standings: seed 1 is first.)
tiebreak profile
    The order of the tiebreaks after match points, with the floor applied to percentages and
    the cap for dropped opponents (``mtr`` and ``pokemon`` are built in).
top cut
    Single elimination for the top 2/4/8/16/32/64 after Swiss, seeded 1 v N, 2 v N-1, …
    in bracket order so seeds 1 and 2 can meet only in the final.

The pairing objective
---------------------
Each round the engine seats the active players to minimise, compared left to right
(:class:`PairingObjective`, computed by :func:`pairing_objective`):

1. ``rematches``: the number of tables whose players met before (zero whenever a
   rematch-free pairing exists);
2. ``repeat_byes``: 1 if the bye goes to a player who already had one;
3. ``bye_height``: how many active players are ranked below the bye player (so the bye
   goes to the lowest-ranked eligible player);
4. ``pair_downs``: the number of tables whose two players have different match points (a
   table across several score groups counts once);
5. ``crossings``: for each boundary between score groups, from the top one down, the number
   of tables across it; compared lexicographically, so pair-downs happen as low in the
   standings as possible and span as few groups as possible;
6. ``score_gap``: the sum over tables of the squared match-point difference;
7. ``float_distance``: over the pair-downs, the sum of the standings distance between the
   two players, so the floating player is the lowest-placed possible and meets the
   highest-placed possible player below;
8. ``fold``: within a group, how far each table is from "top half against bottom half".

What is exact. Fields of at most :data:`EXACT_LIMIT` (16) active players are solved exactly
on all eight terms (dynamic programming over subsets; the tests compare it with a
brute-force search over every pairing). Larger fields are solved exactly on terms 1 to 7,
at every size: the bye by completion checks (maximum matchings); the tables across score
groups by a minimum-cost perfect matching (Edmonds' blossom algorithm with duals) of the few
seats a lower bound on pair-downs says must cross, which certifies the optimum when it
succeeds, and otherwise of a graph reduced without losing an optimum;
:mod:`tournaments.pairing.swiss` gives the arguments. Only the
last term is followed rather than proven: each group is paired top half against bottom
half, with exchanges to avoid rematches. The tests check the large-field solver against the
brute-force search on terms 1 to 7, and the pair-down and rematch counts against a general
matching of the whole field (``networkx``) on simulated events of up to 120 players.
``RoundSummary.pair_downs_lower_bound`` gives the parity walk of the score groups (see
:class:`RoundSummary`) beside the count: every pairing has at least that many pair-downs,
and if rematches were allowed some pairing would have exactly that many.

Public API
----------
:func:`pair_round`, :func:`pairing_objective`, :func:`validate_pairing` (an organiser's own
pairing, checked), :func:`compute_standings`, :func:`player_records`, :func:`top_cut_bracket`,
:func:`recommended_structure`, :func:`games_to_win`, :func:`advance_to_day_two` (day 1 to
day 2 of a championship, :mod:`tournaments.pairing.championship`), and the frozen dataclasses
they take and return. ``PlayerRecord.awarded_byes`` (byes given in advance for the first
rounds) and ``PlayerRecord.fixed_table`` (a player's fixed seating) are honoured by
:func:`pair_round` and explained. Every decision carries a bilingual :class:`Reason`.
"""

from tournaments.pairing.championship import (
    AdvancementDecision,
    AdvancementRule,
    DayTwoCut,
    advance_to_day_two,
)
from tournaments.pairing.explain import Reason
from tournaments.pairing.recommended import (
    EventStructure,
    StructureBand,
    recommended_structure,
    structure_table,
)
from tournaments.pairing.standings import (
    Entrant,
    StandingRow,
    Tiebreak,
    TiebreakInput,
    TiebreakProfile,
    TiebreakValue,
    compute_standings,
    player_records,
    tiebreak_profile,
)
from tournaments.pairing.swiss import EXACT_LIMIT, pair_round, pairing_objective
from tournaments.pairing.topcut import Bracket, BracketMatch, bracket_order, top_cut_bracket
from tournaments.pairing.types import (
    Bye,
    InvalidPairingInputError,
    MatchResult,
    Pairing,
    PairingObjective,
    PlayerRecord,
    RoundPairings,
    RoundSummary,
    ScoringConfig,
    games_to_win,
)
from tournaments.pairing.validate import PairingProblem, validate_pairing

__all__ = [
    "EXACT_LIMIT",
    "AdvancementDecision",
    "AdvancementRule",
    "Bracket",
    "BracketMatch",
    "Bye",
    "DayTwoCut",
    "Entrant",
    "EventStructure",
    "InvalidPairingInputError",
    "MatchResult",
    "Pairing",
    "PairingObjective",
    "PairingProblem",
    "PlayerRecord",
    "Reason",
    "RoundPairings",
    "RoundSummary",
    "ScoringConfig",
    "StandingRow",
    "StructureBand",
    "Tiebreak",
    "TiebreakInput",
    "TiebreakProfile",
    "TiebreakValue",
    "advance_to_day_two",
    "bracket_order",
    "compute_standings",
    "games_to_win",
    "pair_round",
    "pairing_objective",
    "player_records",
    "recommended_structure",
    "structure_table",
    "tiebreak_profile",
    "top_cut_bracket",
    "validate_pairing",
]
