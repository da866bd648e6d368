"""Running totals of each learner's answers, for a quick statistics screen.

Adds ``srs_totals`` (one row per learner), ``srs_item_answers`` (answers per
learner and bank item) and the index of answer times by learner. The totals
are counted from the existing history on the first reading of the statistics
(:mod:`data.srs.totals`), so an upgraded database shows the figures it showed.

Revision ID: 0006_srs_totals
Revises: 0004_game_logs
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_srs_totals"
down_revision = "0004_game_logs"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # fmt: off
    op.create_table(
        "srs_totals",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("counted", sa.Integer(), nullable=False),
        sa.Column("id_sum", sa.BigInteger(), nullable=False),
        sa.Column("last_attempt_id", sa.Integer(), nullable=False),
        sa.Column("last_answered_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("day_offset", sa.Integer(), nullable=False),
        sa.Column("right_run", sa.Integer(), nullable=False),
        sa.Column("best_right_run", sa.Integer(), nullable=False),
        sa.Column("totals", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"],
                                name=op.f("fk_srs_totals_learner_id_learners"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("learner_id", name=op.f("pk_srs_totals")),
    )
    op.create_table(
        "srs_item_answers",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("item_id", sa.Integer(), nullable=False),
        sa.Column("answers", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"],
                                name=op.f("fk_srs_item_answers_learner_id_learners"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["item_id"], ["bank_items.id"],
                                name=op.f("fk_srs_item_answers_item_id_bank_items"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("learner_id", "item_id", name=op.f("pk_srs_item_answers")),
    )
    # fmt: on
    op.create_index("ix_attempts_learner_id_seconds", "attempts", ["learner_id", "seconds"])


def downgrade() -> None:
    op.drop_index("ix_attempts_learner_id_seconds", table_name="attempts")
    op.drop_table("srs_item_answers")
    op.drop_table("srs_totals")
