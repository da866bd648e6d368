"""Learners' passwords, for signing in on the web pages.

Adds ``learner_passwords``: a learner's salted scrypt hash (one row for each
learner who has set a password; the terminal app's learners need none).

Revision ID: 0010_learner_passwords
Revises: 0008_journal_entries
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_learner_passwords"
down_revision = "0009_class_guard"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "learner_passwords",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("set_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], ondelete="CASCADE",
                                name=op.f("fk_learner_passwords_learner_id_learners")),
        sa.PrimaryKeyConstraint("learner_id", name=op.f("pk_learner_passwords")),
    )


def downgrade() -> None:
    op.drop_table("learner_passwords")
