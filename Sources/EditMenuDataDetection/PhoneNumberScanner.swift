@_spi(Inlinable) import EditMenuText

/// Finds phone numbers written as people write them, by libphonenumber's metadata for every region
/// (``PhoneMetadata``): the international form (`+44 20 7946 0958`, `0049 30 1234567`) for every
/// calling code, and national forms — `(408) 555-0123`, `020 7946 0958`, `089 123456`, `06-6123-4567`,
/// `1800 425 1234` — in the menu's region first, then in the regions of the languages the project
/// ships. An extension after the number (`ext. 12`, `x 340`, `доб. 123`) belongs to it. Seven digits
/// after a phone word are a North American local number (``localNumber(at:)``).
///
/// A number is a run of digit groups joined by single separators (space, `-`, `.`, `/`, brackets
/// around an area code) whose group shape, length and leading digits match one of a region's
/// formats. That is what keeps dates (`05.12.2026`), times, prices (`$1,299.00`), versions
/// (`10.15.7`), ISBNs and bare integers out: none of them has a phone number's shape, and a number
/// glued to letters (except ideographs, kana and hangul, written without spaces), currency signs or
/// decimal points is never a phone number.
struct PhoneNumberScanner {
    let text: ScannedText
    /// The menu's region (ISO 3166), whose national formats are tried first; `nil` when unknown.
    var region: String? = nil

    struct Group {
        var start: Int // first digit
        var end: Int // after the last digit (or the closing bracket)
        var digits: Range<Int>
        var parenthesized: Bool
        /// The non-space separator before this group (0 when none or only a space).
        var separator: UInt32
    }

    /// Words after which digits are an identifier, never a phone number.
    static let identifierWords = ScalarLexicon(words: [
        "isbn", "issn", "doi", "arxiv", "iban", "sku", "ean", "upc", "serial", "invoice", "part",
    ])

    /// Words that say the digits after them are a phone number, even written without separators
    /// ("call 6175551234"), in the shipped languages written with spaces: "call", "phone", "mobile" and
    /// their abbreviations. Words that are common in another of those languages are left out (Polish
    /// "kom" is Swedish "come", Turkish "ara" Italian "altar", Turkish "cep" Brazil's postal code).
    static let phoneWords = ScalarLexicon(words: [
        "call", "phone", "tel", "telephone", "cell", "cellphone", "mobile", "mob", "text", "txt", "fax", "ph", "dial",
        "ring", "reach", "contact", "whatsapp", "sms", "hotline", "tél", "téléphone", "portable", "appelez", "telefon",
        "handy", "anrufen", "тел", "телефон", "звоните", "teléfono", "telefono", "móvil", "celular", "llame", "llama",
        // Dutch, Portuguese, Danish, Norwegian, Swedish, Finnish, Polish, Czech, Turkish.
        "bel", "bellen", "telefoon", "mobiel", "ligue", "telefone", "telemóvel", "tlf", "mobil", "ringe", "soita",
        "puhelin", "puh", "zadzwoń", "komórka", "volejte", "arayın",
        // Greek, Ukrainian, Hebrew, Arabic.
        "τηλ", "τηλέφωνο", "καλέστε", "дзвоніть", "טל", "טלפון", "התקשרו", "هاتف", "اتصل", "جوال",
    ])

    /// Numbers start at a digit run (a number token) or at a `+` or `(` before a digit (a symbol token):
    /// only those tokens are looked at, in order, none before `next` — past the last number found, or
    /// the characters the last start looked at skips.
    ///
    /// Whether an identifier word ("ISBN") comes before a start is asked last, once a number is found
    /// there: it only refuses, so a start it refuses is one where nothing is found either. The one
    /// difference is what is skipped after it: a refused start skips its digits (or its `+` or `(`),
    /// a start where no number is found all digits, `+` and `(` after it; when the two differ, the
    /// word is looked for to skip as the scan always did.
    func scan(into found: inout [Candidate]) {
        text.tokens.withUnsafeBufferPointer { tokens in
            text.scalars.withUnsafeBufferPointer { scalars in
                scan(into: &found, tokens: tokens, scalars: scalars)
            }
        }
    }

