// The one file that talks to ICU. The toolchain bundles ICU as `_FoundationICU` (symbols prefixed
// `swift_`, linked as `_FoundationICU`); if that ever moves, only this file changes.
import Synchronization
import _FoundationICU

/// A text unit ICU can segment by.
package enum ICUBreakKind {
    case character, word, sentence, line

    package var raw: UBreakIteratorType {
        switch self {
        case .character: return UBRK_CHARACTER
        case .word: return UBRK_WORD
        case .sentence: return UBRK_SENTENCE
        case .line: return UBRK_LINE
        }
    }
}

/// One segment found by an ICU break iterator, in UTF-16 offsets of the text it was given.
package struct ICUSegment: Hashable, Sendable {
    /// The segment's UTF-16 range.
    package var range: Range<Int>
    /// For word segmentation: whether the segment is a word (letters, numbers, kana, ideographs)
    /// rather than spaces or punctuation (ICU's rule status is not `UBRK_WORD_NONE`).
    package var isWord: Bool
}

/// ICU's break iterators over UTF-16 text.
package enum ICU {
    /// The Unicode version of the bundled ICU data ("16.0").
    package static var unicodeVersion: String {
        var version = UVersionInfo(0, 0, 0, 0)
        swift_u_getUnicodeVersion(&version)
        return "\(version.0).\(version.1)"
    }

    /// Every segment of `utf16` for `kind`, segmented with `locale`'s rules (dictionary-based for
    /// Chinese, Japanese, Thai, Khmer and Lao whatever the locale).
    package static func segments(_ kind: ICUBreakKind, of utf16: [UInt16], locale: String = "en") -> [ICUSegment] {
        guard !utf16.isEmpty else { return [] }
        guard let iterator = BreakIteratorPool.shared.take(kind, locale: locale) else {
            return fallbackSegments(utf16.count)
        }
        // The iterator keeps a pointer to the text: everything it is asked happens inside this closure,
        // and it goes back to the pool only afterwards.
        let result = utf16.withUnsafeBufferPointer { buffer -> [ICUSegment]? in
            var status = U_ZERO_ERROR
            swift_ubrk_setText(iterator.pointer, buffer.baseAddress, Int32(buffer.count), &status)
            guard status.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
            var result: [ICUSegment] = []
            var start = Int(swift_ubrk_first(iterator.pointer))
            var end = Int(swift_ubrk_next(iterator.pointer))
            while end != Int(UBRK_DONE) {
                let status = swift_ubrk_getRuleStatus(iterator.pointer)
                result.append(
                    ICUSegment(range: start..<end, isWord: kind == .word && status != Int32(UBRK_WORD_NONE.rawValue)))
                start = end
                end = Int(swift_ubrk_next(iterator.pointer))
            }
            return result
        }
        BreakIteratorPool.shared.put(iterator, kind, locale: locale)
        return result ?? fallbackSegments(utf16.count)
    }

    private static func fallbackSegments(_ count: Int) -> [ICUSegment] {
        [ICUSegment(range: 0..<count, isWord: false)]
    }
}

/// Break iterators kept for reuse, by kind and locale. Opening one builds its rules and dictionaries
/// (a double click's word selection cost more in `ubrk_open` than in segmenting); a kept one is given
/// its next text with `ubrk_setText`. An iterator is used by one caller at a time: `take` hands it out
/// and `put` gives it back.
private final class BreakIteratorPool: Sendable {
    /// An open `UBreakIterator`, owned by whoever holds it.
    struct Iterator: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private struct Key: Hashable {
        var kind: ICUBreakKind
        var locale: String
    }

    static let shared = BreakIteratorPool()

    /// Idle iterators kept per kind and locale: enough for the threads that segment at once.
    private static let idleLimit = 4

    private let idle = Mutex<[Key: [Iterator]]>([:])

