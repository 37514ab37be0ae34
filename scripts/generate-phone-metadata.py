#!/usr/bin/env python3
"""Writes Sources/EditMenuDataDetection/Generated/PhoneMetadataTable.swift from libphonenumber's region
metadata (https://github.com/google/libphonenumber, Apache License 2.0, (c) The Libphonenumber Authors),
as the PyPI package `phonenumbers` ships it (pip install phonenumbers; Apache-2.0).

usage: scripts/generate-phone-metadata.py

Only data carries over, for every region and non-geographic entity: the country calling code, the
national (trunk) prefix, the possible lengths of a national significant number, and each national
format's digit groups, whether the trunk prefix is written with it, and the digits it starts with.
The formats' leading-digit patterns are expanded here (offline, with Python's regular-expression
parser) into prefixes of at most three digits, each digit a set: `3[02]` is 30 or 32.

Line format (one region per line, fields separated by '|'):
  region | calling code | trunk prefix or - | possible lengths (comma-separated) | formats | plan
  formats: joined by '~'; each  groups : trunk : prefixes : separators
    groups: digit-group lengths, comma-separated, each N or N-M;
    trunk: 1 the trunk prefix is written, 0 it is not, 2 either; then b when the format writes the
           first group in brackets;
    prefixes: comma-separated, each a sequence of digits and [digit sets] ([0-35-9]); empty = any;
    separators: what the format writes between its groups: s space, n nothing, - . / themselves.
  plan: for each position of a national significant number, three hex digits: the digits the
    region's numbering plan (the union of its fixed-line, mobile, toll-free … patterns) allows there.
The first region of a calling code is its main country.

It also writes the regions whose national formats are tried when the menu's region does not read a
number: the likely region (CLDR likelySubtags, Unicode licence, Debian's unicode-cldr-core) of each
language the project ships (Sources/EditMenuKit/Localization/Strings/*.json), and the English-speaking
regions whose formats the project supported before (US, CA, GB, AU, IN) — the regions read before
first, in their old order; and the likely region of
every language, for a menu locale without a region.
"""
import re, subprocess
from swiftgen import generated_path, swift_lines
import xml.etree.ElementTree as ET
import os, sys, itertools, importlib.metadata

try:
    import re._parser as sre_parse
    from re._constants import LITERAL, IN, RANGE, MAX_REPEAT, MIN_REPEAT, SUBPATTERN, BRANCH, CATEGORY, CATEGORY_DIGIT, NEGATE
except ImportError:
    import sre_parse
    from sre_constants import LITERAL, IN, RANGE, MAX_REPEAT, MIN_REPEAT, SUBPATTERN, BRANCH, CATEGORY, CATEGORY_DIGIT, NEGATE

try:
    import phonenumbers
    from phonenumbers import PhoneMetadata
    from phonenumbers.phonenumberutil import COUNTRY_CODE_TO_REGION_CODE
except ImportError:
    sys.exit("error: pip install phonenumbers")

version = importlib.metadata.version("phonenumbers")
out_path = generated_path("EditMenuDataDetection", "Generated", "PhoneMetadataTable.swift")


DIGITS = frozenset("0123456789")
DEPTH = 3


def digit_set(op, av):
    if op == LITERAL:
        return frozenset(chr(av))
    if op == CATEGORY and av == CATEGORY_DIGIT:
        return DIGITS
    if op == IN:
        out, negate = set(), False
        for o, a in av:
            if o == LITERAL:
                out.add(chr(a))
            elif o == RANGE:
                out.update(chr(c) for c in range(a[0], a[1] + 1))
            elif o == CATEGORY and a == CATEGORY_DIGIT:
                out |= DIGITS
            elif o == NEGATE:
                negate = True
        return frozenset(DIGITS - out if negate else out) & DIGITS
    return None


def prefixes(nodes, depth=DEPTH):
    """Sequences of digit sets (at most `depth` long) the pattern's matches start with."""
    results = [()]
    for op, av in nodes:
        done = [r for r in results if len(r) >= depth]
        open_ = [r for r in results if len(r) < depth]
        if not open_:
            return done
        alts = node_prefixes(op, av, depth)
        new = []
        for r in open_:
            for a in alts:
                new.append((r + a)[:depth])
        results = done + sorted(set(new), key=str)
    return results


