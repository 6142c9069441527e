"""tournament.draw_plan and round.card_tokens: the draw's stored plan, and the table cards' links

Revision ID: e2c4a7f9b031
Revises: e8c4b1f0a7d3
Create Date: 2026-11-24 23:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'e2c4a7f9b031'
down_revision = 'e8c4b1f0a7d3'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.add_column(sa.Column('draw_plan', sa.JSON(), nullable=True))
    with op.batch_alter_table('round', schema=None) as batch_op:
        batch_op.add_column(sa.Column('card_tokens', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('round', schema=None) as batch_op:
        batch_op.drop_column('card_tokens')
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.drop_column('draw_plan')
