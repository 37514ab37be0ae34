/// A unit of text a gesture can select.
public enum TextUnit: String, Hashable, Sendable, CaseIterable {
    /// One extended grapheme cluster.
    case character
    /// A word as ICU segments it (dictionary-based for Chinese, Japanese, Thai, Khmer, Lao), or a
    /// single punctuation mark or symbol (ICU breaks between marks), or an emoji cluster.
    case word
    /// A sentence (ICU), without its trailing spaces.
    case sentence
    /// A paragraph: the text between line separators, without the separator.
    case paragraph
    /// The whole text.
    case all
}

/// Finds words, sentences and paragraphs around an offset, the way double and triple tap select them.
///
/// Offsets count `Character`s. Segmentation runs on a window of `windowRadius` characters around
/// the offset, never on the whole text, so the cost does not grow with the document.
///
/// ```swift
/// let segmenter = TextSegmenter()
/// segmenter.range(of: .word, at: 7, in: "Hello world")     // 6..<11
/// segmenter.range(of: .word, at: 5, in: "Hello world")     // 0..<5  (the word before a space)
/// segmenter.range(of: .word, at: 1, in: "東京都に住んでいます") // 0..<2  (dictionary)
/// ```
public struct TextSegmenter: Hashable, Sendable {
    /// The locale whose segmentation rules apply (word rules differ slightly, e.g. ':' in Swedish).
    public var locale: String
    /// How many Characters (for a ``TextStorage``, bytes) on each side of the offset are examined.
    /// A word longer than this is cut at the window's edge.
    package var windowRadius: Int

    /// Creates a segmenter.
    public init(locale: String = "en", windowRadius: Int = 1024) {
        self.locale = locale
        self.windowRadius = max(16, windowRadius)
    }

    /// The range of the `unit` that contains Character offset `offset` of `text` (offset `text.count`
    /// means the last character). `nil` when there is nothing to select there (empty text, or only
    /// spaces around the offset for `.word`).
    public func range(of unit: TextUnit, at offset: Int, in text: String) -> Range<Int>? {
        let window = TextWindow(text: text, around: offset, radius: windowRadius)
        guard !window.characters.isEmpty else { return nil }
        let local = min(max(0, offset - window.start), window.characters.count - 1)
        let found: Range<Int>?
        switch unit {
        case .character: found = local..<(local + 1)
        case .word: found = wordRange(at: local, in: window)
        case .sentence: found = sentenceRange(at: local, in: window)
        case .paragraph: found = paragraphRange(at: local, in: window)
        case .all: return 0..<(window.start + window.characters.count + window.charactersAfter)
        }
        return found.map { ($0.lowerBound + window.start)..<($0.upperBound + window.start) }
    }

    /// Word segments (Character ranges of the window, and whether each is a word).
    func wordSegments(in window: TextWindow) -> [(range: Range<Int>, isWord: Bool)] {
        ICU.segments(.word, of: window.utf16, locale: locale).compactMap { segment in
            let range = window.characterRange(utf16: segment.range)
            return range.isEmpty ? nil : (range, segment.isWord)
        }
    }

    private func wordRange(at local: Int, in window: TextWindow) -> Range<Int>? {
        let segments = wordSegments(in: window).map { segment in
            let characters = window.characters[segment.range]
            return WordSegment(
                range: segment.range, isWord: segment.isWord,
                isBlank: characters.allSatisfy(\.isBlankForSelection),
                isLineBreak: characters.allSatisfy(\.isParagraphSeparator))
        }
        return Self.wordChoice(at: local, in: segments)
    }

    /// A word segment as word gestures see it.
    struct WordSegment {
        var range: Range<Int>
        var isWord: Bool
        var isBlank: Bool
        var isLineBreak: Bool
    }

    /// What a word gesture selects at `position` among word segments (in any unit): the word there; a
    /// punctuation mark, symbol or emoji cluster as a unit; in spaces, the word right before them
    /// ("the word before a space"), else the word after them — but not across a line break (a tap
    /// past the end of a line never selects on the next line); `nil` when there is no such word.
    static func wordChoice(at position: Int, in segments: [WordSegment]) -> Range<Int>? {
        guard let index = segments.firstIndex(where: { $0.range.contains(position) }) else { return nil }
        let segment = segments[index]
        if segment.isWord || !segment.isBlank { return segment.range }
        if index > 0, segments[index - 1].isWord { return segments[index - 1].range }
        if !segment.isLineBreak, index + 1 < segments.count, segments[index + 1].isWord {
            return segments[index + 1].range
        }
        return nil
    }

