"""Which of the organiser's actions still apply, from the event's state: the one place that
decides, so that the dashboard shows only those buttons and a stale button is refused."""

from __future__ import annotations

from tournaments.models import Event, Round

#: What stays possible once an event is over (finished or cancelled): reading and printing.
AFTER_THE_EVENT = frozenset({"publish_lists"})
#: The players' list: adding, importing, checking in, dropping and undoing a drop.
PLAYER_ACTIONS = frozenset({"add_player", "import", "check_in", "drop", "undrop"})
#: What a round's state allows (the clock, extending, completing, changing the pairing).
ROUND_ACTIONS: dict[str, frozenset[str]] = {
    Round.Status.PAIRED: frozenset({"start", "extend", "complete", "repair", "swap"}),
    Round.Status.IN_PROGRESS: frozenset({"pause", "extend", "complete"}),
    Round.Status.PAUSED: frozenset({"resume", "extend", "complete"}),
    Round.Status.COMPLETE: frozenset(),
}
TERMINAL = (Event.Status.FINISHED, Event.Status.CANCELLED)


def event_is_over(event: Event) -> bool:
    return event.status in TERMINAL


def publish_lists_asks(event: Event) -> bool:
    """Publishing the lists of an event not over yet asks first: every list becomes public
    while rounds are still to be played."""
    return not event_is_over(event)


def _swiss_done(event: Event, last: Round) -> bool:
    extra = event.day_two_rounds if event.has_day_two else 0
    return (
        last.stage == Round.Stage.SWISS
        and event.swiss_rounds is not None
        and last.number >= event.swiss_rounds + extra
    )


def _day_one_done(event: Event, last: Round) -> bool:
    """Day 1's last round is complete and day 2's players are not decided yet."""
    return (
        event.has_day_two
        and event.advanced_at is None
        and last.stage == Round.Stage.SWISS
        and event.swiss_rounds is not None
        and last.number >= event.swiss_rounds
    )


def _final_played(last: Round) -> bool:
    summary = last.summary or {}
    return last.stage == Round.Stage.TOP_CUT and int(summary.get("bracket_round", 1)) >= int(
        summary.get("bracket_rounds", 1)
    )


def finish_is_early(*, event: Event, last_round: Round | None) -> bool:
    """Finishing now leaves play undone: the top cut's final is not played (or the cut not
    made), or Swiss rounds remain. The dashboard then says so on the button and the
    confirmation page says what is unplayed."""
    if last_round is None or last_round.status != Round.Status.COMPLETE:
        return True
    if last_round.stage == Round.Stage.TOP_CUT:
        return not _final_played(last_round)
    return not _swiss_done(event, last_round) or bool(event.top_cut)


def event_actions_available(*, event: Event, last_round: Round | None) -> frozenset[str]:
    """The names (as in ``ORGANISER_ACTIONS``) of the actions that apply to the event now,
    given its latest round. No query: the caller has the event and its latest round."""
    # Lists are published once the event is over; while it runs, only after a confirmation
    # (``publish_lists_asks``); before round 1 they may still change, so not at all.
    publishable = event.status == Event.Status.RUNNING or event_is_over(event)
    available = {"publish_lists"} if publishable and not event.decklists_published else set()
    if event_is_over(event):
        return frozenset(available & AFTER_THE_EVENT)
    available |= PLAYER_ACTIONS
    available.add("cancel")
    if event.status in (Event.Status.DRAFT, Event.Status.REGISTRATION_CLOSED):
        available.add("open")
    if event.status == Event.Status.REGISTRATION_OPEN:
        available.add("close")
    if last_round is None:
        available.add("pair")
        return frozenset(available)
    available |= ROUND_ACTIONS.get(last_round.status, frozenset())
    if last_round.stage == Round.Stage.TOP_CUT:
        available.discard("repair")  # the bracket decides top-cut pairings
    if last_round.status == Round.Status.COMPLETE:
        available.add("finish")
        swiss_done = _swiss_done(event, last_round)
        if _day_one_done(event, last_round):
            available.add("advance")
        elif not swiss_done and not _final_played(last_round):
            available.add("pair")
        if event.top_cut and last_round.stage == Round.Stage.SWISS and swiss_done:
            available.add("topcut")
    return frozenset(available)
