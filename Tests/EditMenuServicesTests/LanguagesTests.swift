import EditMenuKit
import Foundation
import Testing

import EditMenuTestSupport

@testable import EditMenuServices

/// Every shipped language served (EDIT-MENU.md §14) with the real tools: a dictd of the tests' own
/// (``TestDictServer``), Apertium's pairs, espeak-ng's voices and Enchant's dictionaries.
private func request(
    _ text: String, locale: MenuLocale = .english, language: String? = nil, editable: Bool = true
) -> ServiceRequest {
    ServiceRequest(
        selectedText: SelectedText(text: text, characterRange: 0..<text.count),
        content: SelectableContent(
            kind: .text, isEditable: editable,
            selection: .range(
                TextRangeFacts(characterCount: text.count, coversAll: true, isBlank: false, isWithinOneWord: true))),
        locale: locale, textLanguageHint: language)
}

private func panel(_ result: ServiceResult) throws -> EditMenuPanel {
    var result = result
    if case .later(let task) = result {
        result = try #require(task.wait(timeout: 30), "the service did not finish in 30 s").get()
    }
    guard case .panel(let panel) = result else { throw ServiceError("expected a panel, got \(result)") }
    return panel
}

@Suite("The text's language (EDIT-MENU.md §14)")
struct TextLanguageDecisionTests {
    @Test("The menu's language, the host's hint, or the script (with the menu's region)")
    func decide() {
        #expect(TextLanguage.decide("Hallo Welt", locale: MenuLocale("de")) == "de")
        #expect(TextLanguage.decide("Bonjour", locale: .english) == "en", "Latin under English is English")
        #expect(TextLanguage.decide("Bonjour", locale: .english, hint: "fr-FR") == "fr", "the host's hint wins")
        #expect(TextLanguage.decide("Привет", locale: .english) == "ru")
        #expect(TextLanguage.decide("Привіт", locale: MenuLocale("en-UA")) == "uk", "the region picks among Cyrillic")
        #expect(TextLanguage.decide("Привет", locale: MenuLocale("uk")) == "uk", "the menu's own script")
        #expect(TextLanguage.decide("Hello", locale: MenuLocale("ja")) == "en", "Japanese is not written in Latin")
        #expect(TextLanguage.decide("Hello", locale: MenuLocale("ru-DE")) == "de")
        #expect(TextLanguage.decide("東京", locale: MenuLocale("ja")) == "ja")
        #expect(TextLanguage.decide("東京", locale: .english) == "zh")
        #expect(TextLanguage.decide("東京", locale: MenuLocale("en-JP")) == "ja")
        #expect(TextLanguage.decide("서울", locale: .english) == "ko")
        #expect(TextLanguage.decide("שלום", locale: MenuLocale("de")) == "he")
        #expect(TextLanguage.decide("123", locale: MenuLocale("fr")) == "fr", "no letters: the menu's language")
        #expect(TextLanguage.decide("Hola", locale: .english, hint: "not a tag!") == "en", "a bad hint is ignored")
        #expect(request("Katze", language: "de").textLanguage == "de")
    }

