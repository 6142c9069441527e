"""sheet.kind goes: a sheet is a tournament table's exactly when it has a tournament
(``Sheet.is_table``), one fact in one column

The closed sets of values (table mode, contract, Petit au bout, chelem, the draw's
preference, a retired link's kind and why) become Enum columns in the models; they stay
VARCHARs of the same lengths (no native type, no constraint), so their schema does not
change. The downgrade writes each sheet's kind back from its tournament.

Revision ID: c4e1b7a92d58
Revises: c41e7a2b9d53
Create Date: 2026-11-27 12:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c4e1b7a92d58'
down_revision = 'c41e7a2b9d53'
branch_labels = None
depends_on = None


# Never a copy of the table on SQLite: dropping the old ``sheet`` would cascade to every
# deal (``deal.sheet_id`` is ON DELETE CASCADE, and the app's connections enforce foreign
# keys). SQLite drops and adds a column in place since 3.35 (2021).
def upgrade():
    with op.batch_alter_table('sheet', schema=None, recreate='never') as batch_op:
        batch_op.drop_column('kind')


def downgrade():
    # The default stays: taking it away would copy the table, on SQLite.
    with op.batch_alter_table('sheet', schema=None, recreate='never') as batch_op:
        batch_op.add_column(
            sa.Column('kind', sa.String(length=20), server_default='evening', nullable=False)
        )
    op.execute("UPDATE sheet SET kind = 'table' WHERE tournament_id IS NOT NULL")
