#!/usr/bin/env python3
"""Writes Sources/EditMenuKit/Emoji/Generated/EmojiData.swift: the emoji and symbols of Emoji & Symbols, in
groups, with their CLDR names and keywords, for the picker's search.

usage: scripts/generate-emoji-data.py [UNICODE_DIR] [CLDR_DIR]
       (defaults: /usr/share/unicode from Debian's unicode-data, /usr/share/unicode/cldr from unicode-cldr-core)

- Which emoji, in which order and group: emoji/emoji-test.txt (fully-qualified, CLDR order; the
  Component group and skin-tone variants are left out: the picker offers each emoji once).
- Names and keywords: CLDR common/annotations/en.xml and annotationsDerived/en.xml (the `tts` name
  and the `|`-separated keywords); an emoji newer than the CLDR release keeps emoji-test.txt's name.
- Symbols: the other characters en.xml annotates (arrows, currency, maths, punctuation …), in a
  "Symbols & Punctuation" group after the emoji, in code point order.

Licence: the Unicode data files and CLDR are © Unicode, Inc., distributed under the Unicode
License (Unicode-DFS-2016, https://www.unicode.org/copyright.html), which permits copying and
redistribution with the copyright and permission notice; the generated file carries it.

Each record is one line `emoji<TAB>name<TAB>keyword|keyword…`; a line `<TAB>group name` (no emoji)
starts a group.

It also writes Sources/EditMenuKit/Emoji/Generated/Annotations/<language>.txt for every other shipped menu
language (Localization/Strings): a resource file read when a menu in that language opens Emoji &
Symbols, so 23 languages' names cost no compile time. Line N names the N-th record of EmojiData
(groups not counted): `name<TAB>keyword|keyword…` from CLDR's annotations for that language (pt_PT
over pt, the language over its derived annotations), or an empty line where CLDR has none (the
English name is then used).
"""
import html, os, re, sys

unicode_dir = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode"
cldr_dir = sys.argv[2] if len(sys.argv) > 2 else "/usr/share/unicode/cldr"
here = os.path.dirname(os.path.abspath(__file__))
out_path = os.path.join(here, "..", "Sources", "EditMenuKit", "Emoji", "Generated", "EmojiData.swift")

SKIN_TONES = {0x1F3FB, 0x1F3FC, 0x1F3FD, 0x1F3FE, 0x1F3FF}
HAIR = {0x1F9B0, 0x1F9B1, 0x1F9B2, 0x1F9B3}  # emoji components, not emoji of their own


def read_tests(path):
    groups, version, group = [], "?", None
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            m = re.match(r"# Version: ([\d.]+)", line)
            if m:
                version = m.group(1)
            m = re.match(r"# group: (.+)", line)
            if m:
                group = (m.group(1).strip(), [])
                groups.append(group)
                continue
            if line.startswith("#") or ";" not in line:
                continue
            code, rest = line.split(";", 1)
            status, _, comment = rest.partition("#")
            if status.strip() != "fully-qualified":
                continue
            cps = [int(c, 16) for c in code.split()]
            if any(c in SKIN_TONES for c in cps):
                continue
            name = re.sub(r"^\S+\s+E[\d.]+\s+", "", comment.strip())
            group[1].append(("".join(chr(c) for c in cps), name))
    return [(g, items) for g, items in groups if g != "Component" and items], version


def read_annotations(paths):
    names, keywords, version = {}, {}, "?"
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        m = re.search(r'<cldrVersion number="([\d.]+)"', text) or re.search(r"Copyright © 1991-(\d+)", text)
        if m and version == "?":
            version = m.group(1)
        for m in re.finditer(r'<annotation cp="([^"]+)"( type="tts")?>([^<]*)</annotation>', text):
            cp, value = html.unescape(m.group(1)), html.unescape(m.group(3)).strip()
            if m.group(2):
                names.setdefault(cp, value)
            else:
                keywords.setdefault(cp, [k.strip() for k in value.split("|") if k.strip()])
    return names, keywords, version


def clean(text):
    return text.replace("\t", " ").replace("\n", " ").replace("\\", "\\\\").replace('"', '\\"')


