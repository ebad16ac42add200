"""event_prize: one row per place with cash, trophy and medal together ("R$ 500 + troféu" is one
row, issue 17 point 5). Existing prizes are merged per (event, category, place): the cash row's
amount, a trophy row sets `trophy`, a medal row sets `medal`; the downgrade splits them again.

Revision ID: 0010_i3_prize_rows
Revises: 0010_i2_federation_settings
Create Date: 2026-12-01 12:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0010_i3_prize_rows'
down_revision = '0010_i2_federation_settings'
branch_labels = None
depends_on = None


def _table(*columns):  # type: ignore[no-untyped-def]
    return sa.table('event_prize', sa.column('id', sa.Integer), sa.column('event_id', sa.Integer),
                    sa.column('category_code', sa.String), sa.column('place', sa.Integer),
                    sa.column('amount', sa.Integer), *columns)


def upgrade():
    with op.batch_alter_table('event_prize', schema=None) as batch_op:
        batch_op.add_column(sa.Column('trophy', sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.add_column(sa.Column('medal', sa.Boolean(), server_default=sa.false(), nullable=False))
    prize = _table(sa.column('kind', sa.String), sa.column('trophy', sa.Boolean), sa.column('medal', sa.Boolean))
    conn = op.get_bind()
    merged: dict = {}
    for row in conn.execute(sa.select(prize.c.id, prize.c.event_id, prize.c.category_code, prize.c.place,
                                      prize.c.kind, prize.c.amount).order_by(prize.c.id)):
        key = (row.event_id, row.category_code, row.place)
        target = merged.setdefault(key, {"id": row.id, "amount": 0, "trophy": False, "medal": False, "drop": []})
        if row.id != target["id"]:
            target["drop"].append(row.id)
        if row.kind == 'cash':
            target["amount"] = row.amount
        elif row.kind in ('trophy', 'medal'):
            target[row.kind] = True
    for target in merged.values():
        conn.execute(prize.update().where(prize.c.id == target["id"]).values(
            amount=target["amount"], trophy=target["trophy"], medal=target["medal"]))
        if target["drop"]:
            conn.execute(prize.delete().where(prize.c.id.in_(target["drop"])))
    with op.batch_alter_table('event_prize', schema=None) as batch_op:
        batch_op.drop_constraint('event_prize_place', type_='unique')
        batch_op.drop_column('kind')
        batch_op.create_unique_constraint('event_prize_row', ['event_id', 'category_code', 'place'])
        batch_op.create_check_constraint(op.f('ck_event_prize_prize_not_empty'), 'amount > 0 OR trophy OR medal')


def downgrade():
    with op.batch_alter_table('event_prize', schema=None) as batch_op:
        batch_op.drop_constraint(op.f('ck_event_prize_prize_not_empty'), type_='check')
        batch_op.drop_constraint('event_prize_row', type_='unique')
        batch_op.add_column(sa.Column('kind', sa.String(length=10), server_default='cash', nullable=False))
    prize = _table(sa.column('kind', sa.String), sa.column('trophy', sa.Boolean), sa.column('medal', sa.Boolean))
    conn = op.get_bind()
    rows = list(conn.execute(sa.select(prize.c.id, prize.c.event_id, prize.c.category_code, prize.c.place,
                                       prize.c.amount, prize.c.trophy, prize.c.medal)))
    for row in rows:
        kinds = [k for k, on in (('cash', row.amount > 0), ('trophy', row.trophy), ('medal', row.medal)) if on]
        conn.execute(prize.update().where(prize.c.id == row.id).values(
            kind=kinds[0], amount=row.amount if kinds[0] == 'cash' else 0))
        for kind in kinds[1:]:
            conn.execute(prize.insert().values(event_id=row.event_id, category_code=row.category_code,
                                               place=row.place, kind=kind, amount=0))
    with op.batch_alter_table('event_prize', schema=None) as batch_op:
        batch_op.drop_column('medal')
        batch_op.drop_column('trophy')
        batch_op.create_unique_constraint('event_prize_place', ['event_id', 'category_code', 'place', 'kind'])
