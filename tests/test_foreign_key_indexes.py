"""Every foreign key column is indexed: it leads an index, a unique constraint or the primary key
(deleting a parent row or joining from it then never scans the whole child table)."""
from __future__ import annotations

from sqlalchemy import MetaData, Table, UniqueConstraint

import damas.models  # noqa: F401  (registers every table on the metadata)
from damas.extensions import db


def _leading_columns(table: Table) -> set[str]:
    leading = set()
    if table.primary_key.columns:
        leading.add(next(iter(table.primary_key.columns)).name)
    for index in table.indexes:
        if index.expressions:
            first = index.expressions[0]
            leading.add(getattr(first, "name", str(first)))
    for constraint in table.constraints:
        if isinstance(constraint, UniqueConstraint) and constraint.columns:
            leading.add(next(iter(constraint.columns)).name)
    return leading


def unindexed_foreign_keys(metadata: MetaData) -> list[str]:
    missing = []
    for table in metadata.sorted_tables:
        leading = _leading_columns(table)
        for column in table.columns:
            if column.foreign_keys and column.name not in leading:
                missing.append(f"{table.name}.{column.name}")
    return missing


def test_every_foreign_key_column_leads_an_index():
    assert unindexed_foreign_keys(db.metadata) == []
    assert len([c for t in db.metadata.sorted_tables for c in t.columns if c.foreign_keys]) > 40


def test_the_check_sees_an_unindexed_foreign_key():
    from sqlalchemy import Column, ForeignKey, Index, Integer

    metadata = MetaData()
    Table("parent", metadata, Column("id", Integer, primary_key=True))
    Table("child", metadata, Column("id", Integer, primary_key=True),
          Column("parent_id", Integer, ForeignKey("parent.id")),
          Column("other_id", Integer, ForeignKey("parent.id")),
          Column("third_id", Integer, ForeignKey("parent.id")),
          UniqueConstraint("other_id", "parent_id"),
          Index("ix_child_x", "id", "third_id"))
    # parent_id is only the second column of the unique constraint, third_id of an index
    assert unindexed_foreign_keys(metadata) == ["child.parent_id", "child.third_id"]
