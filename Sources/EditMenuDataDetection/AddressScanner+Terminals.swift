@_spi(Inlinable) import EditMenuText

/// How an address ends (see ``AddressScanner``): a US state and ZIP code, a Canadian province and postal
/// code, an Australian state and postcode, a UK postcode, and a country's name after them.
extension AddressScanner {
    /// `CA 95014`, `CA`, `California 95014`, `NY 10001-1234` (a state, then an optional ZIP); a
    /// Canadian province and postal code (`ON M5V 3L9`, ``canadianTerminal(at:)``); an Australian state
    /// and postcode (`NSW 2000`). No name or code is both a US state and a Canadian province, so the
    /// order is the cost's: US first; `NT 0800` (Darwin) is Australian because a Canadian province
    /// without a postal code must end its line.
    func usTerminal(at index: Int) -> (end: Int, zip: String?, region: String)? {
        guard index < tokens.count else { return nil }
        guard tokens[index].kind == .word else { return canadianTerminal(at: index) }
        if let (end, zip) = usStateAndZIP(at: index) { return (end, zip, "US") }
        if let canadian = canadianTerminal(at: index) { return canadian }
        if Self.australianStates.contains(token: index, in: text), isAllCaps(index), spaced(index + 1),
            isNumber(index + 1, digits: 4...4),
            index + 2 >= tokens.count || gap(before: index + 2) != 0 || tokens[index + 2].kind == .symbol
        {
            return (index + 2, text.string(tokens[index + 1].range), "AU")
        }
        return nil
    }

    /// A state's or province's name that ``placeName(at:)`` read as the town's last words, with a ZIP
    /// or postal code after it: "Austin Texas 78701", "Ottawa Ontario K1Y 4W7", "New York New York
    /// 10001". Tried only where a number or a capital follows the place.
    func stateInsidePlace(from place: Int, to placeEnd: Int) -> (end: Int, zip: String?, region: String)? {
        // (The place may have taken a postal code's first letter: "Ottawa Ontario K" of "K1Y 4W7".)
        guard placeEnd - place >= 2, placeEnd < tokens.count, gap(before: placeEnd) <= 1,
            tokens[placeEnd].kind == .number || Scalar.isUpperASCII(text[tokens[placeEnd].start])
        else { return nil }
        for split in (place + 1)..<placeEnd where spaced(split) && isCapitalized(split) {
            if let terminal = usTerminal(at: split), terminal.zip != nil { return terminal }
        }
        return nil
    }

    /// A Canadian province or an Australian state in capitals (`ON`, `NSW`).
    func isProvinceOrStateAbroad(_ index: Int) -> Bool {
        isAllCaps(index)
            && (Self.canadianProvinces.contains(token: index, in: text)
                || Self.australianStates.contains(token: index, in: text))
    }

    func isAllCaps(_ index: Int) -> Bool {
        index < tokens.count && tokens[index].range.allSatisfy { Scalar.isUpperASCII(text[$0]) }
    }

    /// `CA 95014`, `California 95014`, `New York 10001`, or a state alone at the end of a line.
    func usStateAndZIP(at index: Int) -> (end: Int, zip: String?)? {
        var end = index + 1
        if isStateCode(index) {
        } else if Self.usStateNameWords.contains(token: index, in: text), isCapitalized(index) {
            if text.isWord(index, "washington"), !(isNumber(index + 1, digits: 5...5) && spaced(index + 1)) {
                return nil
            }
        } else if Self.usStateNameStarts.contains(text.string(tokens[index].range)),
            let second = word(index + 1),
            ["york", "jersey", "mexico", "hampshire", "carolina", "dakota", "virginia", "island"].contains(second)
        {
            end = index + 2
        } else {
            return nil
        }
        guard isNumber(end, digits: 5...5), spaced(end) else {
            // A state without a ZIP ends the address only where its line ends: "…, Austin, TX." — not
            // before more words ("55 Oak Street IN PERSON").
            if end < tokens.count, gap(before: end) == 0, tokens[end].kind != .symbol { return nil }
            if end < tokens.count, gap(before: end) == 1, tokens[end].kind != .symbol { return nil }
            return (end, nil)
        }
        guard let code = zipCode(at: end) else { return nil }
        return (code.end, code.zip)
    }

