"""Every write to events, registrations, decklists, rounds, matches and results.

Split by sub-domain, one module each (the list is docs/layout.md): ``events``, ``registration``,
``rounds`` (pairing, timer, top cut), ``results`` (reports, confirmation, judge entries),
``judging`` (penalties, time extensions), ``decklists`` (submission, re-checks) and more. Import
from here. (``snapshots``, the rebuild a page or API answer makes when a stale round snapshot's
task is late, is imported from its module, as it reads through the selectors.)
"""

from tournaments.services.announcements import announcement_create
from tournaments.services.championship import (
    event_advance_to_day_two,
    registration_set_seating,
    round_pairing_override,
)
from tournaments.services.copying import event_copy
from tournaments.services.decklists import (
    decklist_recheck_run,
    decklist_recheck_start,
    decklist_submit,
    decklist_unlock,
)
from tournaments.services.events import (
    event_create,
    event_finish,
    event_role_grant,
    event_set_status,
    event_update,
)
from tournaments.services.imports import player_import_request, player_import_run
from tournaments.services.judging import (
    disqualification_confirm,
    disqualification_withdraw,
    match_extend_time,
    penalty_record,
)
from tournaments.services.printing import print_job_render, print_job_request
from tournaments.services.registration import (
    registration_check_in,
    registration_create,
    registration_drop,
    registration_undrop,
    registrations_import_csv,
)
from tournaments.services.results import (
    ResultOutcome,
    result_confirm,
    result_enter_by_judge,
    result_report,
)
from tournaments.services.rounds import (
    UNLISTED_CHOICES,
    round_complete,
    round_extend,
    round_pair,
    round_pause,
    round_repair,
    round_resume,
    round_start,
    round_swap_players,
    topcut_start,
)

__all__ = [
    "UNLISTED_CHOICES",
    "ResultOutcome",
    "announcement_create",
    "decklist_recheck_run",
    "decklist_recheck_start",
    "decklist_submit",
    "decklist_unlock",
    "disqualification_confirm",
    "disqualification_withdraw",
    "event_advance_to_day_two",
    "event_copy",
    "event_create",
    "event_finish",
    "event_role_grant",
    "event_set_status",
    "event_update",
    "match_extend_time",
    "penalty_record",
    "player_import_request",
    "player_import_run",
    "print_job_render",
    "print_job_request",
    "registration_check_in",
    "registration_create",
    "registration_drop",
    "registration_set_seating",
    "registration_undrop",
    "registrations_import_csv",
    "result_confirm",
    "result_enter_by_judge",
    "result_report",
    "round_complete",
    "round_extend",
    "round_pair",
    "round_pairing_override",
    "round_pause",
    "round_repair",
    "round_resume",
    "round_start",
    "round_swap_players",
    "topcut_start",
]
