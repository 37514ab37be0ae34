import EditMenuKit
import Foundation

/// The edit menu for a terminal program: attach it to the regions of your screen that hold text or
/// objects, pass it the terminal's events, and draw it over your frame. It is the host of an
/// `EditMenuController` (through an object of its own, so the host's side is not part of its API):
/// mouse presses, drags and the wheel become gestures, the Menu key,
/// Shift-F10 and the arrows drive the menu, Ctrl+X/C/V/A/Z/Y perform the standard commands, and the
/// menu is drawn from the core's layout in box-drawing characters.
///
/// ```swift
/// let notes = TerminalTextView(editor: TextEditor(text: text), frame: CellRect(column: 0, row: 1, width: 80, height: 20))
/// let menu = TerminalEditMenu(configuration: .terminal(idiom: .pad), pasteboard: TerminalPasteboard(session: session))
/// menu.attach(notes)
/// for event in events where !menu.handle(event) { /* the app's own keys */ }
/// notes.draw(into: &screen, focused: true)
/// menu.draw(into: &screen)
/// ```
///
/// A terminal cannot tell a mouse from a finger: ``primaryButton`` says whether the left button acts as
/// a touch (press and hold, double tap reveal the compact menu, as on iPhone and iPad) or as a pointer
/// (they only select; the right button reveals, as on a Mac).
public final class TerminalEditMenu {
    /// What the left mouse button stands for.
    public enum PrimaryButton: String, Hashable, Sendable {
        /// A finger on a touch screen.
        case touch
        /// A pointer's primary button.
        case pointer
    }

    /// The controller this host stands on (its `EditMenuController.delegate` is the app's to set).
    public private(set) lazy var controller = EditMenuController(host: host, configuration: configuration, clock: clock)
    /// The controller's host (it holds it weakly): the menu's `EditMenuHost` side.
    private lazy var host = Host(self)
    /// The regions the menu can act on.
    package private(set) var targets: [any TerminalEditMenuTarget] = []
    /// The index of the region the menu and the keyboard act on.
    @_spi(Testing) public private(set) var focusedIndex = 0
    /// The pasteboard Cut, Copy and Paste use.
    package let pasteboard: any Pasteboard
    /// The screen's size in cells; the menu stays inside it.
    public var screenSize: (columns: Int, rows: Int) = (80, 24)
    /// Rows at the top and bottom the menu must not cover (a title bar, a status line).
    public var safeArea = MenuEdgeInsets(top: 1, left: 0, bottom: 1, right: 0)
    /// What the left button stands for.
    public var primaryButton: PrimaryButton
    /// Where the app's "Edit" menu title is, for the menu bar's Edit menu (F10 on the mac idiom).
    package var menuBarTitle = CGRect(x: 8, y: 0, width: 4, height: 1)
    /// The menu's colours.
    package var style = TerminalMenuStyle()
    /// Called with a line for each gesture and selection, for an app's event log.
    public var log: ((String) -> Void)?
    /// Opens a URI the controller's opening policy let through (`xdg-open`); returns whether it could.
    public var opener: (String) -> Bool
    /// The menu on screen as cells.
    package private(set) var menuCells: TerminalMenuCells?
    /// The last service panel shown.
    package private(set) var panel: EditMenuPanel?
    /// The find bar at the bottom of the screen (Find…, Find and Replace…), while it is open.
    package internal(set) var findBar: TerminalFindBar?
    /// The Emoji & Symbols picker, while it is open.
    package internal(set) var emojiPicker: TerminalEmojiPicker?
    /// The service panel on screen (a definition, a translation, the spelling panel), if one is open.
    package private(set) var panelView: TerminalPanel?
    /// How many panels have been shown (a panel's button may show the next one).
    private var panelsShown = 0

    private let configuration: EditMenuConfiguration
    private let clock: any InteractionClock
    private var scrollEndDeadline: Double?