    private func sentenceRange(at local: Int, in window: TextWindow) -> Range<Int>? {
        let segments = ICU.segments(.sentence, of: window.utf16, locale: locale)
            .map { window.characterRange(utf16: $0.range) }
        guard let range = segments.first(where: { $0.contains(local) }) else { return nil }
        var end = range.upperBound
        while end > range.lowerBound, window.characters[end - 1].isBlankForSelection { end -= 1 }
        return end > range.lowerBound ? range.lowerBound..<end : range
    }

    private func paragraphRange(at local: Int, in window: TextWindow) -> Range<Int>? {
        let chars = window.characters
        var local = local
        if chars[local].isParagraphSeparator {
            // On the separator that ends a paragraph: that paragraph; between two separators: none.
            guard local > 0, !chars[local - 1].isParagraphSeparator else { return nil }
            local -= 1
        }
        var start = local
        while start > 0, !chars[start - 1].isParagraphSeparator { start -= 1 }
        var end = local
        while end < chars.count, !chars[end].isParagraphSeparator { end += 1 }
        return start..<end
    }
}

/// A slice of a text around an offset, with Character ↔ UTF-16 offset maps for ICU.
struct TextWindow {
    /// Character offset of the window's first character in the whole text.
    let start: Int
    /// The window's characters.
    let characters: [Character]
    /// The window as UTF-16, for ICU.
    let utf16: [UInt16]
    /// UTF-16 offset of each character's start, plus the end.
    let utf16Starts: [Int]
    /// How many characters follow the window in the whole text.
    let charactersAfter: Int

    init(text: String, around offset: Int, radius: Int) {
        var startIndex = text.startIndex
        var skipped = 0
        let wanted = max(0, offset - radius)
        while skipped < wanted, startIndex < text.endIndex {
            text.formIndex(after: &startIndex)
            skipped += 1
        }
        var chars: [Character] = []
        var index = startIndex
        while chars.count < 2 * radius, index < text.endIndex {
            chars.append(text[index])
            text.formIndex(after: &index)
        }
        var after = 0
        while index < text.endIndex {
            text.formIndex(after: &index)
            after += 1
        }
        self.start = skipped
        self.characters = chars
        self.charactersAfter = after
        var units: [UInt16] = []
        var starts: [Int] = []
        starts.reserveCapacity(chars.count + 1)
        for c in chars {
            starts.append(units.count)
            units.append(contentsOf: c.utf16)
        }
        starts.append(units.count)
        self.utf16 = units
        self.utf16Starts = starts
    }

    /// The Characters a UTF-16 range covers, rounded outward to Character boundaries (ICU and Swift
    /// may disagree on a grapheme boundary; a selection never splits a Character).
    func characterRange(utf16 range: Range<Int>) -> Range<Int> {
        characterIndex(
            containing: range.lowerBound, roundingUp: false)..<characterIndex(
                containing: range.upperBound, roundingUp: true)
    }

    private func characterIndex(containing utf16Offset: Int, roundingUp: Bool) -> Int {
        // Binary search for the last start <= offset.
        var lo = 0, hi = utf16Starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if utf16Starts[mid] <= utf16Offset { lo = mid } else { hi = mid - 1 }
        }
        if roundingUp && utf16Starts[lo] < utf16Offset { return min(lo + 1, characters.count) }
        return lo
    }
}

extension Character {
    /// Whitespace, or an invisible format character (zero-width space, joiners, marks of direction).
    /// Every scalar must be blank: a space carrying a combining accent shows the accent
    /// (`Character.isWhitespace` looks at the first scalar only).
    var isBlankForSelection: Bool {
        unicodeScalars.allSatisfy {
            $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint
        }
    }

    /// Line feed, carriage return, CRLF, NEL, line and paragraph separators.
    var isParagraphSeparator: Bool { isNewline }
}
