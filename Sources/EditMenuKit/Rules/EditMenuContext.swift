/// What a menu is being decided for: the device, how the menu was revealed, where it appears, the
/// content and its selection, the titles' language and the guidance followed. The controller hands it
/// to its delegate (``EditMenuControllerDelegate``), as UIKit hands an edit menu's configuration.
///
/// The controller builds it from the host's ``ContentSnapshot``, capabilities and configuration; with
/// the facts only the rules read (the pasteboard's types, undo, services, suggestions, detected data),
/// it is everything the rules need, values in and values out. Nothing here reads the pasteboard's
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
    package var pasteboardTypes: Set<PasteboardType>
    /// What Undo would undo (the menu bar's "Undo Typing").
    package var undo: UndoState
    /// What Redo would redo.
    package var redo: UndoState
    /// The services the host provides: the service members of ``HostCapabilities`` (Look Up,
    /// Translate, Search Web, Share…, Speech, spelling); the rules ignore any other member.
    package var services: HostCapabilities
    /// The host's spelling suggestions for the selected word (Replace… appears when non-empty).
    package var spellingSuggestions: [String]
    /// Actions suggested for data detected in the selection, at most two per item, in order, each
    /// with what performing it opens.
    package var dataActions: [DataAction]
    /// The app's own commands.
    package var customCommands: [CustomCommand]
    /// The language the titles are shown in.
    public var locale: MenuLocale
    /// Whether the selected word is misspelled (the mac text context menu then offers the suggestions
    /// inline, Ignore Spelling and Learn Spelling). Defaults to whether there are suggestions.
    package var isMisspelled: Bool
    /// The start of the selected text, for the titles that quote it (the mac text context menu's
    /// Look Up “…” and Translate “…”): at least 21 Characters when the selection is longer. `nil`: the
    /// titles do not quote.
    package var selectionExcerpt: String?
    /// The search engine of the mac text context menu's Search With <engine>.
    package var searchEngine: String
    /// What other apps offer for the selection: the mac text context menu's Services ▸, shown when
    /// not empty.
    package var serviceItems: [ServiceItem]
    /// Whether the host's speech service is speaking now (Speech ▸ Stop Speaking is enabled then).
    package var isSpeaking = false
    /// Which guidance the menu follows (EDIT-MENU.md §13): the seeds' 2023 menus (the default) or today's.
    public var release: EditMenuRelease = .release2023

    /// Creates a context. Only the content is required; the rest defaults to an iPhone with touch,
    /// an empty pasteboard, no undo, every service, English titles, Google and no Services ▸.
    package init(
        content: SelectableContent, idiom: Idiom = .phone, input: InputMethod? = nil,
        surface: Surface = .editMenu, pasteboardTypes: Set<PasteboardType> = [],
        undo: UndoState = .unavailable, redo: UndoState = .unavailable,
        services: HostCapabilities = .allServices, spellingSuggestions: [String] = [],
        dataActions: [DataAction] = [], customCommands: [CustomCommand] = [],
        locale: MenuLocale = .english, isMisspelled: Bool? = nil, selectionExcerpt: String? = nil,
        searchEngine: String = "Google", serviceItems: [ServiceItem] = []
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
        self.isMisspelled = isMisspelled ?? !spellingSuggestions.isEmpty
        self.selectionExcerpt = selectionExcerpt
        self.searchEngine = searchEngine
        self.serviceItems = serviceItems
    }
}

/// An item of the Services ▸ submenu: a service another app offers for the selection (macOS's
/// Services; on Linux, what the host finds, e.g. desktop actions that take text).
package struct ServiceItem: Hashable, Sendable {
    /// The item's identifier, which the host performs.
    package var id: EditCommand.ID
    /// Its title, already localized.
    package var title: String

    /// Creates a Services ▸ item.
    package init(id: EditCommand.ID, title: String) {
        self.id = id
        self.title = title
    }
}

/// The result of asking for a menu: a menu to show, or why nothing is shown.
package enum EditMenuPresentation: Hashable, Sendable {
    /// A non-empty menu to show.
    case presented(EditMenu)
    /// No menu, for `reason`.
    case notPresented(NotPresentedReason)

    /// The menu, if one is presented.
    package var menu: EditMenu? {
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
    /// The gesture changed the selection but does not reveal a menu with this input: a double or triple
    /// click, or a press and hold, with a pointer (EDIT-MENU.md §10); a tap or click away from the
    /// selection, which places the caret there and dismisses the menu (§7).
    case notRevealed
}
