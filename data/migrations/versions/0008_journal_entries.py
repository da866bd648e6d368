"""Every answer the app's journal stores carries the journal entry's id, once.

Adds ``attempts.entry`` (nullable: answers stored before keep none) with a
unique index, and ``stored_entries`` (the ids of entries that leave no row of
their own, such as a rating changed after the answer). Storing an entry checks
and inserts its id in the transaction that stores it, so two programs
replaying the same journal at once store it exactly once.

Revision ID: 0008_journal_entries
Revises: 0007_srs_totals_backfill
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_journal_entries"
down_revision = "0007_srs_totals_backfill"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("attempts", sa.Column("entry", sa.String(32), nullable=True,
                                        server_default=sa.null()))
    op.create_index("ix_attempts_entry", "attempts", ["entry"], unique=True)
    op.create_table(
        "stored_entries",
        sa.Column("entry", sa.String(32), nullable=False),
        sa.Column("stored_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("entry", name=op.f("pk_stored_entries")),
    )


def downgrade() -> None:
    op.drop_table("stored_entries")
    op.drop_index("ix_attempts_entry", table_name="attempts")
    with op.batch_alter_table("attempts") as batch:
        batch.drop_column("entry")
