import Foundation

/// What a host is to its ``EditMenuController``: the facts about its content, where things are on its
/// screen, and the few things only it can do — draw, perform on its own widget, open a URI.
///
/// Everything else (gestures, rules, layout, paging, keyboard navigation, data detection, actions and
/// their targets, the accessibility description, the opening policy) is the controller's. A host
/// adapts its toolkit's events into ``EditMenuController/handle(_:)`` and draws what
/// ``showMenu(_:)`` hands it.
///
/// ```swift
/// final class MyTextWidget: EditMenuHost {
///     var editor = TextEditor(text: "Hello world")
///     lazy var menu = EditMenuController(host: self, configuration: EditMenuConfiguration(idiom: .pad))
///
///     func menuContent() -> ContentSnapshot { editor.editMenuContent(locale: menu.configuration.locale) }
///     func select(for gesture: RevealGesture, at point: CGPoint?, input: InputMethod,
///                 gestures: SelectionGestures) -> Bool {
///         editor.apply(gesture, atByte: point.map(byteOffset(at:)) ?? editor.selection.lowerBound,
///                      gestures: gestures)
///     }
///     // … menuContainer(), menuTargetRects(), pasteboardTypes, showMenu(_:), hideMenu(),
///     // perform(_:), replaceSelection(with:actionName:), open(_:)
/// }
/// ```
///
/// Units: geometry is in the host's own coordinates (points, pixels or terminal cells, y down); text
/// offsets never cross this boundary — the host converts its toolkit's positions with the core's
/// helpers (``TextEditor``, ``TextExcerpt``) and hands over facts.
public protocol EditMenuHost: AnyObject {
    /// The content under the menu now: its kind and traits, what is selected, the selected text (for
    /// data detection and the services), undo state and spelling suggestions. Called when a menu is
    /// about to be presented or reloaded; read no pasteboard contents and do no I/O here.
    func menuContent() -> ContentSnapshot

    /// Selects what `gesture` selects at `point` (host coordinates; `nil`: at the current selection)
    /// with `gestures`' semantics — a word for a double tap, the paragraph for a triple tap, the caret
    /// for a tap — and returns whether the menu shows afterwards (``GestureOutcome/showsMenu``).
    ///
    /// ``TextEditor/apply(_:atByte:input:gestures:)``, ``TextExcerpt/apply(_:atScalarOffset:selection:isSecure:input:gestures:)``
    /// and ``SelectionGestures/apply(_:objectSelected:input:)`` do the work for text and objects.
    func select(for gesture: RevealGesture, at point: CGPoint?, input: InputMethod, gestures: SelectionGestures)
        -> Bool

    /// The area the menu must stay inside, in the host's coordinates.
    func menuContainer() -> MenuContainer

    /// Where a menu opened at the pointer (and its submenus) may go when the host shows such menus as
    /// popup surfaces of their own, free to leave its window — as GTK shows its context menus: the
    /// screen's work area in the host's coordinates. `nil` (the default) keeps them inside
    /// ``menuContainer()`` like every other menu.
    func pointerMenuContainer() -> MenuContainer?

    /// One rect per visible selected line (a caret is a zero-width rect), first line first, in the
    /// host's coordinates; empty when the selection is scrolled out of view (the menu then hides). For
    /// a selected object, its frame.
    func menuTargetRects() -> [CGRect]

    /// The types on the pasteboard — never its contents (reading them could prompt for paste
    /// permission and is not needed to decide whether Paste appears).
    var pasteboardTypes: Set<PasteboardType> { get }

    /// Draws `menu` (replacing any menu drawn before): ``PresentedMenu/layout`` says where every item,
    /// divider, chevron and the arrow go, ``PresentedMenu/focusedItem`` which item has keyboard focus,
    /// ``PresentedMenu/accessibility`` what to expose to assistive technologies.
    func showMenu(_ menu: PresentedMenu)

    /// Removes the menu from the screen.
    func hideMenu()

    /// Performs a standard command on the host's own widget: Cut, Copy, Paste, Paste and Match Style,
    /// Delete, Select, Select All, Undo, Redo, Bold, Italic, Underline … through its own pasteboard and
    /// undo. ``TextEditor`` and ``ObjectEditor`` perform them for content they hold.
    ///
    /// - Throws: ``EditingError`` when the widget cannot (the controller reports it).
    func perform(_ command: EditCommand.ID) throws(EditingError)

    /// Replaces the selection with `text` as one undo step named `actionName` (a spelling suggestion,
    /// a transformation, a translation), leaving `text` selected. The default replaces it in
    /// ``textDocument`` (``TextDocument/replaceSelection(with:actionName:)``).
    func replaceSelection(with text: String, actionName: UndoAction) throws(EditingError)

    /// Opens `uri` — already checked by the controller's ``OpeningPolicy``: a `https:`, `mailto:`,
    /// `tel:`, `sms:` or `geo:` URI, or the path of an event or contact card the controller exported.
    /// Returns whether something opened it.
    func open(_ uri: String) -> Bool

    /// Extends the selection while the pointer or finger drags across the content (the controller's
    /// recognizer saw a drag). Hosts whose toolkit selects by dragging itself do nothing.
    func dragSelection(_ phase: SelectionDrag)

    /// Shows the result of a service (a definition, a translation, a share panel …) beside the
    /// selection, with its ``EditMenuPanel/actions`` as buttons that call
    /// ``EditMenuController/performPanelAction(_:in:editedText:)``; its text is untrusted (show it
    /// through the host's safe-text path). Does nothing by default.
    func showPanel(_ panel: EditMenuPanel)