    /// ``scan(into:)`` over the tokens and scalars in place.
    private func scan(
        into found: inout [Candidate], tokens: UnsafeBufferPointer<ScannedText.Token>,
        scalars: UnsafeBufferPointer<UInt32>
    ) {
        var next = 0
        for tokenIndex in 0..<tokens.count {
            let kind = tokens[tokenIndex].kind
            if kind == .word { continue }
            let index = tokens[tokenIndex].start
            guard index >= next else { continue }
            let value = scalars[index]
            if kind == .symbol {
                guard Self.isPlus(value) || value == 0x28, index + 1 < scalars.count, Scalar.isDigit(scalars[index + 1])
                else { continue }
            }
            // What a refused start skips: the rest of a digit run glued to something ("v10.15.7",
            // "$1,299"), or the sign or bracket.
            let refusedEnd = kind == .number ? tokens[tokenIndex].end : index + 1
            // The commonest refusal first, as ``isAcceptableStart(_:)`` makes it: digits after a space
            // after a digit are part of a longer run of digit groups.
            if index >= 2, scalars[index - 1] == 0x20, Scalar.isDigit(scalars[index - 2]), value != 0x28,
                !Self.isPlus(value)
            {
                next = refusedEnd
                continue
            }
            // Fewer than eight digits followed by no separator, bracket or sign make no number (the
            // shortest has eight digits); refused or not, the scan skips those digits alone.
            if kind == .number, tokens[tokenIndex].length < 8 {
                let end = tokens[tokenIndex].end
                let after = end < scalars.count ? scalars[end] : 0
                if !Self.isGroupPunctuation(after) {
                    next = refusedEnd
                    continue
                }
            }
            guard isAcceptableStart(index) else {
                next = refusedEnd
                continue
            }
            if let candidate = number(at: index) {
                if followsIdentifierWord(tokenIndex) {
                    next = refusedEnd
                } else {
                    found.append(candidate)
                    next = candidate.range.upperBound
                }
            } else {
                var end = index
                while Scalar.isDigit(text[end]) || Self.isPlus(text[end]) || text[end] == 0x28 { end += 1 }
                next = end != refusedEnd && followsIdentifierWord(tokenIndex) ? refusedEnd : end
            }
        }
    }

    /// What may come before a phone number: not a letter (except in scripts written without
    /// spaces), digit, decimal point, currency sign … (and not an identifier word,
    /// ``followsIdentifierWord(_:)``, asked apart).
    private func isAcceptableStart(_ index: Int) -> Bool {
        let previous = text[index - 1]
        if previous == 0x20 {
            // After a plain space (most starts) only the rule about runs of digit groups applies.
            return !(Scalar.isDigit(text[index - 2]) && text[index] != 0x28 && text[index] != 0x2B)
        }
        if Scalar.isWordCharacter(previous), !Scalar.isUnspacedScript(previous) { return false }
        // A colon after a word introduces the number ("Tel:415-666-7777"); after a digit it is a time's
        // or a ratio's.
        if previous == 0x3A { return Scalar.isLetter(text[index - 2]) }
        switch previous {
        case 0x2E, 0x2C, 0x2F, 0x24, 0x20AC, 0xA3, 0xA5, 0x20BD, 0x20B9, 0x23, 0x3A, 0x2B, 0x3D, 0x5F, 0xD7, 0x2A,
            0x5E, 0x25, 0x40:
            return false
        default: break
        }
        // Part of a longer run of digit groups (an IBAN, a list of numbers) — unless a new number
        // opens with a bracket or a plus: "(212) 555-0100 (646) 555-0199".
        if Scalar.isSpace(previous), Scalar.isDigit(text[index - 2]), text[index] != 0x28, text[index] != 0x2B {
            return false
        }
        if Scalar.isDash(previous) {
            // "-4085550123" reads as a negative number.
            return false
        }
        return true
    }

    /// Whether one of ``identifierWords`` is among the two words before token `tokenIndex` (eight tokens
    /// back at most, not past a number): "ISBN 0-306-40615-2", "No. 12".
    private func followsIdentifierWord(_ tokenIndex: Int) -> Bool {
        var back = tokenIndex - 1
        var words = 0
        let limit = max(0, tokenIndex - 8)
        while back >= limit, words < 2 {
            let token = text.tokens[back]
            if token.kind == .word {
                // The identifier words are ASCII letters, three to seven of them.
                if (3...7).contains(token.length), Scalar.isASCIILetter(text[token.start]),
                    Self.identifierWords.contains(token: back, in: text)
                {
                    return true
                }
                words += 1
            } else if token.kind == .number {
                break
            }
            back -= 1
        }
        return false
    }

