/// Computes the facts the menu rules need about a text and its selection.
///
/// ```swift
/// let facts = TextSelectionFacts(text: "Helo world", selection: 0..<4)
/// facts.state   // .range(length: 4, coversAll: false, isBlank: false, isWithinOneWord: true)
/// ```
public struct TextSelectionFacts: Hashable, Sendable {
    /// What is selected, as the rules see it.
    public var state: SelectionState
    /// Whether the text is empty.
    public var isEmpty: Bool

    /// Examines `selection` (Character offsets; `nil` = nothing selected, empty = caret) in `text`.
    /// Only a window around the selection is segmented.
    public init(text: String, selection: Range<Int>?, segmenter: TextSegmenter = TextSegmenter()) {
        isEmpty = text.isEmpty
        guard let selection else {
            state = .none
            return
        }
        if selection.isEmpty {
            state = .caret(hasWordToSelect: Self.hasWord(near: selection.lowerBound, in: text, segmenter: segmenter))
            return
        }
        var index = text.startIndex
        var offset = 0
        while offset < selection.lowerBound, index < text.endIndex {
            text.formIndex(after: &index)
            offset += 1
        }
        var blank = true
        var length = 0
        while offset + length < selection.upperBound, index < text.endIndex {
            if !text[index].isBlankForSelection { blank = false }
            text.formIndex(after: &index)
            length += 1
        }
        let coversAll = selection.lowerBound == 0 && index == text.endIndex
        let window = TextWindow(text: text, around: selection.lowerBound, radius: segmenter.windowRadius)
        let word = segmenter.wordSegments(in: window).first { $0.range.contains(selection.lowerBound - window.start) }
        let within = !blank && word.map { $0.isWord && selection.upperBound - window.start <= $0.range.upperBound } == true
        state = .range(TextRangeFacts(length: length, coversAll: coversAll, isBlank: blank, isWithinOneWord: within))
    }

    private static func hasWord(near offset: Int, in text: String, segmenter: TextSegmenter) -> Bool {
        let window = TextWindow(text: text, around: offset, radius: segmenter.windowRadius)
        return segmenter.wordSegments(in: window).contains(where: \.isWord)
    }
}
