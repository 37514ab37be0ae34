@_spi(Inlinable) import EditMenuText

/// How a Canadian address ends (see ``AddressScanner``): a province, by its code or its English or
/// French name, bare or in brackets as Quebec writes it, then the postal code and the country in
/// either order — `ON M5V 3L9`, `ON, K1V 6P4 Canada`, `Ontario L7B 1G2 CANADA`, `B.C. V3K 7A1`,
/// `(Québec) Canada J9A 1L8`, `(Québec) H2S 3L5 Canada`; and the French (Quebec) way of writing the
/// street and its units: `5800, rue Saint-Denis, bureau 1105 Montréal (Québec) H2S 3L5`.
extension AddressScanner {
    /// Canada's provinces and territories by their names in English and French (lower case; words
    /// joined by one space or a hyphen, as written).
    static let canadianProvinceNames = ScalarLexicon(words: [
        "ontario", "quebec", "québec", "alberta", "manitoba", "saskatchewan", "yukon", "nunavut",
        "british columbia", "colombie-britannique", "nova scotia", "nouvelle-écosse", "new brunswick",
        "nouveau-brunswick", "prince edward island", "île-du-prince-édouard", "newfoundland and labrador",
        "terre-neuve-et-labrador", "newfoundland", "northwest territories", "territoires du nord-ouest",
    ])

    /// The first words of ``canadianProvinceNames``: only a token that is one starts a name.
    static let canadianProvinceFirstWords = ScalarLexicon(words: [
        "ontario", "quebec", "québec", "alberta", "manitoba", "saskatchewan", "yukon", "nunavut", "british",
        "colombie", "nova", "nouvelle", "new", "nouveau", "prince", "île", "newfoundland", "terre", "northwest",
        "territoires",
    ])