    /// The plus before a calling code: `+`, or `＋` written in full width before ASCII digits
    /// (`＋1 (650) 333-6000`; with full-width digits the text is folded to ASCII already).
    @inline(__always)
    static func isPlus(_ value: UInt32) -> Bool {
        value == 0x2B || value == 0xFF0B
    }

    /// A separator between digit groups: `-`, `.`, `/` or `–`.
    @inline(__always)
    static func isGroupSeparator(_ value: UInt32) -> Bool {
        value == 0x2D || value == 0x2E || value == 0x2F || value == 0x2013
    }

    /// What a number's groups are written with besides digits: spaces, ``isGroupSeparator(_:)``s,
    /// brackets and `+`.
    @inline(__always)
    static func isGroupPunctuation(_ value: UInt32) -> Bool {
        Scalar.isSpace(value) || isGroupSeparator(value) || value == 0x28 || value == 0x29 || value == 0x2B
    }

    /// Parses digit groups from `start` and keeps the longest prefix with a phone number's shape.
    private func number(at start: Int) -> Candidate? {
        // The groups are digits, brackets and separators (spaces, `-`, `.`, `/`, `–`) after an optional
        // `+`: fewer than eight digits in the run of those characters make no number (the shortest has
        // eight), so most digits scanned are refused before their groups are read.
        var probe = Self.isPlus(text[start]) ? start + 1 : start
        var digits = 0
        while digits < 8 {
            let value = text[probe]
            if Scalar.isDigit(value) {
                digits += 1
            } else if !Self.isGroupPunctuation(value) {
                // After a phone word, seven digits may be a North American local number ("call
                // 555-1212"), and four to seven a short national number of the menu's region.
                guard digits >= 4, region != nil || digits == 7 else { return nil }
                return (digits == 7 ? localNumber(at: start) : nil) ?? shortNationalNumber(at: start)
            }
            probe += 1
        }
        // The groups, on the stack: most digits scanned are no phone number, and cost no allocation.
        return withUnsafeTemporaryAllocation(of: Group.self, capacity: 8) { number(at: start, groups: $0) }
    }

    private func number(at start: Int, groups: UnsafeMutableBufferPointer<Group>) -> Candidate? {
        var index = start
        let international = Self.isPlus(text[index])
        if international { index += 1 }
        var groupCount = 0
        var separator: UInt32 = 0
        var totalDigits = 0
        while groupCount < 8 {
            var parenthesized = false
            let groupStart = index
            if text[index] == 0x28 {
                parenthesized = true
                index += 1
            }
            let digitStart = index
            while Scalar.isDigit(text[index]), index - digitStart <= 12 { index += 1 }
            let digits = digitStart..<index
            guard !digits.isEmpty else { break }
            if parenthesized {
                guard text[index] == 0x29 else { break }
                index += 1
            }
            totalDigits += digits.count
            groups.initializeElement(
                at: groupCount,
                to: Group(
                    start: groupStart, end: index, digits: digits, parenthesized: parenthesized, separator: separator)
            )
            groupCount += 1
            if totalDigits > 17 { break }
            // A separator: [space] [- . / – ] [space], no more than one of each, then a digit or "(".
            var probe = index
            var spaces = 0
            separator = 0
            if Scalar.isSpace(text[probe]) {
                probe += 1
                spaces += 1
            }
            if Self.isGroupSeparator(text[probe]) {
                separator = text[probe]
                probe += 1
                if Scalar.isSpace(text[probe]) {
                    probe += 1
                    spaces += 1
                }
            }
            if separator == 0x2E || separator == 0x2F, spaces > 0 { break }
            guard Scalar.isDigit(text[probe]) || (text[probe] == 0x28 && Scalar.isDigit(text[probe + 1])) else { break }
            if probe == index && text[probe] != 0x28 && !parenthesized { break }
            index = probe
        }
        guard groupCount > 0 else { return nil }
        // A number has at least eight digits (nine in national form, eight only in the menu's region), in
        // two groups or more unless a phone word comes before it: shorter prefixes are none, whatever
        // follows them.
        let nationalMinimum = region == nil ? 9 : 8
        var prefixDigits = totalDigits
        for length in stride(from: groupCount, through: 1, by: -1) {
            let digitCount = prefixDigits
            prefixDigits -= groups[length - 1].digits.count
            if digitCount < 8 { break }
            if !international, digitCount < nationalMinimum || (length == 1 && groups[0].digits.count < 9) { continue }
            let end = groups[length - 1].end
            // An extension may be glued to the number ("+44 2034567890x456"): a letter after the
            // digits refuses them unless it starts one.
            var gluedExtension: (digits: String, end: Int)?
            if !isAcceptableEnd(end) {
                guard Scalar.isLetter(text[end]), let glued = phoneExtension(after: end) else { continue }
                gluedExtension = glued
            }
            let prefix = Array(groups[0..<length])
            guard separatorsAreConsistent(prefix) else { continue }
            // A prefix of a longer list of same-shaped groups ("05 12 23 34 41 49") is not a number.
            if length < groupCount, length >= 2, groups[length].separator == groups[length - 1].separator,
                groups[length].digits.count == groups[length - 1].digits.count
            {
                continue
            }
            let bare = length == 1 && !international && groups[0].digits.count >= 9 && hasPhoneWord(before: start)
            if let value = international ? internationalNumber(prefix) : nationalNumber(prefix, bare: bare) {
                return candidate(value, from: start, to: end, gluedExtension: gluedExtension)
            }
        }
        return nil
    }

