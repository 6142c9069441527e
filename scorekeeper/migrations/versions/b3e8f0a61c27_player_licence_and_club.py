"""player.licence and player.affiliation: a federation licence number and the player's own club

Revision ID: b3e8f0a61c27
Revises: 9a4d2c7e1f05
Create Date: 2026-11-22 10:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b3e8f0a61c27'
down_revision = '9a4d2c7e1f05'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.add_column(sa.Column('licence', sa.String(length=20), server_default='', nullable=False))
        batch_op.add_column(sa.Column('affiliation', sa.String(length=80), server_default='', nullable=False))


def downgrade():
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.drop_column('affiliation')
        batch_op.drop_column('licence')
