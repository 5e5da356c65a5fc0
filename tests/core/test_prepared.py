"""A read compiled once (``core.prepared``) answers exactly what its queryset answers: the same
rows, every field converted as the ORM converts it, the ``select_related`` objects attached,
deferred fields loaded when read; one query a call, its SQL compiled on the first call only."""

from __future__ import annotations

import datetime as dt
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
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


# --- insert_row: an INSERT compiled once -------------------------------------------------------


def _stored(model: type[Any], pk: int) -> dict[str, object]:
    row = model.objects.get(pk=pk)
    return {f.attname: getattr(row, f.attname) for f in model._meta.concrete_fields}


def test_an_inserted_row_is_stored_as_the_orm_stores_it() -> None:
    from core.models import AuditEntry, OutboxJob
    from core.prepared import insert_row

    data = {"score": [2, 1, 0], "name": "アン", "nested": {"a": None}}
    fast = insert_row(AuditEntry(action="tests.x", object_type="t", object_id="7", data=data))
    slow = AuditEntry.objects.create(action="tests.x", object_type="t", object_id="7", data=data)
    assert fast.pk != slow.pk
    assert not fast._state.adding
    assert fast._state.db == "default"
    one, other = _stored(AuditEntry, fast.pk), _stored(AuditEntry, slow.pk)
    assert one.pop("id") != other.pop("id")
    made, made_after = one.pop("created_at"), other.pop("created_at")
    assert isinstance(made, dt.datetime)
    assert isinstance(made_after, dt.datetime)
    assert made <= made_after  # auto_now_add, set by pre_save
    assert one == other
    assert one["data"] == data
    assert one["actor_id"] is None
    assert one["reason"] == ""
    job = insert_row(OutboxJob(task="tests.job", payload={"ids": [1, 2]}))
    stored = OutboxJob.objects.get(pk=job.pk)
    assert (stored.status, stored.attempts, stored.payload) == ("queued", 0, {"ids": [1, 2]})


def test_the_insert_is_compiled_once_and_is_one_query() -> None:
    from core.models import AuditEntry
    from core.prepared import insert_row

    insert_row(AuditEntry(action="tests.first"))
    with (
        mock.patch.object(SQLCompiler, "as_sql", side_effect=AssertionError("compiled again")),
        CaptureQueriesContext(connection) as queries,
    ):
        insert_row(AuditEntry(action="tests.second", data={"n": 2}))
    assert len(queries) == 1
    assert queries[0]["sql"].startswith("INSERT")
    assert AuditEntry.objects.filter(action="tests.second", data__n=2).count() == 1


def test_a_refused_row_raises_as_the_orm_does_and_stores_nothing() -> None:
    from django.db import IntegrityError, transaction

    from core.models import Notification
    from core.prepared import insert_row

    user = get_user_model().objects.create_user(username="ann")
    insert_row(Notification(recipient=user, kind="k", dedupe_key="same"))
    with pytest.raises(IntegrityError), transaction.atomic():
        insert_row(Notification(recipient=user, kind="k", dedupe_key="same"))
    assert Notification.objects.filter(dedupe_key="same").count() == 1


def test_a_row_with_its_primary_key_set_goes_through_the_orm() -> None:
    from core.models import AuditEntry
    from core.prepared import insert_row

    row = insert_row(AuditEntry(pk=4242, action="tests.keyed"))
    assert row.pk == 4242
    assert AuditEntry.objects.get(pk=4242).action == "tests.keyed"


def _jobs(count: int) -> list[Any]:
    from core.models import OutboxJob

    return [OutboxJob.objects.create(task=f"tests.job{n}") for n in range(count)]


def test_an_update_changes_the_rows_given_and_only_those_as_the_orm_would() -> None:
    from core.models import OutboxJob
    from core.prepared import update_rows

    first, second, third = _jobs(3)
    when = dt.datetime(2027, 1, 10, 9, 30, tzinfo=dt.UTC)
    changed = update_rows(OutboxJob, [first.pk, third.pk], status="done", finished_at=when)
    assert changed == 2
    stored = {job.pk: (job.status, job.finished_at) for job in OutboxJob.objects.all()}
    assert stored == {
        first.pk: ("done", when),
        second.pk: ("queued", None),  # not given: untouched
        third.pk: ("done", when),
    }
    assert update_rows(OutboxJob, [], status="failed") == 0
    assert update_rows(OutboxJob, [second], status="failed") == 1  # a row stands for its key
    assert OutboxJob.objects.get(pk=second.pk).status == "failed"


def test_the_update_is_compiled_once_per_shape_and_is_one_query() -> None:
    from core.models import OutboxJob
    from core.prepared import update_rows

    first, second, third = _jobs(3)
    update_rows(OutboxJob, [first.pk], status="running")
    with (
        mock.patch.object(SQLCompiler, "as_sql", side_effect=AssertionError("compiled again")),
        CaptureQueriesContext(connection) as queries,
    ):
        update_rows(OutboxJob, [second.pk], status="done")
    assert len(queries) == 1
    assert queries[0]["sql"].startswith("UPDATE")
    # another number of rows is another statement, compiled on its first call
    assert update_rows(OutboxJob, [first.pk, third.pk], status="failed") == 2
    statuses = dict(OutboxJob.objects.values_list("pk", "status"))
    assert statuses == {first.pk: "failed", second.pk: "done", third.pk: "failed"}


