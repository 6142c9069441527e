"""deal.second_partner: who held the called Queen at 6 players

Revision ID: 7c1e5a9d2b64
Revises: 43f799a41a1e
Create Date: 2026-11-23 10:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '7c1e5a9d2b64'
down_revision = '43f799a41a1e'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('deal', schema=None) as batch_op:
        batch_op.add_column(sa.Column('second_partner_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key(batch_op.f('fk_deal_second_partner_id_player'), 'player', ['second_partner_id'], ['id'])


def downgrade():
    with op.batch_alter_table('deal', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_deal_second_partner_id_player'), type_='foreignkey')
        batch_op.drop_column('second_partner_id')
