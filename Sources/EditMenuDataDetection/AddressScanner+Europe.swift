@_spi(Inlinable) import EditMenuText

/// French, German (and the rest of continental Europe: street and number, then postcode and town) and
/// Russian addresses (see ``AddressScanner``).
extension AddressScanner {
    // MARK: France

    func french(at start: Int, streetType: Int) -> Match? {
        var index = streetType + 1
        if symbol(index) == 0x2E, gap(before: index) == 0 { index += 1 }
        var words = 0
        // The name: words (articles in lower case, hyphens, apostrophes) up to the line's end.
        while index < tokens.count, words < 8, gap(before: index) <= 1 {
            let token = tokens[index]
            // A unit ends the name in Quebec: "rue Jean-Brillant Bureau 490 Montréal (Québec)".
            if words > 0, frenchUnit(at: index) != nil { break }
            if token.kind == .word
                || (token.kind == .symbol
                    && (Scalar.isDash(text[token.start]) || text[token.start] == 0x27 || text[token.start] == 0x2019))
            {
                index += 1
                if token.kind == .word { words += 1 }
            } else {
                break
            }
        }
        // Quebec: a province (in brackets) closes it, with or without a postal code.
        if words >= 1, let match = frenchCanadian(at: start, nameEnd: index) { return match }
        guard words >= 1, let next = separator(at: index) ?? (spaced(index) ? index : nil),
            isNumber(next, digits: 5...5), spaced(next + 1), let cityEnd = placeName(at: next + 1)
        else { return nil }
        var end = cityEnd
        if let cedex = word(end), cedex == "cedex", spaced(end) {
            end += 1
            if isNumber(end, digits: 1...2), spaced(end) { end += 1 }
        }
        if end < tokens.count, gap(before: end) == 0, tokens[end].kind != .symbol { return nil }
        return withCountry(candidate(start, end, region: "FR", postalCode: text.string(tokens[next].range)))
    }

    // MARK: Germany

    func german(at start: Int) -> Match? {
        // Street: 1–4 words (connectors in lower case, hyphens, "str."), then a house number.
        var index = start
        var words = 0
        while index < tokens.count, words < 5 {
            let token = tokens[index]
            if token.kind == .word {
                guard index == start || gap(before: index) <= 1 else { break }
                if !isCapitalized(index) {
                    guard
                        Self.germanConnectors.contains(token: index, in: text) || text.isWord(index, "str")
                            || (index > start && Self.lowercaseStreetTypes.contains(token: index, in: text))
                    else {
                        break
                    }
                }
                index += 1
                words += 1
                if symbol(index) == 0x2E, gap(before: index) == 0 { index += 1 }
            } else if token.kind == .symbol, Scalar.isDash(text[token.start]), gap(before: index) == 0 {
                index += 1
            } else {
                break
            }
        }
        guard words >= 1, isNumber(index, digits: 1...4), spaced(index) else { return nil }
        // "Bitte an Marienplatz 8": when a later word names the street type, the street starts there.
        // "Mariahilfer Straße 45", "Frankfurter Allee 1": a street type standing alone after a word in
        // -er belongs to that word.
        var laterSuffix = false
        for offset in (start + 1)..<index where tokens[offset].kind == .word && gap(before: offset) == 1 {
            if let name = word(offset), Self.germanStreetSuffixes.contains(where: { name.hasSuffix($0) }),
                !(offset == start + 1 && Self.germanStreetSuffixes.contains(name)
                    && word(start)?.hasSuffix("er") == true)
            {
                laterSuffix = true
            }
        }
        if laterSuffix, let first = word(start), !Self.germanStreetSuffixes.contains(where: { first.hasSuffix($0) }) {
            return nil
        }
        index += 1
        if index < tokens.count, tokens[index].kind == .word, tokens[index].length == 1, gap(before: index) == 0 {
            index += 1
        }
        if let dash = symbol(index), Scalar.isDash(dash), gap(before: index) == 0, isNumber(index + 1, digits: 1...4) {
            index += 2
        }
        guard let next = separator(at: index) else { return nil }
        // Without a postcode: "Kastanienallee 12, Berlin, Deutschland" — a street named by its type, a
        // town, and the country.
        if !isNumber(next, digits: 4...5), let townEnd = placeName(at: next, maxWords: 3),
            let country = separator(at: townEnd), let name = word(country), Self.germanCountries.contains(name),
            isCapitalized(country),
            country + 1 >= tokens.count || gap(before: country + 1) != 0 || tokens[country + 1].kind == .symbol,
            (start..<index).contains(where: { offset in
                word(offset).map { name in Self.germanStreetSuffixes.contains(where: { name.hasSuffix($0) }) } == true
            })
        {
            return candidate(start, country + 1, region: "DE", postalCode: nil)
        }
        guard let postcode = continentalPostcode(at: next), spaced(postcode.end),
            let cityEnd = placeName(at: postcode.end)
        else { return nil }
        if postcode.fourDigits {
            guard
                (start..<index).contains(where: { offset in
                    word(offset).map { name in
                        Self.fourDigitStreetWords.contains {
                            name == $0 || (name.count > $0.count + 2 && name.hasSuffix($0))
                        }
                    } == true
                })
            else { return nil }
        }
        if cityEnd < tokens.count, gap(before: cityEnd) == 0, tokens[cityEnd].kind != .symbol { return nil }
        return withCountry(
            candidate(
                start, cityEnd, region: "DE",
                postalCode: text.string(tokens[next].start..<tokens[postcode.end - 1].end)))
    }

