"""invitations (issue 26): an open seat offered to a registered player by username

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "invitations",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("guest", sa.String(40), nullable=False),
        sa.Column("by", sa.String(80), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_invitations_guest", "invitations", ["guest"])


def downgrade() -> None:
    op.drop_index("ix_invitations_guest", "invitations")
    op.drop_table("invitations")