    /// A menu following `configuration` (`EditMenuConfiguration.terminal(idiom:locale:)` sets the
    /// cell metrics), using `pasteboard`, timing gestures with `clock`, opening URIs with `opener`. The
    /// left button is a touch except on the mac idiom.
    public init(
        configuration: EditMenuConfiguration, pasteboard: any Pasteboard, clock: any InteractionClock = SystemClock(),
        primaryButton: PrimaryButton? = nil, opener: @escaping (String) -> Bool = { _ in false }
    ) {
        self.configuration = configuration
        self.pasteboard = pasteboard
        self.clock = clock
        self.primaryButton = primaryButton ?? (configuration.idiom == .mac ? .pointer : .touch)
        self.opener = opener
    }

    /// Attaches the menu to `textView`: presses and drags in its frame select and reveal the menu, keys
    /// edit it while it has the focus (the first attached has it), and it marks misspelled words with
    /// the configuration's spell checker.
    public func attach(_ textView: TerminalTextView) {
        attach(textView as any TerminalEditMenuTarget)
    }

    /// Adds a region the menu acts on. A ``TerminalTextView`` gets the configuration's spell checker
    /// (it marks misspelled words and checks the document with it).
    package func attach(_ target: any TerminalEditMenuTarget) {
        targets.append(target)
        if let text = target as? TerminalTextView, let checker = configuration.spellChecker {
            text.spellingLocale = configuration.locale
            text.textLanguage = configuration.textLanguage
            text.spellChecker = checker
            text.marksMisspellings = configuration.checksSpellingWhileTyping
        }
        syncSubstitutions()
    }

    /// Brings the text views' marking in line with Check Spelling While Typing.
    private func syncSpelling() {
        let marks = controller.configuration.checksSpellingWhileTyping
        for case let text as TerminalTextView in targets where text.marksMisspellings != marks {
            text.marksMisspellings = marks
        }
    }

    /// The region the menu and the keyboard act on.
    package var focusedTarget: (any TerminalEditMenuTarget)? {
        targets.indices.contains(focusedIndex) ? targets[focusedIndex] : nil
    }

    /// Moves the keyboard focus to region `index` (the menu goes).
    @_spi(Testing) public func focus(_ index: Int) {
        guard targets.indices.contains(index), index != focusedIndex else { return }
        controller.dismiss()
        focusedIndex = index
        syncSubstitutions()
    }

    /// Whether a menu is on screen.
    @_spi(Testing) public var isMenuVisible: Bool { controller.isMenuVisible }

    /// When ``tick()`` must run next (a long press maturing, scrolling ending, a service's result or
    /// a spelling check to show), in the clock's seconds.
    public var nextDeadline: Double? {
        let checking = targets.contains { ($0 as? TerminalTextView)?.isCheckingSpelling == true }
        return [controller.nextDeadline, scrollEndDeadline, checking ? clock.now + 0.03 : nil].compactMap { $0 }.min()
    }

    /// Lets time-driven gestures complete and carries out the results of services that finished.
    public func tick() {
        controller.poll()
        if let deadline = scrollEndDeadline, clock.now >= deadline {
            scrollEndDeadline = nil
            controller.scrollEnded()
        }
    }

    /// Shows the app's Edit menu dropped from ``menuBarTitle`` (the menu bar's Edit menu).
    package func showMenuBar() {
        controller.present(input: .keyboard, surface: .menuBar, source: .rect(menuBarTitle))
    }

    // MARK: Events

    /// Handles one terminal event; returns whether it was the menu's (or its regions') — the app handles
    /// the rest (its own shortcuts, focus changes, quitting).
    @discardableResult
    public func handle(_ event: TerminalEvent) -> Bool {
        if let used = handleDocumentUI(event) { return used }
        if panelView != nil, let used = handlePanel(event) { return used }
        switch event {
        case .mouse(let mouse): return handle(mouse)
        case .key(let key, let modifiers): return handle(key, modifiers)
        case .text(let text):
            // A list-style menu has the keyboard: typed characters are its keys, never the text's.
            if isListMenuVisible {
                for character in text {
                    controller.handleKey(KeyPress(character == " " ? .space : .character(character)))
                }
                return true
            }
            return edited(focusedTarget?.insertText(text) ?? .ignored)
        case .paste(let text):
            if isListMenuVisible { return true }
            return edited(focusedTarget?.insertPastedText(TerminalText.neutralizedPaste(text)) ?? .ignored)
        case .focus, .unknown: return false
        }
    }

