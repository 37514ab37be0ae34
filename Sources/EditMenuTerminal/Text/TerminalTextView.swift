import EditMenuKit
import Foundation

/// A text region of a terminal screen: a `TextEditor` laid out by a `TextViewport` in a
/// rectangle of cells, with what a text field does — typing, deleting, caret movement with the arrows,
/// Home/End and Page keys (Shift extends, Ctrl goes by document), selection by dragging, scrolling —
/// and what the edit menu needs from it. Attach it to a ``TerminalEditMenu``.
///
/// ```swift
/// let notes = TerminalTextView(editor: TextEditor(text: "Hello world"),
///                              frame: CellRect(column: 2, row: 2, width: 60, height: 10))
/// menu.attach(notes)                     // a TerminalEditMenu
/// notes.draw(into: &screen, focused: true)
/// ```
public final class TerminalTextView: TerminalEditMenuTarget {
    /// The text, its selection and undo history.
    public var editor: TextEditor {
        didSet {
            // A new selection keeps the layout: only a change of the text lays out again.
            let text = LaidOutText(editor.storage)
            guard text != laidOutText else { return }
            laidOutText = text
            rowsCache = nil
            viewport.textChanged(in: editor.storage)
        }
    }
    /// What part of the text is on screen.
    package private(set) var viewport: TextViewport
    /// The rows on screen for the viewport they were laid out for (the text has not changed since).
    private var rowsCache: (viewport: TextViewport, rows: [VisualRow])?
    /// Which text ``rowsCache`` and the viewport's top were laid out for.
    private var laidOutText: LaidOutText

    /// A text by its storage's identity and revision: the same pair is the same bytes.
    private struct LaidOutText: Equatable {
        var identity: UInt64
        var revision: UInt64
        init(_ storage: TextStorage) {
            identity = storage.identity
            revision = storage.revision
        }
    }

    /// The rows on screen, in visual order; laid out once for each text and viewport however often a
    /// frame asks (drawing, the caret, the menu's target, the arrows).
    package var visibleRows: [VisualRow] {
        if let cache = rowsCache, cache.viewport == viewport { return cache.rows }
        let rows = viewport.rows(in: editor.storage)
        rowsCache = (viewport, rows)
        return rows
    }
    /// Where the text is drawn.
    public var frame: CellRect {
        didSet { resize() }
    }
    /// One line (a field: line breaks are not typed) rather than an area.
    public var isSingleLine: Bool
    /// Whether the text takes styles (Format ▸).
    package var isRich = false
    /// Whether Delete is offered in the menu.
    package var allowsDelete = false
    /// Spelling suggestions for the selected word, from the app's spell checker.
    package var spellingSuggestions: [String] = []
    /// How many changes the view made to the text (typing, commands, undo): a host compares it to know
    /// the document changed.
    package private(set) var changeCount = 0
    /// The selection, highlighted.
    package var selectionStyle = CellStyle(foreground: .indexed(16), background: .indexed(153))
    /// Read-only text is drawn in italics.
    package var readOnlyStyle = CellStyle(italic: true)
    /// A misspelled word: underlined in red.
    package var misspellingStyle = CellStyle(foreground: .indexed(196), underline: true)
    /// The spell checker Check Document Now searches with and misspelled words are marked with (set by
    /// ``TerminalEditMenu/attach(_:)`` from its configuration); `nil`: no spelling.
    package var spellChecker: (any SpellChecker)? {
        didSet { makeSpellingMarks() }
    }
    /// The menu's language, for which dictionary reads which script.
    package var spellingLocale: MenuLocale = .english {
        didSet { makeSpellingMarks() }
    }
    /// The host's language for the text (`EditMenuConfiguration.textLanguage`): words in its script
    /// are checked in it.
    package var textLanguage: String? {
        didSet { makeSpellingMarks() }
    }

    private func makeSpellingMarks() {
        spelling = spellChecker.map { SpellingMarks(checker: $0, locale: spellingLocale, hint: textLanguage) }
    }
    /// Whether misspelled words are marked (Check Spelling While Typing); editable, non-secure text only.
    package var marksMisspellings = true
    /// Whether a spelling check of the visible text is running: draw again soon to show its marks.
    package var isCheckingSpelling: Bool { spelling?.isChecking ?? false }
    private var spelling: SpellingMarks?

    /// The fixed end of a selection being extended (a drag, Shift+arrows); the other end moves.
    var selectionAnchor: Int?

