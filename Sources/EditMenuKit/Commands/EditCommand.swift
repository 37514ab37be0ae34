/// One entry of an edit menu: a command people can choose, or a submenu that groups commands.
///
/// Use `EditCommand` values to describe what a menu shows. The rules in `EditMenuRules` build them
/// for the standard commands; hosts add their own with ``CustomCommand``.
///
/// ```swift
/// let copy = EditCommand(id: .copy, title: "Copy", kind: .standard)
/// let format = EditCommand(id: .format, title: "Format", kind: .standard,
///                          children: [EditCommand(id: .toggleBoldface, title: "Bold", kind: .standard)])
/// ```
public struct EditCommand: Hashable, Sendable {
    /// The command's identifier: what the command *does*, independent of its localized title.
    public var id: ID
    /// The title people see, already localized.
    public var title: String
    /// Where the command comes from: the system, data detection, or the app.
    public var kind: Kind
    /// Whether people can choose the command. A dimmed (disabled) item is shown only by the styles
    /// that keep unavailable commands (`contextMenu` for Cut, Copy and Paste, and `menuBar`).
    public var isEnabled: Bool
    /// The keyboard shortcut, shown beside the title in the menu bar only (EDIT-MENU.md §10): the rules
    /// give it to menu-bar items and to no others.
    public var keyEquivalent: KeyEquivalent?
    /// The commands of a submenu (Format ▸, Find ▸ …); empty for a plain command.
    public var children: [EditCommand]
    /// Whether a setting the command toggles is on (Check Spelling While Typing): hosts draw a check
    /// mark before the title.
    public var isChecked: Bool
    /// The HIG's standard icon the item draws beside its title (EDIT-MENU.md §13), or `nil`: no icon.
    public var icon: EditMenuIcon?
    /// A custom command that keeps the menu up (UIKit's `UIMenuElement.Attributes.keepsMenuPresented`):
    /// after it performs, the menu is presented again for the new state instead of closing.
    public var keepsMenuPresented: Bool

    /// Creates a command.
    public init(
        id: ID, title: String, kind: Kind, isEnabled: Bool = true,
        keyEquivalent: KeyEquivalent? = nil, children: [EditCommand] = [], isChecked: Bool = false,
        icon: EditMenuIcon? = nil, keepsMenuPresented: Bool = false
    ) {
        self.icon = icon
        self.keepsMenuPresented = keepsMenuPresented
        self.id = id
        self.title = title
        self.kind = kind
        self.isEnabled = isEnabled
        self.keyEquivalent = keyEquivalent
        self.children = children
        self.isChecked = isChecked
    }

    /// Whether the command opens a submenu rather than performing an action.
    public var isSubmenu: Bool { !children.isEmpty }

    /// Where a command comes from, which decides how it is ordered and linted.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A system command (Cut, Copy, Look Up, the menu bar's Find ▸ …).
        case standard
        /// An action the system suggests for detected data (Call, Get Directions …).
        case suggested
        /// A command the app adds.
        case custom
    }
}

extension EditCommand {
    /// An open, extensible identifier for a command.
    ///
    /// Not a frozen enumeration: new system commands and an app's own commands are new values, so
    /// adding one never breaks a `switch` in someone else's code.
    ///
    /// ```swift
    /// extension EditCommand.ID { static let highlight: Self = "highlight" }
    /// ```
    public struct ID: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByStringLiteral,
        CustomStringConvertible
    {
        /// The identifier as it appears in scenarios and presentations (`"cut"`, `"selectAll"` …).
        public var rawValue: String { didSet { systemIndex = Self.systemIndex(of: rawValue) } }
        /// The identifier's place in ``systemRawValues`` plus one, or 0 for an identifier the system does
        /// not define: a function of ``rawValue``, so that comparing and hashing the identifiers a
        /// menu asks about some hundred times as it is built compare and hash this byte, not a string.
        package private(set) var systemIndex: UInt8
        /// Creates an identifier from its raw string.
        public init(rawValue: String) {
            self.rawValue = rawValue
            systemIndex = Self.systemIndex(of: rawValue)
        }
        /// Creates an identifier from its raw string.
        public init(_ rawValue: String) { self.init(rawValue: rawValue) }
        /// Creates an identifier from a string literal.
        public init(stringLiteral value: String) { self.init(rawValue: value) }
        public var description: String { rawValue }
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
        public static func == (lhs: Self, rhs: Self) -> Bool {
            // Equal raw values have equal indices; two system identifiers are equal when their indices are.
            lhs.systemIndex == rhs.systemIndex && (lhs.systemIndex != 0 || lhs.rawValue == rhs.rawValue)
        }
        public func hash(into hasher: inout Hasher) {
            if systemIndex != 0 { hasher.combine(systemIndex) } else { hasher.combine(rawValue) }
        }
    }
}

