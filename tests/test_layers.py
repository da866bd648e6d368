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


def _module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports when it is imported (top level, not typing-only)."""
    files = {_module_of(p): p for pkg in ("scoring", "data", "quiz")
             for p in (ROOT / pkg).rglob("*.py") if "versions" not in p.parts}
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        deps: set[str] = set()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = module.split(".")
                    if path.name != "__init__.py":
                        base = base[:-1]
                    base = base[: len(base) - (node.level - 1)]
                    origin = ".".join(base + ([node.module] if node.module else []))
                else:
                    origin = node.module or ""
                names = [origin] + [f"{origin}.{a.name}" for a in node.names]
            else:
                continue
            deps.update(n for n in names if n in files)
        # a module imports its own parents first (Python does that), never a cycle
        graph[module] = {d for d in deps if d != module and not module.startswith(d + ".")}
    return graph


def test_no_import_cycle_between_modules() -> None:
    graph = _import_graph()
    state: dict[str, int] = {}  # 1 on the path, 2 done
    cycles: list[list[str]] = []

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for dep in sorted(graph[module]):
            if state.get(dep) == 1:
                cycles.append([*path[path.index(dep):], dep])
            elif dep not in state:
                visit(dep, [*path, dep])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    assert not cycles, [" -> ".join(c) for c in cycles]
