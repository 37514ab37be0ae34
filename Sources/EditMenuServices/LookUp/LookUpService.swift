import EditMenuKit
import Foundation
import Synchronization

/// Look Up as an edit-menu service (EDIT-MENU.md §3, §14): offered for any non-blank selection —
/// whether a dictionary knows the words is found out when it is performed, as on Apple's platforms.
/// Performing asks, in the background, the dictionaries for the text's language: a dictionary server
/// (DICT, `dictd` with Debian's `dict-*` dictionaries: `DictionaryCatalog` chooses them) and WordNet
/// for English. The panel shows each dictionary's entries by part of speech and lists the dictionaries
/// in `EditMenuPanel.sources`; when none has an entry it says so in the menu's language and offers
/// Search Web.
///
/// ```swift
/// let service = LookUpService(dictionaryServer: try? DictClient.connect(to: .configured()), wordNet: .system())
/// // "Katze" selected, menu in German → Look Up → panel "FreeDict German-English / Katze (noun) / 1. cat"
/// ```
package struct LookUpService: EditMenuService {
    /// The dictionary server, when one answered at start-up.
    package let dictionaryServer: DictClient?
    /// WordNet, the local English dictionary, when installed.
    package let wordNet: WordNetDictionary?

    /// Look Up with a dictionary server and WordNet; `nil` when there is neither.
    package init?(dictionaryServer: DictClient?, wordNet: WordNetDictionary?) {
        guard dictionaryServer != nil || wordNet != nil else { return nil }
        self.dictionaryServer = dictionaryServer
        self.wordNet = wordNet
    }

    /// Look Up with WordNet alone.
    package init(dictionary: WordNetDictionary) {
        dictionaryServer = nil
        wordNet = dictionary
    }

    package var commands: Set<EditCommand.ID> { Self.handledCommands }
    /// Made once: a menu asks every service for its commands several times.
    private static let handledCommands: Set<EditCommand.ID> = [.lookUp]

    package func canPerform(_ command: EditCommand.ID, on request: ServiceRequest) -> Bool {
        command == .lookUp && !Self.phrase(request.text).isEmpty
    }

    package func perform(_ command: EditCommand.ID, on request: ServiceRequest) throws(ServiceError) -> ServiceResult {
        let phrase = Self.phrase(request.text)
        guard !phrase.isEmpty else { throw ServiceError("Look Up: there is nothing to look up") }
        let language = request.textLanguage
        let menuLanguage = TextLanguage.menuLanguage(request.locale)
        let strings = MenuStrings(locale: request.locale)
        let searchWeb = EditMenuPanel.Action(.searchWeb, title: strings.title(for: .searchWeb, idiom: .pad))
        let noEntries = strings.title("lookUpNoEntries", idiom: .pad)
        let service = self
        return .later(
            ServiceTask { () throws(ServiceError) in
                let sections = try service.sections(for: phrase, language: language, menuLanguage: menuLanguage)
                guard !sections.isEmpty else {
                    return .panel(
                        EditMenuPanel(kind: .definition, title: phrase, text: noEntries, actions: [searchWeb]))
                }
                var panel = EditMenuPanel(
                    kind: .definition, title: phrase, text: DictionarySection.panelText(sections))
                panel.sources = sections.map(\.source)
                return .panel(panel)
            })
    }

    /// Every dictionary's entries for `phrase` in `language` (the text's), for a menu in `menuLanguage`:
    /// for English the local WordNet first (it finds "run" for "running"), then the server's
    /// dictionaries in `DictionaryCatalog`'s order (the phrase as selected, then in lower case, then
    /// capitalized — German nouns; the server's WordNet only without a local one). WordNet and the
    /// server are asked at the same time. Empty when no dictionary has an entry.
    ///
    /// - Throws: `ServiceError` when a dictionary fails and no other answered.
    package func sections(for phrase: String, language: String, menuLanguage: String) throws(ServiceError)
        -> [DictionarySection]
    {
        let databases =
            dictionaryServer.map { server in
                DictionaryCatalog.databases(
                    for: language, menuLanguage: menuLanguage, available: server.databases.map(\.name)
                ).filter { wordNet == nil || $0 != "wn" }
            } ?? []
        let local = language == "en" ? wordNet : nil
        let found = Mutex<[Int: Result<[DictionarySection], ServiceError>]>([:])
        let service = self
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            let result: Result<[DictionarySection], ServiceError>
            if part == 0 {
                guard let local else { return }
                result = Result { () throws(ServiceError) in
                    local.hasEntry(for: phrase) ? [DictionarySection(wordNet: try local.definitions(of: phrase))] : []
                }
            } else {
                guard let server = service.dictionaryServer, !databases.isEmpty else { return }
                result = Result { () throws(ServiceError) in
                    var definitions: [DictClient.Definition] = []
                    for variant in Self.variants(of: phrase) {
                        definitions = try server.define(variant, in: databases)
                        if !definitions.isEmpty { break }
                    }
                    return DictionarySection.sections(definitions, server: server)
                }
            }
            found.withLock { $0[part] = result }
        }
        var sections: [DictionarySection] = []
        var failure: ServiceError?
        for part in 0..<2 {
            switch found.withLock({ $0[part] }) {
            case .success(let more)?: sections += more
            case .failure(let error)?: failure = failure ?? error
            case nil: break
            }
        }
        if sections.isEmpty, let failure { throw failure }
        return sections
    }

    /// The spellings to ask for, in turn: as selected, in lower case, capitalized (each once).
    static func variants(of phrase: String) -> [String] {
        var variants = [phrase]
        for variant in [phrase.lowercased(), phrase.prefix(1).uppercased() + phrase.dropFirst().lowercased()]
        where !variants.contains(variant) {
            variants.append(variant)
        }
        return variants
    }

    /// The selection without the spaces and punctuation around it ("running," → "running"); a
    /// selection of punctuation alone stays as it is, without its spaces ("?!").
    static func phrase(_ text: String) -> String {
        let word = text.trimmingEnds(in: .whitespacesNewlinesAndPunctuation)
        return word.isEmpty ? text.trimmingEnds(in: .whitespacesAndNewlines) : word
    }
}
