"""Run Alembic commands on a riichi-drill database without an ``alembic.ini``.

``python -m data.migrations [--db PATH-or-URL] <alembic command> [args]``, e.g.
``python -m data.migrations --db /tmp/x.db revision --autogenerate -m "srs"``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Run one Alembic command line against the database given with ``--db``."""
    from alembic.config import CommandLine

    from data.db.schema import alembic_config
    from data.db.url import resolve_url

    args = list(sys.argv[1:] if argv is None else argv)
    target = None
    if len(args) >= 2 and args[0] == "--db":
        target = args[1]
        args = args[2:]
    config = alembic_config(url=resolve_url(target))
    cli = CommandLine(prog="python -m data.migrations")
    options = cli.parser.parse_args(args)
    if not hasattr(options, "cmd"):
        cli.parser.error("too few arguments")
    cli.run_cmd(config, options)
    return 0


if __name__ == "__main__":
    sys.exit(main())