    /// An idle iterator for `kind` and `locale`, or a new one; `nil` when ICU cannot open one.
    func take(_ kind: ICUBreakKind, locale: String) -> Iterator? {
        let key = Key(kind: kind, locale: locale)
        if let kept = idle.withLock({ $0[key]?.popLast() }) { return kept }
        var status = U_ZERO_ERROR
        guard let pointer = swift_ubrk_open(kind.raw, locale, nil, 0, &status) else { return nil }
        guard status.rawValue <= U_ZERO_ERROR.rawValue else {
            swift_ubrk_close(pointer)
            return nil
        }
        return Iterator(pointer: pointer)
    }

    /// Gives `iterator` back for the next caller, or closes it when enough are idle.
    func put(_ iterator: Iterator, _ kind: ICUBreakKind, locale: String) {
        let key = Key(kind: kind, locale: locale)
        let kept = idle.withLock { idle -> Bool in
            guard idle[key, default: []].count < Self.idleLimit else { return false }
            idle[key, default: []].append(iterator)
            return true
        }
        if !kept { swift_ubrk_close(iterator.pointer) }
    }
}

// MARK: - Locale data and bidirectional classes

extension ICU {
    /// The locale's quotation marks from CLDR (`ulocdata_getDelimiter`): “ ” for English, „ “ for
    /// German, « » for French and Russian, 「 」 for Japanese. `nil` when ICU has no data for it.
    /// `locale` is an ICU or BCP 47 identifier (`"pt-PT"`, `"zh_Hant"`).
    package static func quotationMarks(locale: String) -> (start: String, end: String)? {
        delimiters(locale: locale, ULOCDATA_QUOTATION_START, ULOCDATA_QUOTATION_END)
    }

    /// The locale's secondary (alternate) quotation marks from CLDR (`ulocdata_getDelimiter`): ‘ ’ for
    /// English, ‚ ‘ for German, « » for French, 『 』 for Japanese. `nil` when ICU has no data.
    package static func alternateQuotationMarks(locale: String) -> (start: String, end: String)? {
        delimiters(locale: locale, ULOCDATA_ALT_QUOTATION_START, ULOCDATA_ALT_QUOTATION_END)
    }

    /// A pair of CLDR delimiters of `locale`.
    private static func delimiters(
        locale: String, _ startType: ULocaleDataDelimiterType, _ endType: ULocaleDataDelimiterType
    ) -> (start: String, end: String)? {
        var status = U_ZERO_ERROR
        let icuLocale = String(locale.map { $0 == "-" ? "_" : $0 })
        guard let data = swift_ulocdata_open(icuLocale, &status), status.rawValue <= U_ZERO_ERROR.rawValue else {
            return nil
        }
        defer { swift_ulocdata_close(data) }
        func delimiter(_ type: ULocaleDataDelimiterType) -> String? {
            var buffer = [UChar](repeating: 0, count: 8)
            var status = U_ZERO_ERROR
            let length = swift_ulocdata_getDelimiter(data, type, &buffer, Int32(buffer.count), &status)
            guard status.rawValue <= U_ZERO_ERROR.rawValue, length > 0, Int(length) <= buffer.count else { return nil }
            return String(decoding: buffer[0..<Int(length)], as: UTF16.self)
        }
        guard let start = delimiter(startType), let end = delimiter(endType) else { return nil }
        return (start, end)
    }

    /// Whether the code point's bidirectional class is R or AL (`u_charDirection`): a strong
    /// right-to-left letter (Hebrew, Arabic, Syriac, Thaana, N'Ko …).
    package static func isStrongRightToLeft(_ scalar: UInt32) -> Bool {
        let direction = swift_u_charDirection(UChar32(bitPattern: scalar))
        return direction == U_RIGHT_TO_LEFT || direction == U_RIGHT_TO_LEFT_ARABIC
    }
}

// MARK: - The bidirectional algorithm

/// A character's bidirectional class, as far as the algorithm's paragraph rules need it.
package enum ICUBidiClass {
    /// L.
    case leftToRight
    /// R or AL.
    case rightToLeft
    /// LRI, RLI or FSI: an isolate starts.
    case isolateInitiator
    /// PDI: an isolate ends.
    case popDirectionalIsolate
    /// B: a paragraph separator.
    case paragraphSeparator
    /// Anything else (weak, neutral, embeddings, overrides, marks of no strength here).
    case other
}