    /// A postcode written before the town, as continental Europe writes them: five digits (Germany,
    /// Spain, Italy, Finland, Türkiye …), `1015 CJ` (the Netherlands), `1100-053` (Portugal), `00-624`
    /// (Poland), `111 51` (Sweden, Czechia, Slovakia, Greece), or four digits (Austria, Switzerland,
    /// Belgium, Denmark, Norway …: `fourDigits`, which the street must then vouch for).
    func continentalPostcode(at index: Int) -> (end: Int, fourDigits: Bool)? {
        if isNumber(index, digits: 5...5) { return (index + 1, false) }
        if isNumber(index, digits: 2...2) || isNumber(index, digits: 4...4), symbol(index + 1) == 0x2D,
            gap(before: index + 1) == 0, isNumber(index + 2, digits: 3...3), gap(before: index + 2) == 0
        {
            return (index + 3, false)
        }
        if isNumber(index, digits: 3...3), gap(before: index + 1) == 1, isNumber(index + 1, digits: 2...2) {
            return (index + 2, false)
        }
        guard isNumber(index, digits: 4...4) else { return nil }
        // The Netherlands: two capitals after the digits (never SA, SD or SS).
        if index + 1 < tokens.count, tokens[index + 1].kind == .word, tokens[index + 1].length == 2,
            gap(before: index + 1) <= 1,
            tokens[index + 1].range.allSatisfy({ Scalar.isUpperASCII(text[$0]) }),
            let letters = word(index + 1), !["sa", "sd", "ss"].contains(letters)
        {
            return (index + 2, false)
        }
        return (index + 1, true)
    }

    // MARK: Russia

    func russian(at start: Int) -> Match? {
        var index = start
        var hasStreet = false
        var hasHouse = false
        var postalCode: String?
        var end = start
        var components = 0
        while index < tokens.count, components < 8 {
            guard
                let componentEnd = russianComponent(
                    at: index, hasStreet: &hasStreet, hasHouse: &hasHouse, postalCode: &postalCode)
            else {
                break
            }
            end = componentEnd
            components += 1
            guard
                let next = separator(at: componentEnd)
                    ?? (spaced(componentEnd) && hasStreet && !hasHouse ? componentEnd : nil)
            else { break }
            index = next
        }
        guard hasStreet, hasHouse else { return nil }
        return candidate(start, end, region: "RU", postalCode: postalCode)
    }

