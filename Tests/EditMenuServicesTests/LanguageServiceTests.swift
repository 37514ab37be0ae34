import EditMenuKit
import EditMenuTestSupport
import Foundation
import Testing

@testable import EditMenuServices

/// The language-service adapters against the real tools (`scripts/setup.sh` installs them: wordnet,
/// apertium-eng-spa, espeak-ng, libenchant-2-2 with hunspell-en-us). A missing tool fails the test that
/// needs it, naming the package.
private func request(_ text: String, selecting range: Range<Int>? = nil, editable: Bool = true) -> ServiceRequest {
    let range = range ?? 0..<text.count
    return ServiceRequest(
        selectedText: SelectedText(text: text, characterRange: range),
        content: SelectableContent(
            kind: .text, isEditable: editable,
            selection: .range(
                TextRangeFacts(characterCount: range.count, coversAll: true, isBlank: false, isWithinOneWord: true))),
        locale: .english)
}

/// Waits for a service's background result.
private func finished(_ result: ServiceResult) throws -> ServiceResult {
    guard case .later(let task) = result else { return result }
    let outcome = try #require(task.wait(timeout: 20), "the service did not finish in 20 s")
    return try outcome.get()
}

@Suite("Look Up with WordNet")
struct WordNetTests {
    let dictionary: WordNetDictionary

    init() throws {
        dictionary = try #require(WordNetDictionary.system(), "WordNet is not installed (Debian package wordnet)")
    }

    @Test("The index lemmatizes as WordNet's morphy does: running → run, ran → run, boxes → box, happier → happy")
    func lemmas() {
        let running = dictionary.index.lemmas(of: "running")
        #expect(running.contains { $0.0 == .verb && $0.1 == "run" })
        #expect(running.contains { $0.0 == .noun && $0.1 == "running" })
        #expect(dictionary.index.lemmas(of: "ran").contains { $0.0 == .verb && $0.1 == "run" })
        #expect(dictionary.index.lemmas(of: "Boxes").contains { $0.0 == .noun && $0.1 == "box" })
        #expect(dictionary.index.lemmas(of: "happier").contains { $0.0 == .adjective && $0.1 == "happy" })
        #expect(dictionary.index.lemmas(of: "looking up").contains { $0.0 == .verb && $0.1 == "look_up" })
        #expect(dictionary.index.lemmas(of: "Cupertino").isEmpty)
        #expect(dictionary.index.lemmas(of: "-over").isEmpty, "nothing that reads as an option reaches wn")
        #expect(dictionary.index.lemmas(of: "東京").isEmpty)
    }

    @Test("Definitions come by part of speech from wn, lemmatized")
    func definitions() throws {
        let entries = try dictionary.definitions(of: "running")
        let verb = try #require(entries.first { $0.partOfSpeech == .verb })
        #expect(verb.lemma == "run")
        #expect(verb.senses.first?.gloss.contains("move fast by using one's feet") == true)
        #expect(entries.contains { $0.partOfSpeech == .noun && $0.lemma == "running" })
        let text = WordNetDictionary.panelText(entries)
        #expect(text.contains("run (verb)\n 1. move fast by using one's feet"))
    }

    @Test("The service is offered for any text, and answers with a definition panel")
    func service() throws {
        let service = LookUpService(dictionary: dictionary)
        #expect(service.canPerform(.lookUp, on: request("Infinite")))
        #expect(service.canPerform(.lookUp, on: request("Cupertino")), "offered whether or not WordNet knows it")
        #expect(service.canPerform(.lookUp, on: request("?!")), "any non-blank selection")
        #expect(!service.canPerform(.lookUp, on: request("  ")), "nothing to look up")
        let result = try finished(try service.perform(.lookUp, on: request("loops,")))
        guard case .panel(let panel) = result else {
            Issue.record("expected a panel, got \(result)")
            return
        }
        #expect(panel.kind == .definition)
        #expect(panel.title == "loops")
        #expect(panel.text.hasPrefix("WordNet\nloop (noun)\n 1. "), "\(panel.text)")
        #expect(panel.sources == ["WordNet"])
        let none = try finished(try service.perform(.lookUp, on: request("zqxjvk")))
        guard case .panel(let empty) = none else {
            Issue.record("expected a panel, got \(none)")
            return
        }
        #expect(empty.text == "No entries found")
        #expect(empty.actions.map(\.id) == [.searchWeb])
    }

