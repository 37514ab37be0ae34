import Foundation
import Synchronization

/// A language's quotation marks: the primary pair (“ ”, „ “, « », 「 」) and the secondary pair for
/// quotes inside quotes (‘ ’, ‚ ‘, “ ”, 『 』), from CLDR through ICU.
package struct QuotationMarks: Hashable, Sendable {
    /// Opens a quotation.
    package var start: String
    /// Closes a quotation.
    package var end: String
    /// Opens a quotation inside a quotation.
    package var secondaryStart: String
    /// Closes a quotation inside a quotation.
    package var secondaryEnd: String

    /// Creates marks.
    package init(start: String, end: String, secondaryStart: String, secondaryEnd: String) {
        self.start = start
        self.end = end
        self.secondaryStart = secondaryStart
        self.secondaryEnd = secondaryEnd
    }

    /// English's: “ ” and ‘ ’.
    package static let english = QuotationMarks(
        start: "\u{201C}", end: "\u{201D}", secondaryStart: "\u{2018}", secondaryEnd: "\u{2019}")

    private static let cache = Mutex<[String: QuotationMarks]>([:])

    /// The marks of the language people write in: CLDR's for the language they asked for (so a Swiss
    /// German user gets « »), else for the menu's language; English's when ICU has none.
    package static func forLocale(_ locale: MenuLocale) -> QuotationMarks {
        let icu = TextTransformation.icuLocale(locale)
        if let hit = cache.withLock({ $0[icu] }) { return hit }
        let primary = ICU.quotationMarks(locale: icu) ?? (english.start, english.end)
        let secondary = ICU.alternateQuotationMarks(locale: icu) ?? (english.secondaryStart, english.secondaryEnd)
        let marks = QuotationMarks(
            start: primary.start, end: primary.end, secondaryStart: secondary.start, secondaryEnd: secondary.end)
        cache.withLock { $0[icu] = marks }
        return marks
    }
}

/// What changes text while people type (Substitutions ▸): smart quotes in the language's own
/// quotation marks, smart dashes, and the user's text replacements — each only while its toggle is
/// on. Set it on a ``TextEditor`` and every Character typed with ``TextEditor/type(_:)`` is checked.
///
/// Each substitution is an undo step of its own right after the typing, so the next Undo takes back
/// only the substitution and leaves what was typed (as on macOS): typing `"` gives “, Undo gives `"`.
///
/// ```swift
/// var editor = TextEditor(text: "")
/// editor.substitutions = TextSubstitutions(locale: MenuLocale("de"))
/// for c in "\"Hallo\" -- ja" { try editor.type(String(c)) }
/// editor.text          // „Hallo“ — ja
/// try editor.undo()    // „Hallo“ —        (the typing after the dash)
/// try editor.undo()    // „Hallo“ --       (the dash substitution alone)
/// ```
public struct TextSubstitutions: Hashable, Sendable {
    /// The toggles.
    public var settings: SubstitutionSettings
    /// The quotation marks smart quotes use.
    package var quotes: QuotationMarks
    /// The user's shortcuts, longest first.
    package private(set) var replacements: [TextReplacement]

    /// Substitutions with `settings`, the quotation marks of `locale`, and `replacements`.
    package init(
        settings: SubstitutionSettings = SubstitutionSettings(), locale: MenuLocale = .english,
        replacements: [TextReplacement] = []
    ) {
        self.settings = settings
        self.quotes = QuotationMarks.forLocale(locale)
        self.replacements = replacements.sorted { $0.shortcut.utf8.count > $1.shortcut.utf8.count }
    }

    /// Substitutions from the user's settings, in `locale`.
    package init(_ settings: EditMenuSettings, locale: MenuLocale) {
        self.init(settings: settings.substitutions, locale: locale, replacements: settings.textReplacements)
    }

    /// The characters that end a word and so trigger a text replacement.
    static let replacementTriggers: Set<Character> = [" ", "\n", "\t", ".", ",", "!", "?", ";", ":", ")"]

    /// What to do after `typed` was typed and the caret is at `caret`: replace a range with a text,
    /// leaving the caret at `caret` moved by the change. `before` is the text right before the caret
    /// (a few dozen Characters, `typed` last).
    func substitution(typed: String, before: Substring) -> (replacing: Int, with: String, action: UndoAction)? {
        guard mayApply(afterTyping: typed), let c = typed.first, before.hasSuffix(typed) else { return nil }
        let preceding = before.dropLast(typed.count)
        if settings.textReplacement, Self.replacementTriggers.contains(c), !replacements.isEmpty {
            for replacement in replacements where preceding.hasSuffix(replacement.shortcut) {
                let start = preceding.dropLast(replacement.shortcut.count)
                if let last = start.last, last.isLetter || last.isNumber { continue }
                return (replacement.shortcut.utf8.count, replacement.phrase, .textReplacement)
            }
        }
        if settings.smartQuotes, c == "\"" || c == "'" {
            let previous = preceding.last
            let opening = previous == nil || previous!.isWhitespace || Self.opensQuote(previous!, quotes)
            let mark: String
            if c == "\"" {
                mark = opening ? quotes.start : quotes.end
            } else if let previous, previous.isLetter || previous.isNumber {
                // An apostrophe (’), unless it closes a secondary quotation whose close mark differs.
                let open = preceding.lastRange(of: quotes.secondaryStart)
                let closed = preceding.lastRange(of: quotes.secondaryEnd)
                let inside = open != nil && (closed == nil || closed!.lowerBound < open!.lowerBound)
                mark = inside && quotes.secondaryStart != quotes.secondaryEnd ? quotes.secondaryEnd : "\u{2019}"
            } else {
                mark = opening ? quotes.secondaryStart : quotes.secondaryEnd
            }
            return mark == typed ? nil : (typed.utf8.count, mark, .smartQuotes)
        }
        if settings.smartDashes, c == "-", preceding.last == "-" {
            return (2, "\u{2014}", .smartDashes)
        }
        return nil
    }

