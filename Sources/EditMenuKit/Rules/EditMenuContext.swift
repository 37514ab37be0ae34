/// Everything the rules need to decide what an edit menu shows.
///
/// Values in, values out: a host builds a context from its widget and state, and
/// ``EditMenuRules/presentation(for:)`` turns it into a menu. Nothing here reads the pasteboard's
/// contents, the clock or the screen.
public struct EditMenuContext: Hashable, Sendable {
    /// The device kind.
    public var idiom: Idiom
    /// How the menu is revealed.
    public var input: InputMethod
    /// The edit menu over content, or the app's menu-bar Edit menu.
    public var surface: Surface
    /// The content and its selection.
    public var content: SelectableContent
    /// The types on the pasteboard (never its contents).
    public var pasteboardTypes: Set<PasteboardType>
    /// What Undo would undo (the menu bar's "Undo Typing").
    public var undo: UndoState
    /// What Redo would redo.
    public var redo: UndoState
    /// Services the host provides.
    public var services: HostServices
    /// The host's spelling suggestions for the selected word (Replace… appears when non-empty).
    public var spellingSuggestions: [String]
    /// Actions suggested for data detected in the selection, at most two per item, in order, each
    /// with what performing it opens.
    public var dataActions: [DataAction]
    /// The app's own commands.
    public var customCommands: [CustomCommand]
    /// The language the titles are shown in.
    public var locale: MenuLocale
    /// Whether the host's speech service is speaking now (Speech ▸ Stop Speaking is enabled then).
    public var isSpeaking = false
    /// Whether misspelled words are marked while typing (Spelling and Grammar ▸ Check Spelling While
    /// Typing shows a check mark then).
    public var checksSpellingWhileTyping = false

    /// Creates a context. Only the content is required; the rest defaults to an iPhone with touch,
    /// an empty pasteboard, no undo, all four services and English titles.
    public init(
        content: SelectableContent, idiom: Idiom = .phone, input: InputMethod? = nil,
        surface: Surface = .editMenu, pasteboardTypes: Set<PasteboardType> = [],
        undo: UndoState = .unavailable, redo: UndoState = .unavailable,
        services: HostServices = .all, spellingSuggestions: [String] = [],
        dataActions: [DataAction] = [], customCommands: [CustomCommand] = [],
        locale: MenuLocale = .english
    ) {
        self.content = content
        self.idiom = idiom
        self.input = input ?? idiom.defaultInput
        self.surface = surface
        self.pasteboardTypes = pasteboardTypes
        self.undo = undo
        self.redo = redo
        self.services = services
        self.spellingSuggestions = spellingSuggestions
        self.dataActions = dataActions
        self.customCommands = customCommands
        self.locale = locale
    }
}

/// The result of asking for a menu: a menu to show, or why nothing is shown.
public enum EditMenuPresentation: Hashable, Sendable {
    /// A non-empty menu to show.
    case presented(EditMenu)
    /// No menu, for `reason`.
    case notPresented(NotPresentedReason)

    /// The menu, if one is presented.
    public var menu: EditMenu? {
        if case .presented(let menu) = self { return menu }
        return nil
    }
}

/// Why no menu appears.
public enum NotPresentedReason: String, Hashable, Sendable, CaseIterable {
    /// The platform has no such menu (tvOS, watchOS; a menu bar on iPhone).
    case unsupported
    /// The content cannot be selected (buttons, control labels).
    case notSelectable
    /// No command applies; an empty menu is never shown.
    case nothingToShow
    /// The gesture dismissed the menu rather than revealing it (a tap away from the selection).
    case dismissed
}
