"""The round ends of imported games worth settling: the settlement drill's questions.

Adds ``log_rounds``: for each imported file, its draws, double rons and pao
hands in play order, each a round record (``RoundSpec.to_record``) settled as
the server paid it. Files imported before keep none here; 0013 marks them, and
``bank import-log FILE`` on such a file again adds them.

Revision ID: 0012_round_ends
Revises: 0008_journal_entries
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012_round_ends"
down_revision = "0011_course"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "log_rounds",
        sa.Column("import_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("round", sa.String(16), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["import_id"],
            ["log_imports.id"],
            name=op.f("fk_log_rounds_import_id_log_imports"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("import_id", "position", name=op.f("pk_log_rounds")),
    )


def downgrade() -> None:
    op.drop_table("log_rounds")
