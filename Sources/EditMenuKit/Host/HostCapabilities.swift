/// What a host can do — the one value the menu pipeline reads to decide which items a menu offers,
/// beside the content's facts (EDIT-MENU.md §11: an item is offered only when the host can really do
/// it). The services the rules read (Look Up, Translate, Search Web, Share…, Speech, spelling), the
/// document commands a host performs, and the features of Apple's platforms a host may lack
/// (dictation, grammar checking, autocorrection, links).
///
/// Hosts differ only in this value: `editmenu present` and `render` declare a simulated Apple platform
/// (`applePlatform(services:)`, every service the scenario lists), a host on this machine what its services,
/// spell checker and widget really do (``EditMenuController`` asks its host for
/// ``EditMenuHost/documentCapabilities`` and its configuration for the services).
///
/// ```swift
/// let terminal: HostCapabilities = [.find, .replace, .transform, .insert, .substitutions, .checkDocument]
/// HostCapabilities.required(for: .findAndReplace)     // .replace
/// terminal.canPerform(.startDictation)                  // false: no dictation on Linux
/// ```
public struct HostCapabilities: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    // MARK: Services (what the configuration's services and spell checker give)

    /// Look Up: a dictionary lookup.
    public static let lookUp = HostCapabilities(rawValue: 1 << 0)
    /// Translate.
    public static let translate = HostCapabilities(rawValue: 1 << 1)
    /// Search Web.
    public static let searchWeb = HostCapabilities(rawValue: 1 << 2)
    /// Share…: a share sheet.
    public static let share = HostCapabilities(rawValue: 1 << 3)
    /// Speech ▸: speech synthesis (Start Speaking).
    public static let speech = HostCapabilities(rawValue: 1 << 4)
    /// A spell checker with a dictionary (Spelling and Grammar ▸).
    public static let spelling = HostCapabilities(rawValue: 1 << 5)
    /// Every service: what a context assumes when nothing says otherwise.
    package static let allServices: HostCapabilities = [.lookUp, .translate, .searchWeb, .share, .speech, .spelling]

    /// Each single service's name in scenarios.
    package static let serviceNames: [(String, HostCapabilities)] = [
        ("lookUp", .lookUp), ("translate", .translate), ("searchWeb", .searchWeb), ("share", .share),
        ("speech", .speech), ("spelling", .spelling),
    ]

    // MARK: Document commands

    /// Find ▸ Find…, Find Next, Find Previous, Use Selection for Find, Jump to Selection.
    public static let find = HostCapabilities(rawValue: 1 << 8)
    /// Find ▸ Find and Replace… (Replace, Replace All).
    public static let replace = HostCapabilities(rawValue: 1 << 9)
    /// Transformations ▸ (and Writing Direction ▸'s marks).
    public static let transform = HostCapabilities(rawValue: 1 << 10)
    /// Emoji & Symbols (the host shows a picker and inserts what is chosen).
    public static let insert = HostCapabilities(rawValue: 1 << 11)
    /// Substitutions ▸ while typing (the host applies ``TextSubstitutions`` to what is typed).
    public static let substitutions = HostCapabilities(rawValue: 1 << 12)
    /// Spelling and Grammar ▸ Check Document Now and Show Spelling and Grammar: the host's text is
    /// searched for the next misspelled word.
    public static let checkDocument = HostCapabilities(rawValue: 1 << 13)
    /// Format ▸ (Bold, Italic, Underline) and Font ▸ (also Bigger, Smaller) on rich text: the host keeps
    /// the text's styles and performs them. A host without it does not offer them, rich text or not.
    public static let format = HostCapabilities(rawValue: 1 << 14)
    /// Everything a host over a ``TextEditor`` does.
    public static let textEditing: HostCapabilities = [.find, .replace, .transform, .insert, .substitutions]

    // MARK: Platform features

    /// Start Dictation (a dictation service).
    public static let dictation = HostCapabilities(rawValue: 1 << 16)
    /// Check Grammar With Spelling (a grammar checker).
    public static let grammarChecking = HostCapabilities(rawValue: 1 << 17)
    /// Correct Spelling Automatically (autocorrection).
    public static let autocorrection = HostCapabilities(rawValue: 1 << 18)
    /// Substitutions ▸ Smart Links (text that holds links).
    public static let smartLinks = HostCapabilities(rawValue: 1 << 19)
    /// Substitutions ▸ Data Detectors (a data detector).
    public static let dataDetectors = HostCapabilities(rawValue: 1 << 20)

    /// Apple's platforms as the contract describes them: every service, document command and feature —
    /// what `editmenu present` simulates (with the scenario's services).
    package static let applePlatform = HostCapabilities(rawValue: ~0)

    /// A simulated Apple platform whose host has `services` (a scenario's `services`): every document
    /// command and platform feature.
    package static func applePlatform(services: HostCapabilities) -> HostCapabilities {
        applePlatform.subtracting(allServices).union(services.services)
    }

    /// The services among these capabilities (what the rules read).
    package var services: HostCapabilities { intersection(Self.allServices) }

    /// What performing menu command `id` needs beyond the rules' own conditions; `nil` for a command
    /// that needs nothing of a host.
    package static func required(for id: EditCommand.ID) -> HostCapabilities? {
        // An array index for a system identifier (a menu asks this of every candidate command); only a
        // custom one, which needs nothing, is hashed.
        id.systemIndex != 0 ? requirementsBySystemIndex[Int(id.systemIndex)] : requirements[id]
    }

    /// What each command needs; only system commands need anything.
    private static let requirements: [EditCommand.ID: HostCapabilities] = {
        var table: [EditCommand.ID: HostCapabilities] = [:]
        func needs(_ capabilities: HostCapabilities, _ ids: EditCommand.ID...) {
            for id in ids { table[id] = capabilities }
        }
        needs(.find, .find, .findEllipsis, .findNext, .findPrevious, .useSelectionForFind, .jumpToSelection)
        needs(.replace, .findAndReplace)
        needs(.transform, .transformations, .makeUpperCase, .makeLowerCase, .capitalize)
        needs(.insert, .emojiAndSymbols)
        needs(.format, .format, .font, .toggleBoldface, .toggleItalics, .toggleUnderline, .increaseSize, .decreaseSize)
        needs(
            .substitutions, .substitutions, .showSubstitutions, .smartQuotes, .smartDashes, .textReplacement,
            .smartCopyPaste)
        needs(.checkDocument, .checkDocumentNow, .showSpellingAndGrammar)
        needs(.dictation, .startDictation)
        needs(.grammarChecking, .checkGrammarWithSpelling)
        needs(.autocorrection, .correctSpellingAutomatically)
        needs(.smartLinks, .smartLinks)
        needs(.dataDetectors, .dataDetectors)
        return table
    }()

    /// ``requirements`` by ``EditCommand/ID/systemIndex``.
    private static let requirementsBySystemIndex: [HostCapabilities?] = {
        var table = [HostCapabilities?](repeating: nil, count: EditCommand.ID.systemRawValues.count + 1)
        for (id, needed) in requirements where id.systemIndex != 0 { table[Int(id.systemIndex)] = needed }
        return table
    }()

    /// Whether these capabilities let a host perform `id` (as far as the host is concerned; the rules
    /// still decide from the content).
    public func canPerform(_ id: EditCommand.ID) -> Bool {
        Self.required(for: id).map(contains) ?? true
    }

    /// Whether a host never has what `id` needs (a platform feature, not a document command it could
    /// gain): such an item is left out everywhere, the menu bar included.
    static func isPlatformFeature(_ needed: HostCapabilities) -> Bool {
        !needed.isDisjoint(with: [.dictation, .grammarChecking, .autocorrection, .smartLinks])
    }
}
