"""The three layers: scoring (stdlib only) <- data (no Textual) <- quiz."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import ROOT

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


def _imported(module: str, path: Path, node: ast.AST) -> list[str]:
    """The dotted names an import statement of ``module`` (at ``path``) reaches."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    if node.level:
        base = module.split(".")
        if path.name != "__init__.py":
            base = base[:-1]
        base = base[: len(base) - (node.level - 1)]
        origin = ".".join(base + ([node.module] if node.module else []))
    else:
        origin = node.module or ""
    return [origin] + [f"{origin}.{a.name}" for a in node.names]


def _typing_only(node: ast.AST) -> bool:
    return (isinstance(node, ast.If) and isinstance(node.test, (ast.Name, ast.Attribute))
            and "TYPE_CHECKING" in ast.unparse(node.test))


def _imports(tree: ast.Module, *, inside_functions: bool) -> list[ast.AST]:
    """Import statements at the top level, or (inside_functions) anywhere but typing-only."""
    if not inside_functions:
        return [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    found: list[ast.AST] = []
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        for child in ast.iter_child_nodes(node):
            if _typing_only(child):
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                found.append(child)
            todo.append(child)
    return found


def _project_files() -> dict[str, Path]:
    return {_module_of(p): p for pkg in ("scoring", "data", "quiz")
            for p in (ROOT / pkg).rglob("*.py") if "versions" not in p.parts}


def _import_graph(*, inside_functions: bool = False) -> dict[str, set[str]]:
    """Module -> the project modules it imports (top level; with inside_functions, anywhere).

    Typing-only imports (under ``if TYPE_CHECKING:``) never count.
    """
    files = _project_files()
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        deps: set[str] = set()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in _imports(tree, inside_functions=inside_functions):
            deps.update(n for n in _imported(module, path, node) if n in files)
        # a module imports its own parents first (Python does that), never a cycle
        graph[module] = {d for d in deps if d != module and not module.startswith(d + ".")}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
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
    return cycles


def test_no_import_cycle_between_modules() -> None:
    assert not _cycles(_import_graph()), [" -> ".join(c) for c in _cycles(_import_graph())]


def test_no_import_cycle_counting_imports_inside_functions() -> None:
    """An import hidden in a function is still an import: no cycle through one either."""
    cycles = _cycles(_import_graph(inside_functions=True))
    assert not cycles, [" -> ".join(c) for c in cycles]


def test_the_cycle_check_sees_imports_inside_functions(tmp_path: Path) -> None:
    """The walker finds a function-level import and skips a typing-only one."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from quiz.app import DrillApp\n"
        "def f() -> None:\n    from .b import g\n"
    )
    tree = ast.parse(source)
    found = [ast.unparse(n) for n in _imports(tree, inside_functions=True)]
    assert found == ["from .b import g"] or "from .b import g" in found
    assert all("DrillApp" not in f for f in found)
    graph = {"p.a": {"p.b"}, "p.b": {"p.a"}}
    assert _cycles(graph) == [["p.a", "p.b", "p.a"]]


def _prefix_families(folder: Path) -> dict[str, list[str]]:
    """Name prefixes (the part before the first '_') shared by three or more modules."""
    names = [p.stem for p in folder.glob("*.py") if p.stem != "__init__"]
    families: dict[str, list[str]] = {}
    for name in names:
        if "_" in name.strip("_"):
            families.setdefault(name.strip("_").split("_")[0], []).append(name)
    return {prefix: sorted(members + [n for n in names if n == prefix])
            for prefix, members in families.items()
            if len(members) + (prefix in names) >= 3}


def test_no_family_of_prefixed_modules() -> None:
    """A family of modules sharing a name prefix is a package waiting to be made."""
    found = {str(folder.relative_to(ROOT)): fam
             for pkg in ("scoring", "data", "quiz")
             for folder in [ROOT / pkg, *(p for p in (ROOT / pkg).rglob("*") if p.is_dir())]
             if "versions" not in folder.parts and (fam := _prefix_families(folder))}
    assert not found, found


def test_the_family_check_sees_a_prefix_family(tmp_path: Path) -> None:
    for name in ("class_client", "class_server", "class_wire", "classroom", "drill"):
        (tmp_path / f"{name}.py").write_text("")
    assert _prefix_families(tmp_path) == {"class": ["class_client", "class_server", "class_wire"]}


def _declared(requirements: list[str]) -> set[str]:
    import re

    names = {re.split(r"[\s<>=!~;\[]", r, maxsplit=1)[0].lower() for r in requirements}
    return {n.replace("-", "_") for n in names}


#: Import names that differ from the distribution's name.
_DISTRIBUTION_OF = {"textual_plotext": "textual_plotext", "textual_serve": "textual_serve",
                    "markupsafe": "markupsafe",
                    "psycopg": "psycopg", "jinja2": "jinja2", "babel": "babel"}


def test_every_package_imported_directly_is_declared() -> None:
    """A third-party module the code imports is a dependency of pyproject.toml (the app's
    for scoring/data/quiz, the test extra's for tests/bench), never one that arrives only
    through another package."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    app = _declared(project["dependencies"])
    test = app | _declared(project["optional-dependencies"]["test"])
    for packages, declared in ((("scoring", "data", "quiz"), app), (("tests", "bench"), test)):
        missing = {
            (f, m) for package in packages for f, m in imports_of(package)
            if m not in STDLIB and m not in ("scoring", "data", "quiz", "tests", "bench")
            and _DISTRIBUTION_OF.get(m, m).lower() not in declared
        }
        assert not missing, sorted(missing)


#: The start-up boundary: the project modules the drill app loads before its first question
#: (``tests/quiz/test_first_start.py`` checks that the real start loads no other). They
#: may import what the first question does not need (SQLAlchemy and everything behind it)
#: inside the functions that need it: that is how the first question comes before the
#: database layer. Every other module imports at its top.
START_PATH = frozenset({
    "data", "data.bank", "data.bank.items", "data.bank.repository", "data.clock", "data.db",
    "data.db.database", "data.db.engine", "data.db.liveness", "data.db.schema", "data.db.url",
    "data.errors", "data.first_read", "data.learners", "data.records", "data.topics",
    "quiz", "quiz.app", "quiz.cli", "quiz.cli.localized", "quiz.controller", "quiz.drills",
    "quiz.errors", "quiz.grading", "quiz.grading.answer_key", "quiz.grading.answers",
    "quiz.grading.diagnosis", "quiz.grading.marking", "quiz.grading.marks",
    "quiz.grading.mistakes", "quiz.grading.payments", "quiz.grading.wording", "quiz.launch",
    "quiz.opening", "quiz.palette", "quiz.screens", "quiz.screens.choices", "quiz.screens.drill",
    "quiz.screens.host", "quiz.session", "quiz.settings", "quiz.store", "quiz.store.draws",
    "quiz.store.drill", "quiz.store.entries", "quiz.store.journal", "quiz.widgets",
    "quiz.widgets.answer_form", "quiz.widgets.footer", "quiz.widgets.hand",
    "quiz.widgets.hanging", "quiz.widgets.marked_list", "quiz.widgets.situation",
    "quiz.widgets.status_bar", "quiz.widgets.tile", "quiz.widgets.wrapped",
    "quiz.widgets.yaku_picker", "quiz.words",
    "quiz.words.breaks", "quiz.words.core", "quiz.words.payments", "quiz.words.sentences",
    "quiz.words.terms", "quiz.words.thai", "quiz.words.tilefaces", "quiz.words.width",
})
#: Entry points that import what each command needs when it runs (a student's `class
#: join` never loads the server), and the lazy scoring package (the batch starts bare).
COMMANDS = ("quiz.__main__", "quiz.cli.", "quiz.classroom.client", "data.migrations.",
            "scoring")


def _deferring(module: str) -> bool:
    return module in START_PATH or module.startswith(COMMANDS)


def test_imports_inside_functions_only_at_the_start_up_boundary() -> None:
    """Outside the start-up boundary a module imports at its top: a function of it may
    import only inside a guarded block (an optional package, a platform's own module)."""
    found = []
    for module, path in _project_files().items():
        if _deferring(module):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found += [f"{module}.{fn.name}: {ast.unparse(s)}" for s in fn.body
                          if isinstance(s, (ast.Import, ast.ImportFrom))]
    assert not found, found
