"""The classroom holds against a hostile student: limits in the database, the server's clock.

Adds ``class_limits`` (attempts counted per key: a student's code, a
teacher's password from an address, first joins from an address; shared by
every server process on the database and kept across restarts),
``class_enrolments.asked_at`` (when the server handed out the student's
current question: the question's clock is the server's, and a re-join does
not restart it), ``class_sets.closed`` (no new names) and
``class_sets.roster`` (the only names that may join).

Revision ID: 0009_class_guard
Revises: 0008_journal_entries
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_class_guard"
down_revision = "0008_journal_entries"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "class_limits",
        sa.Column("key", sa.String(255), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("pending", sa.Integer(), nullable=False),
        sa.Column("since", sa.Float(), nullable=False),
        sa.Column("next_at", sa.Float(), nullable=False),
        sa.Column("pending_at", sa.Float(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.CheckConstraint("attempts >= 0", name=op.f("ck_class_limits_attempts")),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_class_limits")),
    )
    with op.batch_alter_table("class_enrolments") as batch:
        batch.add_column(sa.Column("asked_at", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("class_sets") as batch:
        batch.add_column(sa.Column("closed", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("roster", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("class_sets") as batch:
        batch.drop_column("roster")
        batch.drop_column("closed")
    with op.batch_alter_table("class_enrolments") as batch:
        batch.drop_column("asked_at")
    op.drop_table("class_limits")
