"""Events, the people who run them, and the players who enter them.

Vocabulary: an *event* is one tournament; its *staff* are organisers and judges, each for that
event only; a *registration* is one player's entry (registered, checked in, dropped,
disqualified, or on the waiting list). A registration's *decklist* has numbered versions, each
checked against the event's format when it is submitted; a *recheck* checks every current list
of an event again (after a ban-list change).

The decklist tables began in the card pool (``cardpool_decklist`` …) and were renamed when the
models moved here (migrations ``cardpool.0003`` and ``tournaments.0004``/``0005``).
"""

from __future__ import annotations

import datetime
import zoneinfo

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from cardpool.models import Format, Game


class Event(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        REGISTRATION_OPEN = "registration_open", _("Registration open")
        REGISTRATION_CLOSED = "registration_closed", _("Registration closed")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    class BestOf(models.IntegerChoices):
        ONE = 1, _("Best of one")
        THREE = 3, _("Best of three")

    class AdvancementKind(models.TextChoices):
        POINTS = "points", _("Match points or more")
        RECORD = "record", _("Record: at most this many losses (X-N or better)")
        TOP = "top", _("Top N of the day-1 standings")

    class EndOfRound(models.TextChoices):
        """What happens when time is called in a game that is not over (ZUTOMAYO CARD)."""

        DRAW = "draw", _("The game is a draw")
        EXTRA_TURNS = "extra_turns", _("Extra turns, then the player with more HP wins")
        JUDGE = "judge", _("A judge decides")

    name = models.CharField(max_length=200)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events")
    format = models.ForeignKey(
        Format, null=True, blank=True, on_delete=models.PROTECT, related_name="events"
    )
    date = models.DateField()
    start_time = models.TimeField(
        default=datetime.time(10, 0), help_text=_("In the event's own time zone.")
    )
    time_zone = models.CharField(
        max_length=64, default="Asia/Tokyo", help_text=_("An IANA zone, e.g. Asia/Tokyo.")
    )
    venue = models.CharField(max_length=200, blank=True)
    region = models.CharField(
        max_length=100, blank=True, help_text=_("City or prefecture, for the event directory.")
    )
    capacity = models.PositiveIntegerField(null=True, blank=True)
    entry_fee = models.CharField(max_length=100, blank=True)
    contact = models.CharField(
        max_length=200, blank=True, help_text=_("How players reach the organiser.")
    )
    check_in_opens_at = models.DateTimeField(null=True, blank=True)
    check_in_closes_at = models.DateTimeField(null=True, blank=True)
    check_in_token = models.CharField(
        max_length=40, blank=True, help_text=_("In the venue's check-in QR code.")
    )
    drop_absent_at_round_one = models.BooleanField(
        default=False, help_text=_("Drop players who did not check in when round 1 is paired.")
    )
    copied_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    registration_opens_at = models.DateTimeField(null=True, blank=True)
    registration_closes_at = models.DateTimeField(null=True, blank=True)
    decklist_deadline = models.DateTimeField(null=True, blank=True)
    decklists_published = models.BooleanField(default=False)
    decklist_required = models.BooleanField(
        default=True,
        help_text=_(
            "A legal list is required: pairing round 1 asks first about players without one."
        ),
    )
    status = models.CharField(max_length=30, choices=Status.choices, default=Status.DRAFT)
    swiss_rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("Empty: the recommended number for the attendance.")
    )
    top_cut = models.PositiveSmallIntegerField(default=0)
    best_of = models.PositiveSmallIntegerField(choices=BestOf.choices, default=BestOf.ONE)
    top_cut_best_of = models.PositiveSmallIntegerField(choices=BestOf.choices, default=BestOf.ONE)
    round_minutes = models.PositiveSmallIntegerField(default=30)
    top_cut_round_minutes = models.PositiveSmallIntegerField(default=30)
    scoring = models.JSONField(default=dict, blank=True)
    tiebreak_profile = models.CharField(max_length=20, default="mtr")
    draws_allowed = models.BooleanField(default=True)
    structure_style = models.CharField(
        max_length=20, default="mtr", help_text=_("Which recommended-structure table to use.")
    )
    # Championship structure (events of two days): day 1 is ``swiss_rounds``; with an advancement
    # rule, the players who meet it play ``day_two_rounds`` more Swiss rounds, then the top cut.
    advancement_kind = models.CharField(
        max_length=10,
        choices=AdvancementKind.choices,
        blank=True,
        help_text=_("Empty: a one-day event (no day 2)."),
    )
    advancement_value = models.PositiveSmallIntegerField(null=True, blank=True)
    day_two_rounds = models.PositiveSmallIntegerField(default=0)
    advanced_at = models.DateTimeField(
        null=True, blank=True, help_text=_("When day 2's players were decided.")
    )
    end_of_round = models.CharField(
        max_length=20, choices=EndOfRound.choices, default=EndOfRound.DRAW
    )
    end_of_round_extra_turns = models.PositiveSmallIntegerField(default=3)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-date", "name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"

    @property
    def has_day_two(self) -> bool:
        """Day 1 Swiss, advancement by the rule, then day-2 Swiss (else a one-day event)."""
        return bool(self.advancement_kind) and self.day_two_rounds > 0

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        """The event's own time zone (the site's when the stored name is unknown)."""
        try:
            return zoneinfo.ZoneInfo(self.time_zone)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            return zoneinfo.ZoneInfo(settings.TIME_ZONE)

    @property
    def starts_at(self) -> datetime.datetime:
        """The start, an aware moment: the date and start time in the event's own zone."""
        return datetime.datetime.combine(self.date, self.start_time, tzinfo=self.zone)


