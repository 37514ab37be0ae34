#!/usr/bin/env python3
"""Counts the `public` and `open` declarations of each library product (issue 21's measure; goal ≤ 800).

Reads the products and their targets from `swift package dump-package`, then every Swift file of each
target: a declaration counts once when its modifiers include `public` or `open` (`public func`,
`public static let`, `open class`, `public extension`, `public init`, an enum's cases are not counted
apart from the enum). `@_spi(...)` declarations are counted separately: they are not part of the
surface a user learns. Comments and string literals are skipped. Imports are not declarations.

    scripts/public-api-count.py            # a table: product, target, public/open, @_spi
    scripts/public-api-count.py --total    # only the total across library products
"""

import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MODIFIERS = (
    r"(?:@[A-Za-z_][A-Za-z0-9_.]*(?:\([^)]*\))?\s+|final\s+|nonisolated(?:\(unsafe\))?\s+|static\s+|class\s+"
    r"|override\s+|mutating\s+|nonmutating\s+|convenience\s+|required\s+|indirect\s+|dynamic\s+|lazy\s+"
    r"|weak\s+|unowned\s+|prefix\s+|postfix\s+|infix\s+|private\(set\)\s+|fileprivate\(set\)\s+"
    r"|internal\(set\)\s+|package\(set\)\s+|consuming\s+|borrowing\s+|distributed\s+)*"
)
KEYWORDS = (
    r"(?:func|var|let|init[?!]?|subscript|struct|class|enum|protocol|actor|typealias|extension"
    r"|associatedtype|operator|macro|case|deinit)\b"
)
DECLARATION = re.compile(
    r"^\s*" + MODIFIERS + r"(?:public|open)\s+" + MODIFIERS + KEYWORDS
)
SPI = re.compile(r"@_spi\(")


def strip_comments_and_strings(source: str) -> list[str]:
    """The file's lines with comments and string literals blanked (line structure kept)."""
    out = []
    i, n = 0, len(source)
    in_block = 0
    in_string = None  # '"' or '"""'
    line = []
    while i < n:
        c = source[i]
        if c == "\n":
            out.append("".join(line))
            line = []
            i += 1
            continue
        if in_block:
            if source.startswith("*/", i):
                in_block -= 1
                i += 2
            elif source.startswith("/*", i):
                in_block += 1
                i += 2
            else:
                i += 1
            continue
        if in_string:
            if c == "\\":
                i += 2
                continue
            if source.startswith(in_string, i):
                i += len(in_string)
                in_string = None
                line.append('""')
            else:
                i += 1
            continue
        if source.startswith("//", i):
            while i < n and source[i] != "\n":
                i += 1
            continue
        if source.startswith("/*", i):
            in_block = 1
            i += 2
            continue
        if source.startswith('"""', i):
            in_string = '"""'
            i += 3
            continue
        if c == '"':
            in_string = '"'
            i += 1
            continue
        line.append(c)
        i += 1
    out.append("".join(line))
    return out


def count_file(path: str) -> tuple[int, int]:
    with open(path, encoding="utf-8") as f:
        lines = strip_comments_and_strings(f.read())
    public = spi = 0
    previous = ""
    for line in lines:
        if DECLARATION.match(line):
            if SPI.search(line) or SPI.search(previous):
                spi += 1
            else:
                public += 1
        if line.strip():
            previous = line
    return public, spi


def count_target(path: str) -> tuple[int, int]:
    public = spi = 0
    for directory, _, files in os.walk(path):
        for name in sorted(files):
            if name.endswith(".swift"):
                p, s = count_file(os.path.join(directory, name))
                public += p
                spi += s
    return public, spi


def main() -> int:
    package = json.loads(
        subprocess.run(
            ["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True
        ).stdout
    )
    paths = {
        t["name"]: os.path.join(ROOT, t.get("path") or os.path.join("Sources", t["name"]))
        for t in package["targets"]
    }
    rows = []
    seen = set()
    for product in package["products"]:
        if "library" not in product["type"]:
            continue
        for target in product["targets"]:
            if target in seen:
                continue
            seen.add(target)
            rows.append((product["name"], target, *count_target(paths[target])))
    total = sum(r[2] for r in rows)
    if "--total" in sys.argv[1:]:
        print(total)
        return 0
    print(f"{'product':<18} {'target':<24} {'public/open':>11} {'@_spi':>6}")
    for product, target, public, spi in rows:
        print(f"{product:<18} {target:<24} {public:>11} {spi:>6}")
    products = {}
    for product, _, public, _ in rows:
        products[product] = products.get(product, 0) + public
    for product, public in products.items():
        print(f"{'= ' + product:<43} {public:>11}")
    print(f"{'total (goal ≤ 800)':<43} {total:>11}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
