"""What a browser would send: the fields of a rendered form, each at the value the
page shows (a checked box, the selected option or a select's first one), read
from the HTML itself, so a test posts what the GM saw and left untouched."""

from __future__ import annotations

import re
from html.parser import HTMLParser


class _FormFields(HTMLParser):
    def __init__(self, form_id: str) -> None:
        super().__init__(convert_charrefs=True)
        self.form_id = form_id
        self.inside = False
        self.found = False
        self.fields: list[tuple[str, str]] = []
        self.selects: dict[str, dict] = {}
        self.select: str | None = None
        self.textarea: str | None = None
        self.text = ""

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and attrs.get("id") == self.form_id:
            self.inside = self.found = True
            return
        if not self.inside:
            return
        name = attrs.get("name")
        if tag == "input" and name:
            kind = attrs.get("type", "text")
            if kind in ("submit", "button", "image", "reset", "file"):
                return
            if kind in ("checkbox", "radio"):
                if "checked" in attrs:
                    self.fields.append((name, attrs.get("value", "on")))
                return
            self.fields.append((name, attrs.get("value", "")))
        elif tag == "select" and name:
            self.select = name
            self.selects[name] = {"first": None, "selected": None}
        elif tag == "option" and self.select:
            chosen = self.selects[self.select]
            value = attrs.get("value", "")
            if chosen["first"] is None:
                chosen["first"] = value
            if "selected" in attrs:
                chosen["selected"] = value
        elif tag == "textarea" and name:
            self.textarea, self.text = name, ""

    def handle_endtag(self, tag):
        if tag == "form" and self.inside:
            self.inside = False
        elif tag == "select" and self.select:
            chosen = self.selects[self.select]
            value = chosen["selected"] if chosen["selected"] is not None else chosen["first"]
            if value is not None:
                self.fields.append((self.select, value))
            self.select = None
        elif tag == "textarea" and self.textarea:
            self.fields.append((self.textarea, self.text))
            self.textarea = None

    def handle_data(self, data):
        if self.textarea:
            self.text += data


def form_fields(html: str, form_id: str) -> dict[str, str]:
    """The fields of `<form id=form_id>` as a browser submits them untouched."""
    parser = _FormFields(form_id)
    parser.feed(html)
    assert parser.found, f"no form #{form_id} on the page"
    return dict(parser.fields)


def flash_tags(html: str) -> list[str]:
    """The levels of the messages a page shows after a form's post ("success", "error":
    templates/base.html's `<ul class="messages">`), for a test whose subject is whether
    the post was taken, not how the answer reads."""
    flashed = re.search(r'<ul class="messages">(.*?)</ul>', html, re.S)
    return re.findall(r'<li class="(\w+)">', flashed.group(1)) if flashed else []