class EventRole(models.Model):
    """A person's staff role on one event. Staff roles never carry over to another event.

    A head judge does what a judge does and decides appeals; a scorekeeper runs the rounds
    (pairs, enters results, checks in, adds late entries, drops, prints, runs the clock) but
    changes neither the event's settings nor its staff.
    """

    class Role(models.TextChoices):
        ORGANISER = "organiser", _("Organiser")
        HEAD_JUDGE = "head_judge", _("Head judge")
        JUDGE = "judge", _("Judge")
        SCOREKEEPER = "scorekeeper", _("Scorekeeper")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles"
    )
    role = models.CharField(max_length=20, choices=Role.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "user", "role"], name="eventrole_unique")
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.role} of {self.event_id}"


class StaffInvitation(models.Model):
    """An appointment sent by email to someone who has no account yet; accepted by its link."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="invitations")
    email = models.EmailField()
    role = models.CharField(max_length=20, choices=EventRole.Role.choices)
    token = models.CharField(max_length=64, unique=True)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event_id", "-created_at"]

    def __str__(self) -> str:
        return f"{self.role} invitation for {self.email} to {self.event_id}"


class Registration(models.Model):
    class Status(models.TextChoices):
        REGISTERED = "registered", _("Registered")
        WAITLISTED = "waitlisted", _("Waiting list")
        CHECKED_IN = "checked_in", _("Checked in")
        DROPPED = "dropped", _("Dropped")
        DISQUALIFIED = "disqualified", _("Disqualified")
        NOT_ADVANCED = "not_advanced", _("Did not advance to day 2")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="registrations",
    )
    display_name = models.CharField(max_length=100)
    player_id = models.CharField(max_length=40, blank=True)
    email = models.EmailField(blank=True)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.REGISTERED)
    late_rounds_missed = models.PositiveSmallIntegerField(default=0)
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    seed = models.PositiveIntegerField(
        default=0, help_text=_("Order for ties nothing else splits (set at registration).")
    )
    claim_code = models.CharField(
        max_length=16,
        null=True,
        blank=True,
        unique=True,
        help_text=_("Links an account to a registration made at the desk or by import; once."),
    )
    claimed_at = models.DateTimeField(null=True, blank=True)
    checked_in_at = models.DateTimeField(null=True, blank=True)
    awarded_byes = models.PositiveSmallIntegerField(
        default=0, help_text=_("Byes given in advance: this player sits out rounds 1 to N.")
    )
    fixed_table = models.PositiveIntegerField(
        null=True, blank=True, help_text=_("The table this player always plays at.")
    )
    day_one_rank = models.PositiveIntegerField(null=True, blank=True)
    advancement = models.JSONField(
        default=dict, blank=True, help_text=_("The day-2 decision and why: code, en, ja.")
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["event", "user"],
                condition=models.Q(user__isnull=False),
                name="registration_one_per_user",
            ),
        ]
        ordering = ["event_id", "display_name"]

    def __str__(self) -> str:
        return f"{self.display_name} @ {self.event_id}"


class Round(models.Model):
    """One round of an event: Swiss, or a round of the top-cut bracket."""

    class Stage(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        TOP_CUT = "top_cut", _("Top cut")

    class Status(models.TextChoices):
        PAIRED = "paired", _("Paired")
        IN_PROGRESS = "in_progress", _("In progress")
        PAUSED = "paused", _("Paused")
        COMPLETE = "complete", _("Complete")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=10, choices=Stage.choices, default=Stage.SWISS)
    day = models.PositiveSmallIntegerField(default=1, help_text=_("Day 1 or day 2 (Swiss)."))
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PAIRED)
    seed = models.BigIntegerField(help_text=_("The pairing seed: the same seed, the same pairing."))
    minutes = models.PositiveSmallIntegerField(default=30)
    started_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    paused_remaining_seconds = models.PositiveIntegerField(null=True, blank=True)
    summary = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    revision = models.PositiveIntegerField(
        default=1, help_text=_("Grows with every change that public pages must show.")
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_unique_number")
        ]
        ordering = ["event_id", "number"]

    def __str__(self) -> str:
        return f"{self.event_id} round {self.number}"


class Match(models.Model):
    """Two registrations at one table for one round, or one registration with the bye."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveIntegerField()
    player_a = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="+")
    player_b = models.ForeignKey(
        Registration, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    is_bye = models.BooleanField(default=False)
    bracket_slot = models.PositiveSmallIntegerField(null=True, blank=True)
    reason = models.JSONField(default=dict, blank=True, help_text=_("Why: code, en, ja, fields."))
    extra_minutes = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="match_unique_table"),
            models.CheckConstraint(
                condition=models.Q(is_bye=True, player_b__isnull=True)
                | models.Q(is_bye=False, player_b__isnull=False),
                name="match_bye_has_no_opponent",
            ),
        ]
        ordering = ["round_id", "table"]

    def __str__(self) -> str:
        return f"round {self.round_id} table {self.table}"