def node_prefixes(op, av, depth):
    s = digit_set(op, av)
    if s is not None:
        return [(s,)]
    if op == SUBPATTERN:
        return prefixes(list(av[3]), depth)
    if op == BRANCH:
        out = []
        for sub in av[1]:
            out += prefixes(list(sub), depth)
        return out
    if op in (MAX_REPEAT, MIN_REPEAT):
        low, high, sub = av
        inner = prefixes(list(sub), depth)
        out = []
        for count in range(low, min(high, depth) + 1):
            for combo in itertools.product(inner, repeat=count):
                out.append(tuple(itertools.chain(*combo))[:depth])
        return out or [()]
    raise ValueError(f"unsupported node {op}")


def set_text(s):
    if len(s) == 1:
        return next(iter(s))
    digits, out, i = sorted(int(d) for d in s), [], 0
    while i < len(digits):
        j = i
        while j + 1 < len(digits) and digits[j + 1] == digits[j] + 1:
            j += 1
        out.append(str(digits[i]) if j == i else f"{digits[i]}{digits[j]}" if j == i + 1 else f"{digits[i]}-{digits[j]}")
        i = j + 1
    return "[" + "".join(out) + "]"


def prefix_text(pattern):
    seqs = set(prefixes(list(sre_parse.parse(pattern))))
    # Drop sequences another, shorter one already covers.
    def covers(a, b):
        return len(a) <= len(b) and all(x >= y for x, y in zip(a, b))
    kept = [s for s in seqs if not any(o != s and covers(o, s) for o in seqs)]
    return ",".join(sorted("".join(set_text(x) for x in s) for s in kept if s))


def groups(pattern):
    parsed = sre_parse.parse(pattern)
    out = []
    for op, av in parsed:
        if op != SUBPATTERN:
            raise ValueError(f"format pattern {pattern} has text outside groups")
        low, high = sre_parse.SubPattern(parsed.state, list(av[3])).getwidth()
        out.append(str(low) if low == high else f"{low}-{high}")
    return ",".join(out)


TYPES = ["fixed_line", "mobile", "toll_free", "premium_rate", "shared_cost", "personal_number", "voip", "pager",
         "uan", "voicemail"]
MAX_POSITIONS = 17


def position_masks(patterns):
    """For each position of a national number, the digits any of the numbering plan's patterns allows
    there (a bit per digit), walking each pattern with the set of offsets it can be at."""
    masks = [0] * MAX_POSITIONS

    def walk(nodes, offsets):
        for op, av in nodes:
            offsets = step(op, av, offsets)
            if not offsets:
                break
        return offsets

    def step(op, av, offsets):
        s = digit_set(op, av)
        if s is not None:
            bits = sum(1 << int(d) for d in s)
            for o in offsets:
                if o < MAX_POSITIONS:
                    masks[o] |= bits
            return {o + 1 for o in offsets if o + 1 <= MAX_POSITIONS}
        if op == SUBPATTERN:
            return walk(list(av[3]), offsets)
        if op == BRANCH:
            out = set()
            for sub in av[1]:
                out |= walk(list(sub), set(offsets))
            return out
        if op in (MAX_REPEAT, MIN_REPEAT):
            low, high, sub = av
            out, current = set(), set(offsets)
            for count in range(0, min(high, MAX_POSITIONS) + 1):
                if count >= low:
                    out |= current
                if not current:
                    break
                current = walk(list(sub), current)
            return out
        raise ValueError(f"unsupported node {op}")

    for pattern in patterns:
        walk(list(sre_parse.parse(pattern)), {0})
    return masks


