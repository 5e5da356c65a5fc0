"""The card pool: games, sets (packs), cards with their history, and formats with ban lists.

Vocabulary: a *game* is ZUTOMAYO CARD, Azuki TCG or ZTRIKE; a *card set* is a ZUTOMAYO pack
("1st"), an Azuki set ("STT01") or a ZTRIKE release; a card's *code* is its stable id within the
game ("1st_10", "STT01-001", a ZTRIKE Card ID). A *format* is a named way to play a game with a
dated ban list (banned, or limited to N copies).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Game(models.Model):
    class Slug(models.TextChoices):
        ZUTOMAYO = "zutomayo", "ZUTOMAYO CARD"
        AZUKI = "azuki", "Azuki TCG"
        ZTRIKE = "ztrike", "ZTRIKE"

    slug = models.CharField(max_length=20, unique=True, choices=Slug.choices)
    name = models.CharField(max_length=100)

    def __str__(self) -> str:
        return self.name


class CardSet(models.Model):
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="card_sets")
    code = models.CharField(max_length=30)
    name = models.CharField(max_length=200, blank=True)
    is_demo = models.BooleanField(
        default=False, help_text=_("An invented set shipped for the demo, not a real product.")
    )

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "code"], name="cardset_unique_code")]
        ordering = ["game_id", "code"]

    def __str__(self) -> str:
        return f"{self.game.slug}:{self.code}"


#: Every game's elements (ZUTOMAYO CARD: basic rules ③属性; Azuki TCG; ZTRIKE's colours), as
#: the card pages and filters show them.
ELEMENT_LABELS = {
    "darkness": _("Darkness"),
    "flame": _("Flame"),
    "electric": _("Electric"),
    "wind": _("Wind"),
    "chaos": _("Chaos"),
    "fire": _("Fire"),
    "water": _("Water"),
    "earth": _("Earth"),
    "lightning": _("Lightning"),
    "neutral": _("Neutral"),
    "normal": _("Normal"),
    "light": _("Light"),
    "dark": _("Dark"),
    "red": _("Red"),
    "blue": _("Blue"),
    "green": _("Green"),
    "generic": _("Generic"),
    "ztrike": "ZTRIKE",
}


def element_label(value: str) -> str:
    """One element's label in the active language (the value itself when unknown)."""
    return str(ELEMENT_LABELS.get(value, value))


