/// Finds phone numbers written as people write them: the international form (`+44 20 7946 0958`,
/// `0049 30 1234567`) and the national formats of the US and Canada (`(408) 555-0123`), the UK
/// (`020 7946 0958`), Germany (`030 12345678`), France (`01 23 45 67 89`), Russia
/// (`8 (495) 123-45-67`), Japan (`03-1234-5678`), India (`98765 43210`), Brazil (`(11) 91234-5678`)
/// and Australia (`(02) 9876 5432`, `1300 123 456`).
///
/// A number is a run of digit groups joined by single separators (space, `-`, `.`, `/`, brackets
/// around an area code) whose group shape matches one of those formats. That is what keeps dates
/// (`05.12.2026`), times, prices (`$1,299.00`), versions (`10.15.7`), ISBNs and bare integers out:
/// none of them has a phone number's shape, and a number glued to letters, currency signs or
/// decimal points is never a phone number.
struct PhoneNumberScanner {
    let text: ScannedText

    struct Group {
        var start: Int // first digit
        var end: Int // after the last digit (or the closing bracket)
        var digits: Range<Int>
        var parenthesized: Bool
        /// The non-space separator before this group (0 when none or only a space).
        var separator: UInt32
    }

    /// Words after which digits are an identifier, never a phone number.
    static let identifierWords = ScalarLexicon(words: ["isbn", "issn", "doi", "arxiv", "iban", "sku", "ean", "upc"])

    /// Country calling codes and the national number lengths they allow.
    static let countryCodes: [String: ClosedRange<Int>] = [
        "1": 10...10, "7": 10...10, "44": 9...10, "49": 6...12, "33": 9...9, "81": 9...10, "91": 10...10,
        "55": 10...11, "61": 9...9, "34": 9...9, "39": 6...11, "31": 9...9, "41": 9...9, "43": 7...13,
        "48": 9...9, "86": 10...11, "82": 9...10, "380": 9...9, "375": 9...9, "353": 7...9, "351": 9...9,
        "46": 7...9, "47": 8...8, "45": 8...8, "358": 6...10, "420": 9...9, "30": 10...10, "90": 10...10,
        "972": 8...9, "971": 8...9, "65": 8...8, "852": 8...8, "64": 8...10, "27": 9...9, "52": 10...10,
        "54": 10...11, "32": 8...9, "36": 8...9, "40": 9...9, "62": 9...12, "66": 8...9, "84": 9...10,
        "60": 9...10, "63": 10...10, "20": 10...10, "234": 8...10, "254": 9...9, "966": 9...9,
    ]

    func scan(into found: inout [Candidate]) {
        var index = 0
        let count = text.count
        while index < count {
            let value = text[index]
            let startsNumber =
                Scalar.isDigit(value)
                || ((value == 0x2B || value == 0x28) && (Scalar.isDigit(text[index + 1])))
            guard startsNumber, isAcceptableStart(index) else {
                // Skip the rest of a digit run glued to something: "v10.15.7", "$1,299".
                if Scalar.isDigit(value) { while Scalar.isDigit(text[index]) { index += 1 } } else { index += 1 }
                continue
            }
            if let candidate = number(at: index) {
                found.append(candidate)
                index = candidate.range.upperBound
            } else {
                while index < count, Scalar.isDigit(text[index]) || text[index] == 0x2B || text[index] == 0x28 {
                    index += 1
                }
            }
        }
    }

    /// What may come before a phone number: not a letter, digit, decimal point, currency sign …
    private func isAcceptableStart(_ index: Int) -> Bool {
        let previous = text[index - 1]
        if Scalar.isWordCharacter(previous) { return false }
        if [
            0x2E, 0x2C, 0x2F, 0x24, 0x20AC, 0xA3, 0xA5, 0x20BD, 0x20B9, 0x23, 0x3A, 0x2B, 0x3D, 0x5F, 0xD7, 0x2A,
            0x5E, 0x25, 0x40,
        ].contains(previous) {
            return false
        }
        // Part of a longer run of digit groups (an IBAN, a list of numbers).
        if Scalar.isSpace(previous), Scalar.isDigit(text[index - 2]) { return false }
        if Scalar.isDash(previous) {
            // "-4085550123" reads as a negative number.
            return false
        }
        // "ISBN 0-306-40615-2", "No. 12"
        let tokenIndex = text.tokenIndex(atOrAfter: index)
        var back = tokenIndex - 1
        var words = 0
        let limit = max(0, tokenIndex - 8)
        while back >= limit, words < 2 {
            let token = text.tokens[back]
            if token.kind == .word {
                if Self.identifierWords.contains(token: back, in: text) { return false }
                words += 1
            } else if token.kind == .number {
                break
            }
            back -= 1
        }
        return true
    }