class ResultReport(models.Model):
    """One version of a match result. Never edited: a later version supersedes it.

    A player's report waits for the opponent; equal reports from both confirm the result,
    different ones put the match in the judges' queue. A judge's entry is confirmed at once.
    """

    class Source(models.TextChoices):
        PLAYER = "player", _("Player")
        JUDGE = "judge", _("Judge")
        SYSTEM = "system", _("System")

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for the opponent")
        CONFIRMED = "confirmed", _("Confirmed")
        DISPUTED = "disputed", _("Disputed")
        SUPERSEDED = "superseded", _("Superseded")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reports")
    version = models.PositiveIntegerField()
    source = models.CharField(max_length=10, choices=Source.choices)
    status = models.CharField(max_length=12, choices=Status.choices)
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    wins_a = models.PositiveSmallIntegerField()
    wins_b = models.PositiveSmallIntegerField()
    draws = models.PositiveSmallIntegerField(default=0)
    intentional_draw = models.BooleanField(default=False)
    conceded_by = models.CharField(max_length=1, blank=True, help_text=_("a or b"))
    double_loss = models.BooleanField(default=False)
    time_outcome = models.CharField(
        max_length=20,
        blank=True,
        help_text=_("How a game unfinished at time ended (the event's end-of-round procedure)."),
    )
    overtime = models.JSONField(
        null=True,
        blank=True,
        help_text=_(
            "Azuki TCG: the overtime tiebreak values, the score before the decided game and the "
            "decision."
        ),
    )
    reason = models.TextField(blank=True)
    idempotency_key = models.CharField(max_length=80, blank=True)
    # What the keyed request asked (a digest), so that a retry is told from a reuse: the same key
    # with another body is refused (422), never answered with the first request's result
    request_digest = models.CharField(max_length=64, blank=True)
    response = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["match"],
                condition=models.Q(status="confirmed"),
                name="result_one_confirmed_per_match",
            ),
            models.UniqueConstraint(fields=["match", "version"], name="result_unique_version"),
            models.UniqueConstraint(
                fields=["reported_by", "idempotency_key"],
                condition=~models.Q(idempotency_key=""),
                name="result_unique_idempotency_key",
            ),
        ]
        ordering = ["match_id", "version"]

    def __str__(self) -> str:
        return f"match {self.match_id} v{self.version} {self.wins_a}-{self.wins_b}-{self.draws}"