// MARK: - Standard edit-menu commands (UIResponderStandardEditActions)

extension EditCommand.ID {
    /// Removes the selection and puts it on the pasteboard.
    public static let cut: Self = "cut"
    /// Puts the selection on the pasteboard.
    public static let copy: Self = "copy"
    /// Inserts the pasteboard's contents at the caret or over the selection.
    public static let paste: Self = "paste"
    /// Pastes text taking the surrounding text's style.
    public static let pasteAndMatchStyle: Self = "pasteAndMatchStyle"
    /// Removes the selection without touching the pasteboard.
    public static let delete: Self = "delete"
    /// Selects the word at the caret.
    public static let select: Self = "select"
    /// Selects all the content.
    public static let selectAll: Self = "selectAll"
    /// Replaces a misspelled word with one of the host's suggestions (a submenu of suggestions).
    public static let replace: Self = "replace"
    /// The Format submenu: Bold, Italic, Underline.
    public static let format: Self = "format"
    /// Toggles bold in the selection.
    public static let toggleBoldface: Self = "toggleBoldface"
    /// Toggles italics in the selection.
    public static let toggleItalics: Self = "toggleItalics"
    /// Toggles underline in the selection.
    public static let toggleUnderline: Self = "toggleUnderline"
    /// Shows the dictionary definition of the selection.
    public static let lookUp: Self = "lookUp"
    /// Translates the selection.
    public static let translate: Self = "translate"
    /// Searches the web for the selection.
    public static let searchWeb: Self = "searchWeb"
    /// Shares the selection.
    public static let share: Self = "share"
    /// Undoes the last action (menu bar).
    public static let undo: Self = "undo"
    /// Redoes the last undone action (menu bar).
    public static let redo: Self = "redo"
    /// The Find submenu (menu bar).
    public static let find: Self = "find"
    /// The Writing Direction submenu: Left to Right, Right to Left (the paragraph's base direction).
    public static let writingDirection: Self = "writingDirection"
    /// Writing Direction ▸ Left to Right: makes the paragraph's base direction left to right.
    public static let makeTextWritingDirectionLeftToRight: Self = "makeTextWritingDirectionLeftToRight"
    /// Writing Direction ▸ Right to Left: makes the paragraph's base direction right to left.
    public static let makeTextWritingDirectionRightToLeft: Self = "makeTextWritingDirectionRightToLeft"
}

// MARK: - The mac text context menu (NSTextView)

extension EditCommand.ID {
    /// Ignore Spelling: stops marking the selected misspelled word in this document.
    public static let ignoreSpelling: Self = "ignoreSpelling"
    /// Learn Spelling: adds the selected misspelled word to the user's dictionary.
    public static let learnSpelling: Self = "learnSpelling"
    /// The Font submenu (rich text): Bold, Italic, Underline, Bigger, Smaller.
    public static let font: Self = "font"
    /// Font ▸ Bigger: makes the selection's font one size larger.
    public static let increaseSize: Self = "increaseSize"
    /// Font ▸ Smaller: makes the selection's font one size smaller.
    public static let decreaseSize: Self = "decreaseSize"
    /// The Services submenu: what other apps offer for the selection (its items are the host's).
    public static let services: Self = "services"

    /// The identifier of the `index`-th item of the Services ▸ submenu when the host names none
    /// (`service.0`, `service.1` …).
    public static func service(_ index: Int) -> Self { Self("service.\(index)") }
}

// MARK: - Menu-bar Edit menu commands (macOS)

