/// What Undo or Redo would do now, as a menu titles it.
///
/// Three states, not a `String?` in which `""` means something: nothing to undo (the item is dimmed
/// or absent), something without a name ("Undo"), or a named action ("Undo Typing").
///
/// ```swift
/// let strings = MenuStrings(locale: .english)
/// strings.undoTitle(.named("Typing"), idiom: .mac)   // "Undo Typing"
/// strings.undoTitle(.unnamed, idiom: .mac)           // "Undo"
/// UndoState.unavailable.isAvailable                  // false
/// ```
public enum UndoState: Hashable, Sendable {
    /// There is nothing to undo (or redo).
    case unavailable
    /// There is a step without a name: the item says just "Undo" ("Redo").
    case unnamed
    /// There is a step with this name: the item says "Undo Typing". The name is the host's, already
    /// localized, or one of the package's English action names ("Typing", "Cut" …), which the menu
    /// translates.
    case named(String)

    /// Whether there is something to undo (or redo).
    package var isAvailable: Bool { self != .unavailable }

    /// The action's name, when it has one.
    public var actionName: String? {
        if case .named(let name) = self { return name }
        return nil
    }
}

extension UndoHistory {
    /// "Undo Cut", or "Undo" when the step has no name (localized).
    package func undoTitle(strings: MenuStrings, idiom: Idiom) -> String {
        strings.undoTitle(undoState(strings: strings, idiom: idiom), idiom: idiom)
    }

    /// "Redo Paste", or "Redo" when the step has no name (localized).
    package func redoTitle(strings: MenuStrings, idiom: Idiom) -> String {
        strings.redoTitle(redoState(strings: strings, idiom: idiom), idiom: idiom)
    }

    /// What Undo would undo, named in `strings`' language.
    package func undoState(strings: MenuStrings, idiom: Idiom) -> UndoState {
        guard canUndo else { return .unavailable }
        return undoAction.map { .named($0.title(strings: strings, idiom: idiom)) } ?? .unnamed
    }

    /// What Redo would redo, named in `strings`' language.
    package func redoState(strings: MenuStrings, idiom: Idiom) -> UndoState {
        guard canRedo else { return .unavailable }
        return redoAction.map { .named($0.title(strings: strings, idiom: idiom)) } ?? .unnamed
    }
}

extension UndoAction {
    /// The name of choosing a spelling suggestion on `idiom`: Change Spelling on the Mac, Replace on
    /// iPhone, iPad and Vision Pro.
    package static func spellingReplacement(on idiom: Idiom) -> Self { idiom == .mac ? .changeSpelling : .replace }

    /// The localized name ("Ausschneiden"): the `action…` title, else the title of the command the
    /// action is named after (`makeUpperCase` → "Make Upper Case"), else the raw value.
    package func title(strings: MenuStrings, idiom: Idiom) -> String {
        let key = "action" + rawValue
        let title = strings.title(key, idiom: idiom)
        return title == key ? strings.title(rawValue, idiom: idiom) : title
    }
}