class Card(models.Model):
    """One card, with the fields of all three games (those of other games stay empty)."""

    class CardType(models.TextChoices):
        CHARACTER = "character", _("Character")
        ENCHANT = "enchant", _("Enchant")
        AREA_ENCHANT = "area_enchant", _("Area enchant")
        LEADER = "leader", _("Leader")
        GATE = "gate", _("Gate")
        ENTITY = "entity", _("Entity")
        WEAPON = "weapon", _("Weapon")
        SPELL = "spell", _("Spell")
        IKZ = "ikz", _("IKZ")
        ZTRIKE_CARD = "ztrike_card", _("ZTRIKE card")

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="cards")
    card_set = models.ForeignKey(CardSet, on_delete=models.PROTECT, related_name="cards")
    code = models.CharField(max_length=40)
    number = models.PositiveIntegerField(null=True, blank=True)
    number_printed = models.CharField(max_length=20, blank=True)
    name = models.CharField(max_length=200)
    name_en = models.CharField(max_length=200, blank=True)
    name_ja = models.CharField(max_length=200, blank=True)
    search_text = models.TextField(
        blank=True, help_text=_("Normalised names for matching (width, case, brackets folded).")
    )
    effect_search_text = models.TextField(
        blank=True, help_text=_("Normalised effect texts for matching (cardpool.search).")
    )
    card_type = models.CharField(max_length=20, choices=CardType.choices)
    elements = models.JSONField(default=list, blank=True)
    element = models.CharField(max_length=40, blank=True, db_index=True)
    rarity = models.CharField(max_length=10, blank=True)
    effect_en = models.TextField(blank=True)
    effect_ja = models.TextField(blank=True)
    has_effect = models.BooleanField(default=False)
    errata = models.JSONField(default=list, blank=True)
    # ZUTOMAYO CARD
    clock = models.PositiveSmallIntegerField(null=True, blank=True)
    attack_night = models.PositiveSmallIntegerField(null=True, blank=True)
    attack_day = models.PositiveSmallIntegerField(null=True, blank=True)
    power_cost = models.PositiveSmallIntegerField(null=True, blank=True)
    send_to_power = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("Empty: no SEND TO POWER (the card goes to the abyss).")
    )
    # Azuki TCG
    ikz_cost = models.PositiveSmallIntegerField(null=True, blank=True)
    attack = models.SmallIntegerField(null=True, blank=True)
    health = models.SmallIntegerField(null=True, blank=True)
    gate_points = models.SmallIntegerField(null=True, blank=True)
    keywords = models.JSONField(default=list, blank=True)
    subtypes = models.JSONField(default=list, blank=True)
    variants = models.JSONField(default=list, blank=True)
    # ZTRIKE
    colour = models.CharField(max_length=20, blank=True)
    power = models.PositiveSmallIntegerField(null=True, blank=True)
    bonus = models.CharField(max_length=10, blank=True)
    bonus_text = models.TextField(blank=True)
    victory_points = models.SmallIntegerField(null=True, blank=True)
    # Everything else the source said (song, illustrator, notes, sources).
    extra = models.JSONField(default=dict, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "code"], name="card_unique_code"),
            models.CheckConstraint(
                condition=models.Q(power__isnull=True) | models.Q(power__lte=10),
                name="card_ztrike_power_0_10",
            ),
        ]
        indexes = [models.Index(fields=["game", "card_set", "number"])]
        ordering = ["game_id", "card_set__code", "number", "code"]

    def __str__(self) -> str:
        return f"{self.code} {self.name}"

    @property
    def element_display(self) -> str:
        """The card's elements in the active language ("Fire / Water")."""
        return " / ".join(element_label(e) for e in self.element.split("|") if e)


class CardRevision(models.Model):
    """The values a card had before an import changed them."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="revisions")
    created_at = models.DateTimeField(auto_now_add=True)
    source = models.CharField(max_length=300, blank=True)
    old_values = models.JSONField()
    new_values = models.JSONField()

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.card.code} @ {self.created_at:%Y-%m-%d}"


class Format(models.Model):
    """A named way to play a game (e.g. "ZUTOMAYO CARD constructed")."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="formats")
    slug = models.SlugField(max_length=50)
    name = models.CharField(max_length=100)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="format_unique_slug")]

    def __str__(self) -> str:
        return f"{self.game.slug}:{self.slug}"


class BanList(models.Model):
    """A dated list; the one in force on a date is the latest dated on or before it."""

    format = models.ForeignKey(Format, on_delete=models.CASCADE, related_name="ban_lists")
    effective_from = models.DateField()
    note = models.CharField(max_length=300, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["format", "effective_from"], name="banlist_unique_date")
        ]
        ordering = ["format_id", "-effective_from"]

    def __str__(self) -> str:
        return f"{self.format} from {self.effective_from}"


class BanListEntry(models.Model):
    ban_list = models.ForeignKey(BanList, on_delete=models.CASCADE, related_name="entries")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    limit = models.PositiveSmallIntegerField(
        help_text=_("0 = banned; N = limited to N copies per deck.")
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["ban_list", "card"], name="banlistentry_unique_card")
        ]

    def __str__(self) -> str:
        return f"{self.card.code}: {'banned' if self.limit == 0 else f'limited-{self.limit}'}"


class CardImport(models.Model):
    """One run of the importer, for the record."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    source = models.CharField(max_length=300)
    summary = models.JSONField(default=dict)

    def __str__(self) -> str:
        return f"{self.game.slug} import {self.created_at:%Y-%m-%d %H:%M}"
