@_spi(Inlinable) import EditMenuText

/// Finds shipment tracking numbers by the rules of the public tracking_number_data
/// (``TrackingNumberFormat``): UPS (`1Z…`), FedEx (Express 12 and 34 digits, Ground 15, SSCC-18,
/// Ground 96, SmartPost), USPS (20-digit, IMpb 22, 26, 30 and 34 digits), UPU S10 items
/// (`RR123456785GB`), DHL Express, Amazon Logistics (`TBA…`) and OnTrac — each shape with its own
/// check-digit algorithm and validated groups (service types, country codes).
///
/// Numbers may be written in groups separated by up to three spaces (`1Z 999 AA1 01 2345 678 4`). Shapes
/// that are only digits without a fixed prefix (FedEx 12 and 15, DHL 10, SSCC-18 …) pass a check
/// digit one time in ten or seven by chance, so they are only detected after a word that names
/// shipping or a courier (FedEx, tracking, Sendung, отслеживания …).
struct TrackingNumberScanner {
    let text: ScannedText

    /// Whether a tracking number can start at `token`: `.contextFree` at a character a context-free
    /// shape starts with, `.afterShippingWords` for other digits (shapes that need context are all
    /// digits), else `.no`. (`contextFreeStarts`: ``TrackingNumberFormat/contextFreeStarts``, read once
    /// by the caller.)
    @inline(__always)
    private func start(of token: ScannedText.Token, contextFreeStarts: [Bool]) -> Start {
        switch token.kind {
        case .symbol: return .no
        case .word:
            // Words start a number only at an upper-case ASCII letter a context-free shape starts with.
            let first = text[token.start]
            return Scalar.isUpperASCII(first) && contextFreeStarts[Int(first)] ? .contextFree : .no
        case .number:
            let first = text[token.start]
            return contextFreeStarts[Int(first)] ? .contextFree : .afterShippingWords
        }
    }

    /// Whether and how a tracking number can start at a token.
    enum Start { case no, contextFree, afterShippingWords }

    /// The couriers' names: a shape that needs context counts after its own courier's name only.
    private static let courierNameList: [(String, DetectedTrackingNumber.Carrier)] = [
        ("fedex", .fedEx), ("ups", .ups), ("usps", .usps), ("dhl", .dhl), ("ontrac", .onTrac), ("amazon", .amazon),
    ]

    /// What each of the couriers' names and the words that announce a tracking number says, in one
    /// lexicon: a word is looked up once (no courier's name is a word about shipping).
    static let wordMeanings: ScalarLexicon<WordMeaning> = ScalarLexicon(
        courierNameList.map { ($0.0, WordMeaning.courier($0.1)) } + contextWordList.map { ($0, WordMeaning.shipping) })

    /// Words that announce a tracking number (lower case).
    private static let contextWordList = [
        "tracking", "track", "shipment", "shipping", "shipped",
        "parcel", "package", "delivery", "waybill", "label", "sendung", "sendungsnummer", "paket", "suivi", "colis",
        "envío", "envio", "seguimiento", "paquete", "отслеживания", "трек", "посылка", "посылки", "номер",
        "отправления", "awb",
    ]

