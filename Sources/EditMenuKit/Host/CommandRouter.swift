import Foundation

/// Which performer carries out a chosen command: one kind per command, decided from the command's
/// identifier alone (and, for data actions and services, what the menu holds and what is configured),
/// so no performer's place in a list decides what another does.
enum CommandKind: Hashable {
    /// A spelling suggestion (`replace.N`): its word replaces the selection.
    case spellingSuggestion(index: Int)
    /// Spelling and Grammar ▸'s own items, with the configured spell checker (``SpellingFlow``).
    case spelling
    /// A data action of the menu (Open Link, Call…): its target through the opening policy.
    case dataAction(DataAction)
    /// Find ▸, Transformations ▸, Substitutions ▸ and Emoji & Symbols on the host's document
    /// (``FindSession``, ``TextDocument``).
    case document
    /// An item a configured service performs (Look Up, Translate, Share…, Speech ▸); a service that
    /// cannot act on this selection leaves it to the host as a standard command.
    case service
    /// The app's own command, through the delegate.
    case custom
    /// A standard command: the core's document behaviour on the host's text document, else the host's
    /// widget.
    case standard
}

/// Routes chosen commands to their performers (``CommandKind``).
struct CommandRouter {
    /// The data actions of the menu the command was chosen in.
    var dataActions: [DataAction]
    /// The commands the configured services declare.
    var serviceCommands: Set<EditCommand.ID>

    /// The document commands the core performs on the host's document.
    static let documentCommands: Set<EditCommand.ID> = [
        .findEllipsis, .findAndReplace, .findNext, .findPrevious, .useSelectionForFind, .jumpToSelection,
        .makeUpperCase, .makeLowerCase, .capitalize, .emojiAndSymbols, .showSubstitutions,
        .smartQuotes, .smartDashes, .textReplacement, .smartCopyPaste, .dataDetectors,
    ]

    /// The kind of `id`.
    func kind(of id: EditCommand.ID) -> CommandKind {
        if let index = SpellingFlow.suggestionIndex(id) { return .spellingSuggestion(index: index) }
        if SpellingFlow.commands.contains(id) { return .spelling }
        if let action = dataActions.first(where: { $0.id == id }) { return .dataAction(action) }
        if Self.documentCommands.contains(id) { return .document }
        if serviceCommands.contains(id) { return .service }
        return EditCommand.ID.systemDefined.contains(id) ? .standard : .custom
    }
}