    func isCyrillicCapitalized(_ index: Int) -> Bool {
        guard isCapitalized(index) else { return false }
        let value = text[tokens[index].start]
        return value >= 0x400 && value <= 0x4FF
    }

    /// One comma-separated part of a Russian address; updates what has been seen.
    func russianComponent(at index: Int, hasStreet: inout Bool, hasHouse: inout Bool, postalCode: inout String?)
        -> Int?
    {
        if isNumber(index, digits: 6...6) {
            postalCode = text.string(tokens[index].range)
            return index + 1
        }
        var abbreviation = word(index)
        var next = index + 1
        // "пр-т", "б-р"
        if let first = abbreviation, let dash = symbol(next), Scalar.isDash(dash), gap(before: next) == 0,
            let second = word(next + 1)
        {
            let joined = first + "-" + second
            if ["пр-т", "б-р"].contains(joined) {
                abbreviation = joined
                next += 2
            }
        }
        if symbol(next) == 0x2E, gap(before: next) == 0 { next += 1 }
        if let word = abbreviation {
            if word == "г" || word == "город" {
                guard next < tokens.count, gap(before: next) <= 1, let end = placeName(at: next, maxWords: 2) else {
                    return nil
                }
                return end
            }
            if Self.russianStreetTypes.contains(token: index, in: text) || ["пр-т", "б-р"].contains(word), !hasStreet {
                guard next < tokens.count, gap(before: next) <= 1 else { return nil }
                var end = next
                var words = 0
                while end < tokens.count, words < 4,
                    end == next || spaced(end) || (symbol(end).map(Scalar.isDash) == true),
                    tokens[end].kind == .word || (tokens[end].kind == .number && words == 0)
                        || symbol(end).map(Scalar.isDash) == true
                {
                    if tokens[end].kind != .symbol { words += 1 }
                    end += 1
                }
                guard words >= 1 else { return nil }
                hasStreet = true
                return houseAfterStreet(end, hasHouse: &hasHouse)
            }
            if ["д", "дом"].contains(word), hasStreet, next < tokens.count, gap(before: next) <= 1,
                isNumber(next, digits: 1...4)
            {
                hasHouse = true
                return houseNumberEnd(next)
            }
            if ["к", "корп", "корпус", "стр", "строение", "кв", "квартира", "оф", "офис", "лит"].contains(word),
                hasHouse,
                next < tokens.count, gap(before: next) <= 1, tokens[next].kind != .symbol
            {
                return houseNumberEnd(next)
            }
        }
        if hasStreet, !hasHouse, isNumber(index, digits: 1...4) {
            hasHouse = true
            return houseNumberEnd(index)
        }
        // "Тверская ул.", "Ленинский проспект"
        if !hasStreet, isCyrillicCapitalized(index), spaced(index + 1),
            Self.russianStreetTypes.contains(token: index + 1, in: text)
        {
            hasStreet = true
            var end = index + 2
            if symbol(end) == 0x2E, gap(before: end) == 0 { end += 1 }
            return houseAfterStreet(end, hasHouse: &hasHouse)
        }
        // A town without "г.": "Москва"
        if isCyrillicCapitalized(index), let end = placeName(at: index, maxWords: 2) { return end }
        return nil
    }

    func houseAfterStreet(_ end: Int, hasHouse: inout Bool) -> Int {
        // "ул. Тверская 7" (no comma)
        if spaced(end), isNumber(end, digits: 1...4) {
            hasHouse = true
            return houseNumberEnd(end)
        }
        return end
    }

    /// `7`, `7А`, `7/2`, `12-14`.
    func houseNumberEnd(_ index: Int) -> Int {
        var end = index + 1
        if end < tokens.count, tokens[end].kind == .word, tokens[end].length == 1, gap(before: end) == 0 { end += 1 }
        if let slash = symbol(end), slash == 0x2F || Scalar.isDash(slash), gap(before: end) == 0,
            isNumber(end + 1, digits: 1...4),
            gap(before: end + 1) == 0
        {
            end += 2
        }
        return end
    }
}