    func scan(into found: inout [Candidate]) {
        let maximumLength = TrackingNumberFormat.maximumLength
        // The characters of the groups at one start, and for each length a number may have there the
        // token it ends with: on the stack, reused at every start.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: maximumLength) { compact in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: maximumLength + 1) { lastToken in
                text.tokens.withUnsafeBufferPointer { tokens in
                    scan(into: &found, tokens: tokens, compact: compact, lastToken: lastToken)
                }
            }
        }
    }

    /// ``scan(into:)`` with the text's tokens (in place) and its buffers: `compact` holds at least
    /// ``TrackingNumberFormat/maximumLength`` characters, `lastToken` one more entry.
    ///
    /// Each token that may start a number is looked at on its own, and only as far as a number
    /// starting there may reach: ``TrackingNumberFormat/lengthsByLeadingPair`` says which lengths have
    /// a shape that allows its first two characters, so most tokens (a word in lower case, digits no
    /// shape starts with, digits with no word before them) are refused before their groups are read;
    /// the letters read then drop the lengths whose shapes refuse them
    /// (``TrackingNumberFormat/lengthsByPositionAndCharacter``), and the groups are read no further
    /// than the longest length left (a longer number would have a shape of another length, which
    /// refuses its characters anyway). Words before digits are asked about only when the groups have
    /// a length left.
    private func scan(
        into found: inout [Candidate], tokens: UnsafeBufferPointer<ScannedText.Token>,
        compact: UnsafeMutableBufferPointer<UInt32>, lastToken: UnsafeMutableBufferPointer<Int>
    ) {
        let byLength = TrackingNumberFormat.byLength
        let firstCharacters = TrackingNumberFormat.firstCharactersByLength
        let contextFreeStarts = TrackingNumberFormat.contextFreeStarts
        let leadingCharacters = UInt32(TrackingNumberFormat.leadingCharacters)
        let lengthsByLeadingPair = TrackingNumberFormat.lengthsByLeadingPair
        let byPosition = TrackingNumberFormat.lengthsByPositionAndCharacter
        // What each word says, looked up once (allocated when a number first needs it).
        var wordMeaning: [WordMeaning?] = []
        // The last word before the start looked at, found by one forward walk over the tokens (the
        // starts only move forward).
        var lastWord = -1
        var wordsScanned = 0
        var tokenIndex = 0
        while tokenIndex < tokens.count {
            let start = tokenIndex
            let first = tokens[start]
            // Most tokens start no number: they are refused before anything else is asked.
            let kind = self.start(of: first, contextFreeStarts: contextFreeStarts)
            guard kind != .no, !Scalar.isWordCharacter(text[first.start - 1]) else {
                tokenIndex += 1
                continue
            }
            while wordsScanned < start {
                if tokens[wordsScanned].kind == .word { lastWord = wordsScanned }
                wordsScanned += 1
            }
            // Whether a word is among the 17 tokens before the start.
            let hasWords = lastWord >= max(0, start - 17)
            // Digits count only after words about shipping: none when no word is near.
            if kind == .afterShippingWords && !hasWords {
                tokenIndex += 1
                continue
            }
            // The lengths of the shapes that allow the first two characters (all of them need no context
            // when no word is near): the lengths the groups are read for. The second character is the
            // next token's first when the first token has one (if the two are not joined, no number
            // has two characters there).
            guard start + 1 < tokens.count || first.length > 1 else {
                tokenIndex += 1
                continue
            }
            let firstBit = Self.leadingBit(text[first.start])
            let secondBit = Self.leadingBit(
                first.length > 1 ? text[first.start + 1] : text[tokens[start + 1].start])
            guard firstBit < leadingCharacters, secondBit < leadingCharacters else {
                tokenIndex += 1
                continue
            }
            let pairLengths = lengthsByLeadingPair[Int(firstBit * leadingCharacters + secondBit)]
            var reachable = hasWords ? pairLengths.any : pairLengths.contextFree
            guard reachable != 0 else {
                tokenIndex += 1
                continue
            }
            // The groups: joined letters-and-digits tokens, no longer than the longest length that
            // remains; bit n of `lengths`: the first groups have n characters. Each letter read drops
            // the lengths of the shapes that refuse it there (most positions take digits only; a
            // character that is no ASCII letter ends the groups before its word), and the groups end
            // when no length remains. Digits narrow little: they are not read one by one.
            var lengths: UInt64 = 0
            var length = 0
            var end = start
            groups: while end < tokens.count {
                let token = tokens[end]
                guard token.kind != .symbol, length &+ token.length <= 63 &- reachable.leadingZeroBitCount,
                    end == start || isJoined(token, after: tokens[end &- 1])
                else { break }
                if token.kind == .word {
                    for offset in token.start..<token.end {
                        let bit = Self.leadingBit(text.scalars[offset])
                        guard bit < leadingCharacters else { break groups }
                        // Lengths up to this character's position are not narrowed by it.
                        reachable &= byPosition[length &* Int(leadingCharacters) &+ Int(bit)] | ((2 &<< length) &- 1)
                        length &+= 1
                        if reachable &>> length == 0 { break groups }
                    }
                } else {
                    length &+= token.length
                    if reachable &>> length == 0 { break }
                }
                lengths |= 1 &<< UInt64(length)
                lastToken[length] = end
                end &+= 1
            }
            var candidates = lengths & reachable
            guard candidates != 0 else {
                tokenIndex += 1
                continue
            }
            // What the words before the number say, found once (nothing when no word is near). Digits
            // need words about shipping.
            var context: Context?? = hasWords ? nil : .some(nil)
            if kind == .afterShippingWords {
                context = .some(self.context(beforeToken: start, meanings: &wordMeaning))
                guard case .some(.some) = context else {
                    tokenIndex += 1
                    continue
                }
            }
            // The groups' characters, upper-cased, copied when a number is first compared.
            var copied = false
            // The longest number first, of the lengths whose shapes may start with its first character
            // (the others' shapes all refuse it).
            var matched = false
            while candidates != 0, !matched {
                let numberLength = 63 - candidates.leadingZeroBitCount
                candidates &= ~(1 << UInt64(numberLength))
                let last = lastToken[numberLength]
                let candidateEnd = tokens[last].end
                let starts = firstCharacters[numberLength]
                let possible = starts.contextFree | (context == .some(nil) ? 0 : starts.afterShippingWords)
                guard possible & (1 << UInt64(firstBit)) != 0 else { continue }
                let formats = byLength[numberLength]
                guard !Scalar.isWordCharacter(text[candidateEnd]), !formats.isEmpty else { continue }
                if !copied {
                    var length = 0
                    for offset in first.start..<candidateEnd where !Scalar.isSpace(text.scalars[offset]) {
                        let scalar = text.scalars[offset]
                        compact[length] = Scalar.isASCIILetter(scalar) ? scalar & ~0x20 : scalar
                        length += 1
                    }
                    copied = true
                }
                let number = UnsafeBufferPointer(rebasing: compact[0..<numberLength])
                // The first shape of that length the number has, read in place (no shape copied).
                let shape = formats.withUnsafeBufferPointer { formats -> (DetectedTrackingNumber.Carrier, String)? in
                    for index in formats.indices {
                        if formats[index].needsContext {
                            if context == nil {
                                context = .some(self.context(beforeToken: start, meanings: &wordMeaning))
                            }
                            guard case .some(.some(let found)) = context else { continue }
                            if case .courier(let named) = found, named != formats[index].carrier { continue }
                        }
                        if formats[index].matches(number) { return (formats[index].carrier, formats[index].product) }
                    }
                    return nil
                }
                guard let (carrier, product) = shape else { continue }
                // Upper-case ASCII letters and digits: one byte each.
                let string = String(unsafeUninitializedCapacity: number.count) { bytes in
                    for offset in number.indices { bytes[offset] = UInt8(truncatingIfNeeded: number[offset]) }
                    return number.count
                }
                found.append(
                    Candidate(
                        type: .trackingNumber, range: first.start..<candidateEnd,
                        value: .trackingNumber(
                            DetectedTrackingNumber(number: string, carrier: carrier, product: product))
                    ))
                tokenIndex = last + 1
                matched = true
            }
            if !matched { tokenIndex += 1 }
        }
    }

    /// `value` upper-cased (ASCII) as a bit number of the shapes' masks (bit n: scalar 0x30 + n; 64 or
    /// more: a character no shape allows).
    @inline(__always)
    private static func leadingBit(_ value: UInt32) -> UInt32 {
        (Scalar.isASCIILetter(value) ? value & ~0x20 : value) &- 0x30
    }

    /// Whether `token` is joined to `previous` by nothing or by up to three spaces ("5682 8361 0012 000",
    /// "5 6 8 2   8 3 6 1": tracking_number_data allows any white space between characters).
    @inline(__always)
    private func isJoined(_ token: ScannedText.Token, after previous: ScannedText.Token) -> Bool {
        let gap = token.start - previous.end
        guard gap <= 3 else { return false }
        for offset in previous.end..<token.start where !Scalar.isSpace(text.scalars[offset]) { return false }
        return true
    }

    /// The shape `number` (upper-case letters and digits, no spaces) has, if any; shapes that need a
    /// word about shipping count only when `context` is true.
    static func format(of number: String, context: Bool) -> TrackingNumberFormat? {
        let scalars = number.unicodeScalars.map(\.value)
        guard scalars.count < TrackingNumberFormat.byLength.count else { return nil }
        return scalars.withUnsafeBufferPointer { scalars in
            TrackingNumberFormat.byLength[scalars.count].first { (context || !$0.needsContext) && $0.matches(scalars) }
        }
    }

    /// What the words before a number say about it.
    enum Context: Equatable {
        /// A word about shipping ("tracking", "Sendung").
        case shipping
        /// A courier's name, the nearest one.
        case courier(DetectedTrackingNumber.Carrier)
    }

    /// What a word says about a number after it.
    enum WordMeaning: Sendable {
        case nothing, shipping
        case courier(DetectedTrackingNumber.Carrier)
    }

    /// The nearest courier's name, else a word that announces a tracking number, among the 6 words (17
    /// tokens at most) before token `start`; each word is looked up once, in `meanings`.
    func context(beforeToken start: Int, meanings: inout [WordMeaning?]) -> Context? {
        var index = start - 1
        var seen = 0
        let limit = max(0, index - 16)
        var found: Context?
        if meanings.isEmpty { meanings = [WordMeaning?](repeating: nil, count: text.tokens.count) }
        while index >= limit, seen < 6 {
            if text.tokens[index].kind == .word {
                let meaning: WordMeaning
                if let known = meanings[index] {
                    meaning = known
                } else {
                    meaning = Self.wordMeanings.value(token: index, in: text) ?? .nothing
                    meanings[index] = meaning
                }
                switch meaning {
                case .courier(let carrier): return .courier(carrier)
                case .shipping: if found == nil { found = .shipping }
                case .nothing: break
                }
                seen += 1
            }
            index -= 1
        }
        return found
    }
}
