#!/usr/bin/env python3
"""Writes the converter benchmark's Markdown corpus: forum-like posts mixed with the
CommonMark spec examples, from a fixed seed so every run measures the same bytes.
Usage: markup-corpus.py SPEC_JSON OUT_FILE [MEGABYTES]"""
import json
import random
import sys

spec_path, out_path = sys.argv[1], sys.argv[2]
target = int(float(sys.argv[3] if len(sys.argv) > 3 else 5) * 1024 * 1024)
rng = random.Random(20240611)
examples = [e["markdown"] for e in json.load(open(spec_path, encoding="utf-8"))]

WORDS = ("the thread post goon forum reply quote lol actually honestly anyway patch game "
         "build server update thanks mods image link code list first second great").split()
USERS = ["Goon%d" % n for n in range(40)]


def sentence():
    words = [rng.choice(WORDS) for _ in range(rng.randint(4, 16))]
    for i in range(len(words)):
        roll = rng.random()
        if roll < 0.05:
            words[i] = "**%s**" % words[i]
        elif roll < 0.09:
            words[i] = "*%s*" % words[i]
        elif roll < 0.11:
            words[i] = "`%s[b]`" % words[i]
        elif roll < 0.13:
            words[i] = "[%s](https://example.com/%s?id=%d)" % (words[i], words[i], rng.randint(1, 99999))
        elif roll < 0.14:
            words[i] = "~~%s~~" % words[i]
        elif roll < 0.15:
            words[i] = "||%s||" % words[i]
    return " ".join(words).capitalize() + rng.choice([".", "!", "?", "..."])


def paragraph():
    return "\n".join(sentence() for _ in range(rng.randint(1, 4)))


def post():
    blocks = []
    for _ in range(rng.randint(2, 7)):
        kind = rng.random()
        if kind < 0.45:
            blocks.append(paragraph())
        elif kind < 0.55:
            blocks.append("> " + paragraph().replace("\n", "\n> "))
        elif kind < 0.65:
            start = rng.choice([1, 1, 1, 3])
            blocks.append("\n".join("%d. %s" % (start + n, sentence()) for n in range(rng.randint(2, 5))))
        elif kind < 0.75:
            blocks.append("\n".join("- " + sentence() for _ in range(rng.randint(2, 6))))
        elif kind < 0.82:
            lines = ["    x[%d] = [/code] %s;" % (n, rng.choice(WORDS)) for n in range(rng.randint(2, 8))]
            blocks.append("```c\n" + "\n".join(lines) + "\n```")
        elif kind < 0.87:
            blocks.append("## " + sentence())
        elif kind < 0.91:
            blocks.append("![pic](https://i.example.com/%d.png) [timg]https://i.example.com/%d.jpg[/timg]"
                          % (rng.randint(1, 9999), rng.randint(1, 9999)))
        elif kind < 0.94:
            blocks.append("<b>html</b> and <!-- note --> <i>more</i> &copy; &#8364;")
        else:
            blocks.append(rng.choice(examples).rstrip("\n"))
    return "\n\n".join(blocks)


size = 0
with open(out_path, "w", encoding="utf-8") as out:
    while size < target:
        text = post() + "\n\n---\n\n"
        out.write(text)
        size += len(text.encode("utf-8"))
