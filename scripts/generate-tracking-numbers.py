#!/usr/bin/env python3
"""Writes Sources/EditMenuDataDetection/Generated/TrackingNumberTable.swift from the rules of the
public tracking_number_data (https://github.com/jkeen/tracking_number_data, MIT licence, (c) Jeff Keen),
as the PyPI package `tracking-numbers` ships them (pip install tracking-numbers; MIT).

usage: scripts/generate-tracking-numbers.py

Only data carries over: each courier's number pattern is expanded here (offline, with Python's own
regular-expression parser) into fixed-length shapes — one character class per position — with the
positions of its serial number, check digit and validated groups, the checksum algorithm and its
parameters, the allowed values of validated groups, and the serial-number prefix rule. The Swift side
(TrackingNumberScanner.swift) matches a shape position by position: no regular expression at run time.

Line format (one shape per line, fields separated by '|'):
  courier | product | shape | serial start,end | check start,end or - | checksum | validations | prepend | context
  shape: d digit, a upper-case letter, x letter or digit, any other character is itself,
         (…) a set of characters;
  checksum: mod10:<odds>:<evens> | mod7 | s10 | spw:<w,w,…>:<m1>:<m2> | - ;
  validations: start,end=V1/V2/…  joined by ';' ;
  prepend: <prefix1/prefix2/…>=<content>: prepend content to the serial unless it starts with a prefix;
  context: 1 when the shape is only detected after a word about shipping (digits only, no letter,
           shorter than 20 or without a fixed prefix), else 0.
"""
import os, sys, itertools, importlib.metadata
from swiftgen import generated_path, swift_lines

try:
    import re._parser as sre_parse
    from re._constants import LITERAL, IN, RANGE, MAX_REPEAT, MIN_REPEAT, SUBPATTERN, BRANCH, ASSERT, ASSERT_NOT, AT, NEGATE, CATEGORY, CATEGORY_SPACE, CATEGORY_DIGIT
except ImportError:  # Python < 3.11
    import sre_parse
    from sre_constants import LITERAL, IN, RANGE, MAX_REPEAT, MIN_REPEAT, SUBPATTERN, BRANCH, ASSERT, ASSERT_NOT, AT, NEGATE, CATEGORY, CATEGORY_SPACE, CATEGORY_DIGIT

try:
    from tracking_numbers._generated import DEFINITIONS
    from tracking_numbers import checksum_validator as cv
    from tracking_numbers.value_matcher import ExactValueMatcher, RegexValueMatcher
except ImportError:
    sys.exit("error: pip install tracking-numbers")

version = importlib.metadata.version("tracking-numbers")
out_path = generated_path("EditMenuDataDetection", "Generated", "TrackingNumberTable.swift")


ALPHABET = [chr(c) for c in range(0x30, 0x3A)] + [chr(c) for c in range(0x41, 0x5B)]


def charset(items):
    """The set of characters (of 0-9A-Z) an IN node allows."""
    chars, negate = set(), False
    for op, av in items:
        if op == LITERAL:
            chars.add(chr(av))
        elif op == RANGE:
            chars.update(chr(c) for c in range(av[0], av[1] + 1))
        elif op == NEGATE:
            negate = True
        elif op == CATEGORY and av == CATEGORY_DIGIT:
            chars.update("0123456789")
        elif op == CATEGORY and av == CATEGORY_SPACE:
            chars.add(" ")
        else:
            raise ValueError(f"unsupported set item {op}")
    if negate:
        chars = set(ALPHABET) - chars
    return frozenset(c for c in chars if c in ALPHABET or c == " ")


def expand(nodes):
    """All fixed-length expansions of a parsed pattern: lists of (charset, {group names open})."""
    results = [([], [])]  # (positions, spans)
    for op, av in nodes:
        new = []
        for alt in expand_node(op, av):
            for pos, spans in results:
                offset = len(pos)
                new.append((pos + alt[0], spans + [(n, s + offset, e + offset) for n, s, e in alt[1]]))
        results = new
        if len(results) > 4096:
            raise ValueError("pattern expands too far")
    return results


group_names = {}


def expand_node(op, av):
    if op == LITERAL:
        return [([frozenset(chr(av))], [])]
    if op == IN:
        s = charset(av)
        if s == frozenset(" "):
            return [([], [])]  # whitespace is removed before matching
        return [([s], [])]
    if op == CATEGORY:
        return [([], [])] if av == CATEGORY_SPACE else [([frozenset("0123456789")], [])]
    if op in (MAX_REPEAT, MIN_REPEAT):
        low, high, sub = av
        inner = expand(sub)
        if all(len(p) == 0 for p, _ in inner):  # \s*
            return [([], [])]
        if high > 64:
            raise ValueError("unbounded repeat")
        out = []
        for count in range(low, high + 1):
            for combo in itertools.product(inner, repeat=count):
                pos, spans = [], []
                for p, s in combo:
                    spans += [(n, a + len(pos), b + len(pos)) for n, a, b in s]
                    pos = pos + p
                out.append((pos, spans))
        return out
    if op == SUBPATTERN:
        group, _, _, sub = av
        inner = expand(sub)
        name = group_names.get(group)
        if name:
            return [(p, s + [(name, 0, len(p))]) for p, s in inner]
        return inner
    if op == BRANCH:
        out = []
        for sub in av[1]:
            out += expand(sub)
        return out
    if op in (ASSERT, ASSERT_NOT):
        raise ValueError("look-around")
    if op == AT:
        return [([], [])]
    raise ValueError(f"unsupported node {op}")


