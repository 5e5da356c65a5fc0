"""Events, the people who run them, and the players who enter them.

Vocabulary: an *event* is one tournament; its *staff* are organisers and judges, each for that
event only; a *registration* is one player's entry (registered, checked in, dropped,
disqualified, or on the waiting list).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from cardpool.models import Format, Game


class Event(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        REGISTRATION_OPEN = "registration_open", _("Registration open")
        REGISTRATION_CLOSED = "registration_closed", _("Registration closed")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class BestOf(models.IntegerChoices):
        ONE = 1, _("Best of one")
        THREE = 3, _("Best of three")

    name = models.CharField(max_length=200)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events")
    format = models.ForeignKey(
        Format, null=True, blank=True, on_delete=models.PROTECT, related_name="events"
    )
    date = models.DateField()
    venue = models.CharField(max_length=200, blank=True)
    capacity = models.PositiveIntegerField(null=True, blank=True)
    registration_opens_at = models.DateTimeField(null=True, blank=True)
    registration_closes_at = models.DateTimeField(null=True, blank=True)
    decklist_deadline = models.DateTimeField(null=True, blank=True)
    decklists_published = models.BooleanField(default=False)
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
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-date", "name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"


class EventRole(models.Model):
    """A person's staff role on one event. Staff roles never carry over to another event."""

    class Role(models.TextChoices):
        ORGANISER = "organiser", _("Organiser")
        JUDGE = "judge", _("Judge")

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


class Registration(models.Model):
    class Status(models.TextChoices):
        REGISTERED = "registered", _("Registered")
        WAITLISTED = "waitlisted", _("Waiting list")
        CHECKED_IN = "checked_in", _("Checked in")
        DROPPED = "dropped", _("Dropped")
        DISQUALIFIED = "disqualified", _("Disqualified")

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
