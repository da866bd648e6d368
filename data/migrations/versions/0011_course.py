"""The course: lessons marked for a learner (placed by the placement test).

Adds ``course_marks``. A lesson's practice answers are ordinary attempts whose
``session`` names the lesson (``course:<lesson>:…``), so the progress on the
course is read from the answers already stored; this table keeps only what no
answer says (see :mod:`data.models.course`).

Revision ID: 0011_course
Revises: 0008_journal_entries
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011_course"
down_revision = "0010_learner_passwords"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "course_marks",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("lesson", sa.String(32), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("marked_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"],
                                name=op.f("fk_course_marks_learner_id_learners"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("learner_id", "lesson", "kind", name=op.f("pk_course_marks")),
    )


def downgrade() -> None:
    op.drop_table("course_marks")