    /// Whether one of ``phoneWords`` comes within three words before `offset` ("call me at", "Phone:").
    func hasPhoneWord(before offset: Int) -> Bool {
        text.hasWord(Self.phoneWords, before: offset, words: 3, tokens: 6, stopAtNumber: true)
    }

    /// What may follow a phone number: not a letter or digit, not a decimal part, a unit or a price.
    func isAcceptableEnd(_ end: Int) -> Bool {
        let next = text[end]
        if Scalar.isWordCharacter(next), !Scalar.isUnspacedScript(next) { return false }
        if next == 0x25 || next == 0x2B || next == 0x24 || next == 0x20AC { return false }
        if next == 0x2E || next == 0x2C || next == 0x3A || next == 0x2F || Scalar.isDash(next) || next == 0x5F,
            Scalar.isDigit(text[end + 1])
        {
            return false
        }
        // Two dashes and digits: numbers run together ("650-253-4561--455-234-3451") are neither.
        if Scalar.isDash(next), Scalar.isDash(text[end + 1]), Scalar.isDigit(text[end + 2]) { return false }
        var probe = end
        while Scalar.isSpace(text[probe]), probe - end < 2 { probe += 1 }
        let after = text[probe]
        switch after {
        case 0x20AC, 0x24, 0xA3, 0x20BD, 0x20B9, 0x25: return false
        default: return true
        }
    }

    /// Dots do not mix with other separators, and a slash appears at most once.
    private func separatorsAreConsistent(_ groups: [Group]) -> Bool {
        // The separators are `-` (or `–`), `.` and `/`.
        var dots = false
        var others = false
        var slashes = 0
        for group in groups.dropFirst() where group.separator != 0 {
            if group.separator == 0x2E { dots = true } else { others = true }
            if group.separator == 0x2F { slashes += 1 }
        }
        if dots && others { return false }
        return slashes <= 1
    }

    /// The digits of `groups`, as values 0–9.
    func digitValues(_ groups: [Group]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(16)
        for group in groups {
            for offset in group.digits { result.append(UInt8(truncatingIfNeeded: text[offset] &- 0x30)) }
        }
        return result
    }

    static func string(_ digits: some Collection<UInt8>) -> String {
        // One ASCII byte a digit, written in place.
        String(unsafeUninitializedCapacity: digits.count) { bytes in
            var count = 0
            for digit in digits {
                bytes[count] = digit + 0x30
                count += 1
            }
            return count
        }
    }

    // MARK: Extensions

    /// Words that introduce an extension (lower case).
    static let extensionWords = ScalarLexicon(words: [
        "ext", "extn", "extension", "x", "доб", "добавочный", "poste", "durchwahl", "内線", "分机", "내선",
    ])

