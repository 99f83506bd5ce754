"""The engine is a pure library: nothing under roles/ imports the web stack (docs/design.md).

"`roles/` is a pure-Python package with **no Django import** (a test enforces
it)." The imports are read from each module's syntax tree, not grepped, so a
comment or a string that mentions Django is not a false alarm and an import
inside a function is not missed.
"""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROLES_DIR = Path(__file__).resolve().parents[2] / "roles"
FORBIDDEN = ("django", "channels", "celery", "games", "mafiasite")
MODULES = sorted(ROLES_DIR.rglob("*.py"))


def imported_modules(source: str) -> list[str]:
    """Every absolute module name an import statement of `source` names."""
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
        elif isinstance(node, ast.Call) and _is_dynamic_import(node):
            names.append(node.args[0].value)
    return names


def _is_dynamic_import(node: ast.Call) -> bool:
    """`importlib.import_module("x")` or `__import__("x")` with a literal name."""
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    return (
        name in ("import_module", "__import__")
        and bool(node.args)
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    )


def forbidden(module: str) -> bool:
    return module.split(".")[0] in FORBIDDEN


def test_the_checker_sees_every_kind_of_import() -> None:
    source = (
        "import os\n"
        "import django.db\n"
        "from channels.layers import get_channel_layer\n"
        "from . import model\n"
        "def later():\n"
        "    from games import services\n"
        "    import importlib\n"
        "    importlib.import_module('celery')\n"
        "    __import__('mafiasite.settings')\n"
        "# import django (a comment is not an import)\n"
        "TEXT = 'from django import forms'\n"
    )
    found = [m for m in imported_modules(source) if forbidden(m)]
    assert found == ["django.db", "channels.layers", "games", "celery", "mafiasite.settings"]
    assert not forbidden("roles.night") and not forbidden("gamesmaster")


def test_roles_package_has_modules() -> None:
    assert ROLES_DIR / "__init__.py" in MODULES
    assert ROLES_DIR / "rulesets" / "bay12.py" in MODULES


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(ROLES_DIR)) for p in MODULES])
def test_no_web_stack_import(path: Path) -> None:
    bad = [m for m in imported_modules(path.read_text(encoding="utf-8")) if forbidden(m)]
    assert bad == [], f"{path.relative_to(ROLES_DIR.parent)} imports {', '.join(bad)}"


def test_importing_roles_loads_no_web_stack() -> None:
    """`import roles` (and every registered ruleset) in a fresh interpreter loads no Django."""
    probe = (
        "import sys, roles\n"
        "for r in roles.list_rulesets():\n"
        "    roles.rules_text(r.id)\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
        "print(','.join(bad))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        cwd=ROLES_DIR.parent,
        check=True,
    )
    assert proc.stdout.strip() == ""
