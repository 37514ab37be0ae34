/// Finds shipment tracking numbers and validates their check digits:
///
/// - UPS `1Z` + 16 characters (mod 10 over the letters-as-digits, odd/even weights 1/2),
/// - UPU S10 international items: 2 letters, 8 digits, a check digit (weights 8 6 4 2 3 5 9 7, mod 11),
///   a 2-letter country code (`RR123456785GB`),
/// - USPS 20- and 22-digit numbers starting with `9` (mod 10, weights 3/1),
/// - FedEx 12-digit (weights 1 7 3, mod 11) and 15-digit (mod 10, weights 3/1) numbers.
///
/// Numbers may be written in groups separated by single spaces (`1Z 999 AA1 01 2345 678 4`). Plain
/// 12- and 15-digit numbers pass a check digit one time in ten by chance, so FedEx numbers are only
/// detected after a word that names shipping (FedEx, tracking, Sendung, отслеживания …).
struct TrackingNumberScanner {
    let text: ScannedText

    static let maximumLength = 34
    /// The lengths of the formats: S10, FedEx, UPS, USPS.
    static func isFormatLength(_ length: Int) -> Bool {
        switch length {
        case 12, 13, 15, 18, 20, 22: return true
        default: return false
        }
    }

    /// Whether a tracking number can start at token `index`: `1Z` (UPS), two capitals and digits
    /// (S10), a `9` (USPS), or any digits after a word about shipping (FedEx).
    func mayStart(_ index: Int) -> Bool {
        let token = text.tokens[index]
        let first = text[token.start]
        if token.kind == .word {
            return token.length == 2 && Scalar.isUpperASCII(first) && Scalar.isUpperASCII(text[token.start + 1])
        }
        guard token.kind == .number else { return false }
        if token.length == 1, first == 0x31, text[token.end] == 0x5A || text[token.end] == 0x7A { return true }
        if first == 0x39 { return true }
        return hasShippingContext(before: token.start)
    }

    /// Words that announce a tracking number (lower case).
    static let contextWords = ScalarLexicon(words: [
        "fedex", "tracking", "track", "shipment", "shipping", "parcel", "package", "delivery", "waybill",
        "sendung", "sendungsnummer", "paket", "suivi", "colis", "envío", "envio", "seguimiento", "paquete",
        "отслеживания", "трек", "посылка", "посылки", "номер", "отправления", "awb",
    ])