    /// Whether typing `typed` can trigger a substitution at all (one Character: a replacement trigger,
    /// a straight quote or a hyphen, with its setting on), whatever text comes before it.
    func mayApply(afterTyping typed: String) -> Bool {
        guard typed.count == 1, let c = typed.first else { return false }
        return (settings.textReplacement && Self.replacementTriggers.contains(c) && !replacements.isEmpty)
            || (settings.smartQuotes && (c == "\"" || c == "'")) || (settings.smartDashes && c == "-")
    }

    /// Characters after which a typed quotation mark opens a quotation.
    static func opensQuote(_ c: Character, _ quotes: QuotationMarks) -> Bool {
        "([{<\u{2014}\u{2013}-/\u{201C}\u{2018}\u{201E}\u{201A}\u{00AB}\u{2039}\u{300C}\u{300E}".contains(c)
            || String(c) == quotes.start || String(c) == quotes.secondaryStart
    }
}

extension Substring {
    fileprivate func lastRange(of needle: String) -> Range<Index>? {
        guard !needle.isEmpty else { return nil }
        var found: Range<Index>?
        var from = startIndex
        while let range = self[from...].range(of: needle) {
            found = range
            from = range.upperBound
        }
        return found
    }
}

extension TextSubstitutions {
    /// How much text before the caret substitutions look at (bytes).
    static let substitutionContextBytes = 256
}

extension TextEditor {
    /// After `typed` was typed: applies the substitution ``substitutions`` makes of it, if any
    /// (``TextDocument/substitute(afterTyping:using:)``).
    mutating func substitute(afterTyping typed: String) throws(EditingError) {
        guard let substitutions else { return }
        try substitute(afterTyping: typed, using: substitutions)
    }

    /// Smart Copy/Paste for Cut: a selection of whole words between spaces takes one of the spaces
    /// with it ("a b c", cut "b" → "a c"); the pasteboard gets only the words.
    func smartCutRange(_ range: Range<Int>) -> Range<Int> {
        guard substitutions?.settings.smartCopyPaste == true, !range.isEmpty, range.count <= 1 << 16 else {
            return range
        }
        let text = storage.string(in: range)
        guard let first = text.first, let last = text.last, !first.isWhitespace, !last.isWhitespace else {
            return range
        }
        let before = range.lowerBound > 0 ? storage.byte(at: range.lowerBound - 1) : nil
        let after = range.upperBound < storage.byteCount ? storage.byte(at: range.upperBound) : nil
        let beforeIsSpace = before == 0x20
        let afterIsSpace = after == 0x20
        if beforeIsSpace, afterIsSpace { return range.lowerBound..<(range.upperBound + 1) }
        // At the end of a sentence or the text: the space before goes ("a b." cut "b" → "a.").
        if beforeIsSpace, after == nil || after == 0x0A || [0x2E, 0x2C, 0x21, 0x3F, 0x3B, 0x3A].contains(after!) {
            return (range.lowerBound - 1)..<range.upperBound
        }
        return range
    }

    /// Smart Copy/Paste for Paste: a word pasted against a word gets a space between them ("ab" +
    /// "c" → "ab c"); `nil` when nothing changes.
    func smartPasteText(_ text: String, replacing range: Range<Int>) -> String? {
        guard substitutions?.settings.smartCopyPaste == true, !text.isEmpty, text.utf8.count <= 1 << 16,
            let first = text.first, let last = text.last, !first.isWhitespace, !last.isWhitespace,
            !text.contains(where: \.isNewline)
        else { return nil }
        func character(endingAt offset: Int) -> Character? {
            guard offset > 0 else { return nil }
            return storage.string(in: storage.graphemeBoundary(atOrBefore: offset - 1)..<offset).first
        }
        func character(startingAt offset: Int) -> Character? {
            guard offset < storage.byteCount else { return nil }
            return storage.string(in: offset..<storage.graphemeBoundary(atOrAfter: offset + 1)).first
        }
        let before = character(endingAt: range.lowerBound)
        let after = character(startingAt: range.upperBound)
        let spaceBefore = before.map { ($0.isLetter || $0.isNumber) && (first.isLetter || first.isNumber) } ?? false
        let spaceAfter = after.map { ($0.isLetter || $0.isNumber) && (last.isLetter || last.isNumber) } ?? false
        guard spaceBefore || spaceAfter else { return nil }
        return (spaceBefore ? " " : "") + text + (spaceAfter ? " " : "")
    }
}
