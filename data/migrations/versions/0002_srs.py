"""Spaced repetition: FSRS cards per learner and every review.

Revision ID: 0002_srs
Revises: 0001_initial
Create Date: 2026-05-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_srs"
down_revision = "0001_initial"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "srs_cards",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("subject", sa.String(64), nullable=False),
        sa.Column("item_id", sa.Integer(), nullable=True),
        sa.Column("concepts", sa.JSON(), nullable=False),
        sa.Column("han", sa.Integer(), nullable=True),
        sa.Column("fu", sa.Integer(), nullable=True),
        sa.Column("dealer", sa.Boolean(), nullable=True),
        sa.Column("tsumo", sa.Boolean(), nullable=True),
        sa.Column("origin", sa.String(16), nullable=False),
        sa.Column("state", sa.Integer(), nullable=False),
        sa.Column("step", sa.Integer(), nullable=True),
        sa.Column("stability", sa.Float(), nullable=True),
        sa.Column("difficulty", sa.Float(), nullable=True),
        sa.Column("due", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_review", sa.DateTime(timezone=True), nullable=True),
        sa.Column("reps", sa.Integer(), nullable=False),
        sa.Column("lapses", sa.Integer(), nullable=False),
        sa.Column("leech", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("kind IN ('hand', 'concept', 'cell')", name=op.f("ck_srs_cards_kind")),
        sa.CheckConstraint(
            "origin IN ('new', 'missed', 'table')", name=op.f("ck_srs_cards_origin")
        ),
        sa.CheckConstraint("state IN (1, 2, 3)", name=op.f("ck_srs_cards_state")),
        sa.ForeignKeyConstraint(
            ["learner_id"],
            ["learners.id"],
            name=op.f("fk_srs_cards_learner_id_learners"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["item_id"],
            ["bank_items.id"],
            name=op.f("fk_srs_cards_item_id_bank_items"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_srs_cards")),
        sa.UniqueConstraint(
            "learner_id", "kind", "subject", name=op.f("uq_srs_cards_learner_id_kind_subject")
        ),
    )
    op.create_index(
        op.f("ix_srs_cards_learner_id_state_due"), "srs_cards", ["learner_id", "state", "due"]
    )
    op.create_index(op.f("ix_srs_cards_learner_id_due"), "srs_cards", ["learner_id", "due"])
    op.create_index(
        op.f("ix_srs_cards_learner_id_created_at"), "srs_cards", ["learner_id", "created_at"]
    )
    op.create_index(op.f("ix_srs_cards_item_id"), "srs_cards", ["item_id"])
    op.create_table(
        "srs_reviews",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("card_id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("item_id", sa.Integer(), nullable=True),
        sa.Column("attempt_id", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.Column("auto_rating", sa.Integer(), nullable=True),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("reviewed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("duration_ms", sa.Integer(), nullable=True),
        sa.Column("state_before", sa.Integer(), nullable=False),
        sa.Column("state", sa.Integer(), nullable=False),
        sa.Column("stability", sa.Float(), nullable=True),
        sa.Column("difficulty", sa.Float(), nullable=True),
        sa.Column("due", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("rating BETWEEN 1 AND 4", name=op.f("ck_srs_reviews_rating")),
        sa.CheckConstraint("auto_rating BETWEEN 1 AND 4", name=op.f("ck_srs_reviews_auto_rating")),
        sa.CheckConstraint(
            "kind IN ('new', 'learn', 'review', 'relearn', 'miss')",
            name=op.f("ck_srs_reviews_kind"),
        ),
        sa.ForeignKeyConstraint(
            ["card_id"],
            ["srs_cards.id"],
            name=op.f("fk_srs_reviews_card_id_srs_cards"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["learner_id"],
            ["learners.id"],
            name=op.f("fk_srs_reviews_learner_id_learners"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["item_id"],
            ["bank_items.id"],
            name=op.f("fk_srs_reviews_item_id_bank_items"),
            ondelete="RESTRICT",
        ),
        sa.ForeignKeyConstraint(
            ["attempt_id"],
            ["attempts.id"],
            name=op.f("fk_srs_reviews_attempt_id_attempts"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_srs_reviews")),
    )
    op.create_index(
        op.f("ix_srs_reviews_learner_id_reviewed_at"), "srs_reviews", ["learner_id", "reviewed_at"]
    )
    op.create_index(
        op.f("ix_srs_reviews_card_id_reviewed_at"), "srs_reviews", ["card_id", "reviewed_at"]
    )
    op.create_index(op.f("ix_srs_reviews_attempt_id"), "srs_reviews", ["attempt_id"])
    op.create_index(op.f("ix_srs_reviews_item_id"), "srs_reviews", ["item_id"])


def downgrade() -> None:
    op.drop_table("srs_reviews")
    op.drop_table("srs_cards")
