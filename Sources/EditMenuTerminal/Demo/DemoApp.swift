import EditMenuKit
import Foundation

/// How the demo runs.
public struct DemoOptions: Sendable {
    /// The idiom to emulate; `nil` is the default: the compact style for press and double click, the
    /// vertical style for right click and the keyboard (as on iPad).
    public var idiom: Idiom?
    /// The language of the menus.
    public var locale: MenuLocale
    /// A file to edit instead of the built-in sample.
    public var filePath: String?
    /// A file the demo appends its event log to (gestures, presentations, commands), for tests.
    public var logPath: String?

    public init(idiom: Idiom? = nil, locale: MenuLocale = .english, filePath: String? = nil, logPath: String? = nil) {
        self.idiom = idiom
        self.locale = locale
        self.filePath = filePath
        self.logPath = logPath
    }
}

/// What the demo asks its runner to do.
public enum DemoRequest: Hashable, Sendable {
    /// End the program.
    case quit
}

/// The terminal edit-menu demo, without the terminal: feed it ``TerminalEvent``s, draw its ``render()``.
/// Everything a person does — gestures, menus, commands, undo — goes through the core exactly as a
/// host should wire it, so this type doubles as the reference host.
public final class DemoApp {
    public let options: DemoOptions
    public internal(set) var fields: [DemoField]
    public internal(set) var focus: Int = 0
    public internal(set) var columns: Int
    public internal(set) var rows: Int
    /// The status line's message.
    public internal(set) var status: String
    /// One line per presentation and command, for tests and `--log`.
    public internal(set) var log: [String] = []
    /// Whether the file has changes not yet saved.
    public internal(set) var isModified = false

    let strings: MenuStrings
    let pasteboard: any Pasteboard
    let clock: any InteractionClock
    let openURL: @Sendable (String) -> Bool
    var recognizer: GestureRecognizer
    var interaction = EditMenuInteraction()
    var menu: OpenMenu?
    var revealInput: InputMethod = .touch
    var surface: Surface = .editMenu
    /// The fixed end of a selection made by dragging or Shift+arrows; the other end moves.
    var selectionAnchor: Int?
    var scrollEndDeadline: Double?
    var quitArmed = false
    var saveOverwriteArmed = false
    var file: DemoFile?
    /// Unsaved changes found in the document's recovery file at start, until restored or saved over.
    var offeredRecovery: TextStorage?
    /// How Save and the recovery file write bytes (tests inject failures).
    var saveWriter: DemoFile.Writer = .system
    var requests: [DemoRequest] = []

    /// Creates the demo. `openURL` opens a safe URI (data-detection actions) and says whether it could.
    public init(
        options: DemoOptions, columns: Int, rows: Int, pasteboard: any Pasteboard, clock: any InteractionClock,
        openURL: @escaping @Sendable (String) -> Bool
    ) throws {
        self.options = options
        self.columns = columns
        self.rows = rows
        self.pasteboard = pasteboard
        self.clock = clock
        self.openURL = openURL
        self.strings = MenuStrings(locale: options.locale)
        // Terminal cells: a press may not leave its cell, a second click must land within a cell.
        self.recognizer = GestureRecognizer(clock: clock, thresholds: .init(slop: 0.5, multiTapDistance: 1.5))
        if let path = options.filePath {
            let opened = try DemoFile.open(path)
            file = opened
            fields = [
                DemoField(
                    label: path, content: .text(TextEditor(storage: opened.storage), TextViewport(width: 1, height: 1)),
                    frame: CellRect(column: 0, row: 0, width: 0, height: 0), isSingleLine: false)
            ]
            status = opened.repairNote ?? "Opened \(path) — Ctrl+S saves, Ctrl+Q quits"
            if let recovered = DemoFile.recovery(for: path) {
                offeredRecovery = recovered
                status =
                    "Ctrl+R restores the unsaved changes (\(recovered.byteCount) bytes) kept from an earlier session; saving discards them"
            }
        } else {
            fields = DemoField.sample(strings: MenuStrings(locale: options.locale))
            status = "Double-click or press and hold a word · right-click · Menu key · Ctrl+Q quits"
        }
        arrange()
    }

    /// The idiom menus are built for.
    var idiom: Idiom { options.idiom ?? .pad }

    /// The terminal has a new size.
    public func resize(columns: Int, rows: Int) {
        self.columns = max(20, columns)
        self.rows = max(8, rows)
        arrange()
        if menu != nil { apply(interaction.handle(.targetMoved)) }
    }

    private func arrange() {
        if file != nil {
            fields[0].frame = CellRect(column: 0, row: 1, width: columns, height: max(1, rows - 2))
            fields[0].resizeViewport()
        } else {
            DemoField.arrange(&fields, columns: columns, rows: rows)
        }
    }

