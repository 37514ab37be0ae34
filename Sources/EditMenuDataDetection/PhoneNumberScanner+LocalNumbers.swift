@_spi(Inlinable) import EditMenuText

extension PhoneNumberScanner {
    /// A North American local number: seven digits, `NXX-XXXX` (an exchange starting with 2–9, a `-`,
    /// `.` or space, four digits), read only in a region of calling code 1 (or with no region) and only
    /// after a phone word ("Call 555-1212", "Tel: 555 1212"): without one, seven digits are as often a
    /// part number, a count or a code. The number is dialled as written, in the caller's own area: it
    /// has no international form. An extension after it belongs to it.
    func localNumber(at start: Int) -> Candidate? {
        let regionCode = region ?? "US"
        guard PhoneMetadata.byRegion[regionCode]?.callingCode == [1] else { return nil }
        // Not the end of a longer run of digits, brackets or separators ("(408) 555-1212" is read whole).
        guard !endsLongerRun(before: start) else { return nil }
        // NXX, a separator, XXXX, and no digit after.
        let separator = start + 3
        let index = start + 8
        guard text[start] >= 0x32, (start..<index).allSatisfy({ $0 == separator || Scalar.isDigit(text[$0]) }),
            text[separator] == 0x2D || text[separator] == 0x2E || text[separator] == 0x20,
            !Scalar.isDigit(text[index]), isAcceptableEnd(index), hasPhoneWord(before: start)
        else { return nil }
        let number = DetectedPhoneNumber(
            digits: text.string(start..<separator) + text.string((separator + 1)..<index), isInternational: false,
            region: regionCode)
        return candidate(number, from: start, to: index)
    }

    /// A short national number of the menu's region, after a phone word: four to eight digits in two
    /// groups or more, written in one of the region's formats group for group with its separators, with
    /// the region's trunk prefix when it has one, and allowed by its numbering plan — Andorra's
    /// `712 345`, Aruba's `521 2345`, Brunei's `234 5678` ("Call me at 712 345"). Regions of calling code
    /// 1 have their local numbers (``localNumber(at:)``). Without a phone word, in one run (the
    /// Falklands' `31234`), or in another region, so few digits are a count, a code or a time.
    func shortNationalNumber(at start: Int) -> Candidate? {
        guard let regionCode = region else { return nil }
        guard !endsLongerRun(before: start) else { return nil }
        // The groups: digits (the first may be in brackets), each after one space or one separator.
        var groups: [Group] = []
        var index = start
        var separator: UInt32 = 0
        var digitCount = 0
        while groups.count < 5 {
            let groupStart = index
            let parenthesized = groups.isEmpty && text[index] == 0x28
            if parenthesized { index += 1 }
            let digitStart = index
            while Scalar.isDigit(text[index]) { index += 1 }
            guard index > digitStart, !parenthesized || text[index] == 0x29 else { return nil }
            if parenthesized { index += 1 }
            digitCount += index - digitStart
            groups.append(
                Group(
                    start: groupStart, end: index, digits: digitStart..<index, parenthesized: parenthesized,
                    separator: separator))
            let next = text[index]
            guard next == 0x20 || Self.isGroupSeparator(next), Scalar.isDigit(text[index + 1]) else { break }
            separator = next == 0x20 ? 0 : next == 0x2013 ? 0x2D : next
            index += 1
        }
        guard groups.count >= 2, (4...8).contains(digitCount), !Scalar.isDigit(text[index]), isAcceptableEnd(index)
        else { return nil }
        guard let metadata = PhoneMetadata.readingByRegion[regionCode], metadata.callingCode != [1] else { return nil }
        let lengths = groups.map { $0.digits.count }
        if Self.readsAsDateOrRange(groups, lengths: lengths, text: text) { return nil }
        let all = digitValues(groups)
        guard
            let match = Self.national(
                all, lengths: lengths, separators: groups.dropFirst().map(\.separator),
                bracketedAreaCode: groups[0].parenthesized, in: metadata),
            match.score >= Self.eightDigitsInTheMenusRegion,
            metadata.trunkPrefix.isEmpty || match.national.count < all.count,
            hasPhoneWord(before: start)
        else { return nil }
        let number = DetectedPhoneNumber(
            digits: Self.string(metadata.callingCode + match.national), isInternational: true, region: regionCode)
        return candidate(number, from: start, to: index)
    }

    /// Whether the digits at `start` continue a run before them: a digit, or a bracket or separator (a
    /// space between it and them allowed), just before.
    private func endsLongerRun(before start: Int) -> Bool {
        var before = start - 1
        if Scalar.isSpace(text[before]) { before -= 1 }
        return Scalar.isDigit(text[before]) || Self.isGroupPunctuation(text[before]) && !Scalar.isSpace(text[before])
    }
}