    @Test("Output that is not an overview is skipped, not trusted")
    func parsing() {
        let entries = WordNetDictionary.parseOverview(
            "\u{1B}]52;c;x\u{07}\nOverview of noun cat\n1. (18) cat, true cat -- (feline mammal)\n2. junk\nnot a sense -- (x)\n"
        )
        #expect(entries.count == 1)
        #expect(
            entries.first?.senses == [WordNetDictionary.Sense(synonyms: ["cat", "true cat"], gloss: "feline mammal")])
    }
}

@Suite("Translate with Apertium")
struct ApertiumTests {
    let translator: ApertiumTranslator

    init() throws {
        translator = try #require(
            ApertiumTranslator.system(), "Apertium is not installed (Debian packages apertium, apertium-eng-spa)")
    }

    @Test("Installed pairs are found from the modes folder, named by primary language codes")
    func pairs() {
        #expect(translator.pair(from: "en", to: "es")?.mode == "eng-spa")
        #expect(translator.pair(from: "es", to: "en")?.mode == "spa-eng")
        #expect(translator.pair(from: "en", to: "ja") == nil)
    }

    @Test("A sentence goes through the whole pipeline; reserved characters pass as text")
    func sentence() throws {
        #expect(
            try translator.translate("The cat is sleeping on the table.", from: "en", to: "es")
                == "El gato está durmiendo en la mesa.")
        let odd = try translator.translate("Hello ^world$ <b>", from: "en", to: "es")
        #expect(odd.contains("^") && odd.contains("$") && odd.contains("<b>"), "\(odd)")
    }

    @Test("A single word gets its bilingual dictionary entries by part of speech")
    func dictionary() throws {
        let house = try translator.dictionaryEntries(for: "house", from: "en", to: "es")
        #expect(house.contains { $0.partOfSpeech == "noun" && $0.translations.contains("casa") })
        #expect(house.contains { $0.partOfSpeech == "verb" && $0.translations.contains("albergar") })
        let running = try translator.dictionaryEntries(for: "running", from: "en", to: "es")
        #expect(running.contains { $0.lemma == "run" && $0.translations.contains("correr") })
        #expect(try translator.dictionaryEntries(for: "qwzxv", from: "en", to: "es").isEmpty)
    }

    @Test("The service translates from the text's language into its setting or the menu's language")
    func direction() throws {
        let toSpanish = TranslationService(translator: translator, target: "es")
        let english = try #require(toSpanish.direction(for: request("The cat")))
        #expect((english.source, english.target) == ("en", "es"))
        #expect(toSpanish.direction(for: request("東京")) == nil, "no pair reads Chinese")
        #expect(!toSpanish.canPerform(.translate, on: request("Привет")), "Russian reaches only Ukrainian")
        let toMenu = TranslationService(translator: translator)
        let latin = try #require(toMenu.direction(for: request("El gato")))
        #expect(latin.source == "en", "Latin text under an English menu is English (EDIT-MENU.md §14)")
        #expect(latin.target != "en")
        var spanishMenu = request("The cat")
        spanishMenu.locale = MenuLocale("es")
        let spanish = try #require(toMenu.direction(for: spanishMenu))
        #expect((spanish.source, spanish.target) == ("es", "en"), "under a Spanish menu Latin text is Spanish")
        let toJapanese = TranslationService(translator: translator, target: "ja")
        #expect(!toJapanese.canPerform(.translate, on: request("The cat")), "no pair into Japanese: no item")
    }

    @Test("The panel has Copy, and Replace for editable text; a word adds its dictionary entries")
    func panel() throws {
        let service = TranslationService(translator: translator, target: "es")
        guard case .panel(let panel) = try finished(try service.perform(.translate, on: request("house"))) else {
            Issue.record("expected a panel")
            return
        }
        #expect(panel.kind == .translation)
        #expect(panel.title == "English → Spanish")
        #expect(panel.text == "casa")
        #expect(panel.detail.contains("house (noun): casa"))
        #expect(panel.actions.map(\.id) == [.copy, .replace])
        #expect(panel.isTextEditable)
        guard
            case .panel(let readOnly) = try finished(
                try service.perform(.translate, on: request("The cat sleeps.", editable: false)))
        else {
            Issue.record("expected a panel")
            return
        }
        #expect(readOnly.actions.map(\.id) == [.copy])
        #expect(readOnly.detail.isEmpty)
    }
}