    /// When the runner must call ``tick()`` next (a long press completing, scrolling ending), if ever.
    public var nextDeadline: Double? {
        [recognizer.nextDeadline, scrollEndDeadline].compactMap { $0 }.min()
    }

    /// Lets time-driven gestures complete.
    public func tick() -> [DemoRequest] {
        for gesture in recognizer.poll() { handle(gesture) }
        if let deadline = scrollEndDeadline, clock.now >= deadline {
            scrollEndDeadline = nil
            apply(interaction.handle(.scrollEnded(selectionVisible: !targetRects().isEmpty)))
        }
        return takeRequests()
    }

    /// Handles one terminal event.
    public func handle(_ event: TerminalEvent) -> [DemoRequest] {
        let now = clock.now
        switch event {
        case .text(let text):
            insertTyped(text)
        case .paste(let text):
            pasteFromTerminal(TerminalText.neutralizedPaste(text))
        case .key(let key, let modifiers):
            handleKey(key, modifiers)
        case .mouse(let mouse):
            handleMouse(mouse, time: now)
        case .focus, .unknown:
            break
        }
        return takeRequests()
    }

    private func takeRequests() -> [DemoRequest] {
        defer { requests.removeAll() }
        return requests
    }

    /// How many log lines were dropped from the front of ``log`` (it keeps the last 1000).
    public internal(set) var logDropped = 0

    func record(_ line: String) {
        log.append(line)
        if log.count > 1000 {
            logDropped += log.count - 1000
            log.removeFirst(log.count - 1000)
        }
    }

    func setStatus(_ text: String) { status = text }
}

// MARK: - Keyboard

extension DemoApp {
    func handleKey(_ key: TerminalKey, _ modifiers: TerminalModifiers) {
        if key == .character("q") && modifiers == .control || key == .character("c") && modifiers == .control {
            requestQuit()
            return
        }
        quitArmed = false
        if key == .character("z") && modifiers == .control {
            if menu != nil { dismissMenu() }
            perform(.undo, fromMenu: false)
            return
        }
        if key == .character("y") && modifiers == .control || key == .character("z") && modifiers == [.control, .shift]
        {
            if menu != nil { dismissMenu() }
            perform(.redo, fromMenu: false)
            return
        }
        // An open menu takes navigation keys first.
        if menu != nil, let press = keyPress(key, modifiers), handleMenuKey(press) { return }
        if key == .menu || key == .function(10) && modifiers == .shift {
            revealFromKeyboard()
            return
        }
        if key == .function(10) && modifiers.isEmpty {
            if idiom == .mac { showMenuBar() } else { setStatus("F10 opens the menu bar's Edit menu with --idiom mac") }
            return
        }
        switch (key, modifiers) {
        case (.escape, _):
            dismissMenu()
        case (.tab, []):
            moveFocus(by: 1)
        case (.tab, .shift):
            moveFocus(by: -1)
        case (.character("a"), .control):
            perform(.selectAll, fromMenu: false)
        case (.character("x"), .control):
            perform(.cut, fromMenu: false)
        case (.character("v"), .control):
            perform(.paste, fromMenu: false)
        case (.character("s"), .control):
            save()
        case (.character("r"), .control):
            restoreRecovery()
        case (.enter, []):
            if fields[focus].kind == .button { pressButton() } else if !fields[focus].isSingleLine { insertTyped("\n") }
        case (.backspace, _):
            deleteText(forward: false)
        case (.delete, _):
            deleteText(forward: true)
        case (.left, _), (.right, _), (.up, _), (.down, _), (.home, _), (.end, _), (.pageUp, _), (.pageDown, _):
            moveCaret(key, extend: modifiers.contains(.shift), byDocument: modifiers.contains(.control))
        default:
            break
        }
    }

    func keyPress(_ key: TerminalKey, _ modifiers: TerminalModifiers) -> KeyPress? {
        var m: KeyModifiers = []
        if modifiers.contains(.shift) { m.insert(.shift) }
        if modifiers.contains(.control) { m.insert(.control) }
        if modifiers.contains(.alt) { m.insert(.option) }
        let k: Key
        switch key {
        case .up: k = .up
        case .down: k = .down
        case .left: k = .left
        case .right: k = .right
        case .home: k = .home
        case .end: k = .end
        case .pageUp: k = .pageUp
        case .pageDown: k = .pageDown
        case .enter: k = .enter
        case .escape: k = .escape
        case .tab: k = .tab
        case .backspace: k = .backspace
        case .delete: k = .delete
        case .menu: k = .menu
        case .function(10): k = .f10
        case .character(" "): k = .space
        case .character(let c): k = .character(c)
        default: return nil
        }
        return KeyPress(k, modifiers: m)
    }

    func requestQuit() {
        if isModified && !quitArmed {
            quitArmed = true
            setStatus("Unsaved changes — Ctrl+S saves; Ctrl+Q again quits without saving")
            return
        }
        requests.append(.quit)
    }

