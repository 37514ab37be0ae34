@_spi(Inlinable) import EditMenuText

/// Finds flight numbers: an IATA airline designator (two characters, upper case) followed by one to
/// four digits and an optional operational suffix letter — `BA 283`, `LH400`, `U2 8341`, `SU 1402`.
///
/// Only designators of real airlines count. Designators that are also common abbreviations (`AC`
/// current, `PR` pull request, `LA`, `AI` …) need a word like "flight", "рейс", "Flug", "vol" or
/// "vuelo" shortly before them.
struct FlightNumberScanner {
    let text: ScannedText

    /// IATA designators of airlines people commonly fly.
    static let airlines = ScalarLexicon(words: [
        "AA", "UA", "DL", "WN", "B6", "AS", "NK", "F9", "HA", "G4", "SY", "AC", "WS", "PD", "AM", "Y4", "VB",
        "BA", "VS", "U2", "FR", "W6", "LS", "EI", "LH", "EW", "DE", "X3", "LX", "OS", "SN", "AF", "KL", "HV",
        "TO", "IB", "VY", "UX", "I2", "TP", "AZ", "SK", "DY", "D8", "AY", "LO", "OK", "RO", "A3", "OA", "TK",
        "PC", "SU", "S7", "U6", "DP", "UT", "FV", "N4", "PS", "B2", "KC", "HY", "EK", "QR", "EY", "GF", "WY",
        "SV", "RJ", "MS", "ET", "KQ", "SA", "AT", "LY", "AI", "6E", "SG", "UK", "IX", "QP", "9W", "JL", "NH",
        "MM", "BC", "GK", "KE", "OZ", "7C", "LJ", "TW", "CA", "MU", "CZ", "HU", "3U", "MF", "ZH", "FM", "CX",
        "UO", "HX", "BR", "CI", "IT", "SQ", "TR", "MH", "AK", "TG", "FD", "VN", "VJ", "GA", "QZ", "PR", "5J",
        "QF", "JQ", "VA", "NZ", "LA", "JJ", "G3", "AD", "AV", "CM", "AR", "H2", "4M", "AP", "LM", "BT", "PG",
    ])

    /// Designators that read as something else without context.
    static let ambiguous = ScalarLexicon(words: [
        "AC", "PR", "LA", "AI", "UK", "AS", "OS", "SA", "CI", "AM", "ET", "IT", "OK", "PC", "MS", "TO", "DE",
        "AT", "AP", "CA", "BT", "TR", "LS", "GA", "MM", "AR", "AD", "FM", "HY", "AK", "UT", "PS", "SG", "LM",
        "DY", "B2", "TW", "SK", "VA", "KC",
    ])

    static let contextWords = ScalarLexicon(words: [
        "flight", "flights", "flt", "рейс", "рейса", "рейсом", "рейсу", "flug", "flugnummer", "vol", "vuelo",
        "boarding", "departs", "arrives", "airline", "airlines", "itinerary", "connecting", "via", "then", "and",
        "booked", "fly", "flying", "flew", "catch", "catching", "board", "boarded", "plane", "airport", "terminal",
        "took", "take", "taking",
    ])

    /// Words after a flight that say it is one: it departs, lands, is delayed …
    static let followingWords = ScalarLexicon(words: [
        "departs", "departing", "departed", "departure", "leaves", "leaving", "arrives", "arriving", "arrived",
        "arrival", "lands", "landing", "landed", "boards", "boarding", "delayed", "cancelled", "canceled",
        "diverted", "gate", "terminal", "abflug", "ankunft", "verspätet", "décolle", "retardé", "annulé",
        "sale", "llega", "retrasado", "вылетает", "прилетает", "задерживается",
    ])

    /// Words after a flight that lead to a place written with a capital: "BA 1 to New York".
    static let towardWords = ScalarLexicon(words: [
        "to", "from", "nach", "von", "pour", "vers", "para", "desde", "в", "из",
    ])

    /// Flight numbers start at an upper-case ASCII letter or a digit that follows no letter, digit or
    /// mark: the start of a word or number token, or a letter after an apostrophe inside a word
    /// ("d'BA 283"; the tokens join letters, marks and inner apostrophes). Only those places are looked
    /// at, in order, none inside a flight already found.
    func scan(into found: inout [Candidate]) {
        let count = text.count
        guard count > 2 else { return }
        text.scalars.withUnsafeBufferPointer { scalars in
            // Where the next flight may start: past the last one found.
            var next = 0
            for token in text.tokens {
                // Two digits never start a flight: of the numbers only a digit alone may ("6E 123").
                if token.kind == .symbol || (token.kind == .number && token.length > 1) { continue }
                // A flight needs two more characters after its first, as the scan always asked.
                guard token.start < count - 2 else { break }
                if token.start >= next, let candidate = flight(startingAt: token.start, in: scalars) {
                    found.append(candidate)
                    next = candidate.range.upperBound
                }
                // After an apostrophe inside a word, the designator must end the word or all but one
                // letter of it ("d'BA 283", "d'U2"): digits or a space must follow its two characters,
                // and the word goes on with letters only. So only the last three places before the
                // word's last letter may hold that apostrophe.
                guard token.kind == .word, token.length >= 3 else { continue }
                for offset in max(token.start + 1, token.end - 3)..<(token.end - 1)
                where scalars[offset] == 0x27 || scalars[offset] == 0x2019 {
                    let start = offset + 1
                    guard start < count - 2 else { break }
                    if start >= next, let candidate = flight(startingAt: start, in: scalars) {
                        found.append(candidate)
                        next = candidate.range.upperBound
                    }
                }
            }
        }
    }