def test_an_expression_or_a_name_that_is_no_column_goes_through_the_orm() -> None:
    from django.core.exceptions import FieldDoesNotExist
    from django.db.models import F

    from core.models import OutboxJob
    from core.prepared import update_rows

    (job,) = _jobs(1)
    assert update_rows(OutboxJob, [job.pk], attempts=F("attempts") + 2) == 1
    assert OutboxJob.objects.get(pk=job.pk).attempts == 2
    with pytest.raises(FieldDoesNotExist):  # the ORM's own refusal, word for word
        update_rows(OutboxJob, [job.pk], no_such_field=1)


def _batch(name: str = "ann") -> tuple[Any, Any, Any]:
    """A notification, the audit entry naming it and a job: new rows, not stored yet."""
    from core.audit import audit_entry
    from core.models import Notification, OutboxJob

    user = get_user_model().objects.create_user(username=name)
    row = Notification(recipient=user, kind="k", dedupe_key=f"{name}:k:1", params={"n": "アン"})
    entry = audit_entry(action="tests.made", actor=user, obj=row, data={"why": [1, 2]})
    job = OutboxJob(task="tests.job", payload={"ids": [3]})
    return row, entry, job


def test_rows_stored_together_are_stored_as_one_by_one_with_the_key_they_name() -> None:
    from core.models import AuditEntry, Notification, OutboxJob
    from core.prepared import insert_rows

    row, entry, job = _batch()
    with CaptureQueriesContext(connection) as queries:
        insert_rows([row, entry, job])
    on_postgresql = connection.vendor == "postgresql"
    assert len(queries) == (1 if on_postgresql else 3)  # one statement on PostgreSQL
    assert None not in (row.pk, entry.pk, job.pk)
    assert not any(obj._state.adding for obj in (row, entry, job))
    assert entry.object_id == str(row.pk)  # set on the object too
    stored = AuditEntry.objects.get(pk=entry.pk)
    assert (stored.object_type, stored.object_id) == ("core.notification", str(row.pk))
    assert (stored.action, stored.actor_id) == ("tests.made", row.recipient_id)
    assert stored.data == {"why": [1, 2]}
    assert stored.created_at is not None  # auto_now_add, as insert_row sets it
    assert Notification.objects.get(pk=row.pk).params == {"n": "アン"}
    assert OutboxJob.objects.get(pk=job.pk).payload == {"ids": [3]}


def test_a_refused_row_stores_none_of_those_stored_with_it() -> None:
    from django.db import IntegrityError, transaction

    from core.models import AuditEntry, Notification, OutboxJob
    from core.prepared import insert_row, insert_rows

    first, _entry, _job = _batch()
    insert_row(first)
    twin, twin_entry, twin_job = _batch("bob")
    twin.dedupe_key = first.dedupe_key  # refused: the key is taken
    twin_entry.action, twin_job.task = "tests.twin", "tests.twin"
    with pytest.raises(IntegrityError), transaction.atomic():
        insert_rows([twin, twin_entry, twin_job])
    assert Notification.objects.count() == 1
    assert not AuditEntry.objects.filter(action="tests.twin").exists()
    assert not OutboxJob.objects.filter(task="tests.twin").exists()


def test_a_key_named_outside_the_rows_is_taken_once_that_row_is_stored() -> None:
    from core.prepared import insert_row, insert_rows

    row, entry, job = _batch()
    with pytest.raises(ValueError, match="object_id: the row it takes its key from"):
        insert_rows([entry, job])  # the named row is not stored: refused, nothing guessed
    row, entry, job = _batch("bob")
    insert_row(row)
    insert_rows([entry, job])
    assert entry.object_id == str(row.pk)
    assert job.pk is not None


def test_a_key_named_by_its_column_and_a_relation_to_a_new_row_of_the_batch() -> None:
    from django.core.exceptions import FieldDoesNotExist

    from core.models import Notification
    from core.prepared import insert_rows, key_of

    person = get_user_model()(username="cy")
    by_column = Notification(kind="k", dedupe_key="cy:k:1")
    key_of(by_column, "recipient_id", person)  # the column's name names the field too
    by_relation = Notification(recipient=person, kind="k", dedupe_key="cy:k:2")  # set unsaved
    insert_rows([person, by_column, by_relation])
    stored = dict(Notification.objects.values_list("dedupe_key", "recipient_id"))
    assert stored == {"cy:k:1": person.pk, "cy:k:2": person.pk}
    assert by_column.recipient_id == by_relation.recipient_id == person.pk
    with pytest.raises(FieldDoesNotExist):
        key_of(by_column, "no_such_field", person)  # refused at once, nothing stored


def test_an_update_to_a_row_or_of_a_key_given_twice_is_the_orm_s() -> None:
    from core.models import AuditEntry, OutboxJob
    from core.prepared import update_rows

    user = get_user_model().objects.create_user(username="dee")
    entry = AuditEntry.objects.create(action="tests.x")
    assert update_rows(AuditEntry, [entry.pk], actor=user) == 1  # a row as a relation's value
    assert AuditEntry.objects.get(pk=entry.pk).actor_id == user.pk
    (job,) = _jobs(1)
    assert update_rows(OutboxJob, [job.pk, job], status="done") == 1  # each row once
    assert OutboxJob.objects.get(pk=job.pk).status == "done"


@pytest.mark.postgres
def test_on_postgresql_rows_stored_together_are_compiled_once() -> None:
    from core.prepared import insert_rows

    insert_rows(list(_batch()))
    rows = list(_batch("bob"))
    with mock.patch.object(SQLCompiler, "as_sql", side_effect=AssertionError("compiled again")):
        insert_rows(rows)
    assert rows[1].object_id == str(rows[0].pk)


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
