"""Reads compiled once per process (issue 16: a report is cheap).

Turning a queryset into SQL costs more than running it: a player's report spends about a third
of its server time compiling three small reads (the API token, the match's lock, the match's
versions), the same SQL each time with other values. ``PreparedRead`` compiles such a read
once per database connection alias, from a queryset built with placeholder values, and then
runs that SQL with the request's values, turning the rows into model instances as the ORM
does (``select_related`` included). It goes through the connection's ordinary cursor, so the
query is counted, logged and wrapped like any other.

Only for reads of a fixed shape whose values are plain parameters (primary keys, hashes,
keys): a value the SQL does not carry as exactly one parameter (an empty list, ``None``) makes
the read fall back to the ordinary queryset, every time, so an unusual read is slow, never
wrong.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connections
from django.db.models import Model, Q, QuerySet
from django.db.models.query import DEFAULT_FETCH_MODE, get_related_populators


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple[Any, ...]
    slots: tuple[int, ...]  # where each value goes in ``params``
    model: type[Model]
    start: int
    end: int
    init_list: tuple[str, ...]
    converters: Any
    compiler: Any
    populators: tuple[Any, ...]
    for_update: bool


class PreparedRead[M: Model]:
    """``build(*values)``'s rows, its SQL compiled once per process with ``placeholders``.

    Each placeholder must be a value of the parameter's type that no real value takes (a
    negative id, a string no key has), so that it is found exactly once among the compiled
    parameters; a read whose placeholders are not is run as an ordinary queryset instead. A
    locking read (``select_for_update``) is compiled, and run, inside a transaction only."""

    def __init__(
        self, build: Callable[..., QuerySet[M]], *placeholders: object, using: str = "default"
    ) -> None:
        self.build = build
        self.placeholders = placeholders
        self.using = using
        self._compiled: _Compiled | None = None
        self._unfit = False
        self._lock = threading.Lock()

    def rows(self, *values: object) -> list[M]:
        compiled = self._compiled or self._compile()
        connection = connections[self.using]
        if (
            compiled is None
            or len(values) != len(compiled.slots)
            or (compiled.for_update and not connection.in_atomic_block)
        ):
            return list(self.build(*values))  # the ORM's own way (and its own errors)
        params = list(compiled.params)
        for slot, value in zip(compiled.slots, values, strict=True):
            params[slot] = _parameter(value)
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            fetched: list[Any] = cursor.fetchall()
        if compiled.converters:
            fetched = list(compiled.compiler.apply_converters(fetched, compiled.converters))
        found: list[M] = []
        for row in fetched:
            obj = compiled.model.from_db(
                self.using,
                compiled.init_list,
                row[compiled.start : compiled.end],
                fetch_mode=DEFAULT_FETCH_MODE,
            )
            for populator in compiled.populators:
                populator.populate(row, obj)
            found.append(obj)  # type: ignore[arg-type]  # from_db of the queryset's own model
        return found

    def _compile(self) -> _Compiled | None:
        with self._lock:
            if self._compiled is not None or self._unfit:
                return self._compiled
            queryset = self.build(*self.placeholders)
            query = queryset.query
            if query.select_for_update and not connections[self.using].in_atomic_block:
                return None  # compiled by the first call inside a transaction
            prefetches: object = getattr(queryset, "_prefetch_related_lookups", None)
            if query.annotations or prefetches:
                self._unfit = True
                return None
            compiler = query.get_compiler(using=self.using)
            sql, params = compiler.as_sql()
            slots = [_slot(params, _parameter(p)) for p in self.placeholders]
            if any(slot is None for slot in slots):
                self._unfit = True
                return None
            klass_info, select = compiler.klass_info, compiler.select
            start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
            fields = [column[0] for column in select[0 : compiler.col_count]]
            populators = get_related_populators(klass_info, select, self.using, DEFAULT_FETCH_MODE)
            self._compiled = _Compiled(
                sql=sql,
                params=tuple(params),
                slots=tuple(slot for slot in slots if slot is not None),
                model=klass_info["model"],
                start=start,
                end=end,
                init_list=tuple(column[0].target.attname for column in select[start:end]),
                converters=compiler.get_converters(fields),
                compiler=compiler,
                populators=tuple(populators),
                for_update=bool(query.select_for_update),
            )
            return self._compiled


def _parameter(value: object) -> object:
    return value.pk if isinstance(value, Model) else value


def _slot(params: Sequence[Any], value: object) -> int | None:
    """The one position of ``value`` among ``params``; None when it is not there once."""
    slots = [i for i, param in enumerate(params) if param == value and type(param) is type(value)]
    return slots[0] if len(slots) == 1 else None


@dataclass(frozen=True)
class _Insert:
    sql: str
    fields: tuple[Any, ...]
    returning: tuple[Any, ...]


_INSERTS: dict[tuple[type[Model], str], _Insert | None] = {}
_inserts_lock = threading.Lock()


def insert_row[M: Model](obj: M, *, using: str = "default") -> M:
    """Store ``obj``, a new row, as ``obj.save(force_insert=True)`` would, with the INSERT
    compiled once per model and database alias (issue 16: a report stores three rows: its
    version, its audit entry and a notification's job, and the ORM compiled each INSERT anew).
    The values are prepared as the ORM prepares them (``pre_save``: ``auto_now_add`` and the
    like; ``get_db_prep_save``: JSON and the rest), and the columns the database returns (the
    primary key) are set on ``obj``. No ``pre_save`` or ``post_save`` signal is sent: for models
    that have no receivers. A model with an inheritance parent, a value that is an expression,
    or a database that cannot return columns from an INSERT: the ORM's own ``save``."""
    _resolve_keys(obj)
    model = type(obj)
    connection = connections[using]
    compiled = _INSERTS.get((model, using), _UNKNOWN)
    if compiled is _UNKNOWN:
        compiled = _compile_insert(model, obj, using)
    if compiled is None or getattr(obj, model._meta.pk.attname) is not None:
        obj.save(force_insert=True, using=using)
        return obj
    # a relation to a row saved since it was set takes its key; to one never saved: the ORM's
    # refusal (ValueError), as save() refuses it
    _related_keys(obj)
    values: list[Any] = []
    for field in compiled.fields:
        value = field.pre_save(obj, add=True)
        if hasattr(value, "resolve_expression"):
            obj.save(force_insert=True, using=using)
            return obj
        values.append(field.get_db_prep_save(value, connection=connection))
    with connection.cursor() as cursor:
        cursor.execute(compiled.sql, values)
        row = cursor.fetchone()
    for field, value in zip(compiled.returning, row, strict=True):
        setattr(obj, field.attname, value)
    obj._state.adding = False
    obj._state.db = using
    return obj


_UNKNOWN: Any = object()


def _related_keys(obj: Model) -> None:
    """What ``save()`` does first: a relation set to a row saved since takes its key (a row
    never saved: ValueError, the ORM's own words). Django's method, not in its typed stubs."""
    prepare = getattr(obj, "_prepare_related_fields_for_save")  # noqa: B009 - not in the stubs
    prepare(operation_name="save")


def _compile_insert(model: type[Model], obj: Model, using: str) -> _Insert | None:
    from django.db.models.sql import InsertQuery

    with _inserts_lock:
        meta = model._meta
        connection = connections[using]
        returning = tuple(meta.db_returning_fields)
        fit = (
            not meta.parents
            and meta.auto_field is not None
            and connection.features.can_return_columns_from_insert
        )
        compiled: _Insert | None = None
        if fit:
            fields = tuple(
                f
                for f in meta.local_concrete_fields
                if not f.generated and f is not meta.auto_field
            )
            query = InsertQuery(model)
            query.insert_values(list(fields), [obj])
            compiler = query.get_compiler(using=using)
            compiler.returning_fields = list(returning)
            statements = compiler.as_sql()
            if len(statements) == 1 and len(statements[0][1]) == len(fields):
                compiled = _Insert(sql=statements[0][0], fields=fields, returning=returning)
        _INSERTS[(model, using)] = compiled
        return compiled


#: Where a row keeps the fields that take another new row's primary key (``key_of``).
_KEYS = "_prepared_keys"


def key_of(row: Model, field: str, stored: Model) -> None:
    """Let ``row``'s ``field`` take the primary key of ``stored``, a new row that
    ``insert_rows`` stores before ``row`` (an audit entry naming the row it records, in the same
    statement). ``insert_row`` resolves it too, once ``stored`` has its key."""
    name = row._meta.get_field(field).name  # an attname or a name; unknown: FieldDoesNotExist
    links: dict[str, Model] = row.__dict__.setdefault(_KEYS, {})
    links[name] = stored


def _resolve_keys(row: Model) -> None:
    """Set the fields ``key_of`` marked on ``row`` from their rows' keys (stored by now)."""
    links: dict[str, Model] | None = row.__dict__.pop(_KEYS, None)
    for name, stored in (links or {}).items():
        if stored.pk is None:
            raise ValueError(f"{name}: the row it takes its key from is not stored yet")
        field = row._meta.get_field(name)
        setattr(row, field.attname, field.to_python(stored.pk))  # type: ignore[union-attr]


_TOGETHER: dict[tuple[object, ...], str | None] = {}


def insert_rows(rows: Sequence[Model], *, using: str = "default") -> None:
    """Store new rows in order, each as ``insert_row`` stores it, a field marked by ``key_of``
    taking its row's primary key.

    On PostgreSQL the rows go in one statement (issue 16: a report stores its version, the
    audit entry naming it and the opponent's notification job, one round trip each): each
    INSERT, compiled as ``insert_row`` compiles it, is a data-modifying ``WITH`` clause, a
    marked field's value is the key its row's clause returns, and the keys come back together.
    If one row is refused, the statement stores none of them. Elsewhere, or with a row that
    ``insert_row`` would give to the ORM (a key or an expression set): one INSERT each."""
    connection = connections[using]
    plan = _together(rows, using) if connection.vendor == "postgresql" and len(rows) > 1 else None
    if plan is None:
        for row in rows:
            insert_row(row, using=using)
        return
    sql, compiled, values = plan
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        returned = list(cursor.fetchone())
    for row, insert in zip(rows, compiled, strict=True):
        for field in insert.returning:
            setattr(row, field.attname, returned.pop(0))
        row._state.adding = False
        row._state.db = using
    for row in rows:
        _resolve_keys(row)


def _together(rows: Sequence[Model], using: str) -> tuple[str, list[_Insert], list[Any]] | None:
    """The one statement that stores ``rows`` (``insert_rows``), its compiled INSERTs and its
    parameters; None when a row cannot go in it."""
    connection = connections[using]
    compiled: list[_Insert] = []
    values: list[Any] = []
    links_by_row: list[tuple[tuple[int, int], ...]] = []
    for position, row in enumerate(rows):
        model = type(row)
        insert = _INSERTS.get((model, using), _UNKNOWN)
        if insert is _UNKNOWN:
            insert = _compile_insert(model, row, using)
        if insert is None or getattr(row, model._meta.pk.attname) is not None:
            return None
        try:  # a relation to a row saved since it was set takes its key, as save() does
            _related_keys(row)
        except ValueError:
            return None  # to a row of this batch, not stored yet: one by one, in order
        links: dict[str, Model] = row.__dict__.get(_KEYS, {})
        linked: list[tuple[int, int]] = []
        for index, field in enumerate(insert.fields):
            stored = links.get(field.name)
            if stored is not None:
                earlier = next((n for n in range(position) if rows[n] is stored), None)
                if earlier is None:
                    return None  # a key from outside the batch: insert_row resolves it
                linked.append((index, earlier))
                continue
            value = field.pre_save(row, add=True)
            if hasattr(value, "resolve_expression"):
                return None
            values.append(field.get_db_prep_save(value, connection=connection))
        compiled.append(insert)
        links_by_row.append(tuple(linked))
    key = (using, *zip((type(row) for row in rows), links_by_row, strict=True))
    sql = _TOGETHER.get(key, _UNKNOWN)
    if sql is _UNKNOWN:
        sql = _TOGETHER[key] = _together_sql(compiled, links_by_row, using)
    return None if sql is None else (sql, compiled, values)


def _together_sql(
    compiled: list[_Insert], links_by_row: list[tuple[tuple[int, int], ...]], using: str
) -> str | None:
    """``WITH r0 AS (INSERT …), r1 AS (INSERT … (SELECT key FROM r0) …) SELECT * FROM r0, r1``:
    the INSERTs ``insert_row`` compiled, a linked value cast to its column's type; None when an
    INSERT is not of the shape this expects."""
    connection = connections[using]
    quote = connection.ops.quote_name
    clauses = []
    for position, insert in enumerate(compiled):
        head, found, rest = insert.sql.partition(" VALUES (")
        listed, found_too, tail = rest.partition(") RETURNING ")
        slots = listed.split(", ")
        if not (found and found_too) or slots != ["%s"] * len(insert.fields):
            return None
        for index, earlier in links_by_row[position]:
            field = insert.fields[index]
            key = next(f for f in compiled[earlier].returning if f.primary_key)
            column_type = field.db_type(connection)
            # names quoted, the type the model's: no value is ever part of the SQL
            taken = f"(SELECT {quote(key.column)} FROM r{earlier})"  # noqa: S608
            slots[index] = f"CAST({taken} AS {column_type})"
        clauses.append(f"r{position} AS ({head} VALUES ({', '.join(slots)}) RETURNING {tail})")
    tables = ", ".join(f"r{position}" for position in range(len(compiled)))
    return f"WITH {', '.join(clauses)} SELECT * FROM {tables}"  # noqa: S608 - compiled SQL


_UPDATES: dict[tuple[type[Model], tuple[str, ...], int, str], str | None] = {}


def update_rows(
    model: type[Model], pks: Sequence[object], *, using: str = "default", **values: object
) -> int:
    """``model.objects.filter(pk__in=pks).update(**values)``, its UPDATE compiled once per
    model, fields, number of rows and database alias (issue 16: a confirmation marks the
    versions it supersedes, and compiling that UPDATE cost three times as much as running it).
    The SQL is the ORM's own, compiled by the first call, whose parameters must be those this
    function prepares (``get_db_prep_save`` for the values, as an update prepares them, the
    primary keys as a lookup does) or it is not kept. How many rows changed. A value that is
    an expression, a name that is not a column of the model's own table (a relation's other
    side, the primary key), or a model with an inheritance parent: the ORM's own ``update``,
    every time."""
    pks = list(dict.fromkeys(_parameter(one) for one in pks))  # each row once, as the ORM does
    if not pks:
        return 0
    meta = model._meta
    own = {f.name: f for f in meta.local_concrete_fields if not f.primary_key}
    fields = [own[name] for name in values if name in own]
    connection = connections[using]
    key = (model, tuple(values), len(pks), using)
    sql = _UPDATES.get(key, _UNKNOWN)
    if (
        sql is None
        or meta.parents
        or len(fields) != len(values)
        or any(
            hasattr(value, "resolve_expression") or isinstance(value, Model)
            for value in values.values()
        )
    ):
        return model._default_manager.using(using).filter(pk__in=pks).update(**values)
    params = [
        f.get_db_prep_save(value, connection=connection)
        for f, value in zip(fields, values.values(), strict=True)
    ]
    params += [meta.pk.get_db_prep_value(one, connection) for one in pks]
    if sql is _UNKNOWN:
        sql = _compile_update(model, pks, using, values, params)
        if sql is None:
            return model._default_manager.using(using).filter(pk__in=pks).update(**values)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return int(cursor.rowcount)


def _compile_update(
    model: type[Model],
    pks: Sequence[object],
    using: str,
    values: dict[str, object],
    params: list[Any],
) -> str | None:
    """The ORM's UPDATE for these values and primary keys, kept when its parameters are
    ``params`` (else None, kept too: that update always goes through the ORM)."""
    from django.db.models.sql import UpdateQuery

    query = UpdateQuery(model)
    query.add_update_values(values)
    query.add_q(Q(pk__in=list(pks)))
    sql, compiled = query.get_compiler(using=using).as_sql()
    kept = sql if list(compiled) == params else None
    _UPDATES[(model, tuple(values), len(pks), using)] = kept
    return kept