    /// Parses digit groups from `start` and keeps the longest prefix with a phone number's shape.
    private func number(at start: Int) -> Candidate? {
        var index = start
        let international = text[index] == 0x2B
        if international { index += 1 }
        var groups: [Group] = []
        var separator: UInt32 = 0
        var totalDigits = 0
        while groups.count < 8 {
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
            groups.append(
                Group(start: groupStart, end: index, digits: digits, parenthesized: parenthesized, separator: separator)
            )
            if totalDigits > 17 { break }
            // A separator: [space] [- . / – ] [space], no more than one of each, then a digit or "(".
            var probe = index
            var spaces = 0
            separator = 0
            if Scalar.isSpace(text[probe]) {
                probe += 1
                spaces += 1
            }
            if text[probe] == 0x2D || text[probe] == 0x2E || text[probe] == 0x2F || text[probe] == 0x2013 {
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
        guard !groups.isEmpty else { return nil }
        for length in stride(from: groups.count, through: 1, by: -1) {
            let prefix = Array(groups[0..<length])
            let end = prefix[length - 1].end
            guard isAcceptableEnd(end) else { continue }
            guard separatorsAreConsistent(prefix) else { continue }
            // A prefix of a longer list of same-shaped groups ("05 12 23 34 41 49") is not a number.
            if length < groups.count, length >= 2, groups[length].separator == groups[length - 1].separator,
                groups[length].digits.count == groups[length - 1].digits.count
            {
                continue
            }
            if let value = international ? internationalNumber(prefix) : nationalNumber(prefix) {
                return Candidate(type: .phoneNumber, range: start..<end, value: .phoneNumber(value))
            }
        }
        return nil
    }

    /// What may follow a phone number: not a letter or digit, not a decimal part, a unit or a price.
    private func isAcceptableEnd(_ end: Int) -> Bool {
        let next = text[end]
        if Scalar.isWordCharacter(next) { return false }
        if next == 0x25 || next == 0x2B || next == 0x24 || next == 0x20AC { return false }
        if next == 0x2E || next == 0x2C || next == 0x3A || next == 0x2F || Scalar.isDash(next) || next == 0x5F,
            Scalar.isDigit(text[end + 1])
        {
            return false
        }
        var probe = end
        while Scalar.isSpace(text[probe]), probe - end < 2 { probe += 1 }
        let after = text[probe]
        if [0x20AC, 0x24, 0xA3, 0x20BD, 0x20B9, 0x25].contains(after) { return false }
        return true
    }

    /// Dots do not mix with other separators, and a slash appears at most once.
    private func separatorsAreConsistent(_ groups: [Group]) -> Bool {
        var kinds = Set<UInt32>()
        var slashes = 0
        for group in groups.dropFirst() where group.separator != 0 {
            kinds.insert(group.separator == 0x2013 ? 0x2D : group.separator)
            if group.separator == 0x2F { slashes += 1 }
        }
        if kinds.contains(0x2E) && kinds.count > 1 { return false }
        return slashes <= 1
    }

    private func digits(_ groups: [Group]) -> String {
        var result = ""
        for group in groups { result += text.string(group.digits) }
        return result
    }

    // MARK: International

    private func internationalNumber(_ groups: [Group]) -> DetectedPhoneNumber? {
        guard groups.reduce(0, { $0 + $1.digits.count }) >= 8 else { return nil }
        var groups = groups
        // "+44 (0)20 …": the bracketed trunk prefix is not dialled from abroad.
        if groups.count > 2, groups[1].parenthesized, text.string(groups[1].digits) == "0" { groups.remove(at: 1) }
        let all = digits(groups)
        guard (8...15).contains(all.count), all.first != "0" else { return nil }
        guard !groups.dropFirst().contains(where: { $0.separator == 0x2F }) else { return nil }
        for codeLength in 1...3 {
            let code = String(all.prefix(codeLength))
            guard let lengths = Self.countryCodes[code] else { continue }
            let national = all.dropFirst(codeLength)
            guard lengths.contains(national.count) else { return nil }
            // The first group is the country code, or the whole number is written in one piece,
            // or the code is glued to the area code ("+7495…") as some people write it.
            if code == "1", let first = national.first, first == "0" || first == "1" { return nil }
            if code == "33", national.first == "0" { return nil }
            return DetectedPhoneNumber(digits: all, isInternational: true, region: Self.regions[code])
        }
        // An unlisted country code: E.164 length, written with the code as its own group.
        guard groups.count >= 3, groups[0].digits.count <= 3, !groups[0].parenthesized, all.count >= 9 else {
            return nil
        }
        return DetectedPhoneNumber(digits: all, isInternational: true, region: nil)
    }

    static let regions: [String: String] = [
        "1": "US", "7": "RU", "44": "GB", "49": "DE", "33": "FR", "81": "JP", "91": "IN", "55": "BR", "61": "AU",
    ]

    // MARK: National formats

    private func nationalNumber(_ groups: [Group]) -> DetectedPhoneNumber? {
        let lengths = groups.map { $0.digits.count }
        // Every national format has at least nine digits.
        guard lengths.reduce(0, +) >= 9 else { return nil }
        let all = digits(groups)
        let first = Array(text.scalars[groups[0].digits])
        // "00 44 20 …", "0044 20 …": the international prefix.
        if all.hasPrefix("00") {
            let rest = all.dropFirst(2)
            guard groups[0].digits.count <= 5, (8...15).contains(rest.count) else { return nil }
            for codeLength in 1...3 {
                let code = String(rest.prefix(codeLength))
                if let allowed = Self.countryCodes[code], allowed.contains(rest.count - codeLength),
                    groups[0].digits.count == 2 || groups[0].digits.count == 2 + codeLength
                {
                    return DetectedPhoneNumber(digits: String(rest), isInternational: true, region: Self.regions[code])
                }
            }
            return nil
        }
        let separators = Set(groups.dropFirst().map { $0.separator })
        // Brackets go around the area code: the first group, or the second after a one-digit prefix.
        let bracketable = groups[0].digits.count == 1 ? 2 : 1
        let noParensAfterFirst = !groups.dropFirst(bracketable).contains { $0.parenthesized }
        guard noParensAfterFirst else { return nil }
        // US and Canada: (NXX) NXX-XXXX, NXX-NXX-XXXX, 1-NXX-NXX-XXXX.
        var nanp = groups
        if lengths.count == 4, lengths[0] == 1, all.first == "1", !groups[0].parenthesized { nanp.removeFirst() }
        if nanp.map({ $0.digits.count }) == [3, 3, 4] {
            let area = text[nanp[0].digits.lowerBound]
            let exchange = text[nanp[1].digits.lowerBound]
            if area >= 0x32, exchange >= 0x32, !separators.contains(0x2F) {
                return DetectedPhoneNumber(digits: "1" + digits(nanp), isInternational: true, region: "US")
            }
        }
        // France: 0X XX XX XX XX.
        if lengths == [2, 2, 2, 2, 2], first[0] == 0x30, first[1] != 0x30, !groups[0].parenthesized {
            return DetectedPhoneNumber(digits: all, isInternational: false, region: "FR")
        }
        // Russia: 8 (XXX) XXX-XX-XX, (XXX) XXX-XX-XX.
        if lengths == [1, 3, 3, 2, 2], all.first == "8" {
            return DetectedPhoneNumber(digits: all, isInternational: false, region: "RU")
        }
        if lengths == [3, 3, 2, 2], groups[0].parenthesized || separators == [0x2D] {
            return DetectedPhoneNumber(digits: all, isInternational: false, region: "RU")
        }
        // Brazil: (11) 91234-5678, 11 91234-5678.
        if groups.count == 3, lengths[0] == 2, first[0] != 0x30, [4, 5].contains(lengths[1]), lengths[2] == 4,
            groups[2].separator == 0x2D, groups[0].parenthesized || groups[1].separator == 0
        {
            return DetectedPhoneNumber(digits: all, isInternational: false, region: "BR")
        }
        // Australia: 1300 / 1800 numbers.
        if lengths == [4, 3, 3], all.hasPrefix("1300") || all.hasPrefix("1800") {
            return DetectedPhoneNumber(digits: all, isInternational: false, region: "AU")
        }
        // Spain: 912 34 56 78.
        if lengths == [3, 2, 2, 2], first[0] >= 0x36, !groups[0].parenthesized {
            return DetectedPhoneNumber(digits: all, isInternational: false, region: "ES")
        }
        // India: mobile numbers in two groups of five.
        if lengths == [5, 5], first[0] >= 0x36, !groups[0].parenthesized, separators.isSubset(of: [0, 0x2D]) {
            return DetectedPhoneNumber(digits: all, isInternational: false, region: "IN")
        }
        // Trunk prefix 0 (GB, DE, JP, IN, AU, BR …): an area code of 2–5 digits, then groups of two or more.
        if first[0] == 0x30, (2...5).contains(lengths[0]), groups.count >= 2, groups.count <= 5,
            (10...12).contains(all.count), lengths.dropFirst().allSatisfy({ $0 >= 2 })
        {
            return DetectedPhoneNumber(digits: all, isInternational: false, region: nil)
        }
        return nil
    }
}
