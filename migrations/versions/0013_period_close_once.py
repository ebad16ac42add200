"""rating_period_event: the events each closed rating period rated, an event once (unique), so a
second close of the same events cannot land; filled from the closed periods (an event a repeated
close already rated twice keeps its first period).

Revision ID: 0013_period_close_once
Revises: 0013_login_unmatched_sign_ups
Create Date: 2026-12-05 05:10:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0013_period_close_once'
down_revision = '0013_login_unmatched_sign_ups'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('rating_period_event',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('period_id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['period_id'], ['rating_period.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('event_id')
    )
    with op.batch_alter_table('rating_period_event', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_rating_period_event_period_id'), ['period_id'], unique=False)
    connection = op.get_bind()
    period = sa.table('rating_period', sa.column('id', sa.Integer()), sa.column('status', sa.String()),
                      sa.column('event_ids', sa.JSON()))
    link = sa.table('rating_period_event', sa.column('period_id', sa.Integer()), sa.column('event_id', sa.Integer()))
    events = {row[0] for row in connection.execute(sa.text('SELECT id FROM event'))}
    rated: set[int] = set()
    for period_id, event_ids in connection.execute(
            sa.select(period.c.id, period.c.event_ids).where(period.c.status == 'closed').order_by(period.c.id)):
        for event_id in event_ids or ():
            if event_id in events and event_id not in rated:
                rated.add(event_id)
                connection.execute(link.insert().values(period_id=period_id, event_id=event_id))


def downgrade():
    with op.batch_alter_table('rating_period_event', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_rating_period_event_period_id'))
    op.drop_table('rating_period_event')