    /// The phone number `number` written from `start` to `end`, with the extension after it (or the one
    /// glued to it, `gluedExtension`) joined to it.
    func candidate(
        _ number: DetectedPhoneNumber, from start: Int, to end: Int, gluedExtension: (digits: String, end: Int)? = nil
    ) -> Candidate {
        var number = number
        var end = end
        if let (extensionDigits, extensionEnd) = gluedExtension ?? phoneExtension(after: end) {
            number.extension = extensionDigits
            end = extensionEnd
        }
        return Candidate(type: .phoneNumber, range: start..<end, value: .phoneNumber(number))
    }

    /// An extension after a number ending at `end`: `ext. 12`, `, ext 4`, ` ,x 4`, `x340`, `доб. 123`.
    func phoneExtension(after end: Int) -> (digits: String, end: Int)? {
        // A comma may stand between them, with a space before it or after it ("901-3355 , ext 7246").
        var index = end
        while Scalar.isSpace(text[index]), index - end < 2 { index += 1 }
        if text[index] == 0x2C { index += 1 } else { index = end }
        let wordSearch = index
        while Scalar.isSpace(text[index]), index - wordSearch < 3 { index += 1 }
        let wordStart = index
        while Scalar.isLetter(text[index]), index - wordStart < 12 { index += 1 }
        guard index > wordStart, Self.extensionWords.contains(wordStart..<index, in: text) else { return nil }
        // A full stop or colon may end the word ("ext.", "Durchwahl:"), spaces come before the digits.
        if text[index] == 0x2E || text[index] == 0x3A { index += 1 }
        while Scalar.isSpace(text[index]), index - wordStart < 16 { index += 1 }
        let digitStart = index
        while Scalar.isDigit(text[index]), index - digitStart < 7 { index += 1 }
        guard index > digitStart, !Scalar.isDigit(text[index]), !Scalar.isWordCharacter(text[index]) else {
            return nil
        }
        if text[index] == 0x2E || text[index] == 0x2C || text[index] == 0x2D, Scalar.isDigit(text[index + 1]) {
            return nil
        }
        return (text.string(digitStart..<index), index)
    }

    // MARK: International

    private func internationalNumber(_ groups: [Group]) -> DetectedPhoneNumber? {
        guard groups.reduce(0, { $0 + $1.digits.count }) >= 8 else { return nil }
        var groups = groups
        // "+44 (0)20 …": the bracketed trunk prefix is not dialled from abroad.
        if groups.count > 2, groups[1].parenthesized, groups[1].digits.count == 1,
            text[groups[1].digits.lowerBound] == 0x30
        {
            groups.remove(at: 1)
        }
        guard !groups.dropFirst().contains(where: { $0.separator == 0x2F }) else { return nil }
        return Self.international(
            digitValues(groups), firstGroupLength: groups[0].digits.count, nationalInOneGroup: groups.count == 2)
    }

    /// `digits` (calling code and national number) as an international number, when a region of its
    /// calling code allows the national number's length and leading digits. `nationalInOneGroup`: the
    /// national number is written as one group after the calling code, as libphonenumber writes a
    /// number none of its region's formats covers (`+677 40123`).
    static func international(
        _ digits: [UInt8], firstGroupLength: Int, nationalInOneGroup: Bool = false
    ) -> DetectedPhoneNumber? {
        guard (8...15).contains(digits.count), digits.first != 0 else { return nil }
        for codeLength in 1...3 {
            let regions = PhoneMetadata.byCallingCodeKey[PhoneMetadata.callingCodeKey(digits[0..<codeLength])]
            guard !regions.isEmpty else { continue }
            let national = digits[codeLength...]
            // A calling code glued to its national number is fine ("+74951234567"); a first group that
            // splits a calling code is not ("+4 420 …").
            if firstGroupLength < codeLength { return nil }
            // The first region (the main country first) whose plan allows the number and one of whose
            // formats applies to it; read in place, no region or format copied.
            // A region without formats of its own is written in its calling code's main country's
            // (Bonaire's `+599 715 1234` as Curaçao's, Kazakhstan's `+7 771 000 9998` as Russia's), as
            // libphonenumber formats it; with none there either, any grouping is the number's; a number
            // no format covers is written in one group.
            let region = regions.withUnsafeBufferPointer { regions -> String? in
                for index in regions.indices where regions[index].allows(national) {
                    let own = regions[index].formats.isEmpty ? regions[0].formats : regions[index].formats
                    let covering = own.withUnsafeBufferPointer { formats in
                        formats.contains { $0.applies(to: national) }
                    }
                    let applies = covering || own.isEmpty || (nationalInOneGroup && firstGroupLength == codeLength)
                    if applies { return regions[index].region }
                }
                return nil
            }
            if let region {
                return DetectedPhoneNumber(
                    digits: string(digits), isInternational: true, region: region == "001" ? nil : region)
            }
            return withTrunkPrefixDropped(national, callingCode: digits[0..<codeLength], regions: regions)
        }
        return nil
    }

