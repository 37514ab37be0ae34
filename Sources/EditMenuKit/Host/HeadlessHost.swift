import Foundation

/// A host without a screen: content held in the core's own editors, geometry given rather than
/// measured, and every drawing, panel and opened URI recorded instead of shown — for testing an app's
/// menus, and for `editmenu present` / `perform`, which run the same controller real hosts do.
///
/// ```swift
/// let host = HeadlessHost(.text(TextEditor(text: "Call +1 (408) 555-0123")))
/// host.targetRects = [CGRect(x: 40, y: 300, width: 120, height: 20)]
/// let controller = EditMenuController(host: host, configuration: EditMenuConfiguration(idiom: .phone))
/// host.editor?.select(5..<22)
/// controller.present(input: .touch)
/// host.shownMenu?.commands.map(\.id)        // [.cut, .copy, …, .call, .sendMessage, …]
/// controller.choose(.call)
/// host.opened                               // ["tel:+14085550123"]
/// ```
public final class HeadlessHost: EditMenuHost {
    /// What the host holds.
    public enum Content: Sendable {
        /// Text, performed on by a ``TextEditor``.
        case text(TextEditor)
        /// Images, files or contact cards, performed on by an ``ObjectEditor``; `kind` is the content
        /// kind the rules see.
        case objects(ObjectEditor, kind: ContentKind)
        /// Something that is not selectable (a button, a control label).
        case unselectable(ContentKind)
    }

    /// The content.
    public var content: Content
    /// Whether the text takes styles (Format ▸, Paste and Match Style).
    public var isRich = false
    /// Whether Delete is offered for text.
    public var allowsDelete = false
    /// The pasteboard Cut, Copy and Paste use.
    public var pasteboard: any Pasteboard
    /// The container the menu stays inside.
    public var container: MenuContainer
    /// The selection's line rects, as ``EditMenuHost/menuTargetRects()`` returns them.
    public var targetRects: [CGRect]
    /// Spelling suggestions for the selected word.
    public var spellingSuggestions: [String] = []
    /// The byte offset of the text under a point, for gestures at points (default: none; gestures then
    /// act at the selection).
    public var byteOffsetAtPoint: @Sendable (CGPoint) -> Int? = { _ in nil }
    /// Whether ``open(_:)`` reports that something opened the URI.
    public var opens = true
    /// The language undo names are given in.
    public var locale: MenuLocale = .english
    /// The undo and redo steps the text had before this host held it, by name only (a scenario's
    /// `"undo"`): the menu shows them while the editor's own history has nothing in that direction (an
    /// earlier redo only until the editor records a change). They carry no change, so choosing one
    /// reports that there is nothing to undo.
    package var earlierUndo: UndoState = .unavailable
    package var earlierRedo: UndoState = .unavailable

    /// The menu last drawn, `nil` once hidden.
    public private(set) var shownMenu: PresentedMenu?
    /// Every URI handed to ``open(_:)``, in order.
    public private(set) var opened: [String] = []
    /// Every panel shown, in order.
    public private(set) var panels: [EditMenuPanel] = []
    /// One line per call the controller made: `show compact page 1/2`, `hide`, `perform copy` …
    public private(set) var calls: [String] = []

    /// A host holding `content`, with an in-memory pasteboard and a phone-sized container by default.
    public init(
        _ content: Content, pasteboard: any Pasteboard = InMemoryPasteboard(),
        container: MenuContainer = MenuContainer(bounds: CGRect(x: 0, y: 0, width: 390, height: 844)),
        targetRects: [CGRect] = [CGRect(x: 20, y: 300, width: 120, height: 20)]
    ) {
        self.content = content
        self.pasteboard = pasteboard
        self.container = container
        self.targetRects = targetRects
    }

    /// The text editor, for text content.
    public var editor: TextEditor? {
        get {
            if case .text(let editor) = content { return editor }
            return nil
        }
        set {
            if let newValue { content = .text(newValue) }
        }
    }

    private lazy var document = HeadlessTextDocument(host: self)

    /// The object editor, for objects.
    public var objects: ObjectEditor? {
        if case .objects(let editor, _) = content { return editor }
        return nil
    }

    // MARK: EditMenuHost

    public func menuContent() -> ContentSnapshot {
        switch content {
        case .text(let editor):
            var snapshot = editor.editMenuContent(
                locale: locale, isRich: isRich, allowsDelete: allowsDelete, spellingSuggestions: spellingSuggestions)
            if editor.isEditable, earlierUndo != .unavailable || earlierRedo != .unavailable {
                if snapshot.undo == .unavailable { snapshot.undo = earlierUndo }
                if snapshot.redo == .unavailable, !editor.history.canUndo { snapshot.redo = earlierRedo }
            }
            return snapshot
        case .objects(let editor, let kind):
            return editor.editMenuContent(kind: kind, locale: locale)
        case .unselectable(let kind):
            return ContentSnapshot(content: SelectableContent(kind: kind, selection: .none))
        }
    }

