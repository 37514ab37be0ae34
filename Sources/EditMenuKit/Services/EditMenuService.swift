import Foundation

/// A service that performs edit-menu commands on the selected text with something outside the
/// content: a dictionary (Look Up), a translator (Translate), a web search (Search Web), a share
/// target (Share…).
///
/// A host lists the services it really has in ``EditMenuConfiguration/services``; an item whose
/// service is missing, or says it cannot act on this selection, is not offered — never an item that
/// would only say "not available". Services are looked up while a menu is being built, so
/// ``canPerform(_:on:)`` must answer from what is already known (no I/O).
///
/// ```swift
/// struct Shout: EditMenuService {
///     var commands: Set<EditCommand.ID> { [.lookUp] }
///     func canPerform(_ command: EditCommand.ID, on request: ServiceRequest) -> Bool { true }
///     func perform(_ command: EditCommand.ID, on request: ServiceRequest) throws(ServiceError) -> ServiceResult {
///         .panel(EditMenuPanel(kind: .definition, title: request.text, text: request.text.uppercased()))
///     }
/// }
/// ```
public protocol EditMenuService: Sendable {
    /// The commands this service performs.
    var commands: Set<EditCommand.ID> { get }
    /// Whether the service can perform `command` on this selection now (Translate: a language pair
    /// is installed for the text's language). Called while a menu is built: answer from memory.
    func canPerform(_ command: EditCommand.ID, on request: ServiceRequest) -> Bool
    /// Performs `command`.
    ///
    /// - Throws: ``ServiceError`` naming what went wrong (the tool failed, timed out …).
    func perform(_ command: EditCommand.ID, on request: ServiceRequest) throws(ServiceError) -> ServiceResult
}

/// What a service is asked to act on.
public struct ServiceRequest: Hashable, Sendable {
    /// The selection and the text around it.
    public var selectedText: SelectedText {
        didSet { decide() }
    }
    /// The content's facts (editable, secure …).
    public var content: SelectableContent
    /// The menu's language.
    public var locale: MenuLocale {
        didSet { decide() }
    }

    /// The selected objects (an image, a contact card, a file), for the services that take objects
    /// (Share…); empty for text.
    public var objects: [EditableObject]
    /// The language the host says the content is in (a BCP 47 tag), when it knows
    /// (``EditMenuConfiguration/textLanguage``); `nil`: decided from the menu's language and the script.
    public var textLanguageHint: String? {
        didSet { decide() }
    }

    /// Creates a request.
    public init(
        selectedText: SelectedText, content: SelectableContent, locale: MenuLocale, objects: [EditableObject] = [],
        textLanguageHint: String? = nil
    ) {
        self.selectedText = selectedText
        self.content = content
        self.locale = locale
        self.objects = objects
        self.textLanguageHint = textLanguageHint
        decide()
    }

    /// The language of the selected text, as every language service reads it (EDIT-MENU.md §14,
    /// `TextLanguage.decide(_:locale:hint:)`): a primary language code (`de`, `ru` …).
    ///
    /// Decided once, when the request is made or its text, locale or hint changes: every service
    /// of a menu (Look Up, Translate, Speak) reads the same answer without deciding it again.
    public private(set) var textLanguage = ""

    /// The selected text (`SelectedText.selectedString`, made once).
    public private(set) var text = ""

    private mutating func decide() {
        text = selectedText.selectedString
        textLanguage = TextLanguage.decide(text, locale: locale, hint: textLanguageHint)
    }

    /// What Share… would share: the selected objects, or the selected text when it is not secure and
    /// not blank; `nil` when there is nothing to share.
    public var sharedContent: SharedContent? {
        if !objects.isEmpty { return .objects(objects) }
        guard !content.isSecure, content.kind == .text else { return nil }
        let text = self.text
        return text.allSatisfy(\.isWhitespace) ? nil : .text(text)
    }
}

/// What performing a service command did, for the controller to carry out through the host.
public enum ServiceResult: Hashable, Sendable {
    /// Nothing more to do.
    case done
    /// Open this URI (through the ``OpeningPolicy``).
    case open(String)
    /// Show this panel beside the selection.
    case panel(EditMenuPanel)
    /// Replace the selection with this text, as one undo step with this name.
    case replaceSelection(String, UndoAction)
    /// The text was spoken, or is being spoken in the background (Speech ▸ Start Speaking).
    case spoke(SpokenText)
    /// The work goes on in the background (a translation, a synthesis): the controller carries out
    /// the task's result when it finishes, without blocking input meanwhile.
    case later(ServiceTask)
}

/// What a speech service said, and how: the engine, the voice, and — when the audio was synthesized
/// before it was played (or instead of playing it, in a screenless host) — its length.
///
/// ```swift
/// SpokenText(engine: "espeak-ng", voice: "en", seconds: 1.2)
/// ```
public struct SpokenText: Hashable, Sendable {
    /// The synthesizer's name (`espeak-ng`).
    public var engine: String
    /// The voice, as the engine names it (`en`, `de`, `en-us` …).
    public var voice: String
    /// The synthesized audio's length in seconds; `nil` when the engine plays as it synthesizes.
    public var seconds: Double?

    /// Creates a description of spoken text.
    public init(engine: String, voice: String, seconds: Double? = nil) {
        self.engine = engine
        self.voice = voice
        self.seconds = seconds
    }
}

/// Why a service could not perform a command: one sentence naming the service and what happened.
public struct ServiceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message.
    public var message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Search Web: the selected text percent-encoded into an engine's fixed URL template, opened through
