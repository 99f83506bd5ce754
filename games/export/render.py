"""A post as BBCode or Markdown.

A post is a list of lines; a line is a list of spans `(text, style)`, style "" (plain),
"b" (bold) or "i" (italic); an empty line (`[]`) separates paragraphs. Text never
becomes markup: Markdown's special characters are escaped with a backslash, and a
square bracket in BBCode text (no forum agrees on an escape) becomes the fullwidth
bracket, which reads the same and opens no tag.
"""

from __future__ import annotations

import re

Span = tuple[str, str]
Line = list[Span]

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~])")


def _md_text(text: str) -> str:
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


def _bb_text(text: str) -> str:
    return text.replace("[", "\uff3b").replace("]", "\uff3d")


def _paragraphs(lines: list[Line]) -> list[list[Line]]:
    paragraphs: list[list[Line]] = [[]]
    for line in lines:
        if line:
            paragraphs[-1].append(line)
        elif paragraphs[-1]:
            paragraphs.append([])
    return [p for p in paragraphs if p]


def markdown(lines: list[Line]) -> str:
    def span(text: str, style: str) -> str:
        marks = {"b": "**", "i": "*"}.get(style, "")
        return f"{marks}{_md_text(text)}{marks}" if text else ""

    # Within a paragraph a line ends with two spaces: Markdown's line break.
    return (
        "\n\n".join(
            "  \n".join("".join(span(t, s) for t, s in line) for line in paragraph)
            for paragraph in _paragraphs(lines)
        )
        + "\n"
    )


def bbcode(lines: list[Line]) -> str:
    def span(text: str, style: str) -> str:
        if not text:
            return ""
        return f"[{style}]{_bb_text(text)}[/{style}]" if style else _bb_text(text)

    return (
        "\n\n".join(
            "\n".join("".join(span(t, s) for t, s in line) for line in paragraph)
            for paragraph in _paragraphs(lines)
        )
        + "\n"
    )
