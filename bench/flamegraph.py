#!/usr/bin/env python3
"""Draws a flame graph as a self-contained SVG from `perf script` output.

  perf script -i perf.data | python3 bench/flamegraph.py --title "GetItem" > flame.svg

Each sample's call stack (root at the bottom) is folded into "frame;frame;...;leaf count" lines,
and each frame is drawn as a box as wide as its share of the samples. Hovering over a box shows its
full name, its samples and its share (an SVG <title>). --folded writes the folded stacks instead.
"""

import argparse
import collections
import hashlib
import html
import re
import sys

WIDTH = 1200
FRAME_HEIGHT = 16
FONT_SIZE = 11
CHAR_WIDTH = FONT_SIZE * 0.59
MIN_WIDTH = 0.3  # pixels: a narrower box is left out (it would not show)
PAD_TOP = 40
PAD_SIDE = 10
OPERATORS = ["<=>", "<<=", ">>=", "->*", "<<", ">>", "<=", ">=", "->", "()", "<", ">"]

# A sample's header line: "comm  pid/tid  time: period event:" (fields vary with perf's options);
# its frames follow, one a line, "\taddress symbol+offset (dso)".
FRAME = re.compile(r"^\s*[0-9a-f]+\s+(.+?)(?:\s+\((.*)\))?$")


def without_groups(text, open_char, close_char):
    """text with each outermost open_char...close_char group emptied: "f<a<b>>" -> "f<>"."""
    out, depth = [], 0
    for c in text:
        if c == open_char:
            if depth == 0:
                out.append(c)
            depth += 1
        elif c == close_char and depth > 0:
            depth -= 1
            if depth == 0:
                out.append(c)
        elif depth == 0:
            out.append(c)
    return "".join(out)


def short_name(symbol, dso):
    """A frame's name without its offset, argument list and template arguments; a kernel frame ends
    in "_[k]"."""
    if symbol in ("[unknown]", ""):
        return f"[{dso.rsplit('/', 1)[-1]}]" if dso else "[unknown]"
    symbol = re.sub(r"\+0x[0-9a-f]+$", "", symbol)
    symbol = symbol.replace("(anonymous namespace)", "{anon}")
    # Operators whose names hold the brackets being matched keep them.
    operators = [f"operator{op}" for op in OPERATORS if f"operator{op}" in symbol]
    for i, op in enumerate(operators):
        symbol = symbol.replace(op, f"\0{i}\0")
    symbol = without_groups(without_groups(symbol, "<", ">"), "(", ")").replace("()", "")
    for i, op in enumerate(operators):
        symbol = symbol.replace(f"\0{i}\0", op)
    return symbol + "_[k]" if "kernel" in dso else symbol


def fold(lines):
    """Counts each distinct stack of `perf script` output; returns {(root, ..., leaf): samples}."""
    stacks = collections.Counter()
    comm = None
    frames = []

    def flush():
        if comm is not None:
            stacks[tuple([comm] + frames[::-1])] += 1

    for line in lines:
        line = line.rstrip("\n")
        if not line.strip():
            flush()
            comm, frames = None, []
            continue
        if not line[0].isspace():
            flush()
            comm, frames = line.split()[0], []
            continue
        match = FRAME.match(line)
        if match and comm is not None:
            frames.append(short_name(match.group(1), match.group(2) or ""))
    flush()
    return stacks


def build_tree(stacks):
    """A tree of {"name", "count", "children": {name: node}} from folded stacks."""
    root = {"name": "all", "count": 0, "children": {}}
    for stack, count in stacks.items():
        root["count"] += count
        node = root
        for name in stack:
            node = node["children"].setdefault(name, {"name": name, "count": 0, "children": {}})
            node["count"] += count
    return root


def depth_of(node):
    return 1 + max((depth_of(c) for c in node["children"].values()), default=0)


def colour(name):
    """A warm colour that stays the same for a name from one graph to the next; the kernel's frames
    orange, our own (ddb::) red-brown, the rest yellow-red."""
    h = int(hashlib.md5(name.encode()).hexdigest()[:8], 16)
    v1, v2 = (h & 0xFF) / 255, ((h >> 8) & 0xFF) / 255
    if name.endswith("_[k]"):
        return f"rgb({200 + int(55 * v1)},{120 + int(60 * v2)},40)"
    if "ddb::" in name:
        return f"rgb({190 + int(50 * v1)},{70 + int(60 * v2)},{50 + int(30 * v2)})"
    return f"rgb({225 + int(30 * v1)},{150 + int(80 * v2)},{40 + int(40 * v2)})"


def fitted(text, width):
    chars = int((width - 6) / CHAR_WIDTH)
    if chars < 3:
        return ""
    return text if len(text) <= chars else text[:chars - 2] + ".."


def svg(root, title):
    depth = depth_of(root)
    height = PAD_TOP + depth * FRAME_HEIGHT + 30
    total = max(root["count"], 1)
    scale = (WIDTH - 2 * PAD_SIDE) / total
    out = [
        '<?xml version="1.0" standalone="no"?>',
        f'<svg version="1.1" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" '
        'xmlns="http://www.w3.org/2000/svg">',
        "<style>text { font-family: Verdana, sans-serif; fill: #000; } "
        "g:hover rect { stroke: #000; stroke-width: 0.5; }</style>",
        f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#fdf6ec"/>',
        f'<text x="{WIDTH / 2}" y="24" font-size="17" text-anchor="middle">{html.escape(title)}'
        "</text>",
        f'<text x="{PAD_SIDE}" y="{height - 10}" font-size="{FONT_SIZE}">{total:,} samples; '
        "width is the share of samples, the root at the bottom; hover for names</text>",
    ]

    def draw(node, x, level):
        width = node["count"] * scale
        if width < MIN_WIDTH:
            return
        y = height - 30 - (level + 1) * FRAME_HEIGHT
        share = 100 * node["count"] / total
        name = html.escape(node["name"])
        out.append(f'<g><title>{name} ({node["count"]:,} samples, {share:.2f} %)</title>'
                   f'<rect x="{x:.2f}" y="{y}" width="{width:.2f}" height="{FRAME_HEIGHT - 1}" '
                   f'rx="2" fill="{colour(node["name"])}"/>'
                   f'<text x="{x + 3:.2f}" y="{y + FRAME_HEIGHT - 4}" font-size="{FONT_SIZE}">'
                   f'{html.escape(fitted(node["name"], width))}</text></g>')
        child_x = x
        for child in sorted(node["children"].values(), key=lambda c: c["name"]):
            draw(child, child_x, level + 1)
            child_x += child["count"] * scale

    draw(root, PAD_SIDE, 0)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("input", nargs="?", help="perf script output (default: stdin)")
    parser.add_argument("--title", default="Flame graph")
    parser.add_argument("--folded", action="store_true", help="write folded stacks, not an SVG")
    args = parser.parse_args()
    source = open(args.input, errors="replace") if args.input else sys.stdin
    stacks = fold(source)
    if args.folded:
        for stack, count in sorted(stacks.items()):
            print(";".join(stack), count)
        return
    sys.stdout.write(svg(build_tree(stacks), args.title))


if __name__ == "__main__":
    main()
