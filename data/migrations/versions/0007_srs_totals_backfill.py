"""Count each learner's history into the running totals while upgrading.

``0006_srs_totals`` added the running totals of the statistics empty, so the
first opening of the statistics after an upgrade counted the whole history
(seconds with 100,000 answers). This revision counts it during the upgrade
instead, with the learner's stored day start, so the first opening is as quick
as every later one (:func:`data.srs.totals.backfill_totals`). No schema change;
writing SQL (``--sql``) leaves the counting to the first reading, as before.

Revision ID: 0007_srs_totals_backfill
Revises: 0006_srs_totals
Create Date: 2026-12-01
"""

from __future__ import annotations

from alembic import context, op

revision = "0007_srs_totals_backfill"
down_revision = "0006_srs_totals"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if context.is_offline_mode():
        return
    from data.srs.totals import backfill_totals

    backfill_totals(op.get_bind())


def downgrade() -> None:
    # the totals are a cache: kept rows stay right (they are checked when read)
    pass