    /// A ZIP code from token `index` (`95014`, `10001-1234`): five digits, and four more after a dash,
    /// glued to no word.
    func zipCode(at index: Int) -> (end: Int, zip: String)? {
        guard isNumber(index, digits: 5...5) else { return nil }
        var zip = text.string(tokens[index].range)
        var end = index + 1
        if let dash = symbol(end), Scalar.isDash(dash), gap(before: end) == 0, isNumber(end + 1, digits: 4...4),
            gap(before: end + 1) == 0
        {
            zip += "-" + text.string(tokens[end + 1].range)
            end += 2
        }
        if end < tokens.count, gap(before: end) == 0, tokens[end].kind != .symbol { return nil }
        return (end, zip)
    }

    /// A ZIP code after the town with no state, ending the address's line: "1 Infinite Loop, Cupertino
    /// 95014". Only after a street with a suffix and a town on a line of its own (after a comma or a
    /// line break), and only where the line ends after it (the text's end, punctuation, a line break):
    /// five digits after a name in a sentence are as often a count.
    func zipWithoutState(at index: Int) -> (end: Int, zip: String)? {
        guard spaced(index), let code = zipCode(at: index) else { return nil }
        guard code.end >= tokens.count || tokens[code.end].kind == .symbol || gap(before: code.end) == 2 else {
            return nil
        }
        return code
    }

    /// A UK postcode from token `index`: `SW1A 2AA`, `M1 1AE`, `EC1A 1BB`, `NW1 6XE`.
    func ukPostcode(at index: Int) -> (end: Int, code: String)? {
        guard index < tokens.count, tokens[index].kind == .word else { return nil }
        let start = tokens[index].start
        var offset = start
        var letters = 0
        while Scalar.isUpperASCII(text[offset]), letters < 3 {
            offset += 1
            letters += 1
        }
        guard (1...2).contains(letters), Scalar.isDigit(text[offset]) else { return nil }
        offset += 1
        if Scalar.isDigit(text[offset]) || Scalar.isUpperASCII(text[offset]) { offset += 1 }
        guard text[offset] == 0x20 else { return nil }
        offset += 1
        guard Scalar.isDigit(text[offset]), Scalar.isUpperASCII(text[offset + 1]),
            Scalar.isUpperASCII(text[offset + 2]),
            !Scalar.isWordCharacter(text[offset + 3])
        else { return nil }
        offset += 3
        let end = text.tokenIndex(atOrAfter: offset)
        return (end, text.string(start..<offset))
    }

    /// ", USA", "\nUnited Kingdom" after an address.
    func withCountry(_ match: Match) -> Match {
        var index = match.endToken
        let separated = separator(at: index)
        guard let next = separated ?? (spaced(index) ? index : nil) else { return match }
        // "U.S.A.", "U.S.": the letters with their periods.
        if text[tokens[next].start] == 0x55, let dotted = dottedUS(at: next), separated != nil || dotted > next + 4 {
            guard case .address(let address) = match.candidate.value else { return match }
            return candidate(
                text.tokenIndex(atOrAfter: match.candidate.range.lowerBound), dotted, region: address.region,
                postalCode: address.postalCode)
        }
        guard separated != nil, let country = word(next), Self.countries.contains(country),
            isCapitalized(next)
        else { return match }
        index = next + 1
        if country == "united", let second = word(index), ["states", "kingdom"].contains(second), spaced(index) {
            index += 1
        } else if country == "great", text.isWord(index, "britain"), spaced(index) {
            index += 1
        } else if country == "united" || country == "great" {
            return match
        }
        guard case .address(let address) = match.candidate.value else { return match }
        return candidate(
            text.tokenIndex(atOrAfter: match.candidate.range.lowerBound), index, region: address.region,
            postalCode: address.postalCode)
    }

    /// The end of `U.S.A.` or `U.S.` (capitals, each followed by its period) at token `index`.
    func dottedUS(at index: Int) -> Int? {
        guard text.isWord(index, "u"), isAllCaps(index), symbol(index + 1) == 0x2E, text.isWord(index + 2, "s"),
            isAllCaps(index + 2), symbol(index + 3) == 0x2E,
            (1...3).allSatisfy({ gap(before: index + $0) == 0 })
        else { return nil }
        if text.isWord(index + 4, "a"), isAllCaps(index + 4), symbol(index + 5) == 0x2E, gap(before: index + 4) == 0,
            gap(before: index + 5) == 0
        {
            return index + 6
        }
        return index + 4
    }
}