    /// "+44 020 7946 0958", "+49 030 …": a national number written with its trunk prefix after the calling
    /// code, as people often do. The prefix is not dialled from abroad; it is dropped when the number
    /// is no region's as written and is one's without it, as libphonenumber reads it ("+39 06 …" keeps
    /// its 0, which Italy dials).
    private static func withTrunkPrefixDropped(
        _ national: ArraySlice<UInt8>, callingCode: ArraySlice<UInt8>, regions: [PhoneMetadata]
    ) -> DetectedPhoneNumber? {
        for metadata in regions where !metadata.trunkPrefix.isEmpty && national.starts(with: metadata.trunkPrefix) {
            let rest = national.dropFirst(metadata.trunkPrefix.count)
            guard metadata.allows(rest), metadata.formats.contains(where: { $0.applies(to: rest) }) else { continue }
            return DetectedPhoneNumber(
                digits: string(Array(callingCode) + Array(rest)), isInternational: true,
                region: metadata.region == "001" ? nil : metadata.region)
        }
        return nil
    }

    // MARK: National formats

    /// The score (``national(_:lengths:separators:bracketedAreaCode:bare:loose:in:)``) an eight-digit
    /// national number needs: its groups one for one with one of the menu's region's formats, written
    /// with the format's separators; in a region with a trunk prefix, in three groups or more (Sweden's
    /// `08-12 34 56`) or after a phone word (`Tel. 0800 1234`), since two (`Bestellnummer 0221 9876`)
    /// are as often an order or account number.
    /// Regions without one have closed plans of eight-digit numbers (Denmark, Norway, Singapore, Hong
    /// Kong …). Eight digits in groups are also codes, counts and dates elsewhere; in the region that
    /// writes its numbers so, in its own way, they are a phone number.
    static let eightDigitsInTheMenusRegion = 3

