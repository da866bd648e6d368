"""The three layers: scoring (stdlib only) <- data (no Textual) <- quiz."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

STDLIB = set(sys.stdlib_module_names)


def imports_of(package: str) -> set[tuple[str, str]]:
    """(file, top-level module) for every absolute import in a package."""
    found: set[tuple[str, str]] = set()
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                found.add((str(path.relative_to(ROOT)), name.split(".")[0]))
    return found


def test_scoring_imports_only_the_standard_library() -> None:
    bad = {(f, m) for f, m in imports_of("scoring") if m not in STDLIB and m != "scoring"}
    assert not bad


@pytest.mark.parametrize("package", ["data"])
def test_data_never_imports_the_app_or_textual(package: str) -> None:
    if not (ROOT / package).exists():
        pytest.skip(f"{package}/ not present")
    bad = {(f, m) for f, m in imports_of(package) if m in ("quiz", "textual", "rich")}
    assert not bad


def test_quiz_never_talks_sql_directly() -> None:
    bad = {(f, m) for f, m in imports_of("quiz") if m in ("sqlalchemy", "alembic")}
    assert not bad


def test_importing_scoring_loads_no_third_party_module() -> None:
    code = (
        "import sys, json, scoring, scoring.__main__; "
        "scoring.score_record({'hand':'234567m34p456s22z5p','win':'5p','seat':'S',"
        "'riichi':True}); print(json.dumps(sorted(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    loaded = {m.split(".")[0] for m in json.loads(out.stdout)}
    # site hooks (e.g. setuptools' _distutils_hack) are loaded before any code runs
    third_party = {m for m in loaded if m not in STDLIB and m != "scoring" and m[0] != "_"}
    assert not third_party, third_party
    assert not loaded & {"textual", "rich", "sqlalchemy", "alembic", "fsrs"}


def test_paths_are_what_the_layer_test_reads() -> None:
    assert Path(ROOT / "scoring" / "__init__.py").exists()
