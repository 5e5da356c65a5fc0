"""A read compiled once (``core.prepared``) answers exactly what its queryset answers: the same
rows, every field converted as the ORM converts it, the ``select_related`` objects attached,
deferred fields loaded when read; one query a call, its SQL compiled on the first call only."""

from __future__ import annotations

import hashlib
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models import QuerySet
from django.db.models.sql.compiler import SQLCompiler
from django.forms.models import model_to_dict
from django.test.utils import CaptureQueriesContext

from core.models import ApiToken
from core.prepared import PreparedRead
from core.services import api_token_issue
from core.tokens import token_hash

pytestmark = pytest.mark.django_db


def _tokens(key_hash: str) -> QuerySet[ApiToken]:
    return ApiToken.objects.select_related("user").filter(key_hash=key_hash).order_by()


def _issue(count: int) -> list[str]:
    users = [
        get_user_model().objects.create_user(username=f"p{n}", email=f"p{n}@example.com")
        for n in range(count)
    ]
    return [token_hash(api_token_issue(user=user)) for user in users]


def _fields(token: ApiToken) -> dict[str, object]:
    return {
        **model_to_dict(token),
        "created_at": token.created_at,
        "expires_at": token.expires_at,
        "user": model_to_dict(token.user, exclude=["groups", "user_permissions"]),
    }


def test_a_prepared_read_answers_what_its_queryset_does() -> None:
    hashes = _issue(3)
    prepared = PreparedRead(_tokens, "-")
    for key_hash in [*hashes, *hashes]:
        [found] = prepared.rows(key_hash)
        [expected] = list(_tokens(key_hash))
        with CaptureQueriesContext(connection) as queries:
            assert _fields(found) == _fields(expected)  # the account came with the row
        assert len(queries) == 0
        assert found.expires_at.tzinfo is not None  # converted as the ORM converts it
        assert not found._state.adding
    assert prepared.rows("no-such-hash") == []


def test_its_sql_is_compiled_on_the_first_call_only() -> None:
    hashes = _issue(2)
    prepared = PreparedRead(_tokens, "-")
    with mock.patch.object(SQLCompiler, "as_sql", autospec=True, wraps=SQLCompiler.as_sql) as c:
        prepared.rows(hashes[0])
        assert c.call_count == 1
        for key_hash in hashes * 2:
            with CaptureQueriesContext(connection) as queries:
                assert len(prepared.rows(key_hash)) == 1
            assert len(queries) == 1
        assert c.call_count == 1


def test_deferred_fields_are_loaded_when_read() -> None:
    [key_hash] = _issue(1)
    prepared = PreparedRead(lambda h: _tokens(h).only("prefix", "user__username"), "-")
    [found] = prepared.rows(key_hash)
    [expected] = list(_tokens(key_hash))
    assert (found.prefix, found.user.username) == (expected.prefix, expected.user.username)
    with CaptureQueriesContext(connection) as queries:
        assert found.user.email == expected.user.email
    assert len(queries) == 1


def test_a_placeholder_not_found_once_falls_back_to_the_queryset() -> None:
    hashes = _issue(2)
    both = PreparedRead(lambda h: ApiToken.objects.filter(key_hash=h) | _tokens(h), "-")
    assert [t.key_hash for t in both.rows(hashes[1])] == [hashes[1]]
    wrong_type = PreparedRead(_tokens, 0)  # the parameter is a string
    assert [t.key_hash for t in wrong_type.rows(hashes[0])] == [hashes[0]]


@pytest.mark.postgres
def test_on_postgresql_a_read_run_twice_is_a_statement_prepared_on_the_server() -> None:
    """The settings (``config.env``: server-side binding, ``prepare_threshold`` 2) reach the
    connection: the compiled token read, run twice as it is, is prepared on its third run."""
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL only")
    read = PreparedRead(_tokens, "-")
    key_hash = _issue(1)[0]

    def prepared() -> int:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s",
                ['%"core_apitoken"."key_hash" = $1%'],
            )
            found: int = cursor.fetchone()[0]
        return found

    assert read.rows(key_hash)[0].key_hash == key_hash
    read.rows(key_hash)
    assert prepared() == 0
    read.rows(key_hash)
    assert prepared() == 1


# --- the reads compiled in production, as this Django compiles them -----------------------------


def _production_reads() -> dict[str, PreparedRead[Any]]:
    from core import tokens
    from tournaments.services import locks, results

    return {
        "token": tokens._TOKEN,
        "match lock": locks._lean_match_lock(results.PLAYER_WRITE_FIELDS),
        "versions": results._VERSIONS,
        "versions and key": results._VERSIONS_AND_KEY,
    }


def _compiled_shape(read: PreparedRead[Any]) -> str:
    """What ``read`` compiles (its SQL, the parameters it keeps, where the values go, the
    columns a row is made from), by a fresh copy so that nothing compiled earlier in the process
    is looked at."""
    with transaction.atomic():  # a locking read is compiled inside a transaction only
        compiled = PreparedRead(read.build, *read.placeholders)._compile()
    assert compiled is not None, "the read fell back to the queryset: it is no longer compiled"
    return f"{compiled.sql}\n{compiled.params!r}\n{compiled.slots!r}\n{compiled.init_list!r}"


def _digest(shape: str) -> str:
    return hashlib.sha256(shape.encode()).hexdigest()[:16]


#: What each read compiled in production looks like (``_compiled_shape``) as Django 6.1.3
#: (pinned exactly in requirements.txt) compiles it, per database. ``PreparedRead`` takes the
#: compiler's private ``klass_info``, ``select`` and ``get_related_populators`` to turn rows
#: into objects; a Django upgrade that changes one of these reads fails here, and a digest is
#: updated only once ``PreparedRead`` is checked against the new compiler
#: (tests/tournaments/test_report_cost.py compares each read with its queryset: the same
#: statement sent, the same objects made).
COMPILED_SHAPES = {
    "sqlite": {
        "token": "bdc3500872637b49",
        "match lock": "837daeacccef4138",
        "versions": "6d70466f523e3bd8",
        "versions and key": "9984935c5e031660",
    },
    "postgresql": {
        "token": "bdc3500872637b49",
        "match lock": "b95331c1e4687763",  # FOR UPDATE OF
        "versions": "6d70466f523e3bd8",
        "versions and key": "9984935c5e031660",
    },
}


def test_the_reads_compiled_in_production_are_the_shape_they_were_checked_with() -> None:
    shapes = {name: _compiled_shape(read) for name, read in _production_reads().items()}
    pinned = COMPILED_SHAPES[connection.vendor]
    changed = {name: shape for name, shape in shapes.items() if _digest(shape) != pinned.get(name)}
    assert not changed, (
        "Django compiles these reads differently now: check core.prepared.PreparedRead "
        "against it, then update COMPILED_SHAPES\n"
        + "\n".join(f"{name} ({_digest(shape)}):\n{shape}" for name, shape in changed.items())
    )
    assert shapes.keys() == pinned.keys()
