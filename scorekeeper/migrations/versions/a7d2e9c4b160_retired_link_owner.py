"""retired_link: whose link it was (the club) and who retired it (a keyed digest of the
client's address), so that neither keeps more than a bounded number of them

The links retired before this revision have neither: they are kept as they were, for the
year every retired link is kept.

Revision ID: a7d2e9c4b160
Revises: f3a9d61b7c20
Create Date: 2026-11-27 09:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'a7d2e9c4b160'
down_revision = 'f3a9d61b7c20'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('retired_link', schema=None) as batch_op:
        batch_op.add_column(sa.Column('club_id', sa.Integer(), nullable=True))
        batch_op.add_column(
            sa.Column('by', sa.String(length=16), server_default='', nullable=False)
        )
        batch_op.create_index(batch_op.f('ix_retired_link_club_id'), ['club_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_retired_link_by'), ['by'], unique=False)


def downgrade():
    with op.batch_alter_table('retired_link', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_retired_link_by'))
        batch_op.drop_index(batch_op.f('ix_retired_link_club_id'))
        batch_op.drop_column('by')
        batch_op.drop_column('club_id')