    /// A national number: digit groups, or with `bare` (a phone word before it) one run of digits read
    /// in the menu's region or, without one, as a North American number ("call 6175551234").
    private func nationalNumber(_ groups: [Group], bare: Bool = false) -> DetectedPhoneNumber? {
        let lengths = groups.map { $0.digits.count }
        // Every national number written in groups has at least eight digits; one group is an integer.
        // Eight digits (Denmark's and Norway's `32 12 34 56`, Singapore's `6123 4567`) are read only in the
        // menu's region, in its groups one for one (``eightDigitsInTheMenusRegion``).
        let digitCount = lengths.reduce(0, +)
        guard groups.count >= 2 || bare, digitCount >= 8, digitCount > 8 || !bare else { return nil }
        let all = digitValues(groups)
        if bare {
            guard let metadata = PhoneMetadata.readingByRegion[region ?? "US"],
                let match = Self.national(all, lengths: lengths, bare: true, in: metadata)
            else { return nil }
            return DetectedPhoneNumber(
                digits: Self.string(metadata.callingCode + match.national), isInternational: true,
                region: metadata.region)
        }
        // "00 44 20 …", "0044 20 …": the international prefix.
        if all.count > 2, all[0] == 0, all[1] == 0 {
            return afterInternationalPrefix(all, prefixLength: 2, groups: groups)
        }
        // "011 44 20 …", "01164 3 …": North America's international prefix, read so in its regions (in
        // India `011` is Delhi's area code).
        if all.count > 3, all[0] == 0, all[1] == 1, all[2] == 1,
            let region, PhoneMetadata.byRegion[region]?.callingCode == [1],
            let number = afterInternationalPrefix(all, prefixLength: 3, groups: groups)
        {
            return number
        }
        // Brackets go around the area code: the first group, or the second after a one-digit prefix.
        let bracketable = groups[0].digits.count == 1 ? 2 : 1
        guard !groups.dropFirst(bracketable).contains(where: { $0.parenthesized }) else { return nil }
        if groups[1].parenthesized, lengths[0] != 1 { return nil }
        // Of three groups or more, a slash may only follow the area code ("415/666-7777").
        if groups.dropFirst(2).contains(where: { $0.separator == 0x2F }) { return nil }
        if Self.readsAsDateOrRange(groups, lengths: lengths, text: text) { return nil }
        // A slash follows an area code written with its trunk prefix ("030/12345678").
        if groups.count == 2, groups[1].separator == 0x2F, text[groups[0].digits.lowerBound] != 0x30 { return nil }
        // Groups of three ("299 792 458") are also how a large integer is written: only the menu's
        // region reads them as a national number.
        let readsAsInteger =
            groups.count >= 3 && lengths.dropFirst().allSatisfy { $0 == 3 } && lengths[0] <= 3
            && groups.dropFirst().allSatisfy { $0.separator == 0 } && !groups[0].parenthesized
            && all.first != 0
        let menuRegion = region.flatMap { PhoneMetadata.readingByRegion[$0] }
        let separators = groups.dropFirst().map { group -> UInt32 in
            group.separator == 0x2013 ? 0x2D : group.separator
        }
        if let menuRegion,
            let match = Self.national(
                all, lengths: lengths, separators: separators, bracketedAreaCode: groups[0].parenthesized,
                loose: digitCount > 8, in: menuRegion),
            digitCount > 8
                || (match.score >= Self.eightDigitsInTheMenusRegion
                    && (menuRegion.trunkPrefix.isEmpty || groups.count >= 3 || hasPhoneWord(before: groups[0].start)))
        {
            return DetectedPhoneNumber(
                digits: Self.string(menuRegion.callingCode + match.national), isInternational: true,
                region: menuRegion.region)
        }
        guard !readsAsInteger, digitCount > 8 else { return nil }
        // The regions of the shipped languages: the one whose format fits best (groups one for one,
        // the same separators), the first on a tie. The menu's region has been tried; the list has each
        // region once.
        var best: (metadata: PhoneMetadata, national: ArraySlice<UInt8>, score: Int)?
        for metadata in PhoneMetadata.fallbackRegions where metadata.region != menuRegion?.region {
            if let match = Self.national(
                all, lengths: lengths, separators: separators, bracketedAreaCode: groups[0].parenthesized,
                in: metadata), match.score > (best?.score ?? -1)
            {
                best = (metadata, match.national, match.score)
            }
        }
        guard let best else { return nil }
        return DetectedPhoneNumber(
            digits: Self.string(best.metadata.callingCode + best.national), isInternational: true,
            region: best.metadata.region)
    }

    /// The international number after an international prefix of `prefixLength` digits that `all`
    /// starts with: in the first group with the calling code (`0044 20 …`) or a group of its own
    /// (`00 44 20 …`).
    private func afterInternationalPrefix(_ all: [UInt8], prefixLength: Int, groups: [Group]) -> DetectedPhoneNumber? {
        let first = groups[0].digits.count
        guard first <= prefixLength + 3, first >= prefixLength else { return nil }
        let number = Array(all.dropFirst(prefixLength))
        return Self.international(number, firstGroupLength: first - prefixLength)
            ?? (first == prefixLength ? Self.international(number, firstGroupLength: groups[1].digits.count) : nil)
    }

    /// Digit groups that read as a date (`2026-12-05`, `05.12.2026`, `12/5/26`) or a range of years
    /// (`1990-2000`).
    static func readsAsDateOrRange(_ groups: [Group], lengths: [Int], text: ScannedText) -> Bool {
        func value(_ group: Group) -> Int {
            group.digits.reduce(0) { $0 * 10 + Int(text[$1] &- 0x30) }
        }
        let separators = Set(groups.dropFirst().map(\.separator))
        guard separators.count == 1, let separator = separators.first, separator != 0 else { return false }
        if groups.count == 2, lengths == [4, 4], (1000...2999).contains(value(groups[0])),
            (1000...2999).contains(value(groups[1]))
        {
            return true
        }
        guard groups.count == 3 else { return false }
        let values = groups.map(value)
        if lengths[0] == 4, lengths[1] <= 2, lengths[2] <= 2 {
            return (1...12).contains(values[1]) && (1...31).contains(values[2])
        }
        if lengths[0] <= 2, lengths[1] <= 2, lengths[2] == 4 || lengths[2] == 2 {
            let (a, b) = (values[0], values[1])
            return ((1...31).contains(a) && (1...12).contains(b)) || ((1...12).contains(a) && (1...31).contains(b))
        }
        return false
    }