def shape_text(positions):
    out = []
    digits, letters = frozenset("0123456789"), frozenset(ALPHABET[10:])
    for s in positions:
        if s == digits:
            out.append("d")
        elif s == letters:
            out.append("a")
        elif s == digits | letters:
            out.append("x")
        elif len(s) == 1:
            out.append(next(iter(s)))
        else:
            out.append("(" + "".join(sorted(s)) + ")")
    return "".join(out)


def regex_values(pattern):
    """The finite set of strings a small pattern (validated group values) matches."""
    parsed = sre_parse.parse(pattern)
    values = set()
    for pos, _ in expand(list(parsed)):
        for combo in itertools.product(*[sorted(s) for s in pos]):
            values.add("".join(combo))
    return values


def prefixes_of(regex):
    """'^(?!9[1-5]).+' → the literal prefixes the negative look-ahead names."""
    parsed = list(sre_parse.parse(regex.pattern))
    for op, av in parsed:
        if op == ASSERT_NOT:
            out = set()
            for pos, _ in expand(list(av[1])):
                for combo in itertools.product(*[sorted(s) for s in pos]):
                    out.add("".join(combo))
            return sorted(out)
    raise ValueError("no negative look-ahead")


COURIERS = {"ups": "ups", "fedex": "fedEx", "usps": "usps", "s10": "postal", "dhl": "dhl", "amazon": "amazon", "ontrac": "onTrac"}
lines, skipped = [], []
for d in DEFINITIONS:
    if d.courier.code not in COURIERS:
        skipped.append(f"{d.product.name} (courier not supported)")
        continue
    parsed = sre_parse.parse(d.number_regex.pattern)
    group_names = {index: name for name, index in parsed.state.groupdict.items()}
    try:
        shapes = expand(list(parsed))
    except ValueError as error:
        skipped.append(f"{d.product.name} ({error})")
        continue
    c = d.checksum_validator
    if c is None:
        checksum = "-"
    elif isinstance(c, cv.Mod10):
        checksum = f"mod10:{c.odds_multiplier or 1}:{c.evens_multiplier or 1}"
    elif isinstance(c, cv.Mod7):
        checksum = "mod7"
    elif isinstance(c, cv.S10):
        checksum = "s10"
    elif isinstance(c, cv.SumProductWithWeightsAndModulo):
        checksum = "spw:" + ",".join(map(str, c.weights)) + f":{c.first_modulo}:{c.second_modulo}"
    else:
        sys.exit(f"unknown checksum {c!r}")
    prepend = "-"
    parser = d.serial_number_parser
    if getattr(parser, "prepend_if", None):
        prepend = "/".join(prefixes_of(parser.prepend_if.matches_regex)) + "=" + parser.prepend_if.content
    seen = set()
    for positions, spans in shapes:
        text = shape_text(positions)
        span = {n: (a, b) for n, a, b in spans}
        if "SerialNumber" not in span or text in seen:
            continue
        seen.add(text)
        validations = []
        for v in d.additional_validations:
            if v.regex_group_name not in span:
                continue
            values = set()
            for m in v.value_matchers:
                if isinstance(m, ExactValueMatcher):
                    values.add(m.value)
                else:
                    values |= regex_values(m.pattern.pattern)
            a, b = span[v.regex_group_name]
            validations.append(f"{a},{b}=" + "/".join(sorted(values)))
        # A fixed prefix: leading positions of at most five characters, or a validated group at the start.
        fixed = 0
        while fixed < len(positions) and len(positions[fixed]) <= 5:
            fixed += 1
        for v in validations:
            a, b = map(int, v.split("=")[0].split(","))
            if a == 0:
                fixed = max(fixed, b)
        has_letter = any(not (s <= frozenset("0123456789")) for s in positions)
        context = 0 if has_letter or (fixed >= 2 and len(positions) >= 20) else 1
        sa, sb = span["SerialNumber"]
        check = "%d,%d" % span["CheckDigit"] if "CheckDigit" in span else "-"
        lines.append("|".join([COURIERS[d.courier.code], d.product.name, text, f"{sa},{sb}", check, checksum,
                               ";".join(validations) or "-", prepend, str(context)]))

body = "\n".join(lines)
assert '"""' not in body and "\\" not in body
body = swift_lines(body)
swift = f'''// Generated by scripts/generate-tracking-numbers.py — do not edit.
// Data: tracking_number_data (https://github.com/jkeen/tracking_number_data), MIT licence,
// Copyright (c) 2017 Jeff Keen; as shipped by the PyPI package tracking-numbers {version} (MIT).
// Left out: {"; ".join(skipped) or "nothing"}.

extension TrackingNumberFormat {{
    /// One shape per line; the format is described in scripts/generate-tracking-numbers.py.
    static let table = """
{body}
        """
}}
'''
with open(out_path, "w", encoding="utf-8") as fh:
    fh.write(swift)
print(f"wrote {len(lines)} shapes to {os.path.relpath(out_path)}; left out: {skipped}")
