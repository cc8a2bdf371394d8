"""the table room (issue 25): what a table does when a person leaves (``leaver``), its spectators' chat, the chat

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("leaver", sa.String(8), nullable=False, server_default="bot"))
        batch.add_column(sa.Column("spectator_chat", sa.String(8), nullable=False, server_default="apart"))
    op.create_table(
        "chat",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("spectator_chat")
        batch.drop_column("leaver")
