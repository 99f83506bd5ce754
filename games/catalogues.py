"""The site's translation catalogues compiled without system gettext.

Django reads compiled `.mo` files; `makemessages`/`compilemessages` need GNU gettext,
which a fresh machine with only Python lacks. polib compiles each `.po` into its
`.mo` when the `.mo` is missing or older: settings calls `compile_stale` at start-up
(so `make run` and `make test` in a fresh clone just work) and the Makefile's install
stamp runs `python -m games.catalogues`. The `.mo` files are build output (.gitignore).
"""

from __future__ import annotations

import sys
from pathlib import Path

import polib


def stale_catalogues(locale_dirs) -> list[Path]:
    """The `.po` files under `locale_dirs` whose `.mo` is missing or older."""
    stale = []
    for locale_dir in locale_dirs:
        for po_path in sorted(Path(locale_dir).glob("*/LC_MESSAGES/*.po")):
            mo_path = po_path.with_suffix(".mo")
            if not mo_path.exists() or mo_path.stat().st_mtime < po_path.stat().st_mtime:
                stale.append(po_path)
    return stale


def compile_stale(locale_dirs) -> list[Path]:
    """Compile every stale catalogue; returns the `.po` files compiled."""
    compiled = stale_catalogues(locale_dirs)
    for po_path in compiled:
        mo_path = po_path.with_suffix(".mo")
        # Written beside, then renamed: a process reading the old .mo never sees half a file.
        partial = mo_path.with_suffix(".mo.partial")
        polib.pofile(str(po_path)).save_as_mofile(str(partial))
        partial.replace(mo_path)
    return compiled


if __name__ == "__main__":  # the Makefile's install stamp
    root = Path(__file__).resolve().parent.parent
    for path in compile_stale([root / "locale"]):
        print(f"compiled {path.relative_to(root)}", file=sys.stdout)