def region_line(region, m):
    np = m.national_prefix or ""
    formats = []
    for f in m.number_format:
        rule = f.national_prefix_formatting_rule or ""
        written = bool(np) and np in rule.replace("$NP", np)
        trunk = 2 if (written and f.national_prefix_optional_when_formatting) or (not written and np and f.national_prefix_optional_when_formatting) else (1 if written else 0)
        leading = prefix_text(f.leading_digits_pattern[0]) if f.leading_digits_pattern else ""
        brackets = "b" if "(" in (f.format or "") or "(" in rule else ""
        separators = ""
        for piece in re.split(r"\\\d|\$\d", (f.format or "").replace("(", "").replace(")", ""))[1:-1]:
            piece = piece.strip(" ") or " " if piece else ""
            separators += {"": "n", " ": "s"}.get(piece, piece[:1] if piece[:1] in "-./" else "s")
        formats.append(f"{groups(f.pattern)}:{trunk}{brackets}:{leading}:{separators}")
    lengths = ",".join(str(n) for n in m.general_desc.possible_length if n > 0)
    patterns = [getattr(m, t).national_number_pattern for t in TYPES
                if getattr(m, t, None) is not None and getattr(m, t).national_number_pattern]
    masks = position_masks(patterns) if patterns else [0x3FF] * MAX_POSITIONS
    top = max(int(n) for n in lengths.split(",")) if lengths else MAX_POSITIONS
    plan = "".join("%03x" % masks[i] for i in range(min(top, MAX_POSITIONS)))
    return "|".join([region, str(m.country_code), np or "-", lengths, "~".join(formats), plan])


lines = []
for code in sorted(COUNTRY_CODE_TO_REGION_CODE):
    for region in COUNTRY_CODE_TO_REGION_CODE[code]:
        m = PhoneMetadata.metadata_for_nongeo_region(code) if region == "001" else PhoneMetadata.metadata_for_region(region)
        if m is None:
            continue
        lines.append(region_line(region, m))

cldr = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode/cldr"
likely_path = os.path.join(cldr, "common", "supplemental", "likelySubtags.xml")
if not os.path.exists(likely_path):
    sys.exit(f"error: {likely_path} is missing; apt-get install unicode-cldr-core")
likely = {}
for node in ET.parse(likely_path).getroot().iter("likelySubtag"):
    source, target = node.get("from"), node.get("to").split("_")
    if source.startswith("und") or target[-1] in ("", None):
        continue
    region = target[-1]
    if len(region) == 2 and region.isalpha():
        likely[source] = region
cldr_version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "unicode-cldr-core"], capture_output=True,
                              text=True).stdout.strip() or "?"
strings = generated_path("EditMenuKit", "Localization", "Strings")
# Order matters: a national number two regions read is read by the first. The regions whose formats
# the project read before come first, in their old order, then the other languages' regions.
fallback = ["US", "CA", "GB", "AU", "DE", "FR", "RU", "JP", "IN", "BR", "ES"]
for name in sorted(os.listdir(strings)):
    if not name.endswith(".json"):
        continue
    tag = name[:-5].replace("-", "_")
    parts = tag.split("_")
    region = parts[-1] if len(parts) > 1 and len(parts[-1]) == 2 and parts[-1].isupper() else likely.get(tag) or likely.get(parts[0])
    if region and region not in fallback:
        fallback.append(region)
known = {line.split("|")[0] for line in lines}
fallback = [r for r in fallback if r in known]
likely_text = ",".join(f"{k}={v}" for k, v in sorted(likely.items()) if "_" not in k and v in known)

body = "\n".join(lines)
assert '"""' not in body and "\\" not in body
body = swift_lines(body)
swift = f'''// Generated by scripts/generate-phone-metadata.py — do not edit.
// Data: libphonenumber's region metadata (https://github.com/google/libphonenumber), Apache License 2.0,
// Copyright (C) The Libphonenumber Authors; as shipped by the PyPI package phonenumbers {version}.
// Likely regions: CLDR {cldr_version} likelySubtags (Unicode License v3), Debian's unicode-cldr-core.

extension PhoneMetadata {{
    /// Regions whose national formats are tried after the menu's region, in order.
    static let fallbackRegionList = """
{swift_lines(",".join(fallback))}
        """

    /// The likely region of each language (`language=REGION`, comma-separated).
    static let likelyRegionList = """
{swift_lines(likely_text)}
        """

    /// One region per line; the format is described in scripts/generate-phone-metadata.py.
    static let table = """
{body}
        """
}}
'''
with open(out_path, "w", encoding="utf-8") as fh:
    fh.write(swift)
print(f"wrote {len(lines)} regions, {len(body)} characters, to {os.path.relpath(out_path)}")
