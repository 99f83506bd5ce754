"""Rows without the query compiler, for the statements every change runs.

A phase close is a handful of statements, and the ORM spent most of the close's CPU
building their SQL (filters, compilers, clones) rather than running them: at 50
games closing at once that CPU is what delays the last headline (bench/README.md).
These helpers write the same statements once per model and reuse them, and still
use Django's own fields for every conversion (JSON, datetimes, time zones), so rows
read here are the model instances the ORM would have built, on SQLite and
PostgreSQL alike. Anything beyond one table by primary key or a simple filter
belongs to the ORM.

The ORM's statements cost a close markedly more CPU (bench/README.md, "Current
figures" says how to measure it). What this leans on beyond
Django's documented API (the fields' and the backend's `get_db_converters`,
`Field.get_col`, `Model._prepare_related_fields_for_save`) is why Django is pinned
exactly in pyproject.toml; tests/site/test_rows.py checks every helper against the
ORM on both back ends.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from weakref import WeakKeyDictionary

from django.db import connections, router
from django.db.models import Model


def _connection(model: type[Model], write: bool):
    alias = router.db_for_write(model) if write else router.db_for_read(model)
    return connections[alias]


@dataclass(frozen=True)
class _Shape:
    """A model's columns in order, computed once."""

    table: str
    fields: tuple
    columns: tuple  # each field's Col expression, as the compiler passes to converters
    attnames: tuple


@cache
def _shape(model: type[Model]) -> _Shape:
    table = model._meta.db_table
    fields = tuple(model._meta.concrete_fields)
    return _Shape(
        table=table,
        fields=fields,
        columns=tuple(f.get_col(table) for f in fields),
        attnames=tuple(f.attname for f in fields),
    )


def _converters(connection, field, column) -> list:
    """The functions the ORM applies to this column's values (JSON, datetimes, ...)."""
    return connection.ops.get_db_converters(column) + field.get_db_converters(connection)


# connection -> model -> [(column index, column, its converters)]: the same for every
# row a connection reads (asked of Django once per connection: reading a game's
# row is on every close's path, a dead seat's socket included).
_ROW_CONVERTERS: WeakKeyDictionary = WeakKeyDictionary()


def _row_converters(connection, model: type[Model]) -> list[tuple]:
    by_model = _ROW_CONVERTERS.get(connection)
    if by_model is None:
        by_model = _ROW_CONVERTERS.setdefault(connection, {})
    found = by_model.get(model)
    if found is None:
        shape = _shape(model)
        found = by_model[model] = [
            (index, column, functions)
            for index, (field, column) in enumerate(zip(shape.fields, shape.columns, strict=True))
            if (functions := _converters(connection, field, column))
        ]
    return found


@cache
def _select_sql(model: type[Model], vendor: str, where: str, suffix: str) -> str:
    quote = _connection(model, write=False).ops.quote_name
    shape = _shape(model)
    columns = ", ".join(f"{quote(shape.table)}.{quote(f.column)}" for f in shape.fields)
    return f"SELECT {columns} FROM {quote(shape.table)} WHERE {where}{suffix}"


def select(
    model: type[Model], where: str, params: Sequence, *, order_by: str = "", for_update=False
) -> list[Model]:
    """Instances of `model` WHERE `where` (SQL with %s placeholders, column names as
    the table's). `for_update` locks the rows where the database can (not SQLite,
    whose transactions lock the whole file)."""
    connection = _connection(model, write=for_update)
    suffix = f" ORDER BY {order_by}" if order_by else ""
    if for_update and connection.features.has_select_for_update:
        suffix += " FOR UPDATE"
    with connection.cursor() as cursor:
        cursor.execute(_select_sql(model, connection.vendor, where, suffix), params)
        rows = cursor.fetchall()
    if not rows:
        return []
    shape = _shape(model)
    converters = _row_converters(connection, model)
    instances = []
    for row in rows:
        row = list(row)
        for index, column, functions in converters:
            for convert in functions:
                row[index] = convert(row[index], column, connection)
        instances.append(model.from_db(connection.alias, shape.attnames, row))
    return instances


def first(model: type[Model], where: str, params: Sequence, **kwargs) -> Model | None:
    found = select(model, where, params, **kwargs)
    return found[0] if found else None


def values(model: type[Model], sql: str, params: Sequence) -> list[tuple]:
    """Plain rows of a hand-written SELECT (no conversion: for ids, names, numbers)."""
    connection = _connection(model, write=False)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def json_values(model: type[Model], sql: str, params: Sequence, json_columns: Iterable[int]):
    """Rows of a hand-written SELECT, the given columns decoded as `model`'s JSON fields."""
    rows = values(model, sql, params)
    if not rows:
        return rows
    connection = _connection(model, write=False)
    shape = _shape(model)
    field, column = next(
        (f, c)
        for f, c in zip(shape.fields, shape.columns, strict=True)
        if f.get_internal_type() == "JSONField"
    )
    functions = _converters(connection, field, column)
    decoded = []
    for row in rows:
        row = list(row)
        for index in json_columns:
            for convert in functions:
                row[index] = convert(row[index], column, connection)
        decoded.append(tuple(row))
    return decoded


def _db_value(instance: Model, field, connection, add: bool):
    return field.get_db_prep_save(field.pre_save(instance, add), connection)


def update(instance: Model, fields: Iterable[str] | None = None) -> None:
    """UPDATE the instance's row: the named fields, or every field as `save()` does."""
    model = type(instance)
    connection = _connection(model, write=True)
    meta = model._meta
    named = None if fields is None else frozenset(meta.get_field(name) for name in fields)
    chosen = [
        f for f in meta.concrete_fields if not f.primary_key and (named is None or f in named)
    ]
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(f.column)} = %s" for f in chosen)
    sql = f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(meta.pk.column)} = %s"
    # As save() does: refuse an unsaved related object, take a related id saved since.
    # (A set, not the list: Django looks every field up in it, by Field.__eq__.)
    instance._prepare_related_fields_for_save(operation_name="update", fields=named)
    params = [_db_value(instance, f, connection, add=False) for f in chosen]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, instance.pk])


def insert(instances: Sequence[Model], *, returning_pk: bool = False) -> None:
    """INSERT the instances in one statement (all of one model); `returning_pk` sets
    their primary keys where the database returns them (PostgreSQL, SQLite 3.35+)."""
    if not instances:
        return
    model = type(instances[0])
    connection = _connection(model, write=True)
    meta = model._meta
    fields = [f for f in meta.concrete_fields if not f.primary_key]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column) for f in fields)
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    sql = f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES " + ", ".join(
        [row] * len(instances)
    )
    for obj in instances:  # as bulk_create does (an unsaved related object is refused)
        obj._prepare_related_fields_for_save(operation_name="insert")
    params = [_db_value(obj, f, connection, add=True) for obj in instances for f in fields]
    features = connection.features
    returning = returning_pk and (
        features.can_return_rows_from_bulk_insert
        if len(instances) > 1
        else features.can_return_columns_from_insert
    )
    if returning:
        sql += f" RETURNING {quote(meta.pk.column)}"
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        if returning:
            for obj, (pk,) in zip(instances, cursor.fetchall(), strict=True):
                obj.pk = pk
        elif returning_pk:
            if len(instances) != 1:
                raise ValueError("this database returns one new id per statement")
            instances[0].pk = connection.ops.last_insert_id(cursor, meta.db_table, meta.pk.column)
    for obj in instances:
        obj._state.adding = False
        obj._state.db = connection.alias
