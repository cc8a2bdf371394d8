"""leases (issue 30): which worker owns a running table, and the workers' heartbeats

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("table_id", sa.String(40), primary_key=True),
        sa.Column("owner", sa.String(8), nullable=False),
        sa.Column("expires", sa.Float(), nullable=False),
    )
    op.create_index("ix_leases_owner", "leases", ["owner"])
    op.create_table(
        "workers",
        sa.Column("name", sa.String(8), primary_key=True),
        sa.Column("address", sa.String(200), nullable=False),
        sa.Column("seen", sa.Float(), nullable=False),
        sa.Column("started", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("workers")
    op.drop_index("ix_leases_owner", "leases")
    op.drop_table("leases")