extension ICU {
    /// The code point's bidirectional class (`u_charDirection`), reduced to what rules P2 and P3 read.
    package static func bidiClass(_ scalar: UInt32) -> ICUBidiClass {
        switch swift_u_charDirection(UChar32(bitPattern: scalar)) {
        case U_LEFT_TO_RIGHT: return .leftToRight
        case U_RIGHT_TO_LEFT, U_RIGHT_TO_LEFT_ARABIC: return .rightToLeft
        case U_LEFT_TO_RIGHT_ISOLATE, U_RIGHT_TO_LEFT_ISOLATE, U_FIRST_STRONG_ISOLATE: return .isolateInitiator
        case U_POP_DIRECTIONAL_ISOLATE: return .popDirectionalIsolate
        case U_BLOCK_SEPARATOR: return .paragraphSeparator
        default: return .other
        }
    }

    /// The embedding level of each UTF-16 unit of `text`, a paragraph at `paragraphLevel` (0 left to
    /// right, 1 right to left) (`ubidi_setPara`, `ubidi_getLevels`; rule L1 applies at the text's end
    /// only). `nil` when ICU fails.
    package static func bidiLevels(of text: [UInt16], paragraphLevel: UInt8) -> [UInt8]? {
        guard !text.isEmpty else { return [] }
        var status = U_ZERO_ERROR
        guard let bidi = swift_ubidi_openSized(Int32(text.count), 0, &status), status.rawValue <= U_ZERO_ERROR.rawValue
        else { return nil }
        defer { swift_ubidi_close(bidi) }
        // ICU keeps a pointer to the text until the object is closed, within this closure.
        return text.withUnsafeBufferPointer { paragraph -> [UInt8]? in
            swift_ubidi_setPara(bidi, paragraph.baseAddress, Int32(paragraph.count), paragraphLevel, nil, &status)
            guard status.rawValue <= U_ZERO_ERROR.rawValue, let levels = swift_ubidi_getLevels(bidi, &status),
                status.rawValue <= U_ZERO_ERROR.rawValue
            else { return nil }
            return Array(UnsafeBufferPointer(start: levels, count: paragraph.count))
        }
    }

    /// Rule L2 over `levels`: the logical index shown at each visual position, left to right
    /// (`ubidi_reorderVisual`).
    package static func visualOrder(of levels: [UInt8]) -> [Int] {
        guard !levels.isEmpty else { return [] }
        var map = [Int32](repeating: 0, count: levels.count)
        levels.withUnsafeBufferPointer { swift_ubidi_reorderVisual($0.baseAddress, Int32($0.count), &map) }
        return map.map(Int.init)
    }

    /// Rule L4: the code point's mirrored glyph (`u_charMirror`: "(" for ")" …), itself when it has none.
    package static func mirrored(_ scalar: UInt32) -> UInt32 {
        UInt32(bitPattern: swift_u_charMirror(UChar32(bitPattern: scalar)))
    }
}

// MARK: - Case mapping and caseless matching (Transformations ▸, Find ▸)

/// A case mapping ICU performs in a locale.
package enum ICUCaseMapping {
    case upper, lower, title
}

