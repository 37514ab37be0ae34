// The one file that talks to ICU. The toolchain bundles ICU as `_FoundationICU` (symbols prefixed
// `swift_`, linked as `_FoundationICU`); if that ever moves, only this file changes.
import _FoundationICU

/// A text unit ICU can segment by.
enum ICUBreakKind {
    case character, word, sentence, line

    var raw: UBreakIteratorType {
        switch self {
        case .character: return UBRK_CHARACTER
        case .word: return UBRK_WORD
        case .sentence: return UBRK_SENTENCE
        case .line: return UBRK_LINE
        }
    }
}

/// One segment found by an ICU break iterator, in UTF-16 offsets of the text it was given.
struct ICUSegment: Hashable, Sendable {
    /// The segment's UTF-16 range.
    var range: Range<Int>
    /// For word segmentation: whether the segment is a word (letters, numbers, kana, ideographs)
    /// rather than spaces or punctuation (ICU's rule status is not `UBRK_WORD_NONE`).
    var isWord: Bool
}

/// ICU's break iterators over UTF-16 text.
enum ICU {
    /// The Unicode version of the bundled ICU data ("16.0").
    static var unicodeVersion: String {
        var version = UVersionInfo(0, 0, 0, 0)
        swift_u_getUnicodeVersion(&version)
        return "\(version.0).\(version.1)"
    }

    /// Every segment of `utf16` for `kind`, segmented with `locale`'s rules (dictionary-based for
    /// Chinese, Japanese, Thai, Khmer and Lao whatever the locale).
    static func segments(_ kind: ICUBreakKind, of utf16: [UInt16], locale: String = "en") -> [ICUSegment] {
        guard !utf16.isEmpty else { return [] }
        var status = U_ZERO_ERROR
        let iterator: OpaquePointer? = utf16.withUnsafeBufferPointer { buffer in
            swift_ubrk_open(kind.raw, locale, buffer.baseAddress, Int32(buffer.count), &status)
        }
        // The iterator keeps a pointer to the text: it must stay alive until closed, which `utf16`
        // (a let parameter) does for the whole call.
        guard let iterator, status.rawValue <= U_ZERO_ERROR.rawValue else { return fallbackSegments(utf16.count) }
        defer { swift_ubrk_close(iterator) }
        var result: [ICUSegment] = []
        var start = Int(swift_ubrk_first(iterator))
        var end = Int(swift_ubrk_next(iterator))
        while end != Int(UBRK_DONE) {
            let status = swift_ubrk_getRuleStatus(iterator)
            result.append(
                ICUSegment(range: start..<end, isWord: kind == .word && status != Int32(UBRK_WORD_NONE.rawValue)))
            start = end
            end = Int(swift_ubrk_next(iterator))
        }
        return result
    }

    private static func fallbackSegments(_ count: Int) -> [ICUSegment] {
        [ICUSegment(range: 0..<count, isWord: false)]
    }
}

// MARK: - Locale data and bidirectional classes

extension ICU {
    /// The locale's quotation marks from CLDR (`ulocdata_getDelimiter`): “ ” for English, „ “ for
    /// German, « » for French and Russian, 「 」 for Japanese. `nil` when ICU has no data for it.
    /// `locale` is an ICU or BCP 47 identifier (`"pt-PT"`, `"zh_Hant"`).
    static func quotationMarks(locale: String) -> (start: String, end: String)? {
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
        guard let start = delimiter(ULOCDATA_QUOTATION_START), let end = delimiter(ULOCDATA_QUOTATION_END) else {
            return nil
        }
        return (start, end)
    }

    /// Whether the code point's bidirectional class is R or AL (`u_charDirection`): a strong
    /// right-to-left letter (Hebrew, Arabic, Syriac, Thaana, N'Ko …).
    static func isStrongRightToLeft(_ scalar: UInt32) -> Bool {
        let direction = swift_u_charDirection(UChar32(bitPattern: scalar))
        return direction == U_RIGHT_TO_LEFT || direction == U_RIGHT_TO_LEFT_ARABIC
    }
}