    /// A text view showing `editor` in `frame`; `isSingleLine` for a field (no wrapping), `masked` to
    /// show every Character as `•` (passwords; the editor should be secure).
    public init(editor: TextEditor, frame: CellRect, isSingleLine: Bool = false, masked: Bool = false) {
        self.editor = editor
        laidOutText = LaidOutText(editor.storage)
        self.frame = frame
        self.isSingleLine = isSingleLine
        viewport = TextViewport(width: 1, height: 1, wraps: !isSingleLine, masked: masked)
        resize()
    }

    private func resize() {
        viewport.width = max(1, frame.width)
        viewport.height = max(1, frame.height)
        viewport.textChanged(in: editor.storage)
    }

    // MARK: The edit menu

    package func menuContent(locale: MenuLocale, idiom: Idiom) -> ContentSnapshot {
        editor.editMenuContent(
            locale: locale, idiom: idiom, isRich: isRich, allowsDelete: allowsDelete,
            spellingSuggestions: spellingSuggestions)
    }

    package func select(
        for gesture: RevealGesture, at cell: CGPoint?, input: InputMethod, gestures: SelectionGestures
    )
        -> Bool
    {
        let offset = cell.flatMap(byteOffset(at:)) ?? editor.selection.lowerBound
        let shows = editor.apply(gesture, atByte: offset, input: input, gestures: gestures)
        selectionAnchor = nil
        reveal(editor.selection.upperBound)
        return shows
    }

    package func selectionRects() -> [CGRect] { rects(for: editor.selection) }

    /// The rects of `selection` (bytes) in screen cells, one per visible row (a caret is zero-width);
    /// empty when it is scrolled out of view.
    package func rects(for selection: Range<Int>) -> [CGRect] {
        var rects: [CGRect] = []
        for (i, row) in visibleRows.enumerated() where i < frame.height {
            let y = Double(frame.row + i)
            if selection.isEmpty {
                if row.holdsCaret(at: selection.lowerBound), rects.isEmpty {
                    let x = Double(frame.column + row.column(ofCaret: selection.lowerBound))
                    rects.append(CGRect(x: x, y: y, width: 0, height: 1))
                }
                continue
            }
            // The selected glyphs' extent (in bidirectional text they need not be side by side).
            let glyphs = row.glyphs.filter { $0.offset >= selection.lowerBound && $0.offset < selection.upperBound }
            guard let left = glyphs.map(\.column).min(), let right = glyphs.map({ $0.column + $0.width }).max()
            else { continue }
            rects.append(CGRect(x: Double(frame.column + left), y: y, width: Double(right - left), height: 1))
        }
        return rects
    }

    package func perform(_ command: EditCommand.ID, pasteboard: any Pasteboard) throws(EditingError) {
        try edit { (editor: inout TextEditor) throws(EditingError) in
            try editor.perform(command, pasteboard: pasteboard)
        }
    }

    package func replaceSelection(with text: String, actionName: UndoAction) throws(EditingError) {
        try edit { (editor: inout TextEditor) throws(EditingError) in
            try editor.replaceSelection(with: text, actionName: actionName)
        }
    }

    /// What typing substitutes (smart quotes, dashes, text replacements); ``TerminalEditMenu`` keeps it
    /// in line with its controller's settings. `nil`: nothing.
    package var substitutions: TextSubstitutions?

    /// The view itself: the controller performs Find ▸, Transformations ▸, Writing Direction ▸, Emoji &
    /// Symbols and Check Document Now on its text through the `TextDocument` primitives.
    package var textDocument: (any TextDocument & AnyObject)? { TerminalTextViewDocument(self) }

    package func dragSelection(_ phase: SelectionDrag) {
        switch phase {
        case .began(let point):
            selectionAnchor = byteOffset(at: point)
        case .moved(let point), .ended(let point):
            guard let anchor = selectionAnchor else { return }
            // Dragging past the view's edge scrolls it.
            if Int(point.y) < frame.row { viewport.scrollUp(1, in: editor.storage) }
            if Int(point.y) >= frame.row + frame.height { viewport.scrollDown(1, in: editor.storage) }
            guard let head = byteOffset(at: point) else { return }
            editor.select(min(anchor, head)..<max(anchor, head))
            selectionAnchor = anchor
        }
    }

    package func scroll(by rows: Int) -> Bool {
        let top = viewport.top
        if rows < 0 {
            viewport.scrollUp(-rows, in: editor.storage)
        } else {
            viewport.scrollDown(rows, in: editor.storage)
        }
        return viewport.top != top
    }

    /// The byte offset under a screen cell, clamped into the view (`nil` for an empty layout).
    package func byteOffset(at cell: CGPoint) -> Int? {
        let rows = visibleRows
        guard !rows.isEmpty else { return 0 }
        let r = Int(cell.y) - frame.row
        if r < 0 { return rows[0].start }
        if r >= rows.count { return rows[rows.count - 1].end }
        return rows[r].offset(atColumn: Int(cell.x) - frame.column)
    }