    /// An event while a panel is open: the panel's, or (`nil`) on to the content — a click outside or a
    /// key the panel has no use for closes it first.
    private func handlePanel(_ event: TerminalEvent) -> Bool? {
        guard var view = panelView else { return nil }
        let outcome: TerminalPanel.Outcome
        switch event {
        case .key(let key, let modifiers): outcome = view.handleKey(key, modifiers)
        case .mouse(let mouse):
            outcome = view.handle(mouse)
            if outcome == .ignored, mouse.action != .press { return nil }
        case .text, .paste: outcome = .ignored
        case .focus, .unknown: return nil
        }
        panelView = view
        switch outcome {
        case .handled: return true
        case .press(let index): pressPanelButton(index)
        case .close: closePanel()
        case .ignored:
            closePanel()
            return nil
        }
        return true
    }

    /// Performs the panel's button at `index`; the panel closes unless the button showed another.
    package func pressPanelButton(_ index: Int) {
        guard let view = panelView, view.panel.actions.indices.contains(index) else { return }
        let shown = panelsShown
        controller.performPanelAction(view.panel.actions[index], in: view.panel)
        if panelsShown == shown { closePanel() }
    }

    /// Closes the panel.
    package func closePanel() {
        panelView = nil
    }

    private func handle(_ mouse: MouseEvent) -> Bool {
        let point = CGPoint(x: Double(mouse.column), y: Double(mouse.row))
        let time = clock.now
        switch (mouse.button, mouse.action) {
        case (.wheelUp, _), (.wheelDown, _):
            guard let index = targetIndex(at: mouse), targets[index].scroll(by: mouse.button == .wheelUp ? -3 : 3)
            else { return false }
            if index == focusedIndex {
                if scrollEndDeadline == nil { controller.scrollBegan() }
                scrollEndDeadline = time + 0.25
            }
            return true
        case (.left, .press), (.right, .press):
            if let cells = menuCells {
                switch cells.hitTest(column: mouse.column, row: mouse.row) {
                case .item(let id):
                    if mouse.button == .left { controller.choose(id) }
                    return true
                case .chevron(let direction):
                    if mouse.button == .left { controller.turnPage(direction) }
                    return true
                case .body:
                    return true
                case .outside:
                    break
                }
            }
            if let index = targetIndex(at: mouse), index != focusedIndex { focus(index) }
            let kind: InputEvent.Kind =
                mouse.button == .right
                ? .pointerDown(.secondary) : primaryButton == .touch ? .touchDown : .pointerDown(.primary)
            controller.handle(InputEvent(kind, at: point, time: time))
            return true
        case (.left, .drag):
            controller.handle(InputEvent(primaryButton == .touch ? .touchMove : .pointerMove, at: point, time: time))
            return true
        case (.left, .release), (.none, .release):
            controller.handle(
                InputEvent(primaryButton == .touch ? .touchUp : .pointerUp(.primary), at: point, time: time))
            return true
        case (.right, .release):
            controller.handle(InputEvent(.pointerUp(.secondary), at: point, time: time))
            return true
        default:
            return false
        }
    }

    private func targetIndex(at mouse: MouseEvent) -> Int? {
        targets.indices.first { targets[$0].frame.contains(column: mouse.column, row: mouse.row) }
    }

    /// Whether a list-style menu (vertical, context menu, menu bar) is on screen: it takes every key
    /// until it goes, as macOS's menus do.
    package var isListMenuVisible: Bool { controller.isListMenuVisible }

