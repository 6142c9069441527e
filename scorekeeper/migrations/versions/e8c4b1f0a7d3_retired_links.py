"""retired_link: the links that were replaced or whose club, evening or tournament was
deleted, by their SHA-256, so that a phone still holding one is told why (410)

Revision ID: e8c4b1f0a7d3
Revises: d5a17c3e9b42
Create Date: 2026-11-24 23:20:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'e8c4b1f0a7d3'
down_revision = 'd5a17c3e9b42'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'retired_link',
        sa.Column('token_hash', sa.String(length=64), nullable=False),
        sa.Column('kind', sa.String(length=20), nullable=False),
        sa.Column('why', sa.String(length=20), nullable=False),
        sa.Column('at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('token_hash', name=op.f('pk_retired_link')),
    )
    with op.batch_alter_table('retired_link', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_retired_link_at'), ['at'], unique=False)


def downgrade():
    with op.batch_alter_table('retired_link', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_retired_link_at'))
    op.drop_table('retired_link')
