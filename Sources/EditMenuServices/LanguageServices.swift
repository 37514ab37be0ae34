import EditMenuKit
import Foundation

/// The language services this machine really has, found once at start-up: Look Up (a DICT server —
/// `dictd` with Debian's dictionaries — and WordNet), Translate (Apertium, and FreeDict for single
/// words), Speech (espeak-ng) and spelling (Enchant). What is missing is `nil`, and its items are
/// never offered.
///
/// ```swift
/// let found = LanguageServices.discover(locale: configuration.locale, translateTo: "es")
/// found.install(into: &configuration)      // services and spell checker
/// found.report                             // ["Look Up: WordNet (/usr/bin/wn)", "Speech: missing — …", …]
/// ```
public struct LanguageServices: Sendable {
    /// Look Up, when a dictionary server answers or WordNet is installed.
    package var lookUp: LookUpService?
    /// Translate, when Apertium and at least one pair are installed.
    package var translation: TranslationService?
    /// Speech, when espeak-ng is installed (and, to play, there is an audio output).
    package var speech: SpeechService?
    /// Spelling, when libenchant-2 and a dictionary are installed.
    package var spellChecker: EnchantSpellChecker?
    /// The dictionary server (``DictServer/configured(environment:systemFile:)``), when it answered.
    package var dictionaryServer: DictClient?

    /// Creates a set of services.
    package init(
        lookUp: LookUpService? = nil, translation: TranslationService? = nil, speech: SpeechService? = nil,
        spellChecker: EnchantSpellChecker? = nil
    ) {
        self.lookUp = lookUp
        self.translation = translation
        self.speech = speech
        self.spellChecker = spellChecker
    }

    /// Finds every service on this machine, speaking through the speaker.
    ///
    /// - Parameters:
    ///   - locale: The menu's language (the spell checker's first dictionary).
    ///   - translateTo: The Translate setting: a language code; `nil` translates to the menu's language.
    ///   - dictionaryServer: The DICT server Look Up and Translate read; `nil` uses the user's own
    ///     (`DICT_SERVER`, else `~/.dictrc`, else `/etc/dictd/dict.conf`, else `localhost`).
    ///   - spellChecker: With `false` no spell checker is made (for an app that sets its own).
    ///   - environment: Where `PATH`, `HOME` and the tools' settings are read.
    public static func discover(
        locale: MenuLocale, translateTo: String? = nil, dictionaryServer: DictServer? = nil, spellChecker: Bool = true,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> LanguageServices {
        discover(
            locale: locale, translateTo: translateTo, speechOutput: .speaker, dictionaryServer: dictionaryServer,
            spellChecker: spellChecker, environment: environment)
    }

    /// Finds every service: `translateTo` is the Translate setting (a language code; `nil`: the menu's
    /// language), `speechOutput` where speech goes (the speaker in a host, nowhere in `editmenu perform`).
    /// With `spellChecker` false no spell checker is made (for a caller that makes its own).
    package static func discover(
        locale: MenuLocale, translateTo: String? = nil, speechOutput: EspeakSpeech.Output,
        dictionaryServer: DictServer? = nil, spellChecker: Bool = true,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> LanguageServices {
        // A server on this machine answers at once or refuses; a remote one gets a second.
        let server = dictionaryServer ?? DictServer.configured(environment: environment)
        let local = ["localhost", "127.0.0.1", "::1"].contains(server.host)
        let dictionary = try? DictClient.connect(to: server, timeout: local ? 0.5 : 1)
        var found = LanguageServices(
            lookUp: LookUpService(
                dictionaryServer: dictionary, wordNet: WordNetDictionary.system(environment: environment)),
            translation: ApertiumTranslator.system().map {
                TranslationService(translator: $0, target: translateTo, dictionaryServer: dictionary)
            },
            speech: EspeakSpeech.system(output: speechOutput, environment: environment).map(SpeechService.init),
            spellChecker: spellChecker ? EnchantSpellChecker.system(locale: locale, environment: environment) : nil)
        found.dictionaryServer = dictionary
        return found
    }

    /// The edit-menu services found, in menu order.
    public var services: [any EditMenuService] {
        var found: [any EditMenuService] = []
        if let lookUp { found.append(lookUp) }
        if let translation { found.append(translation) }
        if let speech { found.append(speech) }
        return found
    }

    /// Adds the services to `configuration` (after those it has) and sets its spell checker.
    public func install(into configuration: inout EditMenuConfiguration) {
        configuration.services += services
        configuration.spellChecker = spellChecker
    }

    /// One line per service: what provides it, or which Debian package brings it back.
    public var report: [String] {
        [
            lookUp.map { service in
                var parts: [String] = []
                if let wordNet = service.wordNet {
                    parts.append("WordNet (\(wordNet.executable), \(wordNet.directory))")
                }
                if let server = service.dictionaryServer {
                    parts.append(
                        "DICT server \(server.server) (\(server.databases.map(\.name).joined(separator: " ")))")
                }
                return "Look Up: " + parts.joined(separator: "; ")
            } ?? "Look Up: not offered — install dictd and dict-gcide, dict-wn, dict-freedict-*, or wordnet",
            translation.map { service in
                let pairs = service.translator.pairs.map { "\($0.source)→\($0.target)" }.joined(separator: " ")
                return "Translate: Apertium (\(pairs))"
            } ?? "Translate: not offered — install apertium and a pair such as apertium-eng-spa",
            speech.map { "Speech: espeak-ng (\($0.speech.languages.count) languages)" }
                ?? (ProcessRunner.find("espeak-ng") == nil
                    ? "Speech: not offered — install espeak-ng"
                    : "Speech: not offered — espeak-ng is installed but there is no audio output to play to"),
            spellChecker.map { "Spelling: Enchant (\($0.tags.values.sorted().joined(separator: " ")))" }
                ?? "Spelling: not offered — install libenchant-2-2 and hunspell-en-us",
        ]
    }
}