    @Test("A tag's subtags read as ASCII bytes are what splitting its Characters gives")
    func asciiSubtags() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let pieces = [
            "en", "PT", "br", "-", "_", ".", "@", "Latn", "cyrl", "UTF-8", "x", "--", "Zh", "HANT", " ", "9", "\u{301}",
            "é",
        ]
        for _ in 0..<2_000 {
            let tag = (0..<Int(next() % 6)).map { _ in pieces[Int(next() % UInt64(pieces.count))] }.joined()
            let posix = tag.split(whereSeparator: { "-_.@".contains($0) }).map { $0.lowercased() }
            let bcp = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
            // Not ASCII: `nil`, and the Characters decide; else the same subtags.
            if let subtags = TextLanguage.asciiSubtags(tag, posix: true) { #expect(subtags == posix, "\(tag)") }
            if let subtags = TextLanguage.asciiSubtags(tag, posix: false) { #expect(subtags == bcp, "\(tag)") }
            if let first = TextLanguage.asciiSubtags(tag, posix: true, limit: 1) {
                #expect(first == Array(posix.prefix(1)), "\(tag)")
            }
            #expect(TextLanguage.asciiSubtags(tag, posix: true) != nil || !tag.allSatisfy(\.isASCII))
        }
        #expect(TextLanguage.asciiSubtags("ab-\u{301}c", posix: true, limit: 1) == nil, "a mark joins the hyphen")
        #expect(TextLanguage.asciiSubtags("sr-Латн", posix: false) == nil, "not ASCII: the Characters decide")
        #expect(TextLanguage.primaryLanguage(of: "sr-Латн") == "sr")
        #expect(TextLanguage.script(ofLanguage: "sr-Latn") == .latin)
        #expect(TextLanguage.primaryLanguage(of: "iw_IL.UTF-8") == "he")
    }
}

@Suite("A DICT (RFC 2229) client")
struct DictClientTests {
    @Test("Server names parse from DICT_SERVER, dict.conf lines and URLs; bad ones are refused")
    func servers() throws {
        #expect(DictServer(parsing: "dict.example.org") == DictServer(host: "dict.example.org"))
        #expect(DictServer(parsing: "localhost:2700") == DictServer(host: "localhost", port: 2700))
        #expect(DictServer(parsing: "dict://[::1]:2629/") == DictServer(host: "::1", port: 2629))
        #expect(DictServer(parsing: "host:0") == nil)
        #expect(DictServer(parsing: "bad host") == nil)
        #expect(DictServer(parsing: "") == nil)
        #expect(
            DictServer.serverLine(in: "# comment\nserver dict.org port 2629 # remote\n")
                == DictServer(
                    host: "dict.org", port: 2629))
        #expect(
            DictServer.configured(environment: ["DICT_SERVER": "127.0.0.1:9"]) == DictServer(host: "127.0.0.1", port: 9)
        )
        let none = DictServer.configured(environment: ["HOME": "/nonexistent"], systemFile: "/nonexistent")
        #expect(none == DictServer(host: "localhost"))
    }

    @Test("Words the protocol cannot carry are never sent")
    func quoting() {
        #expect(DictClient.quoted("Katze") == "\"Katze\"")
        #expect(DictClient.quoted("a\"b") == nil)
        #expect(DictClient.quoted("a\r\nQUIT") == nil)
        #expect(DictClient.quoted(String(repeating: "a", count: 201)) == nil)
        #expect(!DictClient.isDatabaseName("fd deu"))
    }

    @Test("A server that is not there fails fast with a clear error")
    func unreachable() {
        let start = Date()
        #expect(throws: ServiceError.self) {
            try DictClient.connect(to: DictServer(host: "127.0.0.1", port: 1), timeout: 1)
        }
        #expect(Date().timeIntervalSince(start) < 2)
    }

    @Test("The tests' dictd lists Debian's dictionaries and defines words")
    func define() throws {
        let client = try TestDictServer.client()
        let names = client.databases.map(\.name)
        #expect(names.contains("gcide") && names.contains("wn"))
        #expect(names.contains("freedict-deu-eng"), "\(names)")
        let katze = try client.define("Katze", in: ["freedict-deu-eng"])
        #expect(katze.first?.text.contains("cat") == true)
        #expect(try client.define("zqxjvk", in: ["freedict-deu-eng", "gcide"]).isEmpty)
        #expect(try client.define("Katze", in: ["no-such-database"]).isEmpty)
    }

    @Test("One connection carries question after question; one the server closed is replaced")
    func keepAlive() throws {
        let shared = try TestDictServer.client()
        let client = DictClient(server: shared.server, databases: shared.databases)
        #expect(client.idleConnectionCount == 0)
        for word in ["Katze", "Hund", "Haus"] {
            let found = try client.define(word, in: ["gcide", "freedict-deu-eng"])
            #expect(!found.isEmpty && Set(found.map(\.database)) == ["freedict-deu-eng"], "\(word)")
            #expect(client.idleConnectionCount == 1)
        }
        let both = try client.define("cat", in: ["wn", "gcide"])
        #expect(Set(both.map(\.database)) == ["wn", "gcide"], "answers of pipelined DEFINEs, in order")
        #expect(both.first?.database == "wn")
        client.shutDownIdleConnections()
        #expect(try client.define("Katze", in: ["freedict-deu-eng"]).first?.text.contains("cat") == true)
        #expect(client.idleConnectionCount == 1)
        let copy = client
        #expect(try !copy.define("Hund", in: ["freedict-deu-eng"]).isEmpty)
        #expect(client.idleConnectionCount == 1, "copies share the connection")
    }

    @Test("Entries parse by part of speech: FreeDict, GCIDE and WordNet formats")
    func parsing() {
        let free = DictionaryEntryParser.entries(
            "Katze /kˈatsə/ <fem, n, sg>\n [zool.] cat <n>, feline <n> [formal]\n  \"Katze mit …\"  - x\n see: {Katzen}\n",
            database: "freedict-deu-eng")
        #expect(free == [.init(headword: "Katze", partOfSpeech: "noun", senses: ["[zool.] cat, feline [formal]"])])
        let wn = DictionaryEntryParser.entries(
            "cat\n    n 1: feline mammal [syn: {cat}]\n    2: a youth\n    v 1: beat with a\n         whip\n",
            database: "wn")
        #expect(wn.map(\.partOfSpeech) == ["noun", "verb"])
        #expect(wn.last?.senses == ["beat with a whip"])
        let gcide = DictionaryEntryParser.entries(
            "cat \\cat\\ (k[a^]t), n. [AS. cat.]\n   1. (Zool.) Any animal of the\n      Felidae.\n      [1913 Webster]\n\n   2. A ship.\n",
            database: "gcide")
        #expect(
            gcide == [
                .init(headword: "cat", partOfSpeech: "noun", senses: ["(Zool.) Any animal of the Felidae.", "A ship."])
            ])
        #expect(DictionaryEntryParser.entries("headword only\n", database: "freedict-fra-eng").isEmpty)
        #expect(DictionaryEntryParser.entries("   \n\n", database: "gcide").isEmpty)
    }

    @Test("Dictionaries are chosen by the text's language and the menu's")
    func catalog() {
        let available = ["gcide", "wn", "freedict-deu-eng", "freedict-fra-eng", "freedict-eng-deu", "freedict-deu-fra"]
        #expect(DictionaryCatalog.databases(for: "en", menuLanguage: "en", available: available) == ["gcide", "wn"])
        #expect(
            DictionaryCatalog.databases(for: "en", menuLanguage: "de", available: available)
                == ["gcide", "wn", "freedict-eng-deu"])
        #expect(
            DictionaryCatalog.databases(for: "de", menuLanguage: "de", available: available) == ["freedict-deu-eng"])
        #expect(
            DictionaryCatalog.databases(for: "de", menuLanguage: "fr", available: available)
                == ["freedict-deu-fra", "freedict-deu-eng"])
        #expect(DictionaryCatalog.databases(for: "ru", menuLanguage: "en", available: available).isEmpty)
        #expect(DictionaryCatalog.name(of: "freedict-deu-eng", description: "") == "FreeDict German-English")
        #expect(DictionaryCatalog.name(of: "wn", description: "WordNet (r) 3.0") == "WordNet")
    }
}

