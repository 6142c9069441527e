"""sheet_total keeps the statistics' figures: deals played, place, rating after the
sheet, deals rated, and the player's tally

The figures of the sheets there are are left NULL here and written once the schema is
at head (migrations/env.py calls scorekeeper.stats.kept.fill_missing): the app's code
matches only the head schema, so no revision calls it.

Revision ID: f3a9d61b7c20
Revises: e8b2c4f6a1d3
Create Date: 2026-11-24 23:55:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'f3a9d61b7c20'
down_revision = 'e8b2c4f6a1d3'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('sheet_total', schema=None) as batch_op:
        batch_op.add_column(sa.Column('deals', sa.Integer(), server_default='0', nullable=False))
        batch_op.add_column(sa.Column('place', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('of', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('rating', sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column('rated', sa.Integer(), server_default='0', nullable=False))
        batch_op.add_column(sa.Column('figures', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('sheet_total', schema=None) as batch_op:
        batch_op.drop_column('figures')
        batch_op.drop_column('rated')
        batch_op.drop_column('rating')
        batch_op.drop_column('of')
        batch_op.drop_column('place')
        batch_op.drop_column('deals')