class Penalty(models.Model):
    """A judge's penalty. A disqualification needs two people, so no judge removes a player alone:
    it is *pending* until an organiser or head judge of the event other than its judge confirms it
    (then it takes effect) or withdraws it; every other penalty is in effect when recorded."""

    class Status(models.TextChoices):
        IN_EFFECT = "in_effect", _("In effect")
        PENDING = "pending", _("Waiting for a second person")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    #: The penalties a judge records (the desk's form), stored by these codes.
    KINDS = {
        "warning": _("Warning"),
        "game loss": _("Game loss"),
        "match loss": _("Match loss"),
        "disqualification": _("Disqualification"),
    }

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="penalties")
    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="penalties"
    )
    round = models.ForeignKey(Round, null=True, blank=True, on_delete=models.SET_NULL)
    table = models.PositiveIntegerField(null=True, blank=True)
    infraction = models.CharField(max_length=200)
    penalty = models.CharField(max_length=100)
    note = models.TextField(blank=True)
    judge = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.IN_EFFECT)
    #: The second person, who confirmed or withdrew a disqualification.
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )  # fmt: skip
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.penalty} for {self.registration_id}: {self.infraction}"

    @property
    def penalty_label(self) -> str:
        """The penalty in the page's language (the stored code if it is not one of ``KINDS``)."""
        return str(self.KINDS.get(self.penalty, self.penalty))


class RoundSnapshot(models.Model):
    """What public pages show for a round, computed once per change, not per request."""

    round = models.OneToOneField(Round, on_delete=models.CASCADE, related_name="snapshot")
    revision = models.PositiveIntegerField()
    pairings = models.JSONField(default=list)
    standings = models.JSONField(default=list)
    # Digests of the two bodies, kept beside them so that a conditional request
    # learns the ETag from this small row without loading (and decoding) the JSON.
    pairings_digest = models.CharField(max_length=32, default="", blank=True)
    standings_digest = models.CharField(max_length=32, default="", blank=True)
    # A result changed after the snapshot was built (a judge's change after
    # the round). The change marks the row (``stale_marks`` counts the marks) and a task
    # rebuilds it after commit; a reader that finds it stale for a second rebuilds it itself
    # (``tournaments.live.snapshots.snapshot_catch_up``), so no page is stale for two seconds.
    stale_since = models.DateTimeField(null=True, blank=True)
    stale_marks = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"snapshot of {self.round} r{self.revision}"


class PrintJob(models.Model):
    """A PDF to print (pairings, standings, match slips), rendered by a Celery task."""

    class Kind(models.TextChoices):
        PAIRINGS_BY_NAME = "pairings_by_name", _("Pairings by name")
        PAIRINGS_BY_TABLE = "pairings_by_table", _("Pairings by table")
        STANDINGS = "standings", _("Standings")
        MATCH_SLIPS = "match_slips", _("Match slips")

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", pgettext_lazy("a background job", "Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="print_jobs")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="print_jobs")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    base_url = models.CharField(max_length=200, blank=True)
    pdf = models.BinaryField(null=True, blank=True)
    error = models.TextField(blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # The row is the outbox (core.jobs), so a broker outage loses no job: a worker claims it, the
    # sweeper re-sends it or fails it after core.jobs.MAX_ATTEMPTS
    attempts = models.PositiveSmallIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.kind} for round {self.round_id} ({self.status})"


class PlayerImport(models.Model):
    """A CSV of players to enter into an event, imported by a background job: the request that
    brings the file stores it here and answers at once; the job (its row is the job, as a print
    job's: ``core.jobs``) checks every line and enters them all or none, and the row tells its
    progress and its result (or the problems, each naming its line)."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", pgettext_lazy("a background job", "Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="player_imports")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    # the file's text until the job has read it (emptied once it is done or failed)
    data = models.TextField(blank=True)
    # the language the person asked in: the problems are written in it
    language = models.CharField(max_length=10, default="en")
    lines = models.PositiveIntegerField(default=0, help_text=_("Players in the file."))
    created = models.PositiveIntegerField(default=0, help_text=_("Players entered."))
    problems = models.JSONField(default=list, blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [
            # one import at a time per person: four 20,000-line files at once would hold four
            # workers; the second is refused (409 import_running) until the first ends
            models.UniqueConstraint(
                fields=["requested_by"],
                condition=models.Q(status__in=["queued", "running"]),
                name="tournaments_one_running_import_per_person",
            )
        ]

    def __str__(self) -> str:
        return f"import of {self.lines} players into event {self.event_id} ({self.status})"


class Decklist(models.Model):
    """A player's decklist for one registration. Its versions are never edited, only added."""

    registration = models.OneToOneField(
        Registration, on_delete=models.CASCADE, related_name="decklist"
    )
    current_version = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)
    # A re-check after a ban-list change found the current list illegal
    illegal_since = models.DateTimeField(
        null=True, blank=True, help_text=_("When a re-check found the current list illegal.")
    )
    recheck_report = models.JSONField(
        default=dict,
        blank=True,
        help_text=_("Why it is illegal: the errors in English and Japanese."),
    )
    unlocked_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text=_("The organiser let the player fix it after the deadline."),
    )
    unlocked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self) -> str:
        return f"decklist of registration {self.registration_id} (v{self.current_version})"


