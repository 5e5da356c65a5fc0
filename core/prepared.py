"""Reads compiled once per process, so that a report stays cheap.

Turning a queryset into SQL costs more than running it: a player's report spends about a third
of its server time compiling three small reads (the API token, the match's lock, the match's
versions), the same SQL each time with other values. ``PreparedRead`` compiles such a read
once per database connection alias, from a queryset built with placeholder values, and then
runs that SQL with the request's values, turning the rows into model instances as the ORM
does (``select_related`` included). It goes through the connection's ordinary cursor, so the
query is counted, logged and wrapped like any other.

It stays because it is measured: ``benchmarks/request_cost.py`` puts a report at about 2.9
times the yardstick's CPU with these reads compiled once, and about 4.8 times with the three
reads as plain querysets. It leans on the compiler's private ``klass_info``, ``select`` and
``get_related_populators``; Django is pinned exactly, and
``tests/core/test_prepared.py::test_the_reads_compiled_in_production_are_the_shape_they_were_checked_with``
fails when an upgrade compiles one of these reads differently, so this module is checked
against the new compiler before the pins move. Writes are not compiled here: they go through
the ORM.

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
from django.db.models import Model, QuerySet
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
