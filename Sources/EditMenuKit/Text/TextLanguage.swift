@_spi(Inlinable) import EditMenuText

/// The writing system of a piece of text, as far as the language services care: which dictionary,
/// translator or voice could read it.
package enum WritingScript: String, Hashable, Sendable, CaseIterable {
    /// Latin letters (English, German, Polish, Turkish …).
    case latin
    /// Greek.
    case greek
    /// Cyrillic (Russian, Ukrainian, Bulgarian …).
    case cyrillic
    /// Armenian.
    case armenian
    /// Hebrew.
    case hebrew
    /// Arabic (Arabic, Persian, Urdu).
    case arabic
    /// Devanagari (Hindi, Marathi, Nepali).
    case devanagari
    /// Thai.
    case thai
    /// Hangul (Korean).
    case hangul
    /// Hiragana and Katakana (Japanese).
    case kana
    /// Han ideographs (Chinese, and Japanese kanji).
    case han
    /// Georgian.
    case georgian

    /// This script's place in ``allCases``.
    var index: Int {
        switch self {
        case .latin: 0
        case .greek: 1
        case .cyrillic: 2
        case .armenian: 3
        case .hebrew: 4
        case .arabic: 5
        case .devanagari: 6
        case .thai: 7
        case .hangul: 8
        case .kana: 9
        case .han: 10
        case .georgian: 11
        }
    }

    /// The script of one letter, or `nil` for what is not a letter of a known script (digits,
    /// punctuation, symbols, emoji, combining marks).
    package init?(_ scalar: Unicode.Scalar) {
        let v = scalar.value
        // ASCII (most text): a letter is Latin, anything else is no letter.
        if v < 0x80 {
            guard (v | 0x20) &- 0x61 < 26 else { return nil }
            self = .latin
            return
        }
        switch v {
        case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xBA, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x1E00...0x1EFF,
            0x2C60...0x2C7F, 0xA720...0xA7FF, 0xFF21...0xFF3A, 0xFF41...0xFF5A:
            self = .latin
        case 0x370...0x3FF, 0x1F00...0x1FFF: self = .greek
        case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: self = .cyrillic
        case 0x531...0x58F: self = .armenian
        case 0x5D0...0x5F4, 0xFB1D...0xFB4F: self = .hebrew
        case 0x620...0x64A, 0x66E...0x6D3, 0x6FA...0x6FF, 0x750...0x77F, 0x8A0...0x8FF, 0xFB50...0xFDFF,
            0xFE70...0xFEFF:
            self = .arabic
        case 0x904...0x939, 0x93D, 0x950, 0x958...0x961, 0x972...0x97F: self = .devanagari
        case 0xE01...0xE30, 0xE32...0xE33, 0xE40...0xE46: self = .thai
        case 0x10A0...0x10FF: self = .georgian
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: self = .hangul
        case 0x3041...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9D: self = .kana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: self = .han
        default: return nil
        }
    }
}

