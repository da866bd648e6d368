"""The first schema: learners, settings, the question bank and the answers given.

Revision ID: 0001_initial
Revises:
Create Date: 2026-05-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_initial"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "meta",
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_meta")),
    )
    op.create_table(
        "learners",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_learners")),
        sa.UniqueConstraint("name", name=op.f("uq_learners_name")),
    )
    op.create_table(
        "learner_settings",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("value", sa.JSON(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["learner_id"],
            ["learners.id"],
            name=op.f("fk_learner_settings_learner_id_learners"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("learner_id", "key", name=op.f("pk_learner_settings")),
    )
    op.create_table(
        "bank_items",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("uid", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("rules", sa.String(32), nullable=False),
        sa.Column("problem", sa.JSON(), nullable=False),
        sa.Column("answer", sa.JSON(), nullable=False),
        sa.Column("fu", sa.Integer(), nullable=False),
        sa.Column("han", sa.Integer(), nullable=False),
        sa.Column("yakuman", sa.Integer(), nullable=False),
        sa.Column("limit_name", sa.String(24), nullable=True),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("declaration", sa.String(32), nullable=False),
        sa.Column("dealer", sa.Boolean(), nullable=False),
        sa.Column("tsumo", sa.Boolean(), nullable=False),
        sa.Column("closed", sa.Boolean(), nullable=False),
        sa.Column("difficulty", sa.Integer(), nullable=False),
        sa.Column("source", sa.String(200), nullable=False),
        sa.Column("note", sa.Text(), nullable=True),
        sa.Column("focus", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("kind IN ('curated', 'generated')", name=op.f("ck_bank_items_kind")),
        sa.CheckConstraint("difficulty BETWEEN 1 AND 5", name=op.f("ck_bank_items_difficulty")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_bank_items")),
        sa.UniqueConstraint("uid", name=op.f("uq_bank_items_uid")),
    )
    op.create_index(op.f("ix_bank_items_kind_difficulty"), "bank_items", ["kind", "difficulty"])
    op.create_index(op.f("ix_bank_items_rules"), "bank_items", ["rules"])
    op.create_table(
        "item_topics",
        sa.Column("item_id", sa.Integer(), nullable=False),
        sa.Column("topic", sa.String(64), nullable=False),
        sa.ForeignKeyConstraint(
            ["item_id"],
            ["bank_items.id"],
            name=op.f("fk_item_topics_item_id_bank_items"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("item_id", "topic", name=op.f("pk_item_topics")),
    )
    op.create_index(op.f("ix_item_topics_topic"), "item_topics", ["topic"])
    op.create_table(
        "attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("item_id", sa.Integer(), nullable=True),
        sa.Column("drill", sa.String(32), nullable=False),
        sa.Column("session", sa.String(64), nullable=True),
        sa.Column("question", sa.JSON(), nullable=True),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("seconds", sa.Float(), nullable=False),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["learner_id"],
            ["learners.id"],
            name=op.f("fk_attempts_learner_id_learners"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["item_id"],
            ["bank_items.id"],
            name=op.f("fk_attempts_item_id_bank_items"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_attempts")),
    )
    op.create_index(
        op.f("ix_attempts_learner_id_answered_at"), "attempts", ["learner_id", "answered_at"]
    )
    op.create_index(op.f("ix_attempts_item_id"), "attempts", ["item_id"])
    op.create_index(op.f("ix_attempts_session"), "attempts", ["session"])
    op.create_table(
        "attempt_parts",
        sa.Column("attempt_id", sa.Integer(), nullable=False),
        sa.Column("part", sa.String(16), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("given", sa.Text(), nullable=False),
        sa.Column("expected", sa.Text(), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["attempt_id"],
            ["attempts.id"],
            name=op.f("fk_attempt_parts_attempt_id_attempts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("attempt_id", "part", name=op.f("pk_attempt_parts")),
    )
    op.create_table(
        "attempt_concepts",
        sa.Column("attempt_id", sa.Integer(), nullable=False),
        sa.Column("topic", sa.String(64), nullable=False),
        sa.ForeignKeyConstraint(
            ["attempt_id"],
            ["attempts.id"],
            name=op.f("fk_attempt_concepts_attempt_id_attempts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("attempt_id", "topic", name=op.f("pk_attempt_concepts")),
    )
    op.create_index(op.f("ix_attempt_concepts_topic"), "attempt_concepts", ["topic"])


def downgrade() -> None:
    op.drop_table("attempt_concepts")
    op.drop_table("attempt_parts")
    op.drop_table("attempts")
    op.drop_table("item_topics")
    op.drop_table("bank_items")
    op.drop_table("learner_settings")
    op.drop_table("learners")
    op.drop_table("meta")
