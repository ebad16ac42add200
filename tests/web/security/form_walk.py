"""A crawl of the site's pages collecting every form and every query parameter its links use,
for the bad-input walk (issue 25 point 5, `test_bad_input_walk`)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any, Iterator
from urllib.parse import parse_qsl, urljoin, urlsplit

SKIPPED_ACTIONS = ("/conta/sair", "/conta/senha", "/lang/")  # would end the walk's session


@dataclass
class Form:
    action: str
    method: str
    fields: list[tuple[str, str, str]] = field(default_factory=list)  # (name, type, default)
    options: dict[str, str] = field(default_factory=dict)  # a select's first value


class _Page(HTMLParser):
    def __init__(self, url: str) -> None:
        super().__init__(convert_charrefs=True)
        self.url = url
        self.links: list[str] = []
        self.forms: list[Form] = []
        self._form: Form | None = None
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "a" and a.get("href"):
            self.links.append(urljoin(self.url, a["href"]))
        elif tag == "form":
            self._form = Form(urljoin(self.url, a.get("action") or self.url), (a.get("method") or "get").upper())
            self.forms.append(self._form)
        elif self._form is not None and tag in ("input", "select", "textarea", "button") and a.get("name"):
            kind = a.get("type", "text").lower() if tag == "input" else tag
            if kind in ("checkbox", "radio") and "checked" not in a:
                default = ""
            else:
                default = a.get("value", "")
            if kind == "submit" or tag == "button":
                return
            self._form.fields.append((a["name"], kind, default))
            if tag == "select":
                self._select = a["name"]
        elif tag == "option" and self._form is not None and self._select:
            self._form.options.setdefault(self._select, a.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None


def _local(url: str) -> str | None:
    parts = urlsplit(url)
    if parts.netloc not in ("", "localhost") or not parts.path.startswith("/"):
        return None
    return parts.path + ("?" + parts.query if parts.query else "")


def _shape(path: str) -> str:
    return re.sub(r"\d+", "N", path)


def crawl(client: Any, start: list[str], limit: int = 400, per_shape: int = 2) -> tuple[list[Form], dict[str, set[str]]]:
    """Forms (one per action shape and field names) and query parameter names per path shape."""
    queue, seen, shapes = list(start), set(start), {}  # type: ignore[var-annotated]
    forms: dict[tuple[str, str, tuple[str, ...]], Form] = {}
    queries: dict[str, set[str]] = {}
    while queue and len(seen) < limit:
        url = queue.pop(0)
        response = client.get(url)
        if response.status_code != 200 or "html" not in (response.content_type or ""):
            continue
        page = _Page("http://localhost" + url)
        page.feed(response.get_data(as_text=True))
        for form in page.forms:
            action = _local(form.action)
            if action is None or any(s in action for s in SKIPPED_ACTIONS):
                continue
            form.action = action
            key = (form.method, _shape(urlsplit(action).path), tuple(sorted(n for n, _k, _d in form.fields)))
            forms.setdefault(key, form)
        for link in page.links:
            local = _local(link)
            if local is None or local in seen or any(s in local for s in SKIPPED_ACTIONS):
                continue
            path, _, query = local.partition("?")
            for name, _value in parse_qsl(query, keep_blank_values=True):
                queries.setdefault(path, set()).add(name)
            shape = _shape(path)
            if shapes.get(shape, 0) >= per_shape or path.endswith((".pdf", ".csv", ".trf", ".pdn", ".pgn", ".svg")):
                continue
            shapes[shape] = shapes.get(shape, 0) + 1
            seen.add(local)
            queue.append(local)
    return list(forms.values()), queries


def form_data(form: Form, bad_field: str, bad: str) -> dict[str, str]:
    data = {}
    for name, kind, default in form.fields:
        if kind == "file":
            continue
        value = default or form.options.get(name, "")
        data[name] = bad if name == bad_field else value
    return data


def cases(forms: list[Form], queries: dict[str, set[str]], values: tuple[str, ...]) -> Iterator[tuple[str, str, dict[str, str]]]:
    """(method, url, data) of every form field and query parameter with every bad value."""
    for form in forms:
        names = [n for n, kind, _d in form.fields if kind not in ("file", "hidden") or n != "csrf_token"]
        for name in dict.fromkeys(names):
            for value in values:
                data = form_data(form, name, value)
                if form.method == "GET":
                    yield "GET", urlsplit(form.action).path, data
                else:
                    yield "POST", form.action, data
    for path, names in queries.items():
        for name in sorted(names):
            for value in values:
                yield "GET", path, {name: value}