    /// The national significant number, when `digits` written in groups of `lengths` joined by
    /// `separators` is a national number of `metadata`'s region — with its trunk prefix or without, as
    /// the format writes it — and how well the best format fits (2 for groups one for one, 1 more for
    /// the format's own separators). A first group in brackets without the trunk prefix ("(212) …")
    /// counts only in a format that writes it so; with the prefix ("(02) 9876 5432") it is an area code.
    /// With `loose` (the menu's region, where people write their own numbers as they please) the area
    /// code may be in brackets whatever the format writes (`(33) 3461 2234` in Mexico), and the
    /// subscriber number in one group after it (`415-6667777`, `03-3316005` in New Zealand).
    static func national(
        _ digits: [UInt8], lengths: [Int], separators: [UInt32] = [], bracketedAreaCode: Bool = false,
        bare: Bool = false, loose: Bool = false, in metadata: PhoneMetadata
    ) -> (national: ArraySlice<UInt8>, score: Int)? {
        func score(_ written: [Int], _ writtenSeparators: ArraySlice<UInt32>, _ format: PhoneMetadata.Format) -> Int {
            guard
                groupsMatch(written, format.groups) || (bare && written.count == 1 && total(format.groups, written[0]))
                    || ((bracketedAreaCode || loose) && subscriberJoined(written, format.groups))
            else { return -1 }
            var score = written.count == format.groups.count ? 2 : 0
            if writtenSeparators.elementsEqual(format.separators) { score += 1 }
            return score
        }
        let trunk = metadata.trunkPrefix
        var best: (national: ArraySlice<UInt8>, score: Int)?
        // With the trunk prefix: as a group of its own ("8 (495) …", "1-800-…") or glued ("020 …").
        if !trunk.isEmpty, digits.starts(with: trunk) {
            let national = digits[trunk.count...]
            var written = lengths
            var writtenSeparators = separators[...]
            if written[0] == trunk.count {
                written.removeFirst()
                writtenSeparators = writtenSeparators.dropFirst()
            } else if written[0] > trunk.count {
                written[0] -= trunk.count
            } else {
                written = []
            }
            if !written.isEmpty, metadata.allows(national) {
                for format in metadata.formats where format.trunk != 0 && format.applies(to: national) {
                    let value = score(written, writtenSeparators, format)
                    if value > (best?.score ?? -1) { best = (national, value) }
                }
            }
        }
        let national = digits[...]
        if metadata.allows(national) {
            for format in metadata.formats
            where (trunk.isEmpty || format.trunk != 1) && (!bracketedAreaCode || format.brackets || loose)
                && format.applies(to: national)
            {
                let value = score(lengths, separators[...], format)
                if value > (best?.score ?? -1) { best = (national, value) }
            }
        }
        return best
    }

    /// Whether a format's groups add up to `count` digits.
    static func total(_ format: [ClosedRange<Int>], _ count: Int) -> Bool {
        (format.reduce(0) { $0 + $1.lowerBound }...format.reduce(0) { $0 + $1.upperBound }).contains(count)
    }

    /// A bracketed area code and the subscriber number in one group: `(415) 6667777` for the format
    /// `415 666 7777`.
    static func subscriberJoined(_ written: [Int], _ format: [ClosedRange<Int>]) -> Bool {
        written.count == 2 && format.count >= 3 && format[0].contains(written[0])
            && total(Array(format.dropFirst()), written[1])
    }

    /// Written groups match a format's groups one for one, or the format has an area code and one
    /// subscriber block that people split (`089 12 34 56` for the format `89 123456`).
    static func groupsMatch(_ written: [Int], _ format: [ClosedRange<Int>]) -> Bool {
        if written.count == format.count, zip(written, format).allSatisfy({ $1.contains($0) }) { return true }
        guard written.count > 2, format.count == 2, format[0].contains(written[0]) else { return false }
        let rest = written.dropFirst()
        guard rest.allSatisfy({ $0 >= 2 }) else { return false }
        let low = format.dropFirst().reduce(0) { $0 + $1.lowerBound }
        let high = format.dropFirst().reduce(0) { $0 + $1.upperBound }
        return (low...high).contains(rest.reduce(0, +))
    }
}
