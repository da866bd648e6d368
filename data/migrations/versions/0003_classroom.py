"""Classroom practice: practice sets, their items, enrolments and answers.

Revision ID: 0003_classroom
Revises: 0002_srs
Create Date: 2026-05-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_classroom"
down_revision = "0002_srs"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "class_sets",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("rules", sa.String(32), nullable=False),
        sa.Column("parts", sa.JSON(), nullable=False),
        sa.Column("skip_fu_on_limits", sa.Boolean(), nullable=False),
        sa.Column("question_seconds", sa.Integer(), nullable=True),
        sa.Column("set_seconds", sa.Integer(), nullable=True),
        sa.Column("explain", sa.String(8), nullable=False),
        sa.Column("selection", sa.JSON(), nullable=False),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("explain IN ('during', 'after')", name=op.f("ck_class_sets_explain")),
        sa.CheckConstraint(
            "question_seconds IS NULL OR question_seconds > 0",
            name=op.f("ck_class_sets_question_seconds"),
        ),
        sa.CheckConstraint(
            "set_seconds IS NULL OR set_seconds > 0", name=op.f("ck_class_sets_set_seconds")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_class_sets")),
        sa.UniqueConstraint("name", name=op.f("uq_class_sets_name")),
    )
    op.create_table(
        "class_set_items",
        sa.Column("set_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("item_id", sa.Integer(), nullable=False),
        sa.CheckConstraint("position >= 0", name=op.f("ck_class_set_items_position")),
        sa.ForeignKeyConstraint(
            ["set_id"],
            ["class_sets.id"],
            name=op.f("fk_class_set_items_set_id_class_sets"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["item_id"],
            ["bank_items.id"],
            name=op.f("fk_class_set_items_item_id_bank_items"),
            ondelete="RESTRICT",
        ),
        sa.PrimaryKeyConstraint("set_id", "position", name=op.f("pk_class_set_items")),
        sa.UniqueConstraint("set_id", "item_id", name=op.f("uq_class_set_items_set_id_item_id")),
    )
    op.create_index(op.f("ix_class_set_items_item_id"), "class_set_items", ["item_id"])
    op.create_table(
        "class_enrolments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("set_id", sa.Integer(), nullable=False),
        sa.Column("student", sa.String(64), nullable=False),
        sa.Column("pin_hash", sa.String(255), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("position >= 0", name=op.f("ck_class_enrolments_position")),
        sa.ForeignKeyConstraint(
            ["set_id"],
            ["class_sets.id"],
            name=op.f("fk_class_enrolments_set_id_class_sets"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_class_enrolments")),
        sa.UniqueConstraint("set_id", "student", name=op.f("uq_class_enrolments_set_id_student")),
    )
    op.create_table(
        "class_answers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("enrolment_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("seconds", sa.Float(), nullable=False),
        sa.Column("timed_out", sa.Boolean(), nullable=False),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("position >= 0", name=op.f("ck_class_answers_position")),
        sa.CheckConstraint("seconds >= 0", name=op.f("ck_class_answers_seconds")),
        sa.ForeignKeyConstraint(
            ["enrolment_id"],
            ["class_enrolments.id"],
            name=op.f("fk_class_answers_enrolment_id_class_enrolments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_class_answers")),
        sa.UniqueConstraint(
            "enrolment_id", "position", name=op.f("uq_class_answers_enrolment_id_position")
        ),
    )
    op.create_table(
        "class_answer_parts",
        sa.Column("answer_id", sa.Integer(), nullable=False),
        sa.Column("part", sa.String(16), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("given", sa.Text(), nullable=False),
        sa.Column("expected", sa.Text(), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["answer_id"],
            ["class_answers.id"],
            name=op.f("fk_class_answer_parts_answer_id_class_answers"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("answer_id", "part", name=op.f("pk_class_answer_parts")),
    )
    op.create_table(
        "class_answer_concepts",
        sa.Column("answer_id", sa.Integer(), nullable=False),
        sa.Column("topic", sa.String(64), nullable=False),
        sa.ForeignKeyConstraint(
            ["answer_id"],
            ["class_answers.id"],
            name=op.f("fk_class_answer_concepts_answer_id_class_answers"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("answer_id", "topic", name=op.f("pk_class_answer_concepts")),
    )
    op.create_index(op.f("ix_class_answer_concepts_topic"), "class_answer_concepts", ["topic"])


def downgrade() -> None:
    op.drop_table("class_answer_concepts")
    op.drop_table("class_answer_parts")
    op.drop_table("class_answers")
    op.drop_table("class_enrolments")
    op.drop_table("class_set_items")
    op.drop_table("class_sets")
