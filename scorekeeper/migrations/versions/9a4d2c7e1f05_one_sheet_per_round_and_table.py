"""sheet: one sheet per tournament round and table, kept by the database

Revision ID: 9a4d2c7e1f05
Revises: 7c1e5a9d2b64
Create Date: 2026-11-22 17:00:00.000000

"""
from alembic import op


# revision identifiers, used by Alembic.
revision = '9a4d2c7e1f05'
down_revision = '7c1e5a9d2b64'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('sheet', schema=None) as batch_op:
        batch_op.create_unique_constraint(
            batch_op.f('uq_sheet_tournament_id_round_number_table_number'),
            ['tournament_id', 'round_number', 'table_number'],
        )


def downgrade():
    with op.batch_alter_table('sheet', schema=None) as batch_op:
        batch_op.drop_constraint(
            batch_op.f('uq_sheet_tournament_id_round_number_table_number'), type_='unique'
        )
