"""Game logs: bank items of kind 'game', imported files and their wins.

Revision ID: 0004_game_logs
Revises: 0003_classroom
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_game_logs"
down_revision = "0003_classroom"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("bank_items") as batch:
        batch.drop_constraint(op.f("ck_bank_items_kind"), type_="check")
        batch.create_check_constraint("kind", "kind IN ('curated', 'generated', 'game')")
    op.create_table(
        "log_imports",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("rules", sa.String(32), nullable=False),
        sa.Column("imported_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_log_imports")),
        sa.UniqueConstraint("digest", name=op.f("uq_log_imports_digest")),
    )
    op.create_table(
        "log_wins",
        sa.Column("import_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("item_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("round", sa.String(16), nullable=False),
        sa.Column("winner", sa.String(64), nullable=False),
        sa.Column("payer", sa.String(64), nullable=True),
        sa.Column("winner_seat", sa.Integer(), nullable=False),
        sa.Column("payer_seat", sa.Integer(), nullable=True),
        sa.Column("melds", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["import_id"],
            ["log_imports.id"],
            name=op.f("fk_log_wins_import_id_log_imports"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["item_id"],
            ["bank_items.id"],
            name=op.f("fk_log_wins_item_id_bank_items"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("import_id", "position", name=op.f("pk_log_wins")),
    )
    op.create_index(op.f("ix_log_wins_item_id"), "log_wins", ["item_id"])
    op.create_index(op.f("ix_log_wins_winner"), "log_wins", ["winner"])
    op.create_index(op.f("ix_log_wins_payer"), "log_wins", ["payer"])


def downgrade() -> None:
    op.drop_table("log_wins")
    op.drop_table("log_imports")
    with op.batch_alter_table("bank_items") as batch:
        batch.drop_constraint(op.f("ck_bank_items_kind"), type_="check")
        batch.create_check_constraint("kind", "kind IN ('curated', 'generated')")