@Suite("Speech with espeak-ng")
struct SpeechTests {
    let voices: EspeakSpeech

    init() throws {
        voices = try #require(
            EspeakSpeech.system(output: .none), "espeak-ng is not installed (Debian package espeak-ng)")
    }

    @Test("Voices are listed and chosen by language")
    func voicesByLanguage() {
        #expect(voices.languages.contains("en"))
        #expect(voices.languages.contains("de"))
        #expect(voices.voice(for: "de") == "de")
        #expect(voices.voice(for: "fr") != nil)
        #expect(voices.voice(for: "xx") == nil)
    }

    @Test("Synthesizing measures the audio: longer text, longer speech")
    func synthesis() throws {
        let short = try voices.synthesize("Hello world.", language: "en")
        let long = try voices.synthesize(
            "Hello world. This sentence is a good deal longer than the first one, and takes longer to say.",
            language: "en")
        #expect(short.engine == "espeak-ng")
        #expect(short.voice == "en")
        let shortSeconds = try #require(short.seconds)
        let longSeconds = try #require(long.seconds)
        #expect(shortSeconds > 0.5 && shortSeconds < 3, "\(shortSeconds)")
        #expect(longSeconds > shortSeconds * 3, "\(longSeconds) vs \(shortSeconds)")
    }

    @Test("Speaking returns at once and runs on; Stop ends it")
    func speakAndStop() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("speech-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let wave = folder.appendingPathComponent("out.wav").path
        let speaker = EspeakSpeech(
            executable: voices.executable, voiceLanguages: voices.voiceLanguages, output: .waveFile(wave))
        let text = String(repeating: "This is a long text that takes espeak a while to synthesize. ", count: 4000)
        let start = Date()
        let spoken = try speaker.speak(text, language: "en")
        #expect(Date().timeIntervalSince(start) < 0.5, "speaking must not wait for the synthesizer")
        #expect(spoken.seconds == nil)
        #expect(speaker.isSpeaking)
        let service = SpeechService(speech: speaker)
        #expect(service.canPerform(.stopSpeaking, on: request("x")))
        _ = try service.perform(.stopSpeaking, on: request("x"))
        #expect(!speaker.isSpeaking)
        #expect(!service.canPerform(.stopSpeaking, on: request("x")))
    }

    @Test("The service picks the voice of the text's language; text without letters is in the menu's")
    func service() throws {
        let service = SpeechService(speech: voices)
        #expect(service.canPerform(.startSpeaking, on: request("Ελληνικά")))
        guard case .spoke(let greek) = try finished(try service.perform(.startSpeaking, on: request("Καλημέρα")))
        else {
            Issue.record("expected speech")
            return
        }
        #expect(greek.voice == "el")
        #expect((greek.seconds ?? 0) > 0.3)
        // espeak-ng says an emoji's name ("grinning face"), as Apple's speech does.
        guard case .spoke(let emoji) = try finished(try service.perform(.startSpeaking, on: request("😀"))) else {
            Issue.record("expected speech")
            return
        }
        #expect(emoji.voice == "en")
    }
}

