"""rating_queue: the clubs whose ratings are to be brought up to date from a sheet on,
outside the write that changed a rating (scorekeeper/stats/rerating.py)

Revision ID: c41e7a2b9d53
Revises: a7d2e9c4b160
Create Date: 2026-11-27 11:40:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c41e7a2b9d53'
down_revision = 'a7d2e9c4b160'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'rating_queue',
        sa.Column('club_id', sa.Integer(), nullable=False),
        sa.Column('start_date', sa.Date(), nullable=True),
        sa.Column('start_at', sa.DateTime(), nullable=True),
        sa.Column('start_sheet', sa.Integer(), nullable=True),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ['club_id'], ['club.id'], name=op.f('fk_rating_queue_club_id_club'), ondelete='CASCADE'
        ),
        sa.PrimaryKeyConstraint('club_id', name=op.f('pk_rating_queue')),
    )


def downgrade():
    op.drop_table('rating_queue')
