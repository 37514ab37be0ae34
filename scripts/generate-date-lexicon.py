#!/usr/bin/env python3
"""Writes Sources/EditMenuDataDetection/Generated/DateLexiconTable.swift from Unicode CLDR, as Debian's
package unicode-cldr-core installs it (/usr/share/unicode/cldr; apt-get install unicode-cldr-core;
Unicode License v3), for every language the project ships (Sources/EditMenuKit/Localization/Strings/*.json).

usage: scripts/generate-date-lexicon.py [CLDR_DIR]

Only data carries over, one entry per line, `kind:key:word` (words as CLDR writes them; the Swift
side lower-cases them as it compares):
  M<n>  a month's full name (format and stand-alone forms: `декабря`, `декабрь`), n = 1…12
  m<n>  a month's abbreviation (`déc`, `set`; a trailing dot dropped);  A<n> the same, in a language
        whose medium date format writes the month first (`Dec 5` in English)
  W<n>  a weekday's full name, n = 1 (Sunday) … 7;  w<n>  its abbreviations (`Mon`, `lun`, `Mo`)
  S     the part after a hyphen in weekday names (`segunda-feira` → `feira`)
  R<d>  a one-word relative day (`tomorrow`, `завтра`, `übermorgen`), d days from today
  J     a word the long date format writes between day, month and year (`de`)
  Y     a word the long date format writes after the year (`г`, `р`)
  P     letters the long date format glues before the month name (Hebrew `ב`)
  C     the markers of year, month and day in the long date format (`年,月,日`, `년,월,일`)
  T<unit><sign>  a relative-time pattern (`in {0} hours`), as `prefix words` `#` `suffix words`;
        unit y m w d h n (minute), sign + or -
  Z     a time-zone abbreviation (CLDR metazone short names of the English locales) and its UTC
        offset in seconds, or `@Zone/Id` for a generic one (`PT`), whose offset depends on the date;
        abbreviations that name different offsets in different locales are left out
  O     a locale's numeric date order: `locale=M` month first or `locale=D` day first, from the
        short date format (the medium one when the short one starts with the year)
"""
import os, sys, re, json, subprocess
from swiftgen import generated_path, swift_lines
import xml.etree.ElementTree as ET
from datetime import datetime
from zoneinfo import ZoneInfo

cldr = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode/cldr"
main = os.path.join(cldr, "common", "main")
if not os.path.isdir(main):
    sys.exit(f"error: {main} is missing; apt-get install unicode-cldr-core")
out_path = generated_path("EditMenuDataDetection", "Generated", "DateLexiconTable.swift")


strings = generated_path("EditMenuKit", "Localization", "Strings")
cldr_version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "unicode-cldr-core"], capture_output=True,
                              text=True).stdout.strip() or "?"

cache = {}


def load(name):
    if name not in cache:
        path = os.path.join(main, name + ".xml")
        cache[name] = ET.parse(path).getroot() if os.path.exists(path) else None
    return cache[name]


PARENTS = {"nb": "no", "zh_Hant": "root", "pt_PT": "pt"}


def chain(locale):
    out, current = [], locale
    while current and current != "root":
        out.append(current)
        if current in PARENTS:
            current = PARENTS[current]
        elif "_" in current:
            current = current.rsplit("_", 1)[0]
        else:
            current = None
    return out


def gregorian(root):
    return root.find(".//calendars/calendar[@type='gregorian']") if root is not None else None


def names(locale, section, item):
    """{n: set(names)} of months or days, full and abbreviated, all contexts."""
    full, abbr = {}, {}
    for name in chain(locale):
        cal = gregorian(load(name))
        if cal is None:
            continue
        for context in cal.findall(f"{section}/{section[:-1]}Context"):
            for width in context.findall(f"{section[:-1]}Width"):
                kind = width.get("type")
                if kind not in ("wide", "abbreviated", "short"):
                    continue
                for node in width.findall(item):
                    if node.get("yeartype") or not node.text:
                        continue
                    key = node.get("type")
                    target = full if kind == "wide" else abbr
                    target.setdefault(key, set()).add(node.text.strip())
    return full, abbr


def patterns(locale, kind):
    for name in chain(locale):
        cal = gregorian(load(name))
        if cal is None:
            continue
        node = cal.find(f"dateFormats/dateFormatLength[@type='{kind}']/dateFormat/pattern")
        if node is not None and node.text:
            return node.text
    return None


def relative(locale):
    out, days = [], {}
    units = {"year": "y", "month": "m", "week": "w", "day": "d", "hour": "h", "minute": "n"}
    for name in reversed(chain(locale)):
        root = load(name)
        if root is None:
            continue
        for field in root.findall(".//dates/fields/field"):
            unit = field.get("type")
            if unit == "day":
                for node in field.findall("relative"):
                    if node.text:
                        days[node.text.strip()] = int(node.get("type"))
            if unit not in units:
                continue
            for rt in field.findall("relativeTime"):
                sign = "+" if rt.get("type") == "future" else "-"
                for p in rt.findall("relativeTimePattern"):
                    if p.text and "{0}" in p.text:
                        before, after = p.text.split("{0}", 1)
                        out.append(f"T{units[unit]}{sign}:{before.strip()}#{after.strip()}")
    return out, days


languages = []
for name in sorted(os.listdir(strings)):
    if name.endswith(".json"):
        tag = name[:-5]
        languages.append({"zh-Hans": "zh", "zh-Hant": "zh_Hant", "pt-BR": "pt", "pt-PT": "pt_PT"}.get(tag, tag.replace("-", "_")))

