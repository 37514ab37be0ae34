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

    /// Whether a tracking number can start at token `index`: `.contextFree` at a character a
    /// context-free shape starts with, `.afterShippingWords` for other digits (shapes that need
    /// context are all digits), else `.no`.
    func start(at index: Int) -> Start {
        let token = text.tokens[index]
        guard token.kind != .symbol else { return .no }
        let first = text[token.start]
        let upper = Scalar.isASCIILetter(first) ? first & ~0x20 : first
        if upper < 128, TrackingNumberFormat.contextFreeStarts[Int(upper)],
            token.kind == .number || Scalar.isUpperASCII(first)
        {
            return .contextFree
        }
        return token.kind == .number ? .afterShippingWords : .no
    }

    /// Whether and how a tracking number can start at a token.
    enum Start { case no, contextFree, afterShippingWords }

    /// The couriers' names: a shape that needs context counts after its own courier's name only.
    static let courierNames = ScalarLexicon<DetectedTrackingNumber.Carrier>([
        ("fedex", .fedEx), ("ups", .ups), ("usps", .usps), ("dhl", .dhl), ("ontrac", .onTrac), ("amazon", .amazon),
    ])

    /// Words that announce a tracking number (lower case).
    static let contextWords = ScalarLexicon(words: [
        "tracking", "track", "shipment", "shipping", "shipped",
        "parcel", "package", "delivery", "waybill", "label", "sendung", "sendungsnummer", "paket", "suivi", "colis",
        "envío", "envio", "seguimiento", "paquete", "отслеживания", "трек", "посылка", "посылки", "номер",
        "отправления", "awb",
    ])

    func scan(into found: inout [Candidate]) {
        let tokens = text.tokens
        let maximumLength = TrackingNumberFormat.maximumLength
        let byLength = TrackingNumberFormat.byLength
        let firstCharacters = TrackingNumberFormat.firstCharactersByLength
        // One pass over the tokens (``groups(of:)``): the letters-and-digits tokens' characters, upper-cased,
        // one after another, and for each token where its characters start there, whether it is letters
        // and digits, whether it is joined to the token before it, and how many words come before it.
        let (compact, shapes) = Self.groups(of: text)
        // What each word says, looked up once: courier names and words about shipping.
        var wordMeaning = [WordMeaning?](repeating: nil, count: tokens.count)
        var tokenIndex = 0
        while tokenIndex < tokens.count {
            let start = tokenIndex
            let first = tokens[start]
            // Most tokens start no number: they are refused before anything else is asked.
            let kind = self.start(at: start)
            guard kind != .no, !Scalar.isWordCharacter(text[first.start - 1]) else {
                tokenIndex += 1
                continue
            }
            let hasWords = shapes[start].wordsBefore != shapes[max(0, start - 17)].wordsBefore
            // Digits count only after words about shipping: none when no word is near.
            if kind == .afterShippingWords && !hasWords {
                tokenIndex += 1
                continue
            }
            // What the words before the number say, found once (nothing when no word is near).
            var context: Context?? = hasWords ? nil : .some(nil)
            // The groups: joined letters-and-digits tokens, at most `maximumLength` characters.
            let base = Int(shapes[start].compactStart)
            var end = start
            while end < tokens.count, shapes[end].isAlphanumeric, end == start || shapes[end].isJoined,
                Int(shapes[end + 1].compactStart) - base <= maximumLength
            {
                end += 1
            }
            if kind == .afterShippingWords {
                // The words are looked at when some shape has the length of the groups or of their
                // first ones (most digits in a text have none).
                var hasShape = false
                for last in start..<end where !byLength[Int(shapes[last + 1].compactStart) - base].isEmpty {
                    hasShape = true
                    break
                }
                if hasShape, context == nil {
                    context = .some(self.context(beforeToken: start, meanings: &wordMeaning))
                }
                guard hasShape, case .some(.some) = context else {
                    tokenIndex += 1
                    continue
                }
            }
            // The longest number first, of the lengths whose shapes may start with its first character
            // (the others' shapes all refuse it).
            var matched = false
            var last = end - 1
            let firstBit = last >= start ? compact[base] &- 0x30 : 64
            while last >= start, !matched {
                let candidateEnd = tokens[last].end
                let length = Int(shapes[last + 1].compactStart) - base
                last -= 1
                let starts = firstCharacters[length]
                let possible = starts.contextFree | (context == .some(nil) ? 0 : starts.afterShippingWords)
                guard firstBit < 64, possible & (1 << UInt64(firstBit)) != 0 else { continue }
                let formats = byLength[length]
                guard !Scalar.isWordCharacter(text[candidateEnd]), !formats.isEmpty else { continue }
                let number = compact[base..<(base + length)]
                for index in formats.indices {
                    if formats[index].needsContext {
                        if context == nil {
                            context = .some(self.context(beforeToken: start, meanings: &wordMeaning))
                        }
                        guard case .some(.some(let found)) = context else { continue }
                        if case .courier(let named) = found, named != formats[index].carrier { continue }
                    }
                    guard formats[index].matches(number) else { continue }
                    let format = formats[index]
                    let string = String(decoding: number.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
                    found.append(
                        Candidate(
                            type: .trackingNumber, range: first.start..<candidateEnd,
                            value: .trackingNumber(
                                DetectedTrackingNumber(number: string, carrier: format.carrier, product: format.product)
                            )))
                    tokenIndex = last + 2
                    matched = true
                    break
                }
            }
            if !matched { tokenIndex += 1 }
        }
    }

    /// What the scan needs to know of a token: where its characters start in the compact characters
    /// (past the last token: where they end), how many words come before it, whether it is letters and
    /// digits (ASCII), and whether it is joined to the token before it by nothing or by up to three
    /// spaces ("5682 8361 0012 000", "5 6 8 2   8 3 6 1": tracking_number_data allows any white space
    /// between characters).
    struct TokenShape {
        var compactStart: Int32 = 0
        var wordsBefore: Int32 = 0
        var isAlphanumeric = false
        var isJoined = false
    }

    /// The letters-and-digits tokens' characters, upper-cased, one after another (a number's
    /// characters without its spaces are a slice of them), and each token's ``TokenShape`` (one more,
    /// past the last token, holds the totals), in one pass over the tokens' scalars.
    @inline(never)
    static func groups(of text: ScannedText) -> (compact: [UInt32], shapes: [TokenShape]) {
        let tokens = text.tokens
        var shapes = [TokenShape](repeating: TokenShape(), count: tokens.count + 1)
        // At most every scalar of every token.
        let compact = [UInt32](unsafeUninitializedCapacity: text.count) { compact, written in
            var characters = 0
            var words: Int32 = 0
            var previousEnd = 0
            text.scalars.withUnsafeBufferPointer { scalars in
                shapes.withUnsafeMutableBufferPointer { shapes in
                    for index in tokens.indices {
                        let token = tokens[index]
                        var isAlphanumeric = token.kind == .number
                        if token.kind == .word {
                            isAlphanumeric = true
                            for offset in token.start..<token.end where !Scalar.isASCIIAlphanumeric(scalars[offset]) {
                                isAlphanumeric = false
                                break
                            }
                        }
                        let gap = token.start - previousEnd
                        var isJoined = index > 0 && gap == 0
                        if index > 0, gap > 0, gap <= 3 {
                            isJoined = true
                            for offset in previousEnd..<token.start where !Scalar.isSpace(scalars[offset]) {
                                isJoined = false
                                break
                            }
                        }
                        shapes[index] = TokenShape(
                            compactStart: Int32(characters), wordsBefore: words, isAlphanumeric: isAlphanumeric,
                            isJoined: isJoined)
                        if isAlphanumeric {
                            for offset in token.start..<token.end {
                                let value = scalars[offset]
                                compact[characters] = Scalar.isASCIILetter(value) ? value & ~0x20 : value
                                characters += 1
                            }
                        }
                        if token.kind == .word { words += 1 }
                        previousEnd = token.end
                    }
                    shapes[tokens.count] = TokenShape(compactStart: Int32(characters), wordsBefore: words)
                }
            }
            written = characters
        }
        return (compact, shapes)
    }

    /// The shape `number` (upper-case letters and digits, no spaces) has, if any; shapes that need a
    /// word about shipping count only when `context` is true.
    static func format(of number: String, context: Bool) -> TrackingNumberFormat? {
        let scalars = ArraySlice(number.unicodeScalars.map(\.value))
        guard scalars.count < TrackingNumberFormat.byLength.count else { return nil }
        return TrackingNumberFormat.byLength[scalars.count].first {
            (context || !$0.needsContext) && $0.matches(scalars)
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
    enum WordMeaning {
        case nothing, shipping
        case courier(DetectedTrackingNumber.Carrier)
    }

    /// ``context(before:)`` of token `start`, each word looked up once in `meanings`.
    func context(beforeToken start: Int, meanings: inout [WordMeaning?]) -> Context? {
        var index = start - 1
        var seen = 0
        let limit = max(0, index - 16)
        var found: Context?
        while index >= limit, seen < 6 {
            if text.tokens[index].kind == .word {
                let meaning: WordMeaning
                if let known = meanings[index] {
                    meaning = known
                } else {
                    if let carrier = Self.courierNames.value(token: index, in: text) {
                        meaning = .courier(carrier)
                    } else {
                        meaning = Self.contextWords.contains(token: index, in: text) ? .shipping : .nothing
                    }
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

    /// The nearest courier name, else any of the ``contextWords``, in the 6 words before `offset`.
    func context(before offset: Int) -> Context? {
        var index = text.tokenIndex(atOrAfter: offset) - 1
        var seen = 0
        let limit = max(0, index - 16)
        var found: Context?
        while index >= limit, seen < 6 {
            let token = text.tokens[index]
            if token.kind == .word {
                if let carrier = Self.courierNames.value(token: index, in: text) { return .courier(carrier) }
                if found == nil, Self.contextWords.contains(token: index, in: text) { found = .shipping }
                seen += 1
            }
            index -= 1
        }
        return found
    }
}