def main():
    groups, emoji_version = read_tests(os.path.join(unicode_dir, "emoji", "emoji-test.txt"))
    annotations = [
        os.path.join(cldr_dir, "common", "annotations", "en.xml"),
        os.path.join(cldr_dir, "common", "annotationsDerived", "en.xml"),
    ]
    names, keywords, _ = read_annotations(annotations)
    lines, seen, count = [], set(), 0
    for group, items in groups:
        lines.append("\t" + group)
        for emoji, fallback in items:
            key = emoji.replace("\ufe0f", "")
            name = names.get(key, fallback)
            words = [k for k in keywords.get(key, []) if k != name]
            lines.append(f"{emoji}\t{name}\t{'|'.join(words)}")
            seen.add(key)
            count += 1
    symbols = sorted(
        (cp for cp in names
         if len(cp) == 1 and cp not in seen and ord(cp) > 0x20 and not cp.isalnum()
         and ord(cp) not in SKIN_TONES and ord(cp) not in HAIR),
        key=ord)
    lines.append("\tSymbols & Punctuation")
    for cp in symbols:
        words = [k for k in keywords.get(cp, []) if k != names[cp]]
        lines.append(f"{cp}\t{names[cp]}\t{'|'.join(words)}")
    body = "\n".join("        " + "\t".join(clean(part) for part in line.split("\t")) for line in lines)
    swift = f'''// Generated by scripts/generate-emoji-data.py from emoji-test.txt {emoji_version} (Debian's unicode-data)
// and CLDR's English annotations (Debian's unicode-cldr-core). Do not edit by hand.
//
// Unicode and CLDR data: Copyright © 1991-2022 Unicode, Inc. All rights reserved. Distributed under
// the Terms of Use in https://www.unicode.org/copyright.html (Unicode License, Unicode-DFS-2016):
// permission is granted to use, copy, modify, merge, publish, distribute and/or sell copies of the
// data files provided that this copyright and permission notice appear with all copies.

/// The records behind ``EmojiCatalog``: {count} emoji and {len(symbols)} symbols.
enum EmojiData {{
    /// The Emoji version of emoji-test.txt.
    static let emojiVersion = "{emoji_version}"

    /// One record per line, `emoji<TAB>name<TAB>keyword|keyword…`; `<TAB>group` starts a group.
    static let records = """
{body}
        """
}}
'''
    os.makedirs(os.path.dirname(out_path), exist_ok=True)
    with open(out_path, "w", encoding="utf-8") as fh:
        fh.write(swift)
    print(f"{out_path}: {count} emoji in {len(groups)} groups, {len(symbols)} symbols, {len(swift.encode())} bytes")
    order = [line.split("\t")[0].replace("\ufe0f", "") for line in lines if not line.startswith("\t")]
    write_languages(order)


# Each shipped menu language and the CLDR files for it, most specific first.
CLDR_FILES = {"pt-BR": ["pt"], "pt-PT": ["pt_PT", "pt"], "zh-Hans": ["zh"], "zh-Hant": ["zh_Hant"], "nb": ["nb", "no"]}


def write_languages(order):
    strings = os.path.join(here, "..", "Sources", "EditMenuKit", "Localization", "Strings")
    folder = os.path.join(here, "..", "Sources", "EditMenuKit", "Emoji", "Generated", "Annotations")
    os.makedirs(folder, exist_ok=True)
    total = 0
    for name in sorted(os.listdir(strings)):
        language = name[:-len(".json")]
        if not name.endswith(".json") or language == "en":
            continue
        paths = []
        for code in CLDR_FILES.get(language, [language]):
            for kind in ("annotations", "annotationsDerived"):
                path = os.path.join(cldr_dir, "common", kind, code + ".xml")
                if os.path.exists(path):
                    paths.append(path)
        if not paths:
            sys.exit(f"no CLDR annotations for {language} in {cldr_dir}")
        names, keywords, _ = read_annotations(paths)
        out, named = [], 0
        for key in order:
            if key in names:
                words = [k for k in keywords.get(key, []) if k != names[key]]
                out.append(names[key].replace("\t", " ").replace("\n", " ") + "\t" + "|".join(words).replace("\t", " ").replace("\n", " "))
                named += 1
            else:
                out.append("")
        path = os.path.join(folder, language + ".txt")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write("\n".join(out) + "\n")
        total += os.path.getsize(path)
        print(f"{path}: {named} of {len(order)} named")
    print(f"{folder}: {total} bytes")


main()
