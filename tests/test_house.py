"""The house's shape (issue 12): no import circles, no overgrown module, no private
name borrowed from the services package.

Imports are read from each module's syntax tree, so an import inside a function
counts as much as one at the top (a lazy import only hides a circle, it does not
break it). A name imported from a package is an arrow to that name's module when
the package has such a submodule (`from games import services`), else to the
package itself. A package that imports its own submodules by name
(`importlib.import_module(f"{__name__}.{name}")`, the rulesets' registry) has an
arrow to each of them.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("games", "roles", "mafiasite")
MAX_LINES = 700
LONG_ALLOWED = "roles/rulesets/"  # the ruleset tables: a ruleset is data, long by nature


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def house_modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[module_name(path)] = path
    return found


def _absolute(name: str, level: int, importer: str, is_package: bool) -> str:
    if not level:
        return name
    base = importer.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join([*base, name] if name else base)


def arrows(modules: dict[str, Path]) -> dict[str, set[str]]:
    """module -> the house modules it imports (anywhere in its body)."""
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for importer, path in modules.items():
        is_package = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            targets = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _absolute(node.module or "", node.level, importer, is_package)
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    targets.append(sub if sub in modules else base)
            if _imports_own_submodules(node):
                targets = [m for m in modules if m.startswith(importer + ".")]
            for target in targets:
                if target in modules and target != importer:
                    graph[importer].add(target)
    return graph


def _imports_own_submodules(node: ast.AST) -> bool:
    """`import_module(f"{__name__}...")`: a package loading its submodules."""
    if not (isinstance(node, ast.Call) and node.args):
        return False
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    first = node.args[0]
    return (
        name == "import_module"
        and isinstance(first, ast.JoinedStr)
        and bool(first.values)
        and isinstance(first.values[0], ast.FormattedValue)
        and getattr(first.values[0].value, "id", None) == "__name__"
    )


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_circle_in_games_roles_or_mafiasite():
    assert circles(arrows(house_modules())) == []


def test_the_circle_finder_finds_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]


def test_relative_imports_resolve_like_python():
    assert _absolute("model", 1, "roles.engine", is_package=False) == "roles.model"
    assert _absolute("core", 1, "games.services", is_package=True) == "games.services.core"
    assert _absolute("", 2, "games.services.lobby", is_package=False) == "games"


def test_no_module_outside_the_ruleset_tables_is_over_700_lines():
    long = {}
    for package in (*PACKAGES, "bench"):
        for path in (ROOT / package).rglob("*.py"):
            relative = path.relative_to(ROOT).as_posix()
            lines = len(path.read_text().splitlines())
            if lines > MAX_LINES and not relative.startswith(LONG_ALLOWED):
                long[relative] = lines
    assert long == {}


def _private_names_taken_from_services(path: Path) -> list[str]:
    taken = []
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("games.services"):
            taken += [a.name for a in node.names if a.name.startswith("_")]
            if any(part.startswith("_") for part in (node.module or "").split(".")):
                taken.append(node.module)
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "services"
            and node.attr.startswith("_")
        ):
            taken.append(f"services.{node.attr}")
    return taken


def test_nothing_outside_the_services_package_takes_its_private_names():
    services = ROOT / "games" / "services"
    outside = [
        path
        for folder in ("games", "mafiasite", "tests", "bench")
        for path in (ROOT / folder).rglob("*.py")
        if services not in path.parents
    ]
    borrowed = {
        path.relative_to(ROOT).as_posix(): names
        for path in outside
        if (names := _private_names_taken_from_services(path))
    }
    assert borrowed == {}


# No module of the tests imports a test module or a conftest (helpers live in tests/kit/,
# fixtures in conftest.py files): a test module is not a library, and one that imports another
# runs the other's import-time work and ties their names together.
KIT_ONLY = ("tests",)


def _test_modules_imported(source: str) -> list[str]:
    """The test modules a module's source imports: tests.*.test_x, test_x or conftest."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            base = node.module or ""
            names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        else:
            continue
        for name in names:
            last = name.split(".")[-1]
            if last.startswith("test_") or last == "conftest":
                found.append(name)
    return sorted(set(found))


def test_no_test_module_imports_another_test_module():
    imported = {
        path.relative_to(ROOT).as_posix(): names
        for folder in KIT_ONLY
        for path in sorted((ROOT / folder).rglob("*.py"))
        if (names := _test_modules_imported(path.read_text()))
    }
    assert imported == {}


def test_the_test_import_finder_sees_every_form():
    source = (
        "import tests.engine.test_a\n"
        "from tests.engine.test_b import helper\n"
        "from tests.engine import test_c\n"
        "from test_d import x\n"
        "from tests.kit.engine import move\n"
        "def f():\n    from conftest import fixture\n"
    )
    assert _test_modules_imported(source) == [
        "conftest",
        "test_d",
        "tests.engine.test_a",
        "tests.engine.test_b",
        "tests.engine.test_c",
    ]
