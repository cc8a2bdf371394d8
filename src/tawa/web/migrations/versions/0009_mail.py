"""e-mail (issue 26): an account's verified address and alert switch, the mailed links' tokens, the turns mailed

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("email", sa.String(254), nullable=True))
        batch.add_column(sa.Column("email_key", sa.String(254), nullable=True))
        batch.add_column(sa.Column("mail_alerts", sa.Boolean(), nullable=False, server_default=sa.true()))
        batch.create_unique_constraint("uq_accounts_email_key", ["email_key"])
    op.create_table(
        "mail_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("guest_id", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_mail_tokens_guest", "mail_tokens", ["guest_id", "kind"])
    op.create_table(
        "turn_mails",
        sa.Column("table_id", sa.String(24), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("turn_start", sa.Float(), nullable=False),
        sa.Column("mailed_at", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("turn_mails")
    op.drop_index("ix_mail_tokens_guest", "mail_tokens")
    op.drop_table("mail_tokens")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_constraint("uq_accounts_email_key", type_="unique")
        batch.drop_column("mail_alerts")
        batch.drop_column("email_key")
        batch.drop_column("email")
