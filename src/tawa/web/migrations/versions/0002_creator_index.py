"""index the tables by creator, for the creation limits (tables an hour and unfinished tables per guest)

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_tables_creator_created", "tables", ["creator", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_tables_creator_created", "tables")