    func moveFocus(by delta: Int) {
        dismissMenu()
        focus = (focus + delta + fields.count) % fields.count
        setStatus("Focus: \(fields[focus].label)")
    }

    func pressButton() {
        guard case .button(let title, let presses) = fields[focus].content else { return }
        fields[focus].content = .button(title: title, presses: presses + 1)
        setStatus("“\(title)” pressed (\(presses + 1)) — a button activates; it never shows edit options")
        record("button \(title) pressed")
    }
}

// MARK: - Editing text

extension DemoApp {
    /// Runs `body` on the focused text editor, then keeps its selection visible and marks the change.
    @discardableResult
    func withFocusedText<T>(_ body: (inout TextEditor) throws(EditingError) -> T) -> T? {
        guard case .text(var editor, var viewport) = fields[focus].content else { return nil }
        let before = editor.storage.byteCount
        let identity = editor.history.undoAction
        do {
            let result = try body(&editor)
            viewport.textChanged(in: editor.storage)
            viewport.reveal(editor.selection.upperBound, in: editor.storage)
            if editor.storage.byteCount != before || editor.history.undoAction != identity { markModified() }
            fields[focus].content = .text(editor, viewport)
            return result
        } catch {
            fields[focus].content = .text(editor, viewport)
            setStatus(error.description)
            return nil
        }
    }

    func markModified() {
        if file != nil, focus == 0 { isModified = true }
    }

    func insertTyped(_ text: String) {
        guard let editor = fields[focus].textEditor, editor.isEditable else {
            if fields[focus].kind == .text { setStatus("This text is not editable") }
            return
        }
        apply(interaction.handle(.typed))
        let clean = fields[focus].isSingleLine ? text.filter { !$0.isNewline } : text
        withFocusedText { (e: inout TextEditor) throws(EditingError) in try e.type(clean) }
    }

    func pasteFromTerminal(_ text: String) {
        guard fields[focus].textEditor?.isEditable == true else { return }
        apply(interaction.handle(.typed))
        let clean = fields[focus].isSingleLine ? text.filter { !$0.isNewline } : text
        // Through a pasteboard of its own, so it undoes as "Paste" and leaves the app's pasteboard alone.
        let terminalPaste = InMemoryPasteboard()
        terminalPaste.write([.text(clean)])
        withFocusedText { (e: inout TextEditor) throws(EditingError) in try e.perform(.paste, pasteboard: terminalPaste)
        }
        record("paste from terminal (\(clean.utf8.count) bytes)")
    }

    func deleteText(forward: Bool) {
        guard fields[focus].textEditor?.isEditable == true else { return }
        apply(interaction.handle(.typed))
        withFocusedText { (e: inout TextEditor) throws(EditingError) in
            if forward, e.selection.isEmpty {
                let next = e.storage.graphemeBoundary(atOrAfter: e.selection.upperBound + 1)
                guard next > e.selection.upperBound else { return }
                e.select(e.selection.lowerBound..<next)
            }
            try e.deleteBackward()
        }
    }

    func moveCaret(_ key: TerminalKey, extend: Bool, byDocument: Bool) {
        guard case .text(var editor, var viewport) = fields[focus].content else { return }
        if menu != nil { dismissMenu() }
        let storage = editor.storage
        let selection = editor.selection
        // The fixed end and the moving end of the selection.
        let anchor =
            selectionAnchor.flatMap { $0 == selection.lowerBound || $0 == selection.upperBound ? $0 : nil }
            ?? selection.lowerBound
        var head = anchor == selection.lowerBound ? selection.upperBound : selection.lowerBound
        if !extend, !selection.isEmpty {
            // Without Shift, an arrow collapses the selection to the side it points to.
            switch key {
            case .left, .up: head = selection.lowerBound
            case .right, .down: head = selection.upperBound
            default: break
            }
            if key == .left || key == .right {
                finishMove(&editor, &viewport, head: head, anchor: nil)
                return
            }
        }
        viewport.reveal(head, in: storage)
        let visible = viewport.rows(in: storage)
        let index = visible.lastIndex { $0.start <= head && (head < $0.next || $0.next == $0.start || head == $0.end) }
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
                head = viewport.rows(in: storage).first?.offset(atColumn: column) ?? 0
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
                head = viewport.rows(in: storage).last?.offset(atColumn: column) ?? storage.byteCount
            }
        default:
            break
        }
        finishMove(&editor, &viewport, head: head, anchor: extend ? anchor : nil)
    }

    private func finishMove(_ editor: inout TextEditor, _ viewport: inout TextViewport, head: Int, anchor: Int?) {
        if let anchor {
            editor.select(min(anchor, head)..<max(anchor, head))
            selectionAnchor = anchor
        } else {
            editor.select(head..<head)
            selectionAnchor = nil
        }
        viewport.reveal(head, in: editor.storage)
        fields[focus].content = .text(editor, viewport)
    }
}