    // MARK: Editing

    package func handleEditingKey(_ key: Key, modifiers: KeyModifiers) -> TerminalEditingResult {
        switch key {
        case .backspace: return delete(forward: false)
        case .delete: return delete(forward: true)
        case .enter: return isSingleLine ? .ignored : insertText("\n")
        case .left, .right, .up, .down, .home, .end, .pageUp, .pageDown:
            moveCaret(key, extend: modifiers.contains(.shift), byDocument: modifiers.contains(.control))
            return .selectionChanged
        default: return .ignored
        }
    }

    package func insertText(_ text: String) -> TerminalEditingResult {
        guard editor.isEditable else { return .failed("This text is not editable") }
        let clean = isSingleLine ? text.filter { !$0.isNewline } : text
        return result { (editor: inout TextEditor) throws(EditingError) in try editor.type(clean) }
    }

    package func insertPastedText(_ text: String) -> TerminalEditingResult {
        guard editor.isEditable else { return .failed("This text is not editable") }
        let clean = isSingleLine ? text.filter { !$0.isNewline } : text
        // Through a pasteboard of its own, so it undoes as "Paste" and leaves the app's pasteboard alone.
        let terminalPaste = InMemoryPasteboard()
        terminalPaste.write([.text(clean)])
        return result { (editor: inout TextEditor) throws(EditingError) in
            try editor.perform(.paste, pasteboard: terminalPaste)
        }
    }

    /// Backspace (`forward` false) or forward delete: the selection, else the Character before or
    /// after the caret.
    package func delete(forward: Bool) -> TerminalEditingResult {
        guard editor.isEditable else { return .ignored }
        return result { (e: inout TextEditor) throws(EditingError) in
            if forward, e.selection.isEmpty {
                let next = e.storage.graphemeBoundary(atOrAfter: e.selection.upperBound + 1)
                guard next > e.selection.upperBound else { return }
                e.select(e.selection.lowerBound..<next)
            }
            try e.deleteBackward()
        }
    }

    /// Moves the caret (or, with `extend`, the selection's moving end) as `key` says; `byDocument`
    /// (Ctrl) sends Home and End to the document's ends.
    package func moveCaret(_ key: Key, extend: Bool, byDocument: Bool) {
        let storage = editor.storage
        let selection = editor.selection
        // The fixed end and the moving end of the selection.
        let anchor =
            selectionAnchor.flatMap { $0 == selection.lowerBound || $0 == selection.upperBound ? $0 : nil }
            ?? selection.lowerBound
        var head = anchor == selection.lowerBound ? selection.upperBound : selection.lowerBound
        if !extend, !selection.isEmpty {
            // Without Shift, an arrow collapses the selection to the side it points to (on screen, in
            // bidirectional text).
            switch key {
            case .left, .up: head = selection.lowerBound
            case .right, .down: head = selection.upperBound
            default: break
            }
            if key == .left || key == .right {
                if let row = row(containing: head), row.isBidirectional {
                    let (a, b) = (row.column(ofCaret: selection.lowerBound), row.column(ofCaret: selection.upperBound))
                    let lowerIsLeft = a <= b
                    head = (key == .left) == lowerIsLeft ? selection.lowerBound : selection.upperBound
                }
                finishMove(head: head, anchor: nil)
                return
            }
        }
        reveal(head)
        let visible = visibleRows
        let index = visible.lastIndex { $0.holdsCaret(at: head) }
        // Left and Right move on screen: through a bidirectional row in visual order, and past its
        // visual end into the text before or after it (in the paragraph's direction).
        if key == .left || key == .right, let index, visible[index].isBidirectional {
            let row = visible[index]
            if let moved = row.caretOffset(movingFrom: head, toTheRight: key == .right) {
                finishMove(head: moved, anchor: extend ? anchor : nil)
                return
            }
            let forward = (key == .right) != row.isRightToLeft
            head = forward ? row.next == row.end ? row.end : row.next : max(0, row.start - 1)
            if !forward, head > 0 { head = storage.graphemeBoundary(atOrBefore: head) }
            finishMove(head: head, anchor: extend ? anchor : nil)
            return
        }
        switch key {
        case .left:
            if head > 0 { head = storage.graphemeBoundary(atOrBefore: head - 1) }
        case .right:
            if head < storage.byteCount { head = storage.graphemeBoundary(atOrAfter: head + 1) }
        case .home:
            head = byDocument ? 0 : index.map { visible[$0].start } ?? head
        case .end:
            head = byDocument ? storage.byteCount : index.map { visible[$0].end } ?? head
        case .up, .pageUp:
            guard let index else { break }
            let column = visible[index].column(ofCaret: head)
            let step = key == .up ? 1 : max(1, viewport.height - 1)
            if index >= step {
                head = visible[index - step].offset(atColumn: column)
            } else if viewport.top == 0 {
                head = index == 0 ? 0 : visible[0].offset(atColumn: column)
            } else {
                viewport.scrollUp(step - index, in: storage)
                head = visibleRows.first?.offset(atColumn: column) ?? 0
            }
        case .down, .pageDown:
            guard let index else { break }
            let column = visible[index].column(ofCaret: head)
            let step = key == .down ? 1 : max(1, viewport.height - 1)
            if index + step < visible.count {
                head = visible[index + step].offset(atColumn: column)
            } else if visible.count < viewport.height {
                head = storage.byteCount
            } else {
                viewport.scrollDown(index + step - (visible.count - 1), in: storage)
                head = visibleRows.last?.offset(atColumn: column) ?? storage.byteCount
            }
        default:
            break
        }
        finishMove(head: head, anchor: extend ? anchor : nil)
    }

