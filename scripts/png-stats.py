#!/usr/bin/env python3
"""Decodes a PNG (8-bit RGB or RGBA, not interlaced, as Chromium writes them) with the standard
library alone and prints what a test needs to tell a drawn page from a blank one, as JSON:
width, height, the number of distinct colours, the most common colour and its share, and the
colours of the pixels asked for with --at X,Y, and how many pixels have each colour asked for
with --count '#rrggbb'.

    scripts/png-stats.py FILE.png [--at X,Y]... [--count '#rrggbb']...
"""
import json
import struct
import sys
import zlib
from collections import Counter


def decode(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"{path}: unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[i] = (line[i] + predictor) & 0xFF
        rows.append(line)
        previous = line
    return width, height, channels, rows


def main(argv):
    path, points, wanted = argv[1], [], []
    for i, arg in enumerate(argv):
        if arg == "--at":
            x, y = argv[i + 1].split(",")
            points.append((int(x), int(y)))
        elif arg == "--count":
            wanted.append(argv[i + 1].lower())
    width, height, channels, rows = decode(path)
    hexes = Counter()
    for line in rows:
        for x in range(0, width * channels, channels):
            hexes["#%02x%02x%02x" % (line[x], line[x + 1], line[x + 2])] += 1
    common, count = hexes.most_common(1)[0]
    at = {}
    for x, y in points:
        line = rows[y]
        at[f"{x},{y}"] = "#%02x%02x%02x" % (line[x * channels], line[x * channels + 1], line[x * channels + 2])
    print(json.dumps({
        "width": width, "height": height, "colours": len(hexes),
        "most_common": common, "most_common_share": count / (width * height),
        "at": at, "count": {colour: hexes[colour] for colour in wanted}, "share": {colour: n / (width * height) for colour, n in hexes.most_common(12)},
    }))


if __name__ == "__main__":
    main(sys.argv)
