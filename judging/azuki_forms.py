"""The claim form of an Azuki TCG case: one player's claim in plain words (after which turn, what,
the number), turned into the ``azuki-game/1`` record's structured claim."""

from __future__ import annotations

from collections.abc import Mapping

from django import forms
from django.utils.translation import gettext_lazy as _

from judging.engine.core.jsontypes import JSON


class AzukiClaimForm(forms.Form):
    """One player's claim about the board after an Azuki turn: the turn, what, the number."""

    turn = forms.IntegerField(label=_("Turn number"), min_value=1, max_value=999)
    what = forms.ChoiceField(label=_("What"))
    number = forms.IntegerField(label=_("Number (health, IKZ, cards)"), min_value=-99,
                                max_value=999)  # fmt: skip

    def __init__(
        self,
        data: Mapping[str, object] | None = None,
        *,
        prefix: str | None = None,
        names: tuple[str, str],
    ) -> None:
        super().__init__(data, prefix=prefix)
        what = self.fields["what"]
        if isinstance(what, forms.ChoiceField):
            choices = []
            for kind, words in (
                ("leader_health", _("%(name)s's leader health")),
                ("ikz", _("%(name)s's IKZ")),
                ("hand", _("the cards in %(name)s's hand")),
                ("deck", _("the cards in %(name)s's deck")),
            ):
                for seat, name in enumerate(names):
                    choices.append((f"players[{seat}].{kind}", words % {"name": name}))
            what.choices = choices

    def claim(self, party: int) -> dict[str, JSON]:
        """The structured claim (``at`` the turn, ``path``, ``value``) this form describes."""
        data = self.cleaned_data
        return {"party": f"P{party}", "at": data["turn"], "path": str(data["what"]),
                "value": data["number"]}  # fmt: skip