/// the ``OpeningPolicy`` (so only a `https:` address ever opens).
///
/// ```swift
/// let search = WebSearchService(engine: .duckDuckGo)
/// try search.perform(.searchWeb, on: request)     // .open("https://duckduckgo.com/?q=edit%20menu")
/// ```
public struct WebSearchService: EditMenuService, Hashable {
    /// A search engine: its name (for the Mac's "Search With Google") and the fixed address template
    /// the percent-encoded query goes into.
    public struct Engine: Hashable, Sendable {
        /// The engine's name as menus show it.
        public var name: String
        /// The search address with `queryPlaceholder` where the percent-encoded query goes; must start
        /// with `https://` (see `isValid`).
        public var template: String

        /// What ``template`` holds where the query goes.
        package static let queryPlaceholder = "{query}"

        /// An engine searching `template`, not checked: outside the core an engine is one of the known
        /// ones (``google`` …, ``named(_:)``) or a checked ``custom(name:template:)``.
        package init(name: String, template: String) {
            self.name = name
            self.template = template
        }

        /// An engine whose query is appended to `queryPrefix` (not checked).
        package init(name: String, queryPrefix: String) {
            self.init(name: name, template: queryPrefix + Self.queryPlaceholder)
        }

        /// The address before the query.
        package var queryPrefix: String {
            template.range(of: Self.queryPlaceholder).map { String(template[..<$0.lowerBound]) } ?? template
        }

        /// Google (the Mac's default).
        public static let google = Engine(name: "Google", queryPrefix: "https://www.google.com/search?q=")
        /// DuckDuckGo.
        public static let duckDuckGo = Engine(name: "DuckDuckGo", queryPrefix: "https://duckduckgo.com/?q=")
        /// Bing.
        public static let bing = Engine(name: "Bing", queryPrefix: "https://www.bing.com/search?q=")
        /// Ecosia.
        public static let ecosia = Engine(name: "Ecosia", queryPrefix: "https://www.ecosia.org/search?q=")
        /// Yahoo.
        public static let yahoo = Engine(name: "Yahoo", queryPrefix: "https://search.yahoo.com/search?p=")

        /// The engines known by name, for settings (`searchEngine` in scenarios).
        package static let known: [Engine] = [.google, .duckDuckGo, .bing, .ecosia, .yahoo]

        /// The known engine called `name` (any case).
        public static func named(_ name: String) -> Engine? {
            known.first { $0.name.lowercased() == name.lowercased() }
        }

        /// Whether the engine can be searched: a name of 1–40 printable Characters, and a template of at
        /// most 512 bytes starting with `https://` and a host, holding `queryPlaceholder` once after the
        /// host, and nothing that is not part of an address (spaces, control characters, quotes, `<>`).
        package var isValid: Bool {
            guard !name.isEmpty, name.count <= 40, !name.unicodeScalars.contains(where: Self.isControl) else {
                return false
            }
            guard template.utf8.count <= 512, template.hasPrefix("https://") else { return false }
            let parts = template.components(separatedBy: Self.queryPlaceholder)
            guard parts.count == 2 else { return false }
            let hostAndRest = parts[0].dropFirst("https://".count)
            guard let slash = hostAndRest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }),
                hostAndRest.startIndex < slash
            else { return false }
            let host = hostAndRest[..<slash]
            guard host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == ":") })
            else { return false }
            return !template.unicodeScalars.contains {
                Self.isControl($0) || $0 == " " || $0 == "\"" || $0 == "<" || $0 == ">" || $0 == "\\" || !$0.isASCII
            }
        }

        private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
        }

        /// A custom engine from a setting, checked (`isValid`).
        public static func custom(name: String, template: String) -> Result<Engine, SettingsError> {
            let engine = Engine(name: name, template: template)
            guard engine.isValid else {
                return .failure(
                    SettingsError(
                        "the engine \"\(name.prefix(40))\" needs a name and a template such as "
                            + "\"https://example.org/search?q=\(queryPlaceholder)\" (https, one \(queryPlaceholder) after the host, no spaces)"
                    ))
            }
            return .success(engine)
        }
    }

    /// The engine searched.
    public var engine: Engine

    /// A web search with `engine` (default Google, as the Mac's Search With).
    public init(engine: Engine = .google) {
        self.engine = engine
    }

    public var commands: Set<EditCommand.ID> { Self.handledCommands }
    /// Made once: a menu asks every service for its commands several times.
    private static let handledCommands: Set<EditCommand.ID> = [.searchWeb]

    public func canPerform(_ command: EditCommand.ID, on request: ServiceRequest) -> Bool {
        command == .searchWeb && engine.isValid
    }

    public func perform(_ command: EditCommand.ID, on request: ServiceRequest) throws(ServiceError) -> ServiceResult {
        guard let url = url(for: request.text) else {
            throw ServiceError("Search With \(engine.name): the text cannot be searched")
        }
        return .open(url)
    }

    /// The address searching `text` opens: the engine's template with `text` in place of its
    /// placeholder, every byte but RFC 3986's unreserved characters percent-encoded (whitespace runs
    /// become one space first). `nil` for blank text, a query over 1 KiB or an invalid engine.
    public func url(for text: String) -> String? {
        let query = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        guard !query.isEmpty, query.utf8.count <= 1024, engine.isValid else { return nil }
        return engine.template.replacingOccurrences(of: Engine.queryPlaceholder, with: SafeURI.escape(query))
    }
}
