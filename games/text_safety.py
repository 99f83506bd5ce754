"""Text a player writes: no hidden characters, no look-alike names.

Invisible format characters (Unicode category Cf: the bidirectional controls
U+202A-U+202E and U+2066-U+2069 that turn the rest of a line around, the marks
U+200E/U+200F/U+061C, zero-width spaces and joiners, the BOM, the soft hyphen)
are stripped from everything written (posts, notes, wills, game names), except
the zero-width joiner and non-joiner, which emoji sequences and Persian need.
A username may hold none of them at all (`username_refusal`).

Two usernames are look-alikes when their skeletons are equal: the name in NFKC,
casefolded, each character replaced by its look-alike prototype (the Unicode
confusables table as packaged by confusable_homoglyphs: a Cyrillic а and a Latin
a share one prototype, so do 0 and O, and l, 1 and I). This is UTS #39's skeleton
for one character at a time, aimed at names that pass for ASCII ones: "rn" and "m"
are not matched.

>>> skeleton("g\\u0430p02") == skeleton("gap02") == skeleton("GAPO2")
True
>>> clean_text("evil \\u202egnp.exe")
'evil gnp.exe'
"""

from __future__ import annotations

import functools
import re
import unicodedata

from confusable_homoglyphs import confusables

# Kept in posts: emoji sequences (👨‍👩‍👧) and Persian spelling need them.
JOINERS = frozenset({"\u200c", "\u200d"})


def is_invisible(char: str) -> bool:
    return unicodedata.category(char) == "Cf"


# Control characters a text may not keep: NUL (PostgreSQL's text refuses it, so a post
# holding one would fail with a server error) and the other C0/C1 controls, which no
# reader sees; the tab and the line breaks stay.
_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def clean_text(text: str) -> str:
    """The text without invisible format characters (the joiners kept) or control
    characters (tab and line breaks kept)."""
    text = _CONTROLS.sub("", text)
    if text.isascii():
        return text
    return "".join(c for c in text if c in JOINERS or not is_invisible(c))


def username_refusal(name: str) -> str:
    """Why this username is refused for its characters ("" if it is not)."""
    hidden = sorted({f"U+{ord(c):04X}" for c in name if is_invisible(c)})
    if hidden:
        return (
            "A username cannot contain invisible or direction-changing characters "
            f"({', '.join(hidden)})."
        )
    return ""


# ASCII look-alikes among themselves, after casefolding: 0/o, and 1/l/i/| (a capital I
# is an l in most fonts). Over-matching here only asks a newcomer for another name.
ASCII_PROTOTYPES = {"0": "o", "1": "l", "i": "l", "|": "l"}


def _fold(char: str) -> str:
    if not char.isascii() and unicodedata.decimal(char, None) is not None:
        char = str(unicodedata.decimal(char))  # a digit of any script: its ASCII digit
    folded = unicodedata.normalize("NFKC", char).casefold()
    return folded if len(folded) == 1 else char


@functools.cache
def _prototype(char: str) -> str:
    """One character's prototype: ASCII stays itself (ASCII_PROTOTYPES aside); any
    other character becomes the ASCII character it looks like, if there is one."""
    char = _fold(char)
    if not char.isascii():
        found = confusables.confusables_data.get(char, [])
        looks_like = [_fold(h["c"]) for h in found if len(h["c"]) == 1]
        ascii_ones = sorted({ASCII_PROTOTYPES.get(c, c) for c in looks_like if c.isascii()})
        if ascii_ones:
            return ascii_ones[0]
    return ASCII_PROTOTYPES.get(char, char)


def skeleton(name: str) -> str:
    folded = unicodedata.normalize("NFKC", name).casefold()
    return "".join(_prototype(c) for c in folded if not is_invisible(c))