    private func handle(_ key: Key, _ modifiers: KeyModifiers) -> Bool {
        // An open menu takes its keys first; a list-style menu takes every key.
        if let press = Self.keyPress(key, modifiers), controller.handleKey(press) { return true }
        if isListMenuVisible { return true }
        if key == .function(10), modifiers.isEmpty, configuration.idiom.hasMenuBar {
            showMenuBar()
            return true
        }
        // The standard shortcuts, from the table the menus show (KeyEquivalent).
        if let press = Self.keyPress(key, modifiers), controller.handleShortcut(press) { return true }
        if key == .escape, controller.isMenuVisible {
            controller.dismiss()
            return true
        }
        return edited(focusedTarget?.handleEditingKey(key, modifiers: modifiers) ?? .ignored)
    }

    private func edited(_ result: TerminalEditingResult) -> Bool {
        switch result {
        case .ignored:
            return false
        case .selectionChanged:
            controller.dismiss()
        case .contentChanged:
            controller.contentDidChange()
        case .failed(let message):
            controller.editingFailed(message)
        }
        return true
    }

    /// A terminal key as the core's `KeyPress`: Ctrl+Space is the space bar; Meta (Command), Insert and
    /// the function keys other than F10 mean nothing to the menu.
    package static func keyPress(_ key: Key, _ modifiers: KeyModifiers) -> KeyPress? {
        switch key {
        case .insert: return nil
        case .function(let n) where n != 10: return nil
        case .character(" "): return KeyPress(.space, modifiers: modifiers.subtracting(.command))
        default: return KeyPress(key, modifiers: modifiers.subtracting(.command))
        }
    }

    // MARK: Drawing

    /// Draws the find bar, the emoji picker, the service panel and the menu (those shown) over `screen`;
    /// the terminal cursor is in the find bar's or picker's field, hidden while a panel or menu shows.
    public func draw(into screen: inout Screen) {
        drawDocumentUI(into: &screen)
        if let panelView {
            panelView.draw(into: &screen, style: style)
            screen.cursor = nil
        }
        if let menuCells {
            menuCells.draw(into: &screen)
            screen.cursor = nil
        }
    }

    // MARK: The host's side (`Host` forwards the controller's calls here)

    package func menuContent() -> ContentSnapshot {
        focusedTarget?.menuContent(locale: configuration.locale, idiom: configuration.idiom)
            ?? ContentSnapshot(content: SelectableContent(kind: .label, selection: .none))
    }

    package func select(
        for gesture: RevealGesture, at point: CGPoint?, input: InputMethod, gestures: SelectionGestures
    )
        -> Bool
    {
        if let point { log?("gesture \(gesture.rawValue) at \(Int(point.x)),\(Int(point.y))") }
        guard let target = focusedTarget else { return false }
        let shows = target.select(for: gesture, at: point, input: input, gestures: gestures)
        if let log, let text = target as? TerminalTextView { log(Self.selectionLogLine(text.editor)) }
        return shows
    }

    /// How the log names a selection: `selection 4..<9 "world"` (bytes; at most 60 Characters shown,
    /// secure text as bullets).
    package static func selectionLogLine(_ editor: TextEditor) -> String {
        let shown =
            editor.isSecure
            ? String(repeating: "•", count: editor.selectedText.count) : String(editor.selectedText.prefix(60))
        return
            "selection \(editor.selection.lowerBound)..<\(editor.selection.upperBound) \"\(TerminalText.displayable(shown))\""
    }

    /// The screen less the one-cell border every menu box draws around its layout frame, less the
    /// `safeArea`; the find bar's rows are an area to avoid.
    package func menuContainer() -> MenuContainer {
        // The find bar's rows are the menu's to avoid.
        let bar = findBar.map { bar in
            [
                CGRect(
                    x: 0, y: Double(screenSize.rows - bar.height), width: Double(screenSize.columns),
                    height: Double(bar.height))
            ]
        }
        return MenuContainer(
            bounds: CGRect(
                x: 1, y: 1, width: Double(max(0, screenSize.columns - 2)), height: Double(max(0, screenSize.rows - 2))),
            safeArea: safeArea, avoid: bar ?? [])
    }

