/// Segmentation of a ``TextStorage`` in byte offsets, on a window around the touch point.
///
/// The window runs from the line feed before the offset to the line feed after it, at most
/// `TextSegmenter.windowRadius` bytes each way, so selecting a word costs the same in a 1 MB and a
/// 100 MB document. Paragraphs are the exception: a paragraph is found by scanning bytes to its
/// separators, O(paragraph length), never O(document).
///
/// ```swift
/// let storage = TextStorage("Ein Straße, 日本語")
/// let segmenter = TextSegmenter()
/// segmenter.range(of: .word, atByte: 5, in: storage)     // 4..<11 ("Straße", 7 bytes)
/// ```
extension TextSegmenter {
    /// The byte range of the `unit` containing byte `offset` of `storage` (`byteCount` means the last
    /// character); edges are always Character boundaries. `nil` when there is nothing to select (an
    /// empty text, only spaces around the offset for `.word`, a paragraph separator for `.paragraph`).
    package func range(of unit: TextUnit, atByte offset: Int, in storage: TextStorage) -> Range<Int>? {
        guard !storage.isEmpty else { return nil }
        var at = min(max(0, offset), storage.byteCount)
        if at == storage.byteCount { at = storage.graphemeBoundary(atOrBefore: at - 1) }
        switch unit {
        case .all:
            return 0..<storage.byteCount
        case .character:
            let lower = storage.graphemeBoundary(atOrBefore: at)
            return lower..<storage.graphemeBoundary(atOrAfter: lower + 1)
        case .paragraph:
            // On a Character boundary, so that the LF of a CRLF counts as the CR does.
            return Self.paragraphRange(at: storage.graphemeBoundary(atOrBefore: at), in: storage)
        case .word, .sentence:
            let window = storage.window(around: at, radius: windowRadius)
            guard !window.bytes.isEmpty else { return nil }
            let local = at - window.start
            let found: Range<Int>?
            if unit == .word {
                let segments = wordSegments(in: window).map { segment in
                    WordSegment(
                        range: segment.range, isWord: segment.isWord,
                        isBlank: Self.isBlank(window.bytes[segment.range]),
                        isLineBreak: Self.isSeparator(window.bytes[segment.range]))
                }
                found = Self.wordChoice(at: local, in: segments)
            } else {
                found = sentenceRange(at: local, in: window)
            }
            return found.map { ($0.lowerBound + window.start)..<($0.upperBound + window.start) }
        }
    }

    /// The word Select selects at a caret (byte `offset` of `storage`, between Characters): the word
    /// the caret is in, or the word it touches — after it, else before it, so that a caret at the end of
    /// a word before a full stop or comma selects the word, not the punctuation (as `select:` does on
    /// Apple's platforms); elsewhere (in spaces, by punctuation alone) what a word gesture there selects
    /// (``wordChoice(at:in:)``). `nil` when there is nothing to select.
    package func wordRange(atCaret offset: Int, in storage: TextStorage) -> Range<Int>? {
        guard !storage.isEmpty else { return nil }
        let at = storage.graphemeBoundary(atOrBefore: min(max(0, offset), storage.byteCount))
        let window = storage.window(around: min(at, storage.byteCount - 1), radius: windowRadius)
        guard !window.bytes.isEmpty else { return nil }
        let local = at - window.start
        let segments = wordSegments(in: window).map { segment in
            WordSegment(
                range: segment.range, isWord: segment.isWord, isBlank: Self.isBlank(window.bytes[segment.range]),
                isLineBreak: Self.isSeparator(window.bytes[segment.range]))
        }
        let after = segments.firstIndex { $0.range.contains(local) }
        let before = segments.firstIndex { $0.range.upperBound == local }
        // (A segment ends at the caret only when the caret is between two segments.)
        let chosen: Range<Int>?
        if let after, segments[after].isWord {
            chosen = segments[after].range
        } else if let before, segments[before].isWord {
            chosen = segments[before].range
        } else if after != nil {
            chosen = Self.wordChoice(at: local, in: segments)
        } else {
            // At the text's end: what a gesture on its last Character selects.
            chosen = before.flatMap { Self.wordChoice(at: segments[$0].range.upperBound - 1, in: segments) }
        }
        return chosen.map { ($0.lowerBound + window.start)..<($0.upperBound + window.start) }
    }

    /// Word segments of a byte window: window-relative byte ranges on Character boundaries (ICU and
    /// Swift may disagree about a cluster; the range is widened so no Character is split).
    package func wordSegments(in window: ByteWindow) -> [(range: Range<Int>, isWord: Bool)] {
        let (units, byteOffsets) = window.utf16
        let characterStarts = window.characterStarts
        return ICU.segments(.word, of: units, locale: locale).compactMap { segment in
            let lower = Self.round(byteOffsets[segment.range.lowerBound], in: characterStarts, up: false)
            let upper = Self.round(byteOffsets[segment.range.upperBound], in: characterStarts, up: true)
            return lower < upper ? (lower..<upper, segment.isWord) : nil
        }
    }

