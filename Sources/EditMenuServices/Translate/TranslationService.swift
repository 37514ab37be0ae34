import EditMenuKit
import Foundation

/// Translate as an edit-menu service, with Apertium (EDIT-MENU.md §3, §14): the source is the text's
/// language (`ServiceRequest.textLanguage`, never "whatever pair goes into the target"), the target
/// a setting or the menu's language; offered when an installed pair takes one to the other, directly
/// or through one pivot language (fr → es → en), or — for a single word — when a FreeDict bilingual
/// dictionary on the dictionary server does (German → English). Translating runs in the background
/// and shows a translation panel with Copy and — for editable text — Replace (one undo step); a single
/// word also gets its dictionary entries.
///
/// ```swift
/// let service = TranslationService(translator: translator, target: "es")
/// // "The cat sleeps." selected, menu in English → Translate → panel "El gato duerme." [Copy] [Replace]
/// ```
///
/// Without a `target` the menu's language is the target, and text already in it goes to the first
/// language (in `MenuLocale.supported` order) it can be translated into.
package struct TranslationService: EditMenuService {
    /// The translator.
    package let translator: ApertiumTranslator
    /// The language to translate into (a primary language code, `es`); `nil`: see the type's
    /// description.
    package var target: String?
    /// The dictionary server whose FreeDict dictionaries translate single words no pair reads.
    package var dictionaryServer: DictClient?

    /// Translate with `translator` into `target`, single words also with `dictionaryServer`.
    package init(translator: ApertiumTranslator, target: String? = nil, dictionaryServer: DictClient? = nil) {
        self.translator = translator
        self.target = target.map(TextLanguage.primaryLanguage(of:))
        self.dictionaryServer = dictionaryServer
    }

    package var commands: Set<EditCommand.ID> { Self.handledCommands }
    /// Made once: a menu asks every service for its commands several times.
    private static let handledCommands: Set<EditCommand.ID> = [.translate]

    package func canPerform(_ command: EditCommand.ID, on request: ServiceRequest) -> Bool {
        command == .translate && direction(for: request) != nil
    }

    /// How a request's text is translated: its source and target languages, and the FreeDict database
    /// when no Apertium route exists and the text is a single word.
    package struct Direction: Hashable, Sendable {
        /// The text's language.
        package var source: String
        /// The language translated into.
        package var target: String
        /// The Apertium pairs, in turn (one, or two through a pivot); empty when ``dictionary`` translates.
        package var route: [ApertiumTranslator.Pair]
        /// The bilingual dictionary (a DICT database name) for a single word without a route.
        package var dictionary: String?
    }

    /// The direction for `request`, when one is installed.
    package func direction(for request: ServiceRequest) -> Direction? {
        let source = request.textLanguage
        // Whether the text is one word (a bilingual dictionary can translate it): asked only when there
        // is a dictionary server to answer (a menu asks this for every selection).
        let isWord = dictionaryServer != nil && Self.singleWord(request.text) != nil
        let menu = TextLanguage.menuLanguage(request.locale)
        var targets: [String]
        if let target {
            targets = [target]
        } else if source != menu {
            targets = [menu]
        } else {
            var reachable = translator.targets(from: source)
            if isWord, let server = dictionaryServer {
                let names = server.databases.map(\.name)
                reachable += MenuLocale.supported.map(TextLanguage.primaryLanguage(of:)).filter {
                    DictionaryCatalog.bilingual(from: source, to: $0, available: names) != nil
                }
            }
            targets = TextLanguage.preferredOrder(reachable)
        }
        for target in targets where target != source {
            if let route = translator.route(from: source, to: target) {
                return Direction(source: source, target: target, route: route, dictionary: nil)
            }
            if isWord, let server = dictionaryServer,
                let database = DictionaryCatalog.bilingual(
                    from: source, to: target, available: server.databases.map(\.name))
            {
                return Direction(source: source, target: target, route: [], dictionary: database)
            }
        }
        return nil
    }

    package func perform(_ command: EditCommand.ID, on request: ServiceRequest) throws(ServiceError) -> ServiceResult {
        let text = request.text
        guard let direction = direction(for: request) else {
            throw ServiceError("Translate: nothing installed translates this text from \(request.textLanguage)")
        }
        let translator = translator
        let server = dictionaryServer
        let editable = request.content.isEditable && !request.content.isSecure
        let strings = MenuStrings(locale: request.locale)
        let idiom = Idiom.pad
        let title =
            "\(Self.name(direction.source, in: request.locale)) → \(Self.name(direction.target, in: request.locale))"
        let copy = EditMenuPanel.Action(.copy, title: strings.title(for: .copy, idiom: idiom))
        let replace = EditMenuPanel.Action(
            .replace, title: UndoAction.replace.title(strings: strings, idiom: idiom).capitalizingFirstLetter)
        let actions = editable ? [copy, replace] : [copy]
        return .later(
            ServiceTask { () throws(ServiceError) in
                let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if let database = direction.dictionary, let server {
                    return try Self.dictionaryPanel(
                        trimmed, database: database, server: server, title: title, actions: actions,
                        editable: editable)
                }
                // The translator's own spaces around its output go (Apertium leaves one where it drops a
                // word: "I have been" → " He sido"); the selection's own, if any, stay, so Replace keeps
                // the text's spacing.
                var translation = try translator.translate(trimmed, from: direction.source, to: direction.target)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                var detail = ""
                if let word = Self.singleWord(trimmed) {
                    // Apertium capitalizes a lone word as if it began a sentence: keep the word's case.
                    if let first = trimmed.first, first.isLowercase, let initial = translation.first {
                        translation = initial.lowercased() + translation.dropFirst()
                    }
                    let entries = try translator.dictionaryEntries(
                        for: word, from: direction.source, to: direction.target)
                    detail = entries.map {
                        "\($0.lemma) (\($0.partOfSpeech)): \($0.translations.joined(separator: ", "))"
                    }
                    .joined(separator: "\n")
                }
                let leading = text.prefix(while: \.isWhitespace)
                let trailing = text.dropFirst(leading.count).reversed().prefix(while: \.isWhitespace).reversed()
                return .panel(
                    EditMenuPanel(
                        kind: .translation, title: title, text: leading + translation + String(trailing),
                        detail: detail, actions: actions, isTextEditable: editable))
            })
    }

    /// A single word's translation from a FreeDict dictionary: the first sense as the text (what
    /// Replace puts in), every entry as the detail.
    static func dictionaryPanel(
        _ word: String, database: String, server: DictClient, title: String, actions: [EditMenuPanel.Action],
        editable: Bool
    ) throws(ServiceError) -> ServiceResult {
        var definitions: [DictClient.Definition] = []
        for variant in LookUpService.variants(of: word) {
            definitions = try server.define(variant, in: [database])
            if !definitions.isEmpty { break }
        }
        let sections = DictionarySection.sections(definitions, server: server)
        guard let first = sections.first?.entries.first?.senses.first else {
            throw ServiceError(
                "Translate: \(DictionaryCatalog.name(of: database, description: "")) has no entry for “\(word)”")
        }
        // "[zool.] cat, feline [formal]" → "cat": the first translation without labels.
        let translation = Self.firstTranslation(first)
        var panel = EditMenuPanel(
            kind: .translation, title: title, text: translation,
            detail: DictionarySection.panelText(sections), actions: actions, isTextEditable: editable)
        panel.sources = sections.map(\.source)
        return .panel(panel)
    }

    /// The first translation of a dictionary sense: before the first comma or semicolon, without
    /// bracketed labels.
    static func firstTranslation(_ sense: String) -> String {
        var out = ""
        var depth = 0
        for c in sense {
            if c == "[" || c == "(" {
                depth += 1
            } else if c == "]" || c == ")", depth > 0 {
                depth -= 1
            } else if depth == 0 {
                if c == "," || c == ";" { break }
                out.append(c)
            }
        }
        let trimmed = out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return trimmed.isEmpty ? sense : trimmed
    }

    /// The selection as one word (without the punctuation around it), or `nil` for several words.
    static func singleWord(_ text: String) -> String? {
        let word = text.trimmingEnds(in: .whitespacesNewlinesAndPunctuation)
        return word.isEmpty || word.contains(where: { $0.isWhitespace }) ? nil : word
    }

    /// A language's name in the menu's language ("Spanish", "Spanisch").
    static func name(_ code: String, in locale: MenuLocale) -> String {
        Locale(identifier: locale.identifier).localizedString(forLanguageCode: code)?.capitalizingFirstLetter ?? code
    }
}

extension String {
    /// The string with its first letter in upper case ("замена" → "Замена").
    var capitalizingFirstLetter: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
