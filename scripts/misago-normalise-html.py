#!/usr/bin/env python3
# The engine's own habits taken out of a comparison of HTML (MisagoSpecRoundTripTests).
# Usage: misago-normalise-html.py IN.json OUT.json. IN holds {"host": "127.0.0.1:PORT", "pairs":
# [{"engine": HTML or null, "cmark": HTML}]}; OUT gets the list with both sides in one canonical form. cmark's side first goes through
# the post-processing Misago gives every post after Python-Markdown (its HTML parser, the
# linkifier of bare addresses, the link cleaner that adds target/rel and rewrites addresses,
# and the finaliser), imported from the engine's own venv: so a difference left is one of
# markup, not of what the engine does to every post. Then both sides are printed the one way:
# attributes sorted, text escaped by the same function, whitespace next to a tag dropped.
# Run with the engine's python, DJANGO_SETTINGS_MODULE=missive_settings, PYTHONPATH=its project.
import html
import json
import re
import sys

import django

django.setup()

from misago.markup import finalize_markup  # noqa: E402
from misago.markup.htmlparser import ElementNode, TextNode, parse_html_string  # noqa: E402
from misago.markup.links import clean_links, linkify_texts  # noqa: E402


class Request:
    """What the link cleaner asks of a request: the host it tells internal links by."""

    def __init__(self, host):
        self.host = host

    def get_host(self):
        return self.host


def as_engine_would(cmark_html, request):
    root = parse_html_string(cmark_html)
    linkify_texts(root)
    result = {"internal_links": [], "outgoing_links": [], "images": []}
    clean_links(request, result, root, True)
    return finalize_markup(str(root))


def canonical(node):
    if isinstance(node, TextNode) or isinstance(node, str):
        return html.escape(node.text if isinstance(node, TextNode) else node)
    if not isinstance(node, ElementNode):
        return "".join(canonical(child) for child in node.children)
    attrs = "".join(f' {name}="{html.escape(str(value))}"' for name, value in sorted(node.attrs.items()))
    children = "".join(canonical(child) for child in node.children)
    return f"<{node.tag}{attrs}>{children}</{node.tag}>"


def whitespace(text):
    text = re.sub(r"\s+", " ", text)
    return re.sub(r"\s*(<[^>]+>)\s*", r"\1", text).strip()


def normalised(fragment):
    return whitespace(canonical(parse_html_string(fragment)))


with open(sys.argv[1], encoding="utf-8") as source:
    job = json.load(source)
request = Request(job["host"])
answer = []
for pair in job["pairs"]:
    engine = pair.get("engine")
    answer.append({
        "engine": None if engine is None else normalised(engine),
        "cmark": normalised(as_engine_would(pair["cmark"], request)),
    })
with open(sys.argv[2], "w", encoding="utf-8") as target:
    json.dump(answer, target)
