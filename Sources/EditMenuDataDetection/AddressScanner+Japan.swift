@_spi(Inlinable) import EditMenuText

/// Japanese addresses (see ``AddressScanner``).
extension AddressScanner {
    // MARK: Japan

    func scanJapanese(into found: inout [Candidate]) {
        // Both starts below are CJK scalars: none comes before the text's first.
        var offset = text.firstCJKOffset
        let count = text.count
        while offset < count {
            // An address starts at 〒 or at a prefecture's name, which ends in 都, 道, 府 or 県 two or three
            // characters on (``japanese(at:)``): no start lies more than three before the next of those
            // five marks, so the offsets before that are passed over without a look.
            let mark = Self.nextJapaneseMark(in: text.scalars, from: offset)
            guard mark < count else { return }
            offset = max(offset, mark - 3)
            while offset <= mark {
                let value = text[offset]
                if value == 0x3012 || value &- 0x4E00 <= 0x9FFF - 0x4E00, let candidate = japanese(at: offset) {
                    found.append(candidate)
                    offset = candidate.range.upperBound
                } else {
                    offset += 1
                }
            }
        }
    }

    /// The offset of the first 〒, 都, 道, 府 or 県 in `scalars` at or after `start`, or `scalars.count`:
    /// eight scalars compared at a time.
    static func nextJapaneseMark(in scalars: [UInt32], from start: Int) -> Int {
        scalars.withUnsafeBufferPointer { scalars in
            let count = scalars.count
            var index = max(0, start)
            guard let base = scalars.baseAddress else { return count }
            typealias V = SIMD8<UInt32>
            let raw = UnsafeRawPointer(base)
            while index + 8 <= count {
                let v = raw.loadUnaligned(fromByteOffset: index * 4, as: V.self)
                // Most text has no scalar from U+3012 on (the smallest of the five): one comparison.
                let high = unsafeBitCast(v .> V(repeating: 0x3011), to: SIMD4<UInt64>.self)
                if high[0] | high[1] | high[2] | high[3] == 0 {
                    index += 8
                    continue
                }
                let any =
                    unsafeBitCast(v .== V(repeating: 0x3012), to: V.self)
                    | unsafeBitCast(v .== V(repeating: 0x90FD), to: V.self)
                    | unsafeBitCast(v .== V(repeating: 0x9053), to: V.self)
                    | unsafeBitCast(v .== V(repeating: 0x5E9C), to: V.self)
                    | unsafeBitCast(v .== V(repeating: 0x770C), to: V.self)
                let halves = unsafeBitCast(any, to: (UInt64, UInt64, UInt64, UInt64).self)
                if halves.0 | halves.1 | halves.2 | halves.3 != 0 { break }
                index += 8
            }
            while index < count {
                let value = scalars[index]
                if value == 0x3012 || isPrefectureEnd(value) { return index }
                index += 1
            }
            return count
        }
    }

    // Digits are ASCII here: the detector folds full-width ones (`１－１`) before addresses are scanned
    // (``ScannedText/foldingFullWidth()``); a full-width dash stays as written in a text without them.
    static func isJapaneseDash(_ v: UInt32) -> Bool { Scalar.isDash(v) || v == 0xFF0D || v == 0x2015 }
    static func isKanjiOrKana(_ v: UInt32) -> Bool {
        (v >= 0x4E00 && v <= 0x9FFF) || (v >= 0x3040 && v <= 0x30FF) || v == 0x3005 || v == 0x30F6 || v == 0x30F5
            || v == 0x3007
    }
    /// 都 道 府 県: the last character of every prefecture's name (a test checks the list).
    static func isPrefectureEnd(_ v: UInt32) -> Bool { v == 0x90FD || v == 0x9053 || v == 0x5E9C || v == 0x770C }
    /// 〇 一 二 三 四 五 六 七 八 九 十 百 千: numbers of blocks written in kanji (`三丁目一番三号`).
    static func isKanjiNumeral(_ v: UInt32) -> Bool {
        switch v {
        case 0x3007, 0x4E00, 0x4E8C, 0x4E09, 0x56DB, 0x4E94, 0x516D, 0x4E03, 0x516B, 0x4E5D, 0x5341, 0x767E, 0x5343:
            return true
        default: return false
        }
    }

    func japanese(at start: Int) -> Candidate? {
        var offset = start
        var postalCode: String?
        if text[offset] == 0x3012 {
            offset += 1
            while Scalar.isSpace(text[offset]) { offset += 1 }
            let codeStart = offset
            for _ in 0..<3 {
                guard Scalar.isDigit(text[offset]) else { return nil }
                offset += 1
            }
            guard Self.isJapaneseDash(text[offset]) else { return nil }
            offset += 1
            for _ in 0..<4 {
                guard Scalar.isDigit(text[offset]) else { return nil }
                offset += 1
            }
            postalCode = text.string(codeStart..<offset)
            while Scalar.isSpace(text[offset]) { offset += 1 }
        }
        // Prefectures are three or four characters long (北海道, 東京都, 神奈川県), the last 都, 道, 府 or 県:
        // without a postal code, a start followed by neither is refused before any look-up.
        if postalCode == nil, !Self.isPrefectureEnd(text[offset + 2]), !Self.isPrefectureEnd(text[offset + 3]) {
            return nil
        }
        let prefectureLength = [3, 4].first { Self.prefectureLexicon.contains(offset..<(offset + $0), in: text) }
        if prefectureLength == nil && postalCode == nil { return nil }
        offset += prefectureLength ?? 0
        // City, ward, town and block: kanji/kana, then numbers joined by dashes or 丁目/番地/番/号.
        var sawMunicipality = false
        var lastUseful = offset
        var sawNumber = false
        while offset < text.count, offset - start < 80 {
            let value = text[offset]
            if Self.isKanjiOrKana(value) {
                if [0x5E02, 0x533A, 0x753A, 0x6751, 0x90E1].contains(value) { sawMunicipality = true } // 市 区 町 村 郡
                // 丁 番 号 after a number, Arabic or kanji ("1番", "三丁目"), once the town is named.
                // "一番町", "一番丁" are towns' names, not blocks.
                if [0x4E01, 0x756A, 0x53F7].contains(value),
                    sawNumber
                        || (sawMunicipality && Self.isKanjiNumeral(text[offset - 1])
                            && !(value == 0x756A && [0x753A, 0x4E01, 0x901A, 0x8857].contains(text[offset + 1])))
                {
                    sawNumber = true
                    lastUseful = offset + 1
                }
                if value == 0x5730, text[offset - 1] == 0x756A { lastUseful = offset + 1 } // 番地
                if value == 0x76EE, text[offset - 1] == 0x4E01 { lastUseful = offset + 1 } // 丁目
                offset += 1
            } else if Scalar.isDigit(value) {
                while Scalar.isDigit(text[offset]) { offset += 1 }
                sawNumber = true
                lastUseful = offset
            } else if Self.isJapaneseDash(value), Scalar.isDigit(text[offset + 1]), sawNumber {
                offset += 1
            } else {
                break
            }
        }
        guard sawMunicipality, sawNumber, lastUseful > start else { return nil }
        let address = DetectedAddress(lines: [text.string(start..<lastUseful)], region: "JP", postalCode: postalCode)
        return Candidate(type: .address, range: start..<lastUseful, value: .address(address))
    }
}
