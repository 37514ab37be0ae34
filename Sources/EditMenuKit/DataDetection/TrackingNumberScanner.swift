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

    /// Whether a tracking number can start at token `index`: a character a context-free shape starts
    /// with, or anything after a word about shipping.
    func mayStart(_ index: Int) -> Bool {
        let token = text.tokens[index]
        guard token.kind != .symbol else { return false }
        let first = text[token.start]
        let upper = Scalar.isASCIILetter(first) ? first & ~0x20 : first
        if upper < 128, TrackingNumberFormat.contextFreeStarts[Int(upper)],
            token.kind == .number || Scalar.isUpperASCII(first)
        {
            return true
        }
        // Shapes that need context are all digits.
        return token.kind == .number && context(before: token.start) != nil
    }

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
        // Word tokens before each token: a number with no word in the 16 tokens before it has no context.
        var wordsBefore = [Int32](repeating: 0, count: tokens.count + 1)
        for (index, token) in tokens.enumerated() {
            wordsBefore[index + 1] = wordsBefore[index] + (token.kind == .word ? 1 : 0)
        }
        var tokenIndex = 0
        var compact: [UInt32] = []
        var ends: [(compactLength: Int, end: Int, tokenIndex: Int)] = []
        compact.reserveCapacity(maximumLength + 16)
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
                // A number token is ASCII digits.
                guard
                    token.kind == .number
                        || (token.kind == .word && token.range.allSatisfy({ Scalar.isASCIIAlphanumeric(text[$0]) }))
                else {
                    break
                }
                let gap = token.start - previousEnd
                // Groups are joined by nothing or by up to three spaces ("5682 8361 0012 000",
                // "5 6 8 2   8 3 6 1": tracking_number_data allows any white space between characters).
                if index != tokenIndex
                    && !(gap == 0 || (gap <= 3 && (previousEnd..<token.start).allSatisfy { Scalar.isSpace(text[$0]) }))
                {
                    break
                }
                guard compact.count + token.length <= maximumLength else { break }
                for offset in token.range {
                    let value = text[offset]
                    compact.append(Scalar.isASCIILetter(value) ? value & ~0x20 : value)
                }
                previousEnd = token.end
                ends.append((compact.count, token.end, index))
                index += 1
            }
            var matched = false
            var context: Context??
            for candidate in ends.reversed() where !Scalar.isWordCharacter(text[candidate.end]) {
                let formats = byLength[candidate.compactLength]
                guard !formats.isEmpty else { continue }
                let number = compact[0..<candidate.compactLength]
                for index in formats.indices {
                    if formats[index].needsContext {
                        if context == nil {
                            let limit = max(0, tokenIndex - 17)
                            context =
                                wordsBefore[tokenIndex] == wordsBefore[limit]
                                ? .some(nil) : self.context(before: first.start)
                        }
                        guard case .some(.some(let found)) = context else { continue }
                        if case .courier(let named) = found, named != formats[index].carrier { continue }
                    }
                    guard formats[index].matches(number) else { continue }
                    let format = formats[index]
                    let string = String(decoding: number.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
                    found.append(
                        Candidate(
                            type: .trackingNumber, range: first.start..<candidate.end,
                            value: .trackingNumber(
                                DetectedTrackingNumber(number: string, carrier: format.carrier, product: format.product)
                            )))
                    tokenIndex = candidate.tokenIndex + 1
                    matched = true
                    break
                }
                if matched { break }
            }
            if !matched { tokenIndex += 1 }
        }
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
