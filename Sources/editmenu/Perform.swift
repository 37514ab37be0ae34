import EditMenuKit
import EditMenuScenario
import EditMenuServices
import Foundation

/// `editmenu perform [FILE] | --lines`: the presentation of each scenario plus the `result` of
/// performing its `perform` with this machine's services.
func perform(_ arguments: ArraySlice<String>) -> Exit {
    let (lines, file) = scenarioArguments(arguments, command: "perform")
    let environment = ProcessInfo.processInfo.environment
    let locale = MenuLocale.fromEnvironment(environment)
    // Found once: the services do not depend on the scenario, except the Translate setting and the
    // spell checker's word lists (a fresh checker per scenario, in a folder removed afterwards).
    let found = LanguageServices.discover(
        locale: locale, speechOutput: .none, spellChecker: false, environment: environment)
    let mailer = ProcessRunner.find("xdg-email")
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "editmenu-perform-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let counter = Counter()
    let performer = ScenarioPerformer(defaultLocale: locale) { scenario, locale in
        var scenarioServices = found
        scenarioServices.translation = found.translation.map {
            TranslationService(
                translator: $0.translator, target: scenario.translateTo, dictionaryServer: $0.dictionaryServer)
        }
        var services = scenarioServices.services
        services.append(WebSearchService(engine: WebSearchService.Engine.named(scenario.searchEngine) ?? .google))
        // Share…: Mail is recorded as the mailto: it opens; Save to File writes into a scratch folder.
        let documents = scratch.appendingPathComponent("documents-\(counter.next())").path
        try? FileManager.default.createDirectory(atPath: documents, withIntermediateDirectories: true)
        services.append(ShareService(documentsFolder: documents, mailer: mailer))
        // The machine's spell checker, when the scenario's platform has one (`platformServices`, by
        // default): made when the menu first asks for its languages, with a word list of its own.
        var checker: (any SpellChecker)?
        if scenario.services.contains(.spelling) {
            let words = scratch.appendingPathComponent("\(counter.next())").path
            checker = LazySpellChecker {
                EnchantSpellChecker.system(locale: locale, environment: ["XDG_DATA_HOME": words, "HOME": words])
            }
        }
        return ScenarioPerformer.Services(services: services, spellChecker: checker)
    }
    return runScenarios(lines: lines, file: file) { performer.perform(json: $0) }
}

/// A number that goes up, for scratch folder names.
final class Counter: @unchecked Sendable {
    // @unchecked: used from the one thread that runs the scenarios.
    private var value = 0
    /// The number ``next()`` gives next.
    var upcoming: Int { value + 1 }
    func next() -> Int {
        value += 1
        return value
    }
}
