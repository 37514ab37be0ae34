@_spi(Inlinable) import EditMenuText

/// Addresses whose first line is not a house number and street (see ``AddressScanner``), as British and
/// Australian addresses are written: a building's name or a flat first, or a street without a number.
extension AddressScanner {
    /// `Ivy Cottage, 4 Mill Lane, Ashford TN25 4BG`, `Flat 3, Rose Court, 12 Market Street, …`,
    /// `The Old Rectory, Church Lane, Fakenham NR21 0JW`: one or two leading lines — a building's name
    /// ending in a building word, or a flat, unit or level and its number — then an address with or
    /// without a house number, closed by a postcode.
    func buildingLed(at start: Int) -> Match? {
        // A building line starts a sentence or line, or follows a lower-case word, a colon or a word
        // that comes before an address ("Visit Baker Street, London NW1 6XE"), which never starts one.
        if start > 0, isCapitalized(start - 1), gap(before: start) == 1,
            !Self.wordsBeforeAnAddress.contains(token: start - 1, in: text)
        {
            return nil
        }
        // The first line's capitalized words (up to four, as ``leadingLine(at:)`` reads them) end before
        // a comma or a line break, unless the line is a flat or unit and its number: else no line leads.
        var runEnd = start + 1
        while runEnd < tokens.count, runEnd - start < 4, spaced(runEnd), isCapitalized(runEnd) { runEnd += 1 }
        var lineEnd = runEnd
        if symbol(lineEnd) == 0x2E, gap(before: lineEnd) == 0 { lineEnd += 1 }
        let separated = separator(at: lineEnd) != nil
        guard
            separated
                || (start + 1 < tokens.count && tokens[start + 1].kind == .number && spaced(start + 1)
                    && Self.leadingUnitWords.contains(token: start, in: text))
        else { return nil }
        if Self.wordsBeforeAnAddress.contains(token: start, in: text) { return nil }
        // A street without a house number first (2–4 words, the last a suffix of Publication 28), closed
        // by a UK postcode: "SHEPPEY WAY, SITTINGBOURNE, ME9 8RZ", "Marlborough Rd, St. James's, London SW1A 1BQ".
        if separated, runEnd - start >= 2, streetSuffix(runEnd - 1).found,
            let match = anglophone(at: start, street: start, requirePostcode: true),
            case .address(let address) = match.candidate.value, address.region == "GB"
        {
            return match
        }
        var index = start
        for _ in 0..<2 {
            guard let lineEnd = leadingLine(at: index), let next = separator(at: lineEnd) else { break }
            if tokens[next].kind == .number, next + 1 < tokens.count {
                // An address from the number on (numberFirst starts its match there), closed by a postcode.
                if let match = numberFirst(at: next), case .address(let address) = match.candidate.value,
                    address.postalCode != nil
                {
                    return candidate(start, match.endToken, region: address.region, postalCode: address.postalCode)
                }
                return nil
            }
            // A street without a number: "Church Lane", then a town and a postcode.
            if leadingLine(at: next) == nil, isCapitalized(next),
                let match = anglophone(at: start, street: next, requirePostcode: true)
            {
                return match
            }
            index = next
        }
        return nil
    }

    /// Words written before an address, capitalized at a sentence's start, that no street or building
    /// name starts with: prepositions, greetings, and the verbs of directions ("At", "Hello", "Visit",
    /// "Find us at"). Without them, a street without a house number took the word before it.
    static let wordsBeforeAnAddress = ScalarLexicon(words: [
        "at", "in", "on", "to", "from", "near", "via", "by", "into", "opposite", "behind", "beside", "outside",
        "hello", "hi", "dear", "welcome", "thanks", "visit", "meet", "find", "see", "call", "come", "go", "head",
        "join", "try", "write", "send", "deliver", "contact", "located", "directions", "collect", "return", "and",
        "or", "but", "then", "please", "we", "our", "my", "your",
    ])

    /// The end of a leading line at `index`: 1–4 capitalized words ending in a building word
    /// ("The Old Rectory"), or a unit word and its number ("Flat 3", "Level 5").
    func leadingLine(at index: Int) -> Int? {
        guard isCapitalized(index) else { return nil }
        if Self.leadingUnitWords.contains(token: index, in: text), spaced(index + 1),
            index + 1 < tokens.count, tokens[index + 1].kind == .number
        {
            var end = index + 2
            if end < tokens.count, gap(before: end) == 0, tokens[end].kind == .word, tokens[end].length == 1 {
                end += 1
            }
            return end
        }
        var end = index
        while end < tokens.count, end - index < 4, end == index || spaced(end), isCapitalized(end) {
            end += 1
            if Self.buildingWords.contains(token: end - 1, in: text), end - index >= 2 { return end }
        }
        return nil
    }
}
