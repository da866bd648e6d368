"""A student's terminal (``class join``) never opens a database, so it imports no
database code: neither SQLAlchemy nor a driver (each served class tab would carry them,
about 30 MB a tab, and start slower)."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.support.paths import ROOT

PROGRAM = """
import importlib, json, sys
from quiz.cli.warm_tab import PREPARED, PREPARED_CLASS
for name in PREPARED + PREPARED_CLASS:
    importlib.import_module(name)
print(json.dumps(sorted(m for m in sys.modules
                        if m.split(".")[0] in ("sqlalchemy", "psycopg", "alembic"))))
"""


def test_a_class_tab_imports_no_database_code() -> None:
    out = subprocess.run([sys.executable, "-c", PROGRAM], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, check=True).stdout
    assert json.loads(out) == []


def test_the_classroom_package_still_gives_its_database_names_on_first_use() -> None:
    import data.classroom as classroom

    assert classroom.Classroom.__name__ == "Classroom"
    assert callable(classroom.open_classroom) and callable(classroom.results_csv)