@Suite("Spelling with Enchant")
final class EnchantTests {
    let checker: EnchantSpellChecker
    /// The checker's home and data folder, removed when the test ends.
    let folder: URL
    private let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder("editmenu-enchant")
        folder = scratch.url
        checker = try #require(
            EnchantSpellChecker.system(environment: ["XDG_DATA_HOME": folder.path, "HOME": folder.path]),
            "Enchant is not installed (Debian packages libenchant-2-2, hunspell-en-us)")
    }

    @Test("Misspelled words are found, with the dictionary's suggestions")
    func checkAndSuggest() {
        #expect(checker.languages.first == "en")
        #expect(checker.tags["en"] == "en_US")
        #expect(checker.isMisspelled("recieve", language: "en"))
        #expect(!checker.isMisspelled("receive", language: "en"))
        #expect(!checker.isMisspelled("don't", language: "en"))
        #expect(checker.suggestions(for: "recieve", language: "en").first == "receive")
        #expect(checker.suggestions(for: "recieve", language: "en").count <= EnchantSpellChecker.maximumSuggestions)
        #expect(!checker.isMisspelled("recieve", language: "xx"), "no dictionary: nothing is marked")
    }

    @Test("Marking finds the misspelled words of a text as byte ranges; numbers and addresses are left alone")
    func misspellings() {
        let text = "I recieve teh mail at jane.doe@example.com on 12th — Wörter don’t"
        let ranges = checker.misspellings(in: text, locale: .english)
        let words = ranges.map { String(decoding: Array(text.utf8)[$0], as: UTF8.self) }
        #expect(words.contains("recieve") && words.contains("teh"))
        #expect(!words.contains("don’t"), "a typographic apostrophe is read as '")
        #expect(!words.contains { $0.contains("@") || $0.contains("12") })
    }

    deinit { scratch.remove() }

    @Test("Ignore lasts for the session; Learn writes the personal word list under XDG_DATA_HOME")
    func ignoreAndLearn() throws {
        let before = checker.generation
        checker.ignore("qwertzuiop")
        #expect(!checker.isMisspelled("qwertzuiop", language: "en"))
        #expect(checker.generation > before)
        #expect(checker.isMisspelled("zorblatt", language: "en"))
        try checker.learn("zorblatt", language: "en")
        #expect(!checker.isMisspelled("zorblatt", language: "en"))
        let list = try String(contentsOfFile: folder.path + "/editmenukit/spelling/en.dic", encoding: .utf8)
        #expect(list.contains("zorblatt"))
        // A new checker (the next session) still knows the learned word, not the ignored one.
        let next = try #require(
            EnchantSpellChecker.system(environment: ["XDG_DATA_HOME": folder.path, "HOME": folder.path]))
        #expect(!next.isMisspelled("zorblatt", language: "en"))
        #expect(next.isMisspelled("qwertzuiop", language: "en"))
        #expect(throws: ServiceError.self) { try checker.learn("two words", language: "en") }
    }

    @Test("A word in a personal list not opened yet is never called misspelled by a menu that does not wait")
    func personalListNotOpenedYet() throws {
        // A list written by an earlier session, that no checker of this process has opened.
        let fresh = folder.appendingPathComponent("fresh")
        defer { try? FileManager.default.removeItem(at: fresh) }
        let spelling = fresh.appendingPathComponent("editmenukit/spelling")
        try FileManager.default.createDirectory(at: spelling, withIntermediateDirectories: true)
        try "flimblorp\n".write(to: spelling.appendingPathComponent("en.dic"), atomically: true, encoding: .utf8)
        let next = try #require(
            EnchantSpellChecker.system(environment: ["XDG_DATA_HOME": fresh.path, "HOME": fresh.path]))
        next.prepare(language: "en")
        var answer = next.spellingWithoutWaiting(of: "flimblorp", language: "en")
        let deadline = Date().addingTimeInterval(30)
        while !answer.isComplete, Date() < deadline {
            #expect(answer == .pending, "not known yet is pending, never misspelled")
            usleep(5000)
            answer = next.spellingWithoutWaiting(of: "flimblorp", language: "en")
        }
        #expect(answer == .correct)
    }
}
