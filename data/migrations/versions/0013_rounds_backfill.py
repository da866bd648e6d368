"""Round ends of games imported before 0012: marked, so that importing the file again adds them.

``log_rounds`` (0012) holds the round ends worth settling of each imported file, but
only for files imported since: the raw log is not kept in the database (only its
digest), so no migration can replay an older import. This adds
``log_imports.rounds_kept``: true for files imported with their round ends, false for
every file imported before. Running ``riichi-drill bank import-log FILE`` again on such a
file replays it and adds its round ends (its wins stay as they are); on any other file
already imported it adds nothing, as before. ``--from-log GAME`` on a file still
without them says so in one line.

Revision ID: 0013_rounds_backfill
Revises: 0012_round_ends
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013_rounds_backfill"
down_revision = "0012_round_ends"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("log_imports") as batch:
        batch.add_column(sa.Column("rounds_kept", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
    # a file whose round ends are already there (imported with 0012) keeps them
    op.execute("UPDATE log_imports SET rounds_kept = "
               + ("true" if op.get_bind().dialect.name == "postgresql" else "1")
               + " WHERE id IN (SELECT DISTINCT import_id FROM log_rounds)")


def downgrade() -> None:
    with op.batch_alter_table("log_imports") as batch:
        batch.drop_column("rounds_kept")
