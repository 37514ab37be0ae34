/// Computes the facts the menu rules need about a text and its selection, from a window around the
/// selection: choosing a menu never scans a whole document.
///
/// Offsets are UTF-8 bytes of the storage (the storage's base unit).
///
/// ```swift
/// let storage = TextStorage("Helo world")
/// let facts = TextSelectionFacts(storage: storage, selection: 0..<4)
/// facts.state   // .range(characterCount: 4, coversAll: false, isBlank: false, isWithinOneWord: true)
/// ```
@usableFromInline
package struct TextSelectionFacts: Hashable, Sendable {
    /// How many of a selection's Characters are counted at most (``TextRangeFacts/characterCount``), so
    /// a Select All of a huge document stays fast: under it, the count is exact.
    @usableFromInline package static let characterCountLimit = 100_000

    /// What is selected, as the rules see it.
    package var state: SelectionState
    /// Whether the text is empty.
    package var isEmpty: Bool

    /// Examines `selection` (UTF-8 bytes of `storage`; `nil` = nothing selected, empty = a caret).
    ///
    /// - Parameters:
    ///   - storage: the text.
    ///   - selection: the selection, in UTF-8 bytes of `storage` (`nil`: nothing selected; empty: a caret).
    ///   - isSecure: secure text never has a word to select (a double tap selects all of it).
    ///   - segmenter: finds words (ICU, in its locale).
    ///   - characterCountLimit: the selection's Characters are counted up to this many, so a Select All
    ///     of a huge document stays fast (Look Up only asks whether it is 1…200).
    package init(
        storage: TextStorage, selection: Range<Int>?, isSecure: Bool = false,
        segmenter: TextSegmenter = TextSegmenter(), characterCountLimit: Int = Self.characterCountLimit
    ) {
        isEmpty = storage.isEmpty
        guard let selection else {
            state = .none
            return
        }
        if selection.isEmpty {
            state = .caret(hasWordToSelect: !isSecure && segmenter.hasWord(near: selection.lowerBound, in: storage))
            return
        }
        let coversAll = selection == 0..<storage.byteCount
        let blank = Self.isBlank(selection, in: storage)
        // A word never holds a space, tab or line break: a selection with one is not within a word,
        // and needs no segmentation (what makes a menu over a long selection cheap). Within one word:
        // the word segment at its start is a word and holds all of it.
        let within =
            !blank && !Self.containsASCIISeparator(selection, in: storage)
            && segmenter.wordSegment(atByte: selection.lowerBound, in: storage).map {
                $0.isWord && $0.range.lowerBound <= selection.lowerBound && selection.upperBound <= $0.range.upperBound
            } == true
        state = .range(
            TextRangeFacts(
                characterCount: storage.characterCount(in: selection, limit: characterCountLimit),
                coversAll: coversAll, isBlank: blank, isWithinOneWord: within,
                containsRightToLeftScript: !blank && Self.containsRightToLeftScript(selection, in: storage)))
    }

    /// How much of a selection ``containsRightToLeftScript(_:in:)`` looks at: its first 4 KiB, about
    /// a page of text, so a menu over a huge selection stays fast.
    static let rightToLeftScanLimit = 4096

    /// Whether the first ``rightToLeftScanLimit`` bytes of `range` hold a strong right-to-left
    /// character (bidirectional class R or AL). ASCII bytes are skipped without decoding.
    static func containsRightToLeftScript(_ range: Range<Int>, in storage: TextStorage) -> Bool {
        var found = false
        storage.forEachRun(in: range.lowerBound..<min(range.upperBound, range.lowerBound + rightToLeftScanLimit)) {
            run in
            var i = 0
            while !found, i < run.count {
                let lead = run[i]
                // Every right-to-left script starts at U+0590 (a two-byte sequence led by 0xD6 or more).
                guard lead >= 0xD6, let length = UTF8Validator.sequenceLength(run, at: i), length > 1 else {
                    i += 1
                    continue
                }
                var scalar = UInt32(lead) & (0xFF >> (length + 1))
                for j in 1..<length { scalar = scalar << 6 | UInt32(run[i + j] & 0x3F) }
                found = Bidi.mayBeRightToLeft(scalar) && ICU.isStrongRightToLeft(scalar)
                i += length
            }
        }
        return found
    }

    /// Whether the first 4 KiB of `range` hold a space, a tab or a line break (ASCII), which always
    /// separate words. (`false` beyond that: the caller then segments, as it would anyway.)
    static func containsASCIISeparator(_ range: Range<Int>, in storage: TextStorage) -> Bool {
        var found = false
        storage.forEachRun(in: range.lowerBound..<min(range.upperBound, range.lowerBound + 4096)) { run in
            guard !found else { return }
            found = run.contains { $0 == 0x20 || (0x09...0x0D).contains($0) }
        }
        return found
    }

    /// Whether `range` holds only whitespace and invisible format characters; stops at the first
    /// visible character, so a huge selection of text answers at once.
    static func isBlank(_ range: Range<Int>, in storage: TextStorage) -> Bool {
        var blank = true
        storage.forEachRun(in: range) { run in
            guard blank else { return }
            var i = 0
            while i < run.count {
                let byte = run[i]
                if byte < 0x80 {
                    guard (0x09...0x0D).contains(byte) || byte == 0x20 else {
                        blank = false
                        return
                    }
                    i += 1
                    continue
                }
                guard let length = UTF8Validator.sequenceLength(run, at: i) else {
                    i += 1
                    continue
                }
                let text = String(decoding: UnsafeBufferPointer(rebasing: run[i..<(i + length)]), as: Unicode.UTF8.self)
                if let scalar = text.unicodeScalars.first,
                    !(scalar.properties.isWhitespace || scalar.properties.isDefaultIgnorableCodePoint)
                {
                    blank = false
                    return
                }
                i += length
            }
        }
        return blank
    }
}

extension TextSegmenter {
    /// Whether the line around byte `offset` of `storage` holds a word (letters, digits, ideographs)
    /// that Select could select.
    func hasWord(near offset: Int, in storage: TextStorage) -> Bool {
        let window = storage.window(around: min(max(0, offset), storage.byteCount), radius: windowRadius)
        return wordSegments(in: window).contains(where: \.isWord)
    }
}
