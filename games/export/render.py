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

# Characters that are markup anywhere, and those that are markup at a line's start
# (a heading, a list item, a quote: "1. ", "- ", "# ", "> ").
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>|~])")
_MARKDOWN_LINE_START = re.compile(r"^(\s*)([#+\-=]|\d+(?=[.)]))")


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
        if not text or not marks or not text.strip():
            return _md_text(text)
        # Emphasis must not begin or end with a space: the spaces go outside it.
        core = text.strip()
        lead, trail = text[: len(text) - len(text.lstrip())], text[len(text.rstrip()) :]
        return f"{lead}{marks}{_md_text(core)}{marks}{trail}"

    def line_text(line: Line) -> str:
        text = "".join(span(t, s) for t, s in line)
        return _MARKDOWN_LINE_START.sub(lambda m: m.group(1) + "\\" + m.group(2), text)

    # Within a paragraph a line ends with two spaces: Markdown's line break.
    return (
        "\n\n".join(
            "  \n".join(line_text(line) for line in paragraph) for paragraph in _paragraphs(lines)
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
