"""Where the database lives: the default file, a path or URL made a SQLAlchemy URL.

No SQLAlchemy here: the start reads this before the database layer is loaded.

>>> resolve_url(":memory:")
'sqlite://'
>>> resolve_url("postgresql://class@server/drill")
'postgresql+psycopg://class@server/drill'
>>> resolve_url("/tmp/x.db")
'sqlite:////tmp/x.db'
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import DatabaseError

if TYPE_CHECKING:
    pass

#: File name of the default database in the user's data directory.
DEFAULT_FILENAME = "riichi-drill.db"
#: Application name used for the user's data directory.
APP_NAME = "riichi-drill"
def default_database_path() -> Path:
    """``riichi-drill.db`` in the user's data directory (the directory is created)."""
    import platformdirs

    folder = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return folder / DEFAULT_FILENAME


def resolve_url(target: str | os.PathLike[str] | None = None) -> str:
    """The SQLAlchemy URL for a path, a URL, ``:memory:`` or None (the default file).

    Anything containing ``://`` is taken as a URL (``postgresql://`` gets the
    psycopg 3 driver); anything else is a file path.
    """
    if target is None:
        return f"sqlite:///{default_database_path()}"
    text = os.fspath(target)
    if not text.strip():
        raise DatabaseError("the database is empty text: give a file path or a URL "
                            "(or leave --db out for the default file)")
    if text in (":memory:", "sqlite://", "sqlite:///:memory:"):
        return "sqlite://"
    if "://" in text:
        # a PostgreSQL URL without a driver uses psycopg 3, the driver we install
        for bare in ("postgresql://", "postgres://"):
            if text.startswith(bare):
                return "postgresql+psycopg://" + text[len(bare):]
        return text
    path = Path(text).expanduser()
    return f"sqlite:///{path.resolve()}"


def is_memory(url: str) -> bool:
    """Whether a URL names an in-memory SQLite database."""
    return url == "sqlite://" or url.endswith(":memory:") or "mode=memory" in url
