"""The players' phones for ``make chaos`` and ``make scale-out``: API keys of the site's own
tokens (``core.models.ApiToken``, SHA-256 only stored) minted for every player of an event, and
a round's tables with the two players' keys.

Scripts run with the stack's environment (``load._django``): the suites never import Django.
"""

from __future__ import annotations

from load import _django
from stack import Stack

MINT = r"""
import datetime as dt, json, secrets, sys
import django
django.setup()
from django.utils import timezone
from core.models import ApiToken
from core.tokens import token_hash
from tournaments.models import Registration

event = int(sys.argv[1])
users = list(Registration.objects.filter(event_id=event, user__isnull=False)
             .values_list("user_id", flat=True))
users.append(int(sys.argv[2])) if len(sys.argv) > 2 else None
expires = timezone.now() + dt.timedelta(days=1)
keys = {user: secrets.token_hex(20) for user in users}
ApiToken.objects.bulk_create([
    ApiToken(user_id=user, key_hash=token_hash(key), prefix=key[:8], expires_at=expires)
    for user, key in keys.items()
], batch_size=1000)
print(json.dumps({str(user): key for user, key in keys.items()}))
"""

TABLES = r"""
import json, sys
import django
django.setup()
from tournaments.models import Match

event, number = int(sys.argv[1]), int(sys.argv[2])
print(json.dumps({"tables": [
    {"match": m.pk, "a": m.player_a.user_id, "b": m.player_b.user_id}
    for m in Match.objects.filter(round__event_id=event, round__number=number, is_bye=False)
    .select_related("player_a", "player_b").order_by("table")
]}))
"""

ORGANISER = r"""
import json
import django
django.setup()
from django.contrib.auth import get_user_model

print(json.dumps({"id": get_user_model().objects.get(username="load-organiser").pk}))
"""


def mint(stack: Stack, event: int) -> tuple[dict[int, str], str]:
    """An API key for every player of ``event`` and one for its organiser (``load.SETUP``'s)."""
    organiser = int(str(_django(stack, ORGANISER)["id"]))
    keys = {
        int(user): str(key)
        for user, key in _django(stack, MINT, str(event), str(organiser)).items()
    }
    return keys, keys.pop(organiser)


def tables(stack: Stack, event: int, number: int, keys: dict[int, str]) -> list[dict[str, object]]:
    """Round ``number``'s tables: the match and its two players' API keys."""
    rows = _django(stack, TABLES, str(event), str(number))["tables"]
    assert isinstance(rows, list)
    return [{"match": row["match"], "a": keys[row["a"]], "b": keys[row["b"]]} for row in rows]