    /// The word segment holding byte `offset` (storage offsets, on Character boundaries), and whether
    /// it is a word (letters, digits, ideographs) rather than punctuation or spaces.
    package func wordSegment(atByte offset: Int, in storage: TextStorage) -> (range: Range<Int>, isWord: Bool)? {
        let window = storage.window(around: offset, radius: windowRadius)
        let local = offset - window.start
        return wordSegments(in: window).first { $0.range.contains(local) }.map { segment in
            ((segment.range.lowerBound + window.start)..<(segment.range.upperBound + window.start), segment.isWord)
        }
    }

    /// Every word boundary ICU finds in the window around `offset`, as storage byte offsets (before
    /// rounding to Characters): what the Unicode word-break tests check.
    func wordBoundaries(around offset: Int, in storage: TextStorage) -> [Int] {
        let window = storage.window(around: offset, radius: windowRadius)
        let (units, byteOffsets) = window.utf16
        let segments = ICU.segments(.word, of: units, locale: locale)
        guard let first = segments.first else { return [window.start] }
        return [window.start + byteOffsets[first.range.lowerBound]]
            + segments.map { window.start + byteOffsets[$0.range.upperBound] }
    }

    private func sentenceRange(at local: Int, in window: ByteWindow) -> Range<Int>? {
        let (units, byteOffsets) = window.utf16
        let characterStarts = window.characterStarts
        for segment in ICU.segments(.sentence, of: units, locale: locale) {
            let lower = Self.round(byteOffsets[segment.range.lowerBound], in: characterStarts, up: false)
            let upper = Self.round(byteOffsets[segment.range.upperBound], in: characterStarts, up: true)
            guard lower <= local, local < upper else { continue }
            // Without trailing spaces and the line break.
            var end = upper
            while end > lower {
                let previous = Self.round(end - 1, in: characterStarts, up: false)
                guard Self.isBlank(window.bytes[previous..<end]) || Self.isSeparator(window.bytes[previous..<end])
                else { break }
                end = previous
            }
            return end > lower ? lower..<end : lower..<upper
        }
        return nil
    }

    /// The paragraph around `at`: between paragraph separators (LF, VT, FF, CR, NEL, U+2028, U+2029),
    /// without them. `nil` when `at` is on a separator that ends an empty paragraph.
    static func paragraphRange(at: Int, in storage: TextStorage) -> Range<Int>? {
        let block = 4096
        // Forward: the first separator at or after `at`.
        var end = storage.byteCount
        var from = at
        search: while from < storage.byteCount {
            let chunk = storage.bytes(in: from..<min(storage.byteCount, from + block + 2))
            var i = 0
            while i < min(chunk.count, block) {
                if separatorLength(chunk, at: i) > 0 {
                    end = from + i
                    break search
                }
                i += 1
            }
            from += block
        }
        // Backward: just after the last separator before `at`.
        var start = 0
        var to = at
        search: while to > 0 {
            let lower = max(0, to - block)
            let chunk = storage.bytes(in: lower..<min(storage.byteCount, to + 2))
            var i = to - lower - 1
            while i >= 0 {
                let length = separatorLength(chunk, at: i)
                if length > 0, lower + i + length <= at {
                    start = lower + i + length
                    break search
                }
                i -= 1
            }
            to = lower
        }
        if start >= end {
            // On a separator: the paragraph it ends, if there is one.
            guard end == at, at > 0 else { return nil }
            let before = storage.graphemeBoundary(atOrBefore: at - 1)
            let previous = storage.bytes(in: before..<at)
            if separatorLength(previous, at: 0) > 0 { return nil }
            return paragraphRange(at: before, in: storage)
        }
        return start..<end
    }

    /// The length of the paragraph separator at `i` of `bytes`, or 0.
    static func separatorLength(_ bytes: [UInt8], at i: Int) -> Int {
        switch bytes[i] {
        case 0x0D: return i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
        case 0x0A, 0x0B, 0x0C: return 1
        case 0xC2: return i + 1 < bytes.count && bytes[i + 1] == 0x85 ? 2 : 0
        case 0xE2:
            return i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9) ? 3 : 0
        default: return 0
        }
    }

    static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return true }
        return String(decoding: bytes, as: Unicode.UTF8.self).allSatisfy(\.isBlankForSelection)
    }

    static func isSeparator(_ bytes: ArraySlice<UInt8>) -> Bool {
        String(decoding: bytes, as: Unicode.UTF8.self).allSatisfy(\.isParagraphSeparator)
    }

    /// `offset` rounded to the nearest Character start at or before (or, `up`, at or after) it.
    static func round(_ offset: Int, in starts: [Int], up: Bool) -> Int {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        if up && starts[lo] < offset { return starts[min(lo + 1, starts.count - 1)] }
        return starts[lo]
    }
}
