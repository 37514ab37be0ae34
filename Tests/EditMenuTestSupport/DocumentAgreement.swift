import EditMenuKit

/// The table of document commands every host must agree on — the terminal host, the GTK host,
/// ``HeadlessHost`` and ``PrimitiveHost`` — each with the text, selection and undo step it must leave.
/// The hosts' tests run it through their own controller; none performs the commands itself.
public enum DocumentAgreement {
    /// One row: the text and selection (UTF-8 bytes) before, what the controller is asked, and what
    /// every host must show after.
    public struct Case: Sendable, CustomStringConvertible {
        public var name: String
        public var text: String
        public var selection: Range<Int>
        /// Asks the controller (and, for typing, the host's own typing path `type`).
        public var run: @Sendable @MainActor (EditMenuController, _ type: (String) -> Void) -> Void
        public var expectedText: String
        public var expectedSelection: Range<Int>
        public var expectedUndo: UndoAction?
        /// Whether the case needs a spell checker with an English dictionary.
        public var needsSpelling = false

        public var description: String { name }
    }

    /// The rows.
    public static let cases: [Case] = [
        Case(
            name: "Find Next", text: "one two one", selection: 0..<3,
            run: { controller, _ in
                controller.findQuery = FindQuery("ONE")
                controller.find(.forward)
            }, expectedText: "one two one", expectedSelection: 8..<11, expectedUndo: nil),
        Case(
            name: "Find Previous wraps", text: "one two one", selection: 0..<3,
            run: { controller, _ in
                controller.findQuery = FindQuery("one")
                controller.find(.backward)
            }, expectedText: "one two one", expectedSelection: 8..<11, expectedUndo: nil),
        Case(
            name: "Replace, then the next match", text: "one two one", selection: 0..<3,
            run: { controller, _ in
                controller.findQuery = FindQuery("one")
                controller.replacement = "1"
                controller.replaceAndFind()
            }, expectedText: "1 two one", expectedSelection: 6..<9, expectedUndo: .replace),
        Case(
            name: "Replace All", text: "one two one", selection: 0..<0,
            run: { controller, _ in
                controller.findQuery = FindQuery("one")
                controller.replacement = "1"
                controller.replaceAll()
            }, expectedText: "1 two 1", expectedSelection: 7..<7, expectedUndo: .replaceAll),
        Case(
            name: "Make Upper Case", text: "one two one", selection: 4..<7,
            run: { controller, _ in _ = controller.perform(.makeUpperCase) },
            expectedText: "one TWO one", expectedSelection: 4..<7,
            expectedUndo: TextTransformation.upperCase.undoAction),
        Case(
            name: "Capitalize", text: "straße in köln", selection: 0..<16,
            run: { controller, _ in _ = controller.perform(.capitalize) },
            expectedText: "Straße In Köln", expectedSelection: 0..<16,
            expectedUndo: TextTransformation.capitalize.undoAction),
        Case(
            name: "Writing Direction ▸ Right to Left", text: "one\ntwo", selection: 4..<7,
            run: { controller, _ in _ = controller.perform(.makeTextWritingDirectionRightToLeft) },
            expectedText: "one\n\u{200F}two", expectedSelection: 7..<10, expectedUndo: .writingDirection),
        Case(
            name: "Writing Direction ▸ Left to Right replaces the mark", text: "\u{200F}one", selection: 3..<6,
            run: { controller, _ in _ = controller.perform(.makeTextWritingDirectionLeftToRight) },
            expectedText: "\u{200E}one", expectedSelection: 3..<6, expectedUndo: .writingDirection),
        Case(
            name: "Select", text: "one two", selection: 5..<5,
            run: { controller, _ in _ = controller.perform(.select) },
            expectedText: "one two", expectedSelection: 4..<7, expectedUndo: nil),
        Case(
            name: "Select All twice", text: "one two", selection: 1..<1,
            run: { controller, _ in
                _ = controller.perform(.selectAll)
                _ = controller.perform(.selectAll)
            }, expectedText: "one two", expectedSelection: 0..<7, expectedUndo: nil),
        Case(
            name: "Emoji & Symbols inserts", text: "one two", selection: 3..<3,
            run: { controller, _ in controller.insert("😀") },
            expectedText: "one😀 two", expectedSelection: 7..<7, expectedUndo: .typing),
        Case(
            name: "Smart Quotes while typing", text: "say ", selection: 4..<4,
            run: { _, type in type("\"") },
            expectedText: "say \u{201C}", expectedSelection: 7..<7, expectedUndo: .smartQuotes),
        Case(
            name: "Smart Dashes while typing", text: "a-", selection: 2..<2,
            run: { _, type in type("-") },
            expectedText: "a\u{2014}", expectedSelection: 4..<4, expectedUndo: .smartDashes),
        Case(
            name: "Check Document Now", text: "good words recieve more", selection: 0..<0,
            run: { controller, _ in _ = controller.perform(.checkDocumentNow) },
            expectedText: "good words recieve more", expectedSelection: 11..<18, expectedUndo: nil,
            needsSpelling: true),
    ]
}