extension EditCommand.ID {
    /// Find ▸ Find… (opens the find bar).
    public static let findEllipsis: Self = "findEllipsis"
    /// Find ▸ Find and Replace….
    public static let findAndReplace: Self = "findAndReplace"
    /// Find ▸ Find Next.
    public static let findNext: Self = "findNext"
    /// Find ▸ Find Previous.
    public static let findPrevious: Self = "findPrevious"
    /// Replace All: the find panel's button that replaces every match (no menu has it).
    public static let replaceAll: Self = "replaceAll"
    /// Find ▸ Use Selection for Find.
    public static let useSelectionForFind: Self = "useSelectionForFind"
    /// Find ▸ Jump to Selection.
    public static let jumpToSelection: Self = "jumpToSelection"
    /// The Spelling and Grammar submenu.
    public static let spellingAndGrammar: Self = "spellingAndGrammar"
    /// Spelling and Grammar ▸ Show Spelling and Grammar.
    public static let showSpellingAndGrammar: Self = "showSpellingAndGrammar"
    /// Spelling and Grammar ▸ Check Document Now.
    public static let checkDocumentNow: Self = "checkDocumentNow"
    /// Spelling and Grammar ▸ Check Spelling While Typing.
    public static let checkSpellingWhileTyping: Self = "checkSpellingWhileTyping"
    /// Spelling and Grammar ▸ Check Grammar With Spelling.
    public static let checkGrammarWithSpelling: Self = "checkGrammarWithSpelling"
    /// Spelling and Grammar ▸ Correct Spelling Automatically.
    public static let correctSpellingAutomatically: Self = "correctSpellingAutomatically"
    /// The Substitutions submenu.
    public static let substitutions: Self = "substitutions"
    /// Substitutions ▸ Show Substitutions.
    public static let showSubstitutions: Self = "showSubstitutions"
    /// Substitutions ▸ Smart Copy/Paste.
    public static let smartCopyPaste: Self = "smartCopyPaste"
    /// Substitutions ▸ Smart Quotes.
    public static let smartQuotes: Self = "smartQuotes"
    /// Substitutions ▸ Smart Dashes.
    public static let smartDashes: Self = "smartDashes"
    /// Substitutions ▸ Smart Links.
    public static let smartLinks: Self = "smartLinks"
    /// Substitutions ▸ Data Detectors.
    public static let dataDetectors: Self = "dataDetectors"
    /// Substitutions ▸ Text Replacement.
    public static let textReplacement: Self = "textReplacement"
    /// The Transformations submenu.
    public static let transformations: Self = "transformations"
    /// Transformations ▸ Make Upper Case.
    public static let makeUpperCase: Self = "makeUpperCase"
    /// Transformations ▸ Make Lower Case.
    public static let makeLowerCase: Self = "makeLowerCase"
    /// Transformations ▸ Capitalize.
    public static let capitalize: Self = "capitalize"
    /// The Speech submenu.
    public static let speech: Self = "speech"
    /// Speech ▸ Start Speaking.
    public static let startSpeaking: Self = "startSpeaking"
    /// Speech ▸ Stop Speaking.
    public static let stopSpeaking: Self = "stopSpeaking"
    /// Start Dictation….
    public static let startDictation: Self = "startDictation"
    /// Emoji & Symbols.
    public static let emojiAndSymbols: Self = "emojiAndSymbols"
}

// MARK: - Suggested actions for detected data

extension EditCommand.ID {
    /// Opens a detected link.
    public static let openLink: Self = "openLink"
    /// Writes an email to a detected address.
    public static let sendEmail: Self = "sendEmail"
    /// Calls a detected phone number.
    public static let call: Self = "call"
    /// Sends a message to a detected phone number.
    public static let sendMessage: Self = "sendMessage"
    /// Adds a detected phone number, email or address to contacts.
    public static let addToContacts: Self = "addToContacts"
    /// Gets directions to a detected postal address.
    public static let getDirections: Self = "getDirections"
    /// Creates a calendar event for a detected date.
    public static let createEvent: Self = "createEvent"
    /// Tracks a detected flight.
    public static let trackFlight: Self = "trackFlight"
    /// Tracks a detected shipment.
    public static let trackShipment: Self = "trackShipment"
}

extension EditCommand.ID {
    /// Every identifier the system itself defines: standard, menu-bar and suggested commands.
    /// A custom command may not reuse one of these.
    public static let systemDefined: Set<EditCommand.ID> = [
        .cut, .copy, .paste, .pasteAndMatchStyle, .delete, .select, .selectAll, .replace, .format,
        .toggleBoldface, .toggleItalics, .toggleUnderline, .lookUp, .translate, .searchWeb, .share,
        .undo, .redo, .find, .findEllipsis, .findAndReplace, .findNext, .findPrevious,
        .useSelectionForFind, .jumpToSelection, .spellingAndGrammar, .showSpellingAndGrammar,
        .checkDocumentNow, .checkSpellingWhileTyping, .checkGrammarWithSpelling,
        .correctSpellingAutomatically, .substitutions, .showSubstitutions, .smartCopyPaste,
        .smartQuotes, .smartDashes, .smartLinks, .dataDetectors, .textReplacement, .transformations,
        .makeUpperCase, .makeLowerCase, .capitalize, .speech, .startSpeaking, .stopSpeaking,
        .startDictation, .emojiAndSymbols, .openLink, .sendEmail, .call, .sendMessage,
        .addToContacts, .getDirections, .createEvent, .trackFlight, .trackShipment, .writingDirection,
        .makeTextWritingDirectionLeftToRight, .makeTextWritingDirectionRightToLeft, .ignoreSpelling,
        .learnSpelling, .font, .increaseSize, .decreaseSize, .services,
    ]

    /// The identifier of the `index`-th spelling suggestion: inside the Replace… submenu, or inline at
    /// the top of the mac text context menu (`replace.0`, `replace.1` …).
    public static func replacement(_ index: Int) -> Self { Self("replace.\(index)") }
}
