"""Alembic environment for Tawa's server: run by ``tawa.web.storage.migrate`` with the server's own
connection (so SQLite's pragmas are already set), in batch mode so ALTERs work on SQLite."""

from __future__ import annotations

from alembic import context

from tawa.web.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