    func scan(into found: inout [Candidate]) {
        let tokens = text.tokens
        var tokenIndex = 0
        var compact: [UInt32] = []
        var ends: [(compactLength: Int, end: Int, tokenIndex: Int)] = []
        compact.reserveCapacity(Self.maximumLength + 16)
        ends.reserveCapacity(16)
        while tokenIndex < tokens.count {
            let first = tokens[tokenIndex]
            guard !Scalar.isWordCharacter(text[first.start - 1]), mayStart(tokenIndex) else {
                tokenIndex += 1
                continue
            }
            // Gather alphanumeric groups separated by at most one space, glued (letters+digits) or not.
            compact.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
            var index = tokenIndex
            var previousEnd = first.start
            while index < tokens.count {
                let token = tokens[index]
                guard token.kind != .symbol, token.range.allSatisfy({ Scalar.isASCIIAlphanumeric(text[$0]) }) else {
                    break
                }
                let gap = token.start - previousEnd
                if index != tokenIndex && !(gap == 0 || (gap == 1 && Scalar.isSpace(text[previousEnd]))) { break }
                guard compact.count + token.length <= Self.maximumLength else { break }
                for offset in token.range {
                    let value = text[offset]
                    compact.append(Scalar.isASCIILetter(value) ? value & ~0x20 : value)
                }
                previousEnd = token.end
                ends.append((compact.count, token.end, index))
                index += 1
            }
            var matched = false
            for candidate in ends.reversed()
            where Self.isFormatLength(candidate.compactLength)
                && !Scalar.isWordCharacter(text[candidate.end])
            {
                let number = compact[0..<candidate.compactLength]
                if let carrier = carrier(of: number, start: first.start) {
                    let string = String(decoding: number.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
                    found.append(
                        Candidate(
                            type: .trackingNumber, range: first.start..<candidate.end,
                            value: .trackingNumber(DetectedTrackingNumber(number: string, carrier: carrier))))
                    tokenIndex = candidate.tokenIndex + 1
                    matched = true
                    break
                }
            }
            if !matched { tokenIndex += 1 }
        }
    }

    /// The carrier whose format and check digit `number` (upper-case ASCII) satisfies.
    func carrier(of number: ArraySlice<UInt32>, start: Int) -> DetectedTrackingNumber.Carrier? {
        let digits = number.allSatisfy(Scalar.isDigit)
        if Self.isUPS(number) { return .ups }
        if Self.isS10(number) { return .postal }
        if digits, number.count == 20 || number.count == 22, number[number.startIndex + 0] == 0x39,
            Self.isMod10Weights31(number)
        {
            return .usps
        }
        if digits, number.count == 12 || number.count == 15, hasShippingContext(before: start) {
            if number.count == 12, Self.isFedEx12(number) { return .fedEx }
            if number.count == 15, Self.isMod10Weights31(number) { return .fedEx }
        }
        return nil
    }

    /// Whether one of the ``contextWords`` appears in the 6 words before `offset`.
    func hasShippingContext(before offset: Int) -> Bool {
        var index = text.tokenIndex(atOrAfter: offset) - 1
        var seen = 0
        let limit = max(0, index - 16)
        while index >= limit, seen < 6 {
            let token = text.tokens[index]
            if token.kind == .word {
                if Self.contextWords.contains(token: index, in: text) { return true }
                seen += 1
            }
            index -= 1
        }
        return false
    }

    private static func digitValue(_ value: UInt32) -> Int { Int(value &- 0x30) }

    /// UPS: `1Z`, then 15 characters (letters count as ((letter − 'A' + 2) mod 10)), then the check digit.
    static func isUPS(_ number: ArraySlice<UInt32>) -> Bool {
        guard number.count == 18, number[number.startIndex + 0] == 0x31, number[number.startIndex + 1] == 0x5A else {
            return false
        }
        var sum = 0
        for (position, value) in number[(number.startIndex + 2)..<(number.startIndex + 17)].enumerated() {
            let digit: Int
            if Scalar.isDigit(value) {
                digit = digitValue(value)
            } else if Scalar.isUpperASCII(value) {
                digit = (Int(value) - 0x41 + 2) % 10
            } else {
                return false
            }
            sum += position % 2 == 1 ? digit * 2 : digit
        }
        guard Scalar.isDigit(number[number.startIndex + 17]) else { return false }
        return (10 - sum % 10) % 10 == digitValue(number[number.startIndex + 17])
    }

    /// UPU S10: two letters, eight digits, a check digit, a two-letter country code.
    static func isS10(_ number: ArraySlice<UInt32>) -> Bool {
        guard number.count == 13,
            number[(number.startIndex + 0)..<(number.startIndex + 2)].allSatisfy(Scalar.isUpperASCII),
            number[(number.startIndex + 11)..<(number.startIndex + 13)].allSatisfy(Scalar.isUpperASCII),
            number[(number.startIndex + 2)..<(number.startIndex + 11)].allSatisfy(Scalar.isDigit)
        else { return false }
        let weights = [8, 6, 4, 2, 3, 5, 9, 7]
        var sum = 0
        for (position, weight) in weights.enumerated() {
            sum += digitValue(number[number.startIndex + 2 + position]) * weight
        }
        var check = 11 - sum % 11
        if check == 10 { check = 0 } else if check == 11 { check = 5 }
        return check == digitValue(number[number.startIndex + 10])
    }

    /// Mod 10 with weights 3 and 1 from the digit before the check digit leftwards (USPS, FedEx Ground).
    static func isMod10Weights31(_ number: ArraySlice<UInt32>) -> Bool {
        var sum = 0
        for (position, value) in number.dropLast().reversed().enumerated() {
            sum += digitValue(value) * (position % 2 == 0 ? 3 : 1)
        }
        return (10 - sum % 10) % 10 == digitValue(number[number.endIndex - 1])
    }

    /// FedEx Express 12 digits: weights 1, 7, 3 repeating from the right over the first 11 digits,
    /// sum mod 11, 10 counts as 0.
    static func isFedEx12(_ number: ArraySlice<UInt32>) -> Bool {
        let weights = [1, 7, 3]
        var sum = 0
        for (position, value) in number.dropLast().reversed().enumerated() {
            sum += digitValue(value) * weights[position % 3]
        }
        return sum % 11 % 10 == digitValue(number[number.startIndex + 11])
    }
}