@Suite("Look Up in the text's language, through a real dictd")
struct LookUpLanguagesTests {
    let service: LookUpService

    init() throws {
        service = try #require(LookUpService(dictionaryServer: try TestDictServer.client(), wordNet: .system()))
    }

    @Test("German: the FreeDict German-English entry, by part of speech")
    func german() throws {
        let shown = try panel(try service.perform(.lookUp, on: request("Katze", locale: MenuLocale("de"))))
        #expect(shown.sources == ["FreeDict German-English"])
        #expect(shown.text.contains("Katze (noun)\n 1. [zool.] cat"), "\(shown.text)")
    }

    @Test("French (the host's hint under an English menu) and lower-cased headwords")
    func french() throws {
        let shown = try panel(try service.perform(.lookUp, on: request("Maison", language: "fr")))
        #expect(shown.sources == ["FreeDict French-English"])
        #expect(shown.text.contains("maison (noun)\n 1. house"), "\(shown.text)")
    }

    @Test("English: GCIDE and WordNet, each by part of speech")
    func english() throws {
        let shown = try panel(try service.perform(.lookUp, on: request("cat")))
        #expect(shown.sources == ["WordNet", "GCIDE"])
        #expect(shown.text.contains("cat (noun)"))
        #expect(shown.text.contains("feline mammal"))
    }

    @Test("No entry anywhere: the menu's language says so, with Search Web")
    func noEntry() throws {
        #expect(service.canPerform(.lookUp, on: request("Cupertino")), "offered whether a dictionary knows it or not")
        let shown = try panel(try service.perform(.lookUp, on: request("zqxjvk", locale: MenuLocale("de"))))
        #expect(shown.text == "Keine Einträge gefunden")
        #expect(shown.actions.map(\.id) == [.searchWeb])
        #expect(shown.actions.first?.title == "Im Web suchen")
        #expect(shown.sources.isEmpty)
    }
}

@Suite("Translate from the text's language, directly or through a pivot")
struct TranslateLanguagesTests {
    let translator: ApertiumTranslator

    init() throws {
        translator = try #require(ApertiumTranslator.system(), "Apertium is not installed (scripts/setup.sh)")
    }

    private func translated(_ text: String, from source: String, to target: String, locale: MenuLocale = .english)
        throws -> EditMenuPanel
    {
        let service = TranslationService(
            translator: translator, target: target, dictionaryServer: try? TestDictServer.client())
        let asked = request(text, locale: locale, language: source)
        let direction = try #require(service.direction(for: asked), "no route \(source)→\(target)")
        #expect(direction.source == source)
        return try panel(try service.perform(.translate, on: asked))
    }

