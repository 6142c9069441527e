"""sheet_total: each sheet's per-player totals, kept by every write of its deals; filled
from the scores of the sheets there are

Revision ID: d5a17c3e9b42
Revises: b3e8f0a61c27
Create Date: 2026-11-23 10:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'd5a17c3e9b42'
down_revision = 'b3e8f0a61c27'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'sheet_total',
        sa.Column('sheet_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('points', sa.Integer(), nullable=False),
        sa.Column('first_seen', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ['player_id'], ['player.id'], name=op.f('fk_sheet_total_player_id_player')
        ),
        sa.ForeignKeyConstraint(
            ['sheet_id'], ['sheet.id'], name=op.f('fk_sheet_total_sheet_id_sheet'),
            ondelete='CASCADE',
        ),
        sa.PrimaryKeyConstraint('sheet_id', 'player_id', name=op.f('pk_sheet_total')),
    )
    # Every sheet's totals as the app sums them (scorekeeper.sheets.totals.sums): each
    # player's points, and first appearance as deal number × 100 + seat.
    op.execute(
        'INSERT INTO sheet_total (sheet_id, player_id, points, first_seen) '
        'SELECT deal.sheet_id, deal_score.player_id, SUM(deal_score.points), '
        'MIN(deal.number * 100 + deal_score.position) '
        'FROM deal_score JOIN deal ON deal_score.deal_id = deal.id '
        'GROUP BY deal.sheet_id, deal_score.player_id'
    )


def downgrade():
    op.drop_table('sheet_total')
