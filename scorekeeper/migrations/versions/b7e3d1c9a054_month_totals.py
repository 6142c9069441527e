"""month_total: each player's kept figures over each calendar month of their club, what
the club's season over every date reads (scorekeeper/stats/months.py)

The rows are counted from the sheets' kept rows once the schema is at head
(migrations/env.py, scorekeeper.stats.kept.fill_missing): the code that counts them is
the app's, which matches only the head schema.

Revision ID: b7e3d1c9a054
Revises: c4e1b7a92d58
Create Date: 2026-11-27 14:40:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b7e3d1c9a054'
down_revision = 'c4e1b7a92d58'
branch_labels = None
depends_on = None

FIELDS = (
    *(f"{role}_{part}" for role in ("taker", "partner", "defender")
      for part in ("deals", "points", "won")),
    *(f"{c}_{part}" for c in ("prise", "garde", "garde_sans", "garde_contre")
      for part in ("taken", "made", "points")),
    *(f"at{size}_{part}" for size in ("3", "4", "5", "6")
      for part in ("deals", "taken", "made", "won", "points")),
)


def upgrade():
    op.create_table(
        'month_total',
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('month', sa.Date(), nullable=False),
        sa.Column('club_id', sa.Integer(), nullable=False),
        sa.Column('sheets', sa.Integer(), nullable=False),
        sa.Column('deals', sa.Integer(), nullable=False),
        sa.Column('points', sa.Integer(), nullable=False),
        *(sa.Column(name, sa.Integer(), server_default='0', nullable=False) for name in FIELDS),
        sa.ForeignKeyConstraint(
            ['club_id'], ['club.id'], name=op.f('fk_month_total_club_id_club'), ondelete='CASCADE'
        ),
        sa.ForeignKeyConstraint(
            ['player_id'], ['player.id'], name=op.f('fk_month_total_player_id_player'),
            ondelete='CASCADE',
        ),
        sa.PrimaryKeyConstraint('player_id', 'month', name=op.f('pk_month_total')),
    )
    op.create_index('ix_month_total_club_id_player_id', 'month_total', ['club_id', 'player_id'])


def downgrade():
    op.drop_index('ix_month_total_club_id_player_id', table_name='month_total')
    op.drop_table('month_total')