extension ICU {
    /// `utf8` (valid UTF-8) case-mapped in `locale` (an ICU locale ID: `"tr"`, `"el"`, `"nl"` …) with
    /// ICU's full, context-sensitive mappings: ß → SS, i → İ in Turkish, Greek final sigma, accents
    /// dropped in Greek upper case. Title casing finds words with ICU's word break iterator for the
    /// locale, titlecases their first cased letter and lowercases the rest. `nil` when ICU fails.
    package static func mapCase(_ utf8: UnsafeBufferPointer<UInt8>, _ mapping: ICUCaseMapping, locale: String)
        -> [UInt8]?
    {
        guard !utf8.isEmpty else { return [] }
        guard utf8.count < Int(Int32.max / 4) else { return nil }
        var status = U_ZERO_ERROR
        guard let map = swift_ucasemap_open(locale, 0, &status), status.rawValue <= U_ZERO_ERROR.rawValue else {
            return nil
        }
        defer { swift_ucasemap_close(map) }
        var capacity = utf8.count + utf8.count / 2 + 16
        for _ in 0..<2 {
            var status = U_ZERO_ERROR
            var written: Int32 = 0
            let result = [UInt8](unsafeUninitializedCapacity: capacity) { dest, initialized in
                let source = UnsafeRawPointer(utf8.baseAddress!).assumingMemoryBound(to: CChar.self)
                let target = UnsafeMutableRawPointer(dest.baseAddress!).assumingMemoryBound(to: CChar.self)
                switch mapping {
                case .upper:
                    written = swift_ucasemap_utf8ToUpper(
                        map, target, Int32(capacity), source, Int32(utf8.count), &status)
                case .lower:
                    written = swift_ucasemap_utf8ToLower(
                        map, target, Int32(capacity), source, Int32(utf8.count), &status)
                case .title:
                    written = swift_ucasemap_utf8ToTitle(
                        map, target, Int32(capacity), source, Int32(utf8.count), &status)
                }
                initialized = status.rawValue <= U_ZERO_ERROR.rawValue ? Int(written) : 0
            }
            if status == U_BUFFER_OVERFLOW_ERROR {
                capacity = Int(written) + 1
                continue
            }
            return status.rawValue <= U_ZERO_ERROR.rawValue ? result : nil
        }
        return nil
    }

    /// The canonical caseless key of every scalar whose key is not the scalar itself — Unicode's
    /// canonical caseless matching (D145): `NFD(toCasefold(NFD(c)))`, with full case folding (ß → ss,
    /// ﬁ → fi, İ → i̇), or just `NFD(c)` when `foldingCase` is false. Built once per process from the
    /// scalars ICU says change (`Changes_When_Casefolded`, `NFD_Quick_Check=No`), about 15 000.
    package static func caselessKeys(foldingCase: Bool) -> [UInt32: [UInt32]] {
        let pattern = foldingCase ? "[[:Changes_When_Casefolded:][:NFD_Quick_Check=No:]]" : "[:NFD_Quick_Check=No:]"
        let units = Array(pattern.utf16)
        var status = U_ZERO_ERROR
        guard let set = swift_uset_openPattern(units, Int32(units.count), &status),
            status.rawValue <= U_ZERO_ERROR.rawValue
        else { return [:] }
        defer { swift_uset_close(set) }
        guard let nfd = swift_unorm2_getNFDInstance(&status), status.rawValue <= U_ZERO_ERROR.rawValue else {
            return [:]
        }
        var keys: [UInt32: [UInt32]] = [:]
        let count = swift_uset_getItemCount(set)
        for item in 0..<count {
            var start: UChar32 = 0
            var end: UChar32 = 0
            var itemStatus = U_ZERO_ERROR
            guard swift_uset_getItem(set, item, &start, &end, nil, 0, &itemStatus) == 0, start <= end else { continue }
            for code in start...end {
                guard let scalar = Unicode.Scalar(UInt32(bitPattern: code)) else { continue }
                var units = Array(String(scalar).utf16)
                units = normalized(units, nfd) ?? units
                if foldingCase {
                    units = folded(units) ?? units
                    units = normalized(units, nfd) ?? units
                }
                let key = String(decoding: units, as: UTF16.self).unicodeScalars.map(\.value)
                if key != [scalar.value] { keys[scalar.value] = key }
            }
        }
        return keys
    }

    private static func normalized(_ units: [UInt16], _ normalizer: OpaquePointer) -> [UInt16]? {
        var status = U_ZERO_ERROR
        var output = [UInt16](repeating: 0, count: units.count * 4 + 8)
        let length = swift_unorm2_normalize(
            normalizer, units, Int32(units.count), &output, Int32(output.count), &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
        return Array(output[0..<Int(length)])
    }

    private static func folded(_ units: [UInt16]) -> [UInt16]? {
        var status = U_ZERO_ERROR
        var output = [UInt16](repeating: 0, count: units.count * 4 + 8)
        let length = swift_u_strFoldCase(&output, Int32(output.count), units, Int32(units.count), 0, &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
        return Array(output[0..<Int(length)])
    }
}