entries = set()
orders = {}
for locale in languages:
    months_full, months_abbr = names(locale, "months", "month")
    days_full, days_abbr = names(locale, "days", "day")
    medium = patterns(locale, "medium") or ""
    month_first = "MMM" in medium and "d" in medium and medium.find("MMM") < medium.find("d")
    for table, kind in ((months_full, "M"), (months_abbr, "A" if month_first else "m")):
        for key, words in table.items():
            for word in words:
                word = word.rstrip(".")
                if word and not any(c.isdigit() for c in word) and " " not in word:
                    entries.add(f"{kind}{key}:{word}")
    day_number = {"sun": 1, "mon": 2, "tue": 3, "wed": 4, "thu": 5, "fri": 6, "sat": 7}
    for table, kind in ((days_full, "W"), (days_abbr, "w")):
        for key, words in table.items():
            for word in words:
                word = word.rstrip(".")
                if not word or " " in word:
                    continue
                if "-" in word:
                    # "segunda-feira": the head alone is also an ordinal ("segunda vez"), so it counts
                    # as an abbreviation, which needs a date after it.
                    head, tail = word.split("-", 1)
                    entries.add(f"S:{tail}")
                    entries.add(f"w{day_number[key]}:{head}")
                else:
                    entries.add(f"{kind}{day_number[key]}:{word}")
    long = patterns(locale, "long") or ""
    for literal in re.findall(r"'([^']+)'", long):
        literal = literal.strip().rstrip(".")
        if literal and literal.isalpha():
            entries.add(f"{'Y' if long.find(literal) > long.find('y') else 'J'}:{literal}")
    glued = re.search(r"([^\sdyMLEG',.]+)MMMM", long)
    if glued:
        entries.add(f"P:{glued.group(1)}")
    cjk = re.fullmatch(r"y(\S)\s*M+(\S)\s*d(\S)", long.strip())
    if cjk:
        entries.add("C:" + ",".join(cjk.groups()))
    rel, days = relative(locale)
    entries.update(rel)
    for word, offset in days.items():
        if " " not in word:
            entries.add(f"R{offset}:{word}")
    base = locale.split("_")[0]
    variants = sorted(n[:-4] for n in os.listdir(main) if n.startswith(base + "_") and n.endswith(".xml")
                      and len(n[:-4].split("_")[-1]) == 2 and n[:-4].split("_")[-1].isupper())
    for variant in [locale] + [v for v in variants if locale == base]:
        short = patterns(variant, "short") or ""
        if short.startswith("y"):
            short = patterns(variant, "medium") or short
        m, d = short.find("M"), short.find("d")
        if m >= 0 and d >= 0:
            orders[variant.replace("_", "-")] = "M" if m < d else "D"

# Time zones: the short metazone names of the English locales.
golden = {}
for node in ET.parse(os.path.join(cldr, "common", "supplemental", "metaZones.xml")).getroot().iter("mapZone"):
    if node.get("territory") == "001":
        golden[node.get("other")] = node.get("type")
zones = {}
for locale in ["en", "en_001", "en_GB", "en_IE", "en_AU", "en_CA", "en_IN", "en_NZ"]:
    root = load(locale)
    if root is None:
        continue
    for mz in root.findall(".//timeZoneNames/metazone") + root.findall(".//timeZoneNames/zone"):
        short = mz.find("short")
        zone = golden.get(mz.get("type")) if mz.tag == "metazone" else mz.get("type")
        if short is None or zone is None:
            continue
        try:
            tz = ZoneInfo(zone)
        except Exception:
            continue
        winter, summer = datetime(2023, 1, 15, tzinfo=tz), datetime(2023, 7, 15, tzinfo=tz)
        standard = winter if not winter.dst() else summer
        daylight = summer if summer.dst() else (winter if winter.dst() else None)
        for node in short:
            text = (node.text or "").strip()
            if not text or not text.isascii() or not text.replace("+", "").isalnum():
                continue
            if node.tag == "standard":
                value = str(int(standard.utcoffset().total_seconds()))
            elif node.tag == "daylight" and daylight is not None:
                value = str(int(daylight.utcoffset().total_seconds()))
            elif node.tag == "generic":
                value = "@" + zone
            else:
                continue
            zones.setdefault(text, set()).add(value)
for abbr, values in sorted(zones.items()):
    # A name that is both a zone's generic and its standard name (CET) is the fixed one.
    fixed = {v for v in values if not v.startswith("@")}
    values = fixed or values
    if len(values) == 1:
        entries.add(f"Z:{abbr}:{next(iter(values))}")
for locale, order in orders.items():
    entries.add(f"O:{locale}={order}")

body = "\n".join(sorted(entries))
assert '"""' not in body and "\\" not in body
body = swift_lines(body)
swift = f'''// Generated by scripts/generate-date-lexicon.py — do not edit.
// Data: Unicode CLDR {cldr_version} (https://cldr.unicode.org), Unicode License v3; Debian's unicode-cldr-core.
// Offsets of time-zone abbreviations: the IANA time zone database (public domain), as Python's zoneinfo reads it.
// Languages: {", ".join(languages)}.

extension DateLexicon {{
    /// One entry per line, `kind:word`; the kinds are described in scripts/generate-date-lexicon.py.
    static let table = """
{body}
        """
}}
'''
with open(out_path, "w", encoding="utf-8") as fh:
    fh.write(swift)
print(f"wrote {len(entries)} entries, {len(body)} characters, to {os.path.relpath(out_path)}")