    /// Scrolls as little as possible so that byte `offset` is on screen. When a row on screen already
    /// holds it (most caret moves and selections), nothing moves and nothing is laid out again.
    private func reveal(_ offset: Int) {
        if visibleRows.prefix(viewport.height).contains(where: { $0.start <= offset && offset < $0.next }) { return }
        viewport.reveal(offset, in: editor.storage)
    }

    /// The visible row that holds byte `offset`, if it is on screen.
    private func row(containing offset: Int) -> VisualRow? {
        visibleRows.last { $0.holdsCaret(at: offset) }
    }

    private func finishMove(head: Int, anchor: Int?) {
        if let anchor {
            editor.select(min(anchor, head)..<max(anchor, head))
            selectionAnchor = anchor
        } else {
            editor.select(head..<head)
            selectionAnchor = nil
        }
        reveal(head)
    }

    /// Runs `body` on the editor, keeps the selection visible and counts the change.
    func edit(_ body: (inout TextEditor) throws(EditingError) -> Void) throws(EditingError) {
        let before = editor.history.changeCount
        var copy = editor
        // Typing, Cut and Paste see the substitutions in force now (Smart Copy/Paste too).
        copy.substitutions = substitutions
        defer {
            editor = copy
            reveal(editor.selection.upperBound)
            if editor.history.changeCount != before { changeCount += 1 }
        }
        try body(&copy)
        selectionAnchor = nil
    }

    private func result(_ body: (inout TextEditor) throws(EditingError) -> Void) -> TerminalEditingResult {
        let before = changeCount
        do {
            try edit(body)
        } catch {
            return .failed(error.description)
        }
        return changeCount != before ? .contentChanged : .selectionChanged
    }

    // MARK: Drawing

    /// Where the terminal cursor goes: the caret, when the text is editable, the selection empty and
    /// the caret on screen.
    public var cursorPosition: Screen.Position? {
        guard editor.selection.isEmpty, editor.isEditable || editor.isSecure, let caret = selectionRects().first
        else { return nil }
        return Screen.Position(column: Int(caret.minX), row: Int(caret.minY))
    }