    /// The text under the menu as primitives (``TextDocument``: read, replace as one undo step, select,
    /// rects, hit testing), on which the controller performs every document behaviour itself — Find ▸,
    /// Transformations ▸, Writing Direction ▸, Emoji & Symbols, Select, Select All, Check Document Now —
    /// and which gives this protocol's defaults for ``menuTargetRects()``, ``select(for:at:input:gestures:)``
    /// and ``documentText(limit:)``. `nil` (the default) for objects, or a host with no text.
    ///
    /// A reference: the controller edits the host's own document through it.
    var textDocument: (any TextDocument & AnyObject)? { get }

    /// The document commands this host performs on content that is not a ``textDocument`` (Find ▸,
    /// Transformations ▸, Emoji & Symbols …): joined with the services' to decide the menu
    /// (`EditMenuContextBuilder`). For a text document the controller works them out from the
    /// document itself (``TextDocument/documentCapabilities(checksSpelling:)``). None by default.
    var documentCapabilities: HostCapabilities { get }

    /// Performs a document command on content that is not a ``textDocument``, with what the controller
    /// knows (the find query, the menu's language, the chosen emoji), and shows the result. By default:
    /// on ``textDocument`` (``TextDocument/perform(_:)``), else ``EditingError/unsupported(_:)``.
    func perform(_ command: DocumentCommand) throws(EditingError) -> DocumentOutcome

    /// The controller performed `command` on ``textDocument`` (Select All, Writing Direction ▸, Find Next,
    /// a transformation …): the host logs it or tells assistive technologies; the document's own
    /// primitives have already shown the change. Does nothing by default.
    func documentDidPerform(_ command: EditCommand.ID)

    /// The controller wants ``EditMenuController/poll()`` called at `deadline` (the clock's seconds): a
    /// long press maturing, a service working in the background. A later call replaces an earlier
    /// one. A host with a run loop that reads ``EditMenuController/nextDeadline`` itself may ignore it.
    /// Does nothing by default.
    func setNeedsPoll(at deadline: Double)

    /// A setting people change in the menus changed — Check Spelling While Typing, a Substitutions ▸
    /// toggle (``EditMenuController/textSubstitutions``): the host brings its text in line (marks
    /// misspellings or not, substitutes what is typed or not). Does nothing by default.
    func settingsDidChange()

    /// Puts `text` on the host's pasteboard as plain text (a panel's Copy button) and returns whether
    /// it could. Returns `false` by default.
    func copyToPasteboard(_ text: String) -> Bool

    /// The start of the whole text (at most about `limit` UTF-8 bytes, on a Character boundary), for
    /// Speech ▸ Start Speaking with nothing selected — the Mac speaks the whole text then; `nil` for
    /// secure text, objects, or a host that cannot say (then Start Speaking needs a selection).
    /// Returns `nil` by default.
    func documentText(limit: Int) -> String?
}

extension EditMenuHost {
    /// Replaces the selection in ``textDocument`` as one of its undo steps; a host without one cannot.
    public func replaceSelection(with text: String, actionName: UndoAction) throws(EditingError) {
        guard var document = textDocument else { throw .unsupported(.replace) }
        try document.replaceSelection(with: text, actionName: actionName)
    }

    /// Menus at the pointer stay inside ``menuContainer()``.
    public func pointerMenuContainer() -> MenuContainer? { nil }

    /// Does nothing: the toolkit selects by dragging itself.
    public func dragSelection(_ phase: SelectionDrag) {}

    /// Does nothing.
    public func showPanel(_ panel: EditMenuPanel) {}

    /// No text document.
    public var textDocument: (any TextDocument & AnyObject)? { nil }

    /// What ``textDocument`` can do (without checking spelling); none without one.
    public var documentCapabilities: HostCapabilities {
        textDocument?.documentCapabilities(checksSpelling: false) ?? []
    }

    /// Performs `command` on ``textDocument``; without one, throws ``EditingError/unsupported(_:)``.
    public func perform(_ command: DocumentCommand) throws(EditingError) -> DocumentOutcome {
        guard var document = textDocument else { throw .unsupported(.find) }
        return try document.perform(command)
    }

    /// The rects of ``textDocument``'s selection (``TextDocument/rects(for:)``); none without one.
    public func menuTargetRects() -> [CGRect] {
        guard let document = textDocument else { return [] }
        return document.rects(for: document.selection)
    }

    /// Selects in ``textDocument`` what `gesture` selects at `point` (``TextDocument/byteOffset(at:)``;
    /// `nil`: at the selection) and returns whether the menu shows; without a document, shows the menu.
    public func select(
        for gesture: RevealGesture, at point: CGPoint?, input: InputMethod, gestures: SelectionGestures
    )
        -> Bool
    {
        guard var document = textDocument else { return true }
        let offset = point.flatMap { document.byteOffset(at: $0) } ?? document.selection.lowerBound
        return document.apply(gesture, atByte: offset, input: input, gestures: gestures)
    }

    /// Does nothing.
    public func documentDidPerform(_ command: EditCommand.ID) {}

    /// Does nothing: the host reads ``EditMenuController/nextDeadline``.
    public func setNeedsPoll(at deadline: Double) {}

    /// Does nothing.
    public func settingsDidChange() {}

    /// Copies nothing.
    public func copyToPasteboard(_ text: String) -> Bool { false }

    /// The start of ``textDocument``'s text (`TextDocument.leadingText(limit:)`); none without one.
    public func documentText(limit: Int) -> String? { textDocument?.leadingText(limit: limit) }
}