/// Which language a piece of text is in, from its script and the menu's language — what the language
/// services (spell checking, translation, speech) decide by. No statistics: a text in the script of
/// the menu's language is taken to be in that language; otherwise it is in the first candidate
/// language written in its script.
///
/// ```swift
/// TextLanguage.dominantScript(of: "Ελληνικά")                                        // .greek
/// TextLanguage.language(of: "Hello", locale: MenuLocale("de"), candidates: ["en", "de"])   // "de"
/// TextLanguage.language(of: "Привет", locale: .english, candidates: ["en", "ru", "uk"])  // "ru"
/// TextLanguage.language(of: "東京", locale: .english, candidates: ["en"])               // nil
/// ```
package enum TextLanguage {
    /// The script most of the letters of `text` are written in (the first 256 letters count); `nil`
    /// when it has no letters. Japanese text mixing kana and kanji is `.kana`.
    package static func dominantScript(of text: some StringProtocol) -> WritingScript? {
        // Counted by the script's place in `allCases`: a menu decides this for every selection, and a
        // dictionary's hashing cost more than the rest of the walk.
        let scripts = WritingScript.allCases
        // Over the UTF-8 bytes where they are contiguous (an ASCII letter is Latin without decoding),
        // else scalar by scalar.
        let counts =
            text.utf8.withContiguousStorageIfAvailable(scriptCounts(utf8:)) ?? scriptCounts(text.unicodeScalars)
        if counts[WritingScript.kana.index] > 0 { return .kana }
        // The most letters; between equals, the script whose name sorts first.
        var best: WritingScript?
        for (script, count) in zip(scripts, counts) where count > 0 {
            guard let current = best else {
                best = script
                continue
            }
            let most = counts[current.index]
            if count > most || (count == most && script.rawValue < current.rawValue) { best = script }
        }
        return best
    }

    /// Letters by script (counted at ``WritingScript/index``), up to the 256th letter.
    private static func scriptCounts(_ scalars: some Sequence<Unicode.Scalar>) -> [Int] {
        var counts = [Int](repeating: 0, count: WritingScript.allCases.count)
        var letters = 0
        for scalar in scalars {
            guard let script = WritingScript(scalar) else { continue }
            counts[script.index] += 1
            letters += 1
            if letters >= 256 { break }
        }
        return counts
    }

    /// ``scriptCounts(_:)`` over a string's UTF-8 bytes (valid UTF-8), decoded in place.
    private static func scriptCounts(utf8 bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var counts = [Int](repeating: 0, count: WritingScript.allCases.count)
        var letters = 0
        var index = 0
        while index < bytes.count, letters < 256 {
            // Eight ASCII bytes at a time (their letters are Latin), while eight more letters stay within
            // the count: a byte is a letter when, its case folded, adding 0x1F reaches 0x80 (from `a`)
            // and adding 0x05 does not (before `{`).
            if index + 8 <= bytes.count, letters <= 248, let base = bytes.baseAddress {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let high: UInt64 = 0x8080_8080_8080_8080
                if word & high == 0 {
                    let folded = word | 0x2020_2020_2020_2020
                    let fromA = (folded &+ 0x1F1F_1F1F_1F1F_1F1F) & high
                    let pastZ = (folded &+ 0x0505_0505_0505_0505) & high
                    let found = (fromA & ~pastZ).nonzeroBitCount
                    counts[WritingScript.latin.index] += found
                    letters += found
                    index += 8
                    continue
                }
            }
            let scalar = Scalar.decode(bytes, at: index)
            index += scalar.length
            if let value = Unicode.Scalar(scalar.value), let script = WritingScript(value) {
                counts[script.index] += 1
                letters += 1
            }
        }
        return counts
    }

    /// The script `language` (an ISO 639 code, alone or as the first subtag of a tag: `pt-BR`,
    /// `sr-Latn`, `zh-Hant`) is written in; `nil` when unknown.
    package static func script(ofLanguage language: String) -> WritingScript? {
        let subtags =
            asciiSubtags(language, posix: false)
            ?? language.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard let code = subtags.first else { return nil }
        if subtags.contains("latn") { return .latin }
        if subtags.contains("cyrl") { return .cyrillic }
        return scripts[code]
    }

    /// The primary language subtag of `tag` (`pt` of `pt-BR`, `en` of `en_US.UTF-8`), lower case,
    /// with the old codes people still meet normalized (`iw` → `he`, `no` → `nb`).
    package static func primaryLanguage(of tag: String) -> String {
        let code =
            asciiSubtags(tag, posix: true, limit: 1).map { $0.first ?? "" }
            ?? tag.split(whereSeparator: { "-_.@".contains($0) }).first.map { $0.lowercased() } ?? ""
        switch code {
        case "iw": return "he"
        case "no": return "nb"
        case "in": return "id"
        default: return code
        }
    }

    /// The subtags of `tag` split at `-` and `_` (and at `.` and `@` too, for a POSIX name, when
    /// `posix`), empty ones left out, in lower case — at most `limit` of them; `nil` when `tag` is not
    /// all ASCII. Language tags are ASCII: this is how a menu reads them, without breaking Characters.
    package static func asciiSubtags(_ tag: String, posix: Bool, limit: Int = .max) -> [String]? {
        var subtags: [String] = []
        subtags.reserveCapacity(min(limit, 4))
        var current: [UInt8] = []
        current.reserveCapacity(tag.utf8.count)
        var full = false
        for byte in tag.utf8 {
            // A scalar beyond ASCII may join the byte before it into one Character (a separator with a
            // combining mark is no separator): the Characters decide.
            guard byte < 0x80 else { return nil }
            if full { return subtags }
            if byte == 0x2D || byte == 0x5F || (posix && (byte == 0x2E || byte == 0x40)) {
                if !current.isEmpty {
                    subtags.append(String(decoding: current, as: UTF8.self))
                    full = subtags.count == limit
                    current.removeAll(keepingCapacity: true)
                }
                continue
            }
            current.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
        }
        if !current.isEmpty, !full { subtags.append(String(decoding: current, as: UTF8.self)) }
        return subtags
    }

    /// The language of `text`: the host's `hint` (the language it says the content is in,
    /// ``EditMenuConfiguration/textLanguage``) when that language is written in the text's script and
    /// among `candidates`; else the menu's (`locale`'s requested tag) when it is written in that script
    /// and among `candidates`; else the first candidate written in that script; `nil` when the text has
    /// no letters or no candidate fits. `candidates` are primary language codes (`en`, `es` …), the
    /// languages a service can handle, in the order it prefers them.
    ///
    /// ```swift
    /// TextLanguage.language(of: "maison", locale: .english, candidates: ["en", "fr", "ru"], hint: "fr")  // "fr"
    /// TextLanguage.language(of: "Привет", locale: .english, candidates: ["en", "fr", "ru"], hint: "fr")  // "ru"
    /// ```
    package static func language(
        of text: some StringProtocol, locale: MenuLocale, candidates: [String], hint: String? = nil
    ) -> String? {
        guard let script = dominantScript(of: text) else { return nil }
        return language(writtenIn: script, locale: locale, candidates: candidates, hint: hint)
    }

    /// The language for text in `script`, as ``language(of:locale:candidates:hint:)`` chooses it: the
    /// `hint`'s language when it is written in `script` and a candidate, else the language
    /// ``language(writtenIn:locale:)`` decides when it is a candidate, else the first candidate written
    /// in that script. A paragraph in another script than the hint's keeps that script's language.
    package static func language(
        writtenIn script: WritingScript, locale: MenuLocale, candidates: [String], hint: String? = nil
    ) -> String? {
        if let hint, case let code = primaryLanguage(of: hint), isLanguageCode(code), candidates.contains(code),
            Self.script(ofLanguage: hint) == script || uses(code, script)
        {
            return code
        }
        let decided = language(writtenIn: script, locale: locale)
        if candidates.contains(decided) { return decided }
        return candidates.first { uses($0, script) }
    }

    // MARK: The text's language (EDIT-MENU.md §14)

    /// The language of `text`, decided once for every language service (Look Up, Translate, Speech,
    /// Spelling): `hint` — the language the host says the content is in — when it names one; else the
    /// menu's language, unless the text is written in a script that language does not use, in which
    /// case the script picks the language (with the menu's region where several languages share the
    /// script: Cyrillic in `en-UA` is Ukrainian). Text without letters is in the menu's language.
    /// The answer is a primary language code and does not depend on what is installed.
    ///
    /// ```swift
    /// TextLanguage.decide("Hallo Welt", locale: MenuLocale("de"))              // "de"
    /// TextLanguage.decide("Привет", locale: .english)                         // "ru"
    /// TextLanguage.decide("Привіт", locale: MenuLocale("en-UA"))               // "uk"
    /// TextLanguage.decide("Bonjour", locale: .english, hint: "fr-FR")          // "fr"
    /// TextLanguage.decide("Hello", locale: MenuLocale("ja"))                  // "en"
    /// ```
    package static func decide(_ text: some StringProtocol, locale: MenuLocale, hint: String? = nil) -> String {
        if let hint = hint.map(primaryLanguage(of:)), isLanguageCode(hint) { return hint }
        guard let script = dominantScript(of: text) else { return menuLanguage(locale) }
        return language(writtenIn: script, locale: locale)
    }

    /// The language of text written in `script` under a menu in `locale` (see `decide(_:locale:hint:)`):
    /// the menu's language when it uses the script, else the script's language in the menu's region,
    /// else the script's most widely read language.
    package static func language(writtenIn script: WritingScript, locale: MenuLocale) -> String {
        let menu = menuLanguage(locale)
        if uses(menu, script) { return menu }
        if let region = region(of: locale.requested), let byRegion = regionalLanguages[script]?[region] {
            return byRegion
        }
        return scriptLanguages[script] ?? menu
    }

    /// Whether `language` is written in `script` (Japanese in kana and Han).
    static func uses(_ language: String, _ script: WritingScript) -> Bool {
        Self.script(ofLanguage: language) == script || (language == "ja" && (script == .han || script == .kana))
    }

    /// The region subtag of a BCP 47 tag or POSIX name (`UA` of `en-UA`, `pt_BR.UTF-8`), upper case.
    static func region(of tag: String) -> String? {
        let subtags = tag.split(whereSeparator: { "-_.@".contains($0) }).dropFirst()
        for subtag in subtags {
            if subtag.count == 2, subtag.allSatisfy({ $0.isASCII && $0.isLetter }) { return subtag.uppercased() }
            if subtag.count == 4 { continue } // a script subtag (Hant, Latn)
            if subtag.count != 2 { break }
        }
        return nil
    }

    /// Whether `code` looks like a primary language subtag (2–3 ASCII letters).
    static func isLanguageCode(_ code: String) -> Bool {
        (2...3).contains(code.count) && code.allSatisfy { $0.isASCII && $0.isLetter }
    }

    /// Each script's most widely read language.
    private static let scriptLanguages: [WritingScript: String] = [
        .latin: "en", .greek: "el", .cyrillic: "ru", .armenian: "hy", .hebrew: "he", .arabic: "ar",
        .devanagari: "hi", .thai: "th", .hangul: "ko", .kana: "ja", .han: "zh", .georgian: "ka",
    ]

    /// Languages sharing a script, by the region whose language they are.
    private static let regionalLanguages: [WritingScript: [String: String]] = [
        .latin: [
            "DE": "de", "AT": "de", "LI": "de", "FR": "fr", "BE": "fr", "LU": "fr", "ES": "es", "MX": "es",
            "AR": "es", "CO": "es", "CL": "es", "PE": "es", "VE": "es", "IT": "it", "PT": "pt", "BR": "pt",
            "NL": "nl", "SE": "sv", "DK": "da", "NO": "nb", "FI": "fi", "PL": "pl", "CZ": "cs", "TR": "tr",
        ],
        .cyrillic: ["UA": "uk", "BY": "be", "BG": "bg", "RS": "sr", "MK": "mk", "KZ": "kk", "KG": "ky", "MN": "mn"],
        .arabic: ["IR": "fa", "AF": "fa", "PK": "ur"],
        .han: ["JP": "ja"],
        .devanagari: ["NP": "ne"],
    ]

    /// The language people read the menu in: the requested tag's (`ca` for a Catalan system, even though
    /// the titles fall back to English), or the titles' language for `C`/`POSIX` and what is no language.
    package static func menuLanguage(_ locale: MenuLocale) -> String {
        let requested = primaryLanguage(of: locale.requested)
        return scripts[requested] != nil ? requested : primaryLanguage(of: locale.identifier)
    }

    /// `codes` in the order the language services prefer them: the languages the package ships titles
    /// for, in ``MenuLocale/supported`` order, then the rest alphabetically; each once.
    package static func preferredOrder(_ codes: [String]) -> [String] {
        let given = Set(codes)
        var result: [String] = []
        var added: Set<String> = []
        for code in shippedLanguages where given.contains(code) && added.insert(code).inserted { result.append(code) }
        for code in codes.sorted() where added.insert(code).inserted { result.append(code) }
        return result
    }

    /// The primary languages of ``MenuLocale/supported``, in its order.
    private static let shippedLanguages = MenuLocale.supported.map(primaryLanguage(of:))

    /// The primary language code for an ISO 639-2/3 code, as tools name languages (`deu` → `de`,
    /// `nob` → `nb`: Apertium's modes, FreeDict's dictionaries); `nil` when unknown.
    package static func language(ofThreeLetterCode code: String) -> String? {
        threeLetter[code.lowercased()]
    }

    /// The ISO 639-3 codes tools may name a primary language code by, most usual first (`de` → `deu`;
    /// `nb` → `nob`, `nor`).
    package static func threeLetterCodes(of language: String) -> [String] {
        threeLetterCodes[primaryLanguage(of: language)] ?? []
    }

    private static let threeLetter: [String: String] = [
        "eng": "en", "spa": "es", "cat": "ca", "fra": "fr", "por": "pt", "ita": "it", "glg": "gl", "ron": "ro",
        "eus": "eu", "epo": "eo", "oci": "oc", "arg": "an", "ast": "ast", "nob": "nb", "nor": "nb", "nno": "nn",
        "dan": "da", "swe": "sv", "isl": "is", "rus": "ru", "ukr": "uk", "bel": "be", "mkd": "mk", "bul": "bg",
        "slv": "sl", "pol": "pl", "afr": "af", "nld": "nl", "srd": "sc", "hin": "hi", "urd": "ur", "ind": "id",
        "zlm": "ms", "deu": "de", "ces": "cs", "fin": "fi", "ell": "el", "tur": "tr", "heb": "he", "ara": "ar",
        "kaz": "kk", "tat": "tt", "bre": "br", "cym": "cy", "gle": "ga", "hbs": "sh", "szl": "szl", "frp": "frp",
        "jpn": "ja", "kor": "ko", "zho": "zh", "hun": "hu", "hrv": "hr", "srp": "sr", "slk": "sk", "lit": "lt",
        "lat": "la", "swh": "sw", "kur": "ku",
    ]

    private static let threeLetterCodes: [String: [String]] = {
        var table: [String: [String]] = [:]
        for (three, two) in threeLetter.sorted(by: { $0.key < $1.key }) { table[two, default: []].append(three) }
        table["nb"] = ["nob", "nor"]
        return table
    }()

    /// ISO 639-1 (and a few 639-2/3) codes and their usual script.
    private static let scripts: [String: WritingScript] = {
        var table: [String: WritingScript] = [:]
        let latin =
            "af an ast az br bs ca co cs cy da de en eo es et eu fi fo fr fy ga gd gl gn hr ht hu id is it kmr ku la lb lt lv mg ms mt nb nl nn no oc pl pt ro rm sc sk sl sq sv sw tl tr uz vi wa zu"
        let cyrillic = "be bg kk ky mk mn ru sr tg tt uk"
        for code in latin.split(separator: " ") { table[String(code)] = .latin }
        for code in cyrillic.split(separator: " ") { table[String(code)] = .cyrillic }
        for code in ["ar", "fa", "ur", "ps", "ckb", "sd", "ug"] { table[code] = .arabic }
        for code in ["he", "yi"] { table[code] = .hebrew }
        for code in ["hi", "mr", "ne", "sa"] { table[code] = .devanagari }
        table["el"] = .greek
        table["hy"] = .armenian
        table["ka"] = .georgian
        table["th"] = .thai
        table["ko"] = .hangul
        table["ja"] = .kana
        table["zh"] = .han
        table["yue"] = .han
        return table
    }()
}