    public func select(
        for gesture: RevealGesture, at point: CGPoint?, input: InputMethod, gestures: SelectionGestures
    )
        -> Bool
    {
        calls.append("select \(gesture.rawValue)")
        switch content {
        case .text(var editor):
            let offset = point.flatMap(byteOffsetAtPoint) ?? editor.selection.lowerBound
            let shows = editor.apply(gesture, atByte: offset, input: input, gestures: gestures)
            content = .text(editor)
            return shows
        case .objects(var editor, let kind):
            let outcome = gestures.apply(gesture, objectSelected: !editor.selection.isEmpty, input: input)
            editor.select(
                outcome.objectSelected ? 0..<editor.objects.count : editor.objects.count..<editor.objects.count)
            content = .objects(editor, kind: kind)
            return outcome.showsMenu
        case .unselectable:
            return true
        }
    }

    public func menuContainer() -> MenuContainer { container }

    public func menuTargetRects() -> [CGRect] { targetRects }

    public var pasteboardTypes: Set<PasteboardType> { pasteboard.typeSet }

    public func showMenu(_ menu: PresentedMenu) {
        shownMenu = menu
        let pages = menu.layout.pages.count
        calls.append("show \(menu.layout.style.rawValue) page \(menu.layout.page + 1)/\(max(1, pages))")
    }

    public func hideMenu() {
        shownMenu = nil
        calls.append("hide")
    }

    public func perform(_ command: EditCommand.ID) throws(EditingError) {
        calls.append("perform \(command.rawValue)")
        switch content {
        case .text(var editor):
            defer { content = .text(editor) }
            try editor.perform(command, pasteboard: pasteboard)
        case .objects(var editor, let kind):
            defer { content = .objects(editor, kind: kind) }
            try editor.perform(command, pasteboard: pasteboard)
        case .unselectable:
            throw .unsupported(command)
        }
    }

    public func replaceSelection(with text: String, actionName: UndoAction) throws(EditingError) {
        calls.append("replace selection (\(actionName.rawValue))")
        guard case .text(var editor) = content else { throw .unsupported(.replace) }
        defer { content = .text(editor) }
        try editor.replaceSelection(with: text, actionName: actionName)
    }

    public func open(_ uri: String) -> Bool {
        calls.append("open")
        opened.append(uri)
        return opens
    }

    /// The text, for the controller's document commands (Find ▸, Transformations ▸, Writing Direction ▸,
    /// Check Document Now …): the same ``TextDocument`` behaviour every host gets; `nil` for objects.
    public var textDocument: (any TextDocument & AnyObject)? {
        guard case .text = content else { return nil }
        return document
    }

    public func showPanel(_ panel: EditMenuPanel) {
        calls.append("panel \(panel.kind.rawValue)")
        panels.append(panel)
    }

    public func copyToPasteboard(_ text: String) -> Bool {
        calls.append("copy to pasteboard")
        pasteboard.write([.text(text)])
        return true
    }
}

/// A ``HeadlessHost``'s text as a ``TextDocument``: its ``TextEditor``, with the host's given geometry.
private final class HeadlessTextDocument: TextDocument {
    unowned let host: HeadlessHost

    init(host: HeadlessHost) { self.host = host }

    /// The host's text. A document the controller still holds after the host's content became objects
    /// reads as empty and is never written back: it cannot turn the objects into text.
    private var editor: TextEditor {
        get { host.editor ?? TextEditor(text: "") }
        set {
            guard host.editor != nil else { return }
            host.editor = newValue
        }
    }

    var storage: TextStorage { editor.storage }
    var selection: Range<Int> { editor.selection }
    var isEditable: Bool { editor.isEditable }
    var isSecure: Bool { editor.isSecure }
    var segmenter: TextSegmenter { editor.segmenter }
    func select(_ range: Range<Int>) { editor.select(range) }
    func replace(_ changes: [TextChange], actionName: UndoAction, selecting: Range<Int>) throws(EditingError) {
        guard host.editor != nil else { throw .unsupported(.replace) }
        try editor.replace(changes, actionName: actionName, selecting: selecting)
    }
    func rects(for range: Range<Int>) -> [CGRect] { host.targetRects }
    func byteOffset(at point: CGPoint) -> Int? { host.byteOffsetAtPoint(point) }
}