class DecklistVersion(models.Model):
    class SourceFormat(models.TextChoices):
        TEXT = "text", _("Text")
        CSV = "csv", "CSV"
        JSON = "json", "JSON"

    decklist = models.ForeignKey(Decklist, on_delete=models.CASCADE, related_name="versions")
    version = models.PositiveIntegerField()
    submitted_at = models.DateTimeField(auto_now_add=True)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    source_format = models.CharField(max_length=10, choices=SourceFormat.choices)
    source_text = models.TextField()
    cards = models.JSONField(help_text=_('[{"id": card code, "count": n}], in list order'))
    report = models.JSONField(help_text=_("The legality report in English and Japanese."))
    legal = models.BooleanField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["decklist", "version"], name="decklistversion_unique")
        ]
        ordering = ["decklist_id", "-version"]

    def __str__(self) -> str:
        return f"{self.decklist} v{self.version}"


class DecklistRecheck(models.Model):
    """Re-checking every current list of an event (after a ban-list change), with progress."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", pgettext_lazy("a background job", "Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="decklist_rechecks")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    illegal = models.JSONField(
        default=list, help_text=_("Registrations whose list is now illegal.")
    )
    attempts = models.PositiveSmallIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True)

    def __str__(self) -> str:
        return f"recheck of event {self.event_id}: {self.done}/{self.total} {self.status}"


#: The longest note a player may add to a judge call (the form, the API and the service check it).
JUDGE_CALL_NOTE_MAX = 200


class JudgeCall(models.Model):
    """A player's "call a judge" from their phone: open, taken by a judge, then done."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="judge_calls")
    registration = models.ForeignKey(
        Registration, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    round = models.ForeignKey(Round, null=True, blank=True, on_delete=models.SET_NULL)
    table = models.PositiveIntegerField(null=True, blank=True)
    note = models.CharField(max_length=JUDGE_CALL_NOTE_MAX, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    taken_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    taken_at = models.DateTimeField(null=True, blank=True)
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event_id", "created_at"]

    def __str__(self) -> str:
        return f"judge call at table {self.table} of {self.event_id}"


class Announcement(models.Model):
    """An organiser's message to every player of the event (shown on its pages, and notified)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="announcements")
    text = models.TextField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event_id", "-created_at"]

    def __str__(self) -> str:
        return f"announcement to {self.event_id} at {self.created_at}"


class ResultAppeal(models.Model):
    """A player's appeal against a judge's decision on their match (a judge's result entry).

    One appeal per decision. The head judge (or an organiser) decides it: the decision is
    upheld, or superseded by a new result (results are never edited, only superseded).
    """

    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for the head judge")
        UPHELD = "upheld", _("Upheld")
        SUPERSEDED = "superseded", _("Result changed")

    decision = models.OneToOneField(ResultReport, on_delete=models.CASCADE, related_name="appeal")
    appellant = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    reason = models.TextField()
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    note = models.TextField(blank=True, help_text=_("The head judge's reasons."))
    result = models.ForeignKey(
        ResultReport,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=_("The result that superseded the decision."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"appeal of {self.decision}"


class SavedDeck(models.Model):
    """A person's own deck, kept beside their event decklists (so a list is not typed again).

    A draft: it may be illegal (its last report is shown), and it is edited in place (it is the
    person's notebook, not a record of an event). Submitting it to an event goes through
    ``decklist_submit``, which requires a legal list.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="saved_decks"
    )
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="+")
    name = models.CharField(max_length=100)
    text = models.TextField(help_text=_("The list as text (one card a line)."))
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.user_id})"
