import EditMenuKit
import EditMenuServices
import Foundation

/// The services of every shipped language (EDIT-MENU.md §14), measured as a person meets them: the
/// service's whole perform and its background result. Look Up through dictd (the configured server,
/// else one of the benchmark's own started with scripts/start-dictd.sh from the repository's folder),
/// German (FreeDict) and English (WordNet and GCIDE); Translate of a French sentence into English
/// through the fr → es → en pivot.
func measureLanguages(environment: [String: String]) throws -> [LanguageBenchResult] {
    var results: [LanguageBenchResult] = []
    if let server = benchDictServer(environment: environment) {
        let cases: [(String, MenuLocale, [String])] = [
            (
                "Look Up (dictd: FreeDict German-English)", MenuLocale("de"),
                [
                    "Katze", "Haus", "Hund", "Baum", "Wasser", "Tisch", "Buch", "Stadt", "Auto", "Fenster", "Garten",
                    "Schule", "Straße", "Freund", "Arbeit", "Zeit", "Brot", "Milch", "Sonne", "Mond",
                ]
            ),
            (
                "Look Up (dictd GCIDE + WordNet, English)", .english,
                [
                    "running", "houses", "infinite", "quickly", "happier", "loops", "menus", "selected", "copied",
                    "pasted", "translation", "dictionary", "spelling", "looked", "boxes", "children", "went", "better",
                    "edit", "undo",
                ]
            ),
        ]
        for (name, locale, words) in cases {
            guard
                let service = LookUpService(
                    dictionaryServer: server,
                    wordNet: locale == .english ? WordNetDictionary.system(environment: environment) : nil)
            else { continue }
            func lookUp(_ word: String) throws -> Double {
                let start = now()
                guard case .later(let task) = try service.perform(.lookUp, on: benchRequest(word, locale: locale)),
                    case .success(.panel(let panel)) = task.wait(timeout: 10), !panel.sources.isEmpty
                else { throw BenchError("Look Up of \"\(word)\" found no entry through dictd") }
                return now() - start
            }
            let first = try lookUp(words[0])
            results.append(
                LanguageBenchResult(
                    name: name, first: first, samples: LatencySummary(try words.map(lookUp)), count: words.count,
                    goal: 0.050))
        }
    }
    if let translator = ApertiumTranslator.system(), translator.route(from: "fr", to: "en")?.count == 2 {
        let service = TranslationService(translator: translator, target: "en")
        let sentences = [
            "Le chat dort dans la maison.", "Nous mangeons du pain le matin.", "Elle lit un livre au jardin.",
            "Il pleut beaucoup en automne.", "Les enfants jouent dans la rue.", "Je voudrais un café, s'il vous plaît.",
            "La ville est très belle la nuit.", "Mon frère travaille à Paris.", "Nous partons demain matin.",
            "Le train arrive à midi.",
        ]
        func translate(_ sentence: String) throws -> Double {
            var request = benchRequest(sentence, locale: .english)
            request.textLanguageHint = "fr"
            let start = now()
            guard case .later(let task) = try service.perform(.translate, on: request) else {
                throw BenchError("Translate of \"\(sentence)\" did not start")
            }
            let outcome = task.wait(timeout: 30)
            guard case .success(.panel) = outcome else {
                throw BenchError("Translate of \"\(sentence)\" showed no translation: \(String(describing: outcome))")
            }
            return now() - start
        }
        let first = try translate(sentences[0])
        results.append(
            LanguageBenchResult(
                name: "Translate a sentence fr → es → en (Apertium)", first: first,
                samples: LatencySummary(try sentences.map(translate)), count: sentences.count, goal: 0.300))
    }
    return results
}

private func benchRequest(_ text: String, locale: MenuLocale) -> ServiceRequest {
    ServiceRequest(
        selectedText: SelectedText(text: text, characterRange: 0..<text.count),
        content: SelectableContent(kind: .text, selection: .none), locale: locale)
}

/// The configured dictd, or one started for the benchmark (stopped when it exits).
private func benchDictServer(environment: [String: String]) -> DictClient? {
    if let client = try? DictClient.connect(to: .configured(environment: environment), timeout: 0.5),
        !client.databases.isEmpty
    {
        return client
    }
    let script = "scripts/start-dictd.sh"
    guard FileManager.default.isExecutableFile(atPath: script) else { return nil }
    let port = UInt16.random(in: 20_000...60_000)
    guard
        (try? ProcessRunner.start("/bin/bash", [script, String(port), "--parent", String(getpid())], input: Data()))
            != nil
    else { return nil }
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline {
        if let client = try? DictClient.connect(to: DictServer(host: "127.0.0.1", port: port)),
            !client.databases.isEmpty
        {
            return client
        }
        usleep(100_000)
    }
    return nil
}