    /// Draws the visible text, its selection (highlighted when `focused`) and misspelling marks into
    /// `screen`.
    public func draw(into screen: inout Screen, focused: Bool) {
        let selection = editor.selection
        let base = editor.isEditable ? CellStyle.plain : readOnlyStyle
        if isSingleLine {
            screen.fill(
                column: frame.column, row: frame.row, width: frame.width, height: 1, style: CellStyle(underline: true))
        }
        // Glyphs are in logical order (their columns visual): the marks are walked in step with them.
        let rows = visibleRows.prefix(frame.height)
        let misspelled = misspellings(
            visible: rows.first.map { $0.start..<(rows.last?.end ?? $0.start) }, focused: focused)
        var mark = 0
        // Side by side glyphs of printable ASCII in one style (most of a row) are written as one run.
        var run: [UInt8] = []
        run.reserveCapacity(frame.width)
        var runColumn = 0
        // A glyph's style is one of three, chosen by a code (0 the text's, 1 selected, 2 misspelled),
        // so a run compares codes; each style is made once.
        var misspelledStyle = misspellingStyle
        misspelledStyle.italic = base.italic
        var styles = [base, selectionStyle, misspelledStyle]
        if isSingleLine { for k in styles.indices { styles[k].underline = true } }
        var runCode = 0
        for (i, row) in rows.enumerated() {
            let y = frame.row + i
            // The glyphs are read in place: most are drawn from their ASCII byte, without copying
            // the glyph or reading its string.
            row.glyphs.withUnsafeBufferPointer { glyphs in
                for g in glyphs.indices {
                    let offset = glyphs[g].offset
                    var code = offset >= selection.lowerBound && offset < selection.upperBound ? 1 : 0
                    while mark < misspelled.count, misspelled[mark].upperBound <= offset { mark += 1 }
                    if code == 0, mark < misspelled.count, misspelled[mark].contains(offset) { code = 2 }
                    let column = glyphs[g].column
                    let byte = glyphs[g].asciiByte
                    if byte != 0 {
                        if !run.isEmpty, runCode != code || runColumn + run.count != column {
                            screen.putASCII(run, column: frame.column + runColumn, row: y, style: styles[runCode])
                            run.removeAll(keepingCapacity: true)
                        }
                        if run.isEmpty {
                            runColumn = column
                            runCode = code
                        }
                        run.append(byte)
                        continue
                    }
                    if !run.isEmpty {
                        screen.putASCII(run, column: frame.column + runColumn, row: y, style: styles[runCode])
                        run.removeAll(keepingCapacity: true)
                    }
                    if glyphs[g].cellWidth != 0 {
                        screen.put(
                            glyphs[g].cell, width: glyphs[g].cellWidth, column: frame.column + column, row: y,
                            style: styles[code])
                    } else {
                        screen.put(glyphs[g].display, column: frame.column + column, row: y, style: styles[code])
                    }
                }
            }
            if !run.isEmpty {
                screen.putASCII(run, column: frame.column + runColumn, row: y, style: styles[runCode])
                run.removeAll(keepingCapacity: true)
            }
        }
    }

    /// The misspelled words in `visible` bytes, in order — not the word being typed at the caret.
    private func misspellings(visible: Range<Int>?, focused: Bool) -> [Range<Int>] {
        guard marksMisspellings, let spelling, let visible, !visible.isEmpty, editor.isEditable, !editor.isSecure
        else { return [] }
        let version = SpellingMarks.Version(
            storage: editor.storage.identity, changes: editor.history.changeCount, checker: spelling.checker.generation)
        let caret = editor.selection.isEmpty && focused ? editor.selection.lowerBound : nil
        return spelling.marks(in: visible, of: editor.storage, version: version, caret: caret)
    }
}

/// The view's text as the core edits it: its `TextEditor`'s primitives, each change counted and the
/// selection kept in view, with the view's cells as geometry.
extension TerminalTextView {
    package var storage: TextStorage { editor.storage }
    package var selection: Range<Int> { editor.selection }
    package var isEditable: Bool { editor.isEditable }
    package var isSecure: Bool { editor.isSecure }
    package var segmenter: TextSegmenter { editor.segmenter }

    package func select(_ range: Range<Int>) {
        editor.select(range)
        selectionAnchor = nil
    }

    package func replace(_ changes: [TextChange], actionName: UndoAction, selecting: Range<Int>) throws(EditingError) {
        try edit { (editor: inout TextEditor) throws(EditingError) in
            try editor.replace(changes, actionName: actionName, selecting: selecting)
        }
    }

    package func scrollRangeToVisible(_ range: Range<Int>) {
        reveal(range.lowerBound)
        reveal(range.upperBound)
    }
}

/// A ``TerminalTextView`` as the `TextDocument` the controller performs the document commands on: the
/// view's own primitives. An object of its own, so that the view's public API is what an app uses, not
/// the core's document protocol.
package final class TerminalTextViewDocument: TextDocument {
    /// The view whose text this is.
    package let view: TerminalTextView

    package init(_ view: TerminalTextView) { self.view = view }

    package var storage: TextStorage { view.storage }
    package var selection: Range<Int> { view.selection }
    package var isEditable: Bool { view.isEditable }
    package var isSecure: Bool { view.isSecure }
    package var segmenter: TextSegmenter { view.segmenter }
    package func select(_ range: Range<Int>) { view.select(range) }
    package func replace(_ changes: [TextChange], actionName: UndoAction, selecting: Range<Int>) throws(EditingError) {
        try view.replace(changes, actionName: actionName, selecting: selecting)
    }
    package func scrollRangeToVisible(_ range: Range<Int>) { view.scrollRangeToVisible(range) }
    package func rects(for range: Range<Int>) -> [CGRect] { view.rects(for: range) }
    package func byteOffset(at point: CGPoint) -> Int? { view.byteOffset(at: point) }
}
