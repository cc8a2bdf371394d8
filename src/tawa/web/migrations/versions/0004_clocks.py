"""clocks (issue 25): a table's time control, and who is to act after each row of the move log

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("clock", sa.Text, nullable=True))
    with op.batch_alter_table("moves") as batch:
        batch.add_column(sa.Column("to_act", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("moves") as batch:
        batch.drop_column("to_act")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("clock")