    package func menuTargetRects() -> [CGRect] {
        focusedTarget?.selectionRects() ?? []
    }

    package var pasteboardTypes: Set<PasteboardType> { pasteboard.typeSet }

    package func showMenu(_ menu: PresentedMenu) {
        menuCells = TerminalMenuCells(menu, style: style)
    }

    package func hideMenu() {
        menuCells = nil
    }

    package func perform(_ command: EditCommand.ID) throws(EditingError) {
        guard let target = focusedTarget else { throw .unsupported(command) }
        try target.perform(command, pasteboard: pasteboard)
    }

    package func replaceSelection(with text: String, actionName: UndoAction) throws(EditingError) {
        guard let target = focusedTarget else { throw .unsupported(.replace) }
        try target.replaceSelection(with: text, actionName: actionName)
    }

    package func open(_ uri: String) -> Bool {
        opener(uri)
    }

    package func dragSelection(_ phase: SelectionDrag) {
        focusedTarget?.dragSelection(phase)
    }

    package func showPanel(_ panel: EditMenuPanel) {
        self.panel = panel
        panelsShown += 1
        // Find… and Emoji & Symbols have their own: the find bar and the picker.
        if panel.kind == .find || panel.kind == .emoji {
            showDocumentUI(panel)
            return
        }
        panelView = TerminalPanel(
            panel, beside: focusedTarget?.selectionRects() ?? [], columns: screenSize.columns, rows: screenSize.rows,
            safeArea: safeArea)
        log?("panel \(panel.kind.rawValue) \"\(TerminalText.displayable(panel.title))\"")
    }

    /// The focused region's text (``TerminalEditMenuTarget/textDocument``).
    package var textDocument: (any TextDocument & AnyObject)? { focusedTarget?.textDocument }

    package func copyToPasteboard(_ text: String) -> Bool {
        pasteboard.write([.text(text)])
        return true
    }

    /// Check Spelling While Typing or a Substitutions ▸ toggle changed: the text regions follow.
    package func settingsDidChange() {
        syncSpelling()
        syncSubstitutions()
    }
}

extension TerminalEditMenu {
    /// What the controller calls on its host, forwarded to the menu: an app embedding the menu calls
    /// none of it, so it stays out of ``TerminalEditMenu``'s public API. Held by the menu (the
    /// controller holds its host weakly); holds the menu unowned.
    final class Host: EditMenuHost {
        unowned let menu: TerminalEditMenu

        init(_ menu: TerminalEditMenu) { self.menu = menu }

        func menuContent() -> ContentSnapshot { menu.menuContent() }

        func select(for gesture: RevealGesture, at point: CGPoint?, input: InputMethod, gestures: SelectionGestures)
            -> Bool
        { menu.select(for: gesture, at: point, input: input, gestures: gestures) }

        func menuContainer() -> MenuContainer { menu.menuContainer() }

        func menuTargetRects() -> [CGRect] { menu.menuTargetRects() }

        var pasteboardTypes: Set<PasteboardType> { menu.pasteboardTypes }

        func showMenu(_ presented: PresentedMenu) { menu.showMenu(presented) }

        func hideMenu() { menu.hideMenu() }

        func perform(_ command: EditCommand.ID) throws(EditingError) { try menu.perform(command) }

        func replaceSelection(with text: String, actionName: UndoAction) throws(EditingError) {
            try menu.replaceSelection(with: text, actionName: actionName)
        }

        func open(_ uri: String) -> Bool { menu.open(uri) }

        func dragSelection(_ phase: SelectionDrag) { menu.dragSelection(phase) }

        func showPanel(_ panel: EditMenuPanel) { menu.showPanel(panel) }

        var textDocument: (any TextDocument & AnyObject)? { menu.textDocument }

        func copyToPasteboard(_ text: String) -> Bool { menu.copyToPasteboard(text) }

        func settingsDidChange() { menu.settingsDidChange() }
    }
}
