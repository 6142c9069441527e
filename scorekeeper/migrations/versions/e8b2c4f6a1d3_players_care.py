"""players' care: player.retired, player_alias (names a player was known by),
player_change (the log of renames, merges, retirements and deletions)

Revision ID: e8b2c4f6a1d3
Revises: e2c4a7f9b031
Create Date: 2026-11-24 23:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'e8b2c4f6a1d3'
down_revision = 'e2c4a7f9b031'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('retired', sa.Boolean(), server_default='0', nullable=False)
        )
    op.create_table(
        'player_alias',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('club_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=40), nullable=False),
        sa.ForeignKeyConstraint(['club_id'], ['club.id'], name=op.f('fk_player_alias_club_id_club')),
        sa.ForeignKeyConstraint(
            ['player_id'], ['player.id'], name=op.f('fk_player_alias_player_id_player')
        ),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_player_alias')),
        sa.UniqueConstraint('club_id', 'name', name=op.f('uq_player_alias_club_id_name')),
    )
    with op.batch_alter_table('player_alias', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_player_alias_club_id'), ['club_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_player_alias_player_id'), ['player_id'], unique=False)
    op.create_table(
        'player_change',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('club_id', sa.Integer(), nullable=False),
        sa.Column('action', sa.String(length=10), nullable=False),
        sa.Column('name', sa.String(length=40), nullable=False),
        sa.Column('before', sa.String(length=40), server_default='', nullable=False),
        sa.Column('at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ['club_id'], ['club.id'], name=op.f('fk_player_change_club_id_club')
        ),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_player_change')),
    )
    with op.batch_alter_table('player_change', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_player_change_club_id'), ['club_id'], unique=False)


def downgrade():
    with op.batch_alter_table('player_change', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_player_change_club_id'))
    op.drop_table('player_change')
    with op.batch_alter_table('player_alias', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_player_alias_player_id'))
        batch_op.drop_index(batch_op.f('ix_player_alias_club_id'))
    op.drop_table('player_alias')
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.drop_column('retired')