    /// Whether `scalar` is the first letter of a province's name (A, B, C, M, N, O, P, Q, S, T, Y, Î): a
    /// test before the look-up.
    static func startsProvinceName(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x41...0x43, 0x4D...0x51, 0x53, 0x54, 0x59, 0xCE: true
        default: false
        }
    }

    /// The end of a province's name that starts at token `index` (capitalized; up to four words or
    /// hyphenated parts), or nil.
    func canadianProvinceName(at index: Int) -> Int? {
        guard index < tokens.count, tokens[index].kind == .word, Self.startsProvinceName(text[tokens[index].start]),
            Self.canadianProvinceFirstWords.contains(token: index, in: text)
        else { return nil }
        var end = index + 1
        var found: Int?
        // Parts joined by a single space or a glued hyphen: "Nova Scotia", "Colombie-Britannique".
        for _ in 0..<5 {
            if Self.canadianProvinceNames.contains(tokens[index].start..<tokens[end - 1].end, in: text) { found = end }
            guard end + 1 < tokens.count else { break }
            if let dash = symbol(end), Scalar.isDash(dash), gap(before: end) == 0, gap(before: end + 1) == 0,
                tokens[end + 1].kind == .word
            {
                end += 2
            } else if spaced(end), tokens[end].kind == .word {
                end += 1
            } else {
                break
            }
        }
        return found
    }

    /// The end of a province's two-letter code in capitals at token `index`: `ON`, or `B.C.` with its
    /// periods.
    func canadianProvinceCode(at index: Int) -> Int? {
        if index < tokens.count, tokens[index].length == 2, isAllCaps(index),
            Self.canadianProvinces.contains(token: index, in: text)
        {
            return index + 1
        }
        // "B.C.": a capital, a period, a capital, a period.
        guard index + 3 < tokens.count, tokens[index].length == 1, tokens[index + 2].length == 1,
            isAllCaps(index), isAllCaps(index + 2), symbol(index + 1) == 0x2E, symbol(index + 3) == 0x2E,
            gap(before: index + 1) == 0, gap(before: index + 2) == 0, gap(before: index + 3) == 0
        else { return nil }
        let code = text.string(tokens[index].range) + text.string(tokens[index + 2].range)
        guard Self.canadianProvinceCodes.contains(code) else { return nil }
        return index + 4
    }

    /// A province (code or name, or a name in brackets), then a postal code and `Canada` in either
    /// order, each after a space or a comma. Without a postal code, the province (or the country after
    /// it) must end its line, as a US state without a ZIP code does: "… Pickering, ON", "… Toronto,
    /// Ontario, Canada".
    func canadianTerminal(at index: Int) -> (end: Int, zip: String?, region: String)? {
        guard index < tokens.count else { return nil }
        var position = index
        let bracketed = symbol(index) == 0x28
        if bracketed {
            guard gap(before: index + 1) == 0 else { return nil }
            position += 1
        }
        let codeEnd = bracketed ? nil : canadianProvinceCode(at: position)
        let isCode = codeEnd != nil
        guard var end = codeEnd ?? canadianProvinceName(at: position) else { return nil }
        if bracketed {
            guard symbol(end) == 0x29, gap(before: end) == 0 else { return nil }
            end += 1
        }
        var code: String?
        var country = false
        for _ in 0..<2 {
            // A comma, a space, or a code's period and a space ("BC. Canada").
            var next = separator(at: end) ?? (spaced(end) ? end : nil)
            if next == nil, isCode, symbol(end) == 0x2E, gap(before: end) == 0, spaced(end + 1) { next = end + 1 }
            guard let next else { break }
            if code == nil, let postal = canadianPostalCode(at: next) {
                code = postal.code
                end = postal.end
            } else if !country, text.isWord(next, "canada"), isCapitalized(next) {
                country = true
                end = next + 1
            } else {
                break
            }
        }
        if code == nil {
            // Only where the line ends.
            if end < tokens.count, gap(before: end) <= 1, tokens[end].kind != .symbol { return nil }
        }
        return (end, code, "CA")
    }

    /// A Canadian postal code from token `index`, in capitals, with or without its space: `M5V 3L9`,
    /// `L5W1E8`.
    func canadianPostalCode(at index: Int) -> (end: Int, code: String)? {
        guard index < tokens.count else { return nil }
        let start = tokens[index].start
        guard Scalar.isUpperASCII(text[start]), Scalar.isDigit(text[start + 1]), Scalar.isUpperASCII(text[start + 2])
        else { return nil }
        let spaced = text[start + 3] == 0x20
        var offset = spaced ? start + 4 : start + 3
        guard Scalar.isDigit(text[offset]), Scalar.isUpperASCII(text[offset + 1]), Scalar.isDigit(text[offset + 2]),
            !Scalar.isWordCharacter(text[offset + 3])
        else { return nil }
        offset += 3
        return (text.tokenIndex(atOrAfter: offset), text.string(start..<offset))
    }

    // MARK: Quebec

    /// The end of a unit as Quebec writes it at token `index`: `bureau 1105`, `Suite 700`, `local 4`,
    /// `app. 12`, `Case postale 710`, `C.P. 500`.
    func frenchUnit(at index: Int) -> Int? {
        guard index < tokens.count, tokens[index].kind == .word else { return nil }
        var next: Int
        if text.isWord(index, "bureau") || text.isWord(index, "suite") || text.isWord(index, "local")
            || text.isWord(index, "app") || text.isWord(index, "appartement")
        {
            next = index + 1
            if symbol(next) == 0x2E, gap(before: next) == 0 { next += 1 }
        } else if text.isWord(index, "case"), text.isWord(index + 1, "postale"), spaced(index + 1) {
            next = index + 2
        } else if text.isWord(index, "c"), symbol(index + 1) == 0x2E, text.isWord(index + 2, "p"),
            symbol(index + 3) == 0x2E, gap(before: index + 1) == 0, gap(before: index + 2) == 0,
            gap(before: index + 3) == 0
        {
            next = index + 4
        } else {
            return nil
        }
        guard spaced(next), isNumber(next, digits: 1...6) else { return nil }
        next += 1
        // "1105A"
        if next < tokens.count, gap(before: next) == 0, tokens[next].kind == .word, tokens[next].length == 1 {
            next += 1
        }
        return next
    }

    /// The rest of a Quebec address after the street's name (which may have taken the town's words):
    /// an optional unit, the town if not yet read, then a province closing it, as ``canadianTerminal(at:)``
    /// reads one. `nameEnd` is the token after the street's name.
    func frenchCanadian(at start: Int, nameEnd: Int) -> Match? {
        var index = nameEnd
        if let next = separator(at: index) ?? (spaced(index) ? index : nil), let unitEnd = frenchUnit(at: next) {
            index = unitEnd
        }
        if let next = separator(at: index) ?? (spaced(index) ? index : nil), canadianTerminal(at: next) == nil,
            let townEnd = placeName(at: next)
        {
            index = townEnd
        }
        guard let next = separator(at: index) ?? (spaced(index) ? index : nil),
            let terminal = canadianTerminal(at: next)
        else { return nil }
        return candidate(start, terminal.end, region: terminal.region, postalCode: terminal.zip)
    }

    /// The suffix of a French ordinal glued to the number before it: `e` of `18e`, `re` of `1re`, `er`,
    /// `ème`.
    func isFrenchOrdinalSuffix(_ index: Int) -> Bool {
        index < tokens.count && gap(before: index) == 0
            && (["e", "re", "er", "ème", "eme"] as [StaticString]).contains(where: { text.isWord(index, $0) })
    }
}