    /// A flight at `index` (inside the text, two characters before its end), when its first two
    /// characters are upper-case ASCII letters or digits (not both digits) after no letter, digit,
    /// mark, `-`, `.` or `/`.
    @inline(__always)
    private func flight(startingAt index: Int, in scalars: UnsafeBufferPointer<UInt32>) -> Candidate? {
        let a = scalars[index]
        let b = scalars[index + 1]
        let previous = index > 0 ? scalars[index - 1] : 0
        guard Scalar.isUpperASCII(a) || Scalar.isDigit(a), Scalar.isUpperASCII(b) || Scalar.isDigit(b),
            !(Scalar.isDigit(a) && Scalar.isDigit(b)), !Scalar.isWordCharacter(previous), previous != 0x2D,
            previous != 0x2E, previous != 0x2F
        else { return nil }
        return flight(at: index)
    }

    /// The flight at `start`: the shape is checked first, then the designator (a look-up), then the
    /// context an ambiguous one needs; the strings are made for a flight found only.
    private func flight(at start: Int) -> Candidate? {
        var index = start + 2
        if Scalar.isSpace(text[index]) { index += 1 }
        let digitStart = index
        while Scalar.isDigit(text[index]) { index += 1 }
        let digitCount = index - digitStart
        guard (1...4).contains(digitCount) else { return nil }
        // "U21234" is ambiguous: a digit-ending designator needs the space.
        if digitStart == start + 2, Scalar.isDigit(text[start + 1]) { return nil }
        if Scalar.isUpperASCII(text[index]), !Scalar.isWordCharacter(text[index + 1]) { index += 1 }
        let next = text[index]
        guard !Scalar.isWordCharacter(next), next != 0x2D, next != 0x2F, next != 0x25,
            !((next == 0x2E || next == 0x2C || next == 0x3A) && Scalar.isDigit(text[index + 1]))
        else { return nil }
        guard Self.airlines.contains(start..<(start + 2), in: text) else { return nil }
        // Ambiguous designators, one-digit flights, and "XX 20xx" (which reads as a year) need context.
        let spaced = digitStart != start + 2
        let readsAsYear = spaced && digitCount == 4 && text[digitStart] == 0x32 && text[digitStart + 1] == 0x30
        if Self.ambiguous.contains(start..<(start + 2), in: text) || digitCount == 1 || readsAsYear {
            guard hasFlightContext(before: start) || hasFlightContext(after: index) else { return nil }
        }
        return Candidate(
            type: .flightNumber, range: start..<index,
            value: .flightNumber(airline: asciiString(start..<(start + 2)), number: asciiString(digitStart..<index)))
    }

    /// The text of `range`, whose characters are all ASCII (a designator, a number and its suffix
    /// letter), one byte each.
    private func asciiString(_ range: Range<Int>) -> String {
        String(unsafeUninitializedCapacity: range.count) { bytes in
            for offset in range { bytes[offset - range.lowerBound] = UInt8(truncatingIfNeeded: text[offset]) }
            return range.count
        }
    }

    /// "BA 1 to New York", "EK 5 departs Dubai": a word after the number that says it is a flight.
    private func hasFlightContext(after offset: Int) -> Bool {
        let first = text.tokenIndex(atOrAfter: offset)
        guard first < text.tokens.count, text.tokens[first].kind == .word, text.tokens[first].start - offset <= 2,
            (offset..<text.tokens[first].start).allSatisfy({ Scalar.isSpace(text[$0]) })
        else { return false }
        if Self.followingWords.contains(token: first, in: text) { return true }
        guard Self.towardWords.contains(token: first, in: text), first + 1 < text.tokens.count else { return false }
        // A place, or an airport's code ("to JFK"), not another designator ("AA 1 to AA 9").
        let place = text.tokens[first + 1]
        return place.kind == .word && Scalar.isUpper(text[place.start]) && place.length >= 3
            && place.start - text.tokens[first].end <= 2
    }

    private func hasFlightContext(before offset: Int) -> Bool {
        text.hasWord(Self.contextWords, before: offset, words: 4, tokens: 10, stopAtNumber: false)
    }
}