    @Test("fr → es directly")
    func frenchToSpanish() throws {
        #expect(
            try translated("Le chat dort dans la maison.", from: "fr", to: "es").text == "El gato duerme en la casa.")
    }

    @Test("fr → en through es, never through an English-target pair from another language")
    func frenchToEnglish() throws {
        #expect(translator.route(from: "fr", to: "en")?.map(\.mode) == ["fr-es", "spa-eng"])
        let shown = try translated("Le chat dort dans la maison.", from: "fr", to: "en")
        #expect(shown.text == "The cat sleeps in the house.", "\(shown.text)")
        #expect(shown.title == "French → English")
    }

    @Test("pt → en through es")
    func portugueseToEnglish() throws {
        #expect(translator.route(from: "pt", to: "en")?.map(\.mode) == ["pt-es", "spa-eng"])
        let shown = try translated("O gato dorme na casa.", from: "pt", to: "en")
        #expect(shown.text.lowercased().contains("cat") && shown.text.contains("house"), "\(shown.text)")
    }

    @Test("en → ca directly")
    func englishToCatalan() throws {
        #expect(
            try translated("The cat is sleeping on the table.", from: "en", to: "ca").text
                == "El gat està dormint en la taula.")
    }

    @Test("A German single word, which no pair reads, through FreeDict; Replace stays")
    func germanWord() throws {
        #expect(translator.route(from: "de", to: "en") == nil)
        let shown = try translated("Katze", from: "de", to: "en", locale: MenuLocale("de"))
        #expect(shown.text == "cat")
        #expect(shown.sources == ["FreeDict German-English"])
        #expect(shown.actions.map(\.id) == [.copy, .replace])
        let service = TranslationService(
            translator: translator, target: "en", dictionaryServer: try TestDictServer.client())
        #expect(
            !service.canPerform(.translate, on: request("Die Katze schläft.", language: "de")),
            "a sentence needs a pair")
    }
}

@Suite("Speech and spelling in the text's language")
struct SpeechSpellingLanguagesTests {
    @Test("German and Russian voices")
    func voices() throws {
        let speech = try #require(EspeakSpeech.system(output: .none), "espeak-ng is not installed")
        let service = SpeechService(speech: speech)
        func spoken(_ request: ServiceRequest) throws -> SpokenText {
            guard case .later(let task) = try service.perform(.startSpeaking, on: request),
                case .success(.spoke(let spoken)) = task.wait(timeout: 30)
            else { throw ServiceError("nothing was spoken") }
            return spoken
        }
        #expect(try spoken(request("Guten Morgen", locale: MenuLocale("de"))).voice == "de")
        #expect(
            try spoken(request("Доброе утро", locale: .english)).voice == "ru", "a Russian sentence in an English UI")
        #expect(try spoken(request("Bonjour", language: "fr")).voice == "fr", "the host's hint")
    }

    @Test("German and French suggestions from their own dictionaries")
    func spelling() throws {
        let checker = try #require(
            EnchantSpellChecker.system(locale: MenuLocale("de"), environment: ["HOME": "/nonexistent"]),
            "Enchant is not installed")
        let german = try #require(checker.language(of: "Katze", locale: MenuLocale("de")))
        #expect(german == "de")
        #expect(checker.isMisspelled("Kazte", language: german))
        #expect(checker.suggestions(for: "Kazte", language: german).contains("Katze"))
        #expect(checker.language(of: "maison", locale: MenuLocale("fr")) == "fr")
        #expect(checker.suggestions(for: "maisson", language: "fr").contains("maison"))
        #expect(checker.language(of: "Привет", locale: MenuLocale("de")) == "ru", "a paragraph in another script")
    }

    @Test("The host's hint picks the dictionary for its script; another script keeps its own language")
    func spellingHint() throws {
        let checker = try #require(
            EnchantSpellChecker.system(locale: .english, environment: ["HOME": "/nonexistent"]),
            "Enchant is not installed")
        let languages = checker.languages
        #expect(languages.contains("fr") && languages.contains("de") && languages.contains("ru"), "\(languages)")
        let french = TextLanguage.language(of: "maisson", locale: .english, candidates: languages, hint: "fr-FR")
        #expect(french == "fr", "French text in an English UI, the host saying it is French")
        #expect(checker.suggestions(for: "maisson", language: try #require(french)).contains("maison"))
        #expect(TextLanguage.language(of: "maisson", locale: .english, candidates: languages) == "en")
        let german = try #require(
            TextLanguage.language(of: "Kazte", locale: .english, candidates: languages, hint: "de"))
        #expect(
            checker.isMisspelled("Kazte", language: german)
                && checker.suggestions(for: "Kazte", language: german).contains("Katze"))
        #expect(
            TextLanguage.language(of: "Привет", locale: .english, candidates: languages, hint: "fr") == "ru",
            "a paragraph in another script than the hint's")
        #expect(
            TextLanguage.language(of: "maison", locale: .english, candidates: languages, hint: "fi") == "en",
            "a hint no dictionary reads is passed over")
        #expect(TextLanguage.language(of: "maison", locale: .english, candidates: languages, hint: "bad tag!") == "en")
    }
}
