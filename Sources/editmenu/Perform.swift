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
    // spell checker's word lists (a fresh one per scenario, in a folder removed afterwards).
    let found = LanguageServices.discover(locale: locale, speechOutput: .none, environment: environment)
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "editmenu-perform-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let counter = Counter()
    let performer = ScenarioPerformer(defaultLocale: locale) { scenario, locale in
        var services: [any EditMenuService] = []
        if let lookUp = found.lookUp { services.append(lookUp) }
        if let translation = found.translation {
            services.append(TranslationService(translator: translation.translator, target: scenario.translateTo))
        }
        if let speech = found.speech { services.append(speech) }
        services.append(WebSearchService(engine: WebSearchService.Engine.named(scenario.searchEngine) ?? .google))
        // Share…: Mail is recorded as the mailto: it opens; Save to File writes into a scratch folder.
        let documents = scratch.appendingPathComponent("documents-\(counter.next())").path
        try? FileManager.default.createDirectory(atPath: documents, withIntermediateDirectories: true)
        services.append(ShareService(documentsFolder: documents, mailer: ProcessRunner.find("xdg-email")))
        var checker: (any SpellChecker)?
        if scenario.usesSystemSpelling, found.spellChecker != nil {
            let words = scratch.appendingPathComponent("\(counter.next())").path
            checker = EnchantSpellChecker.system(locale: locale, environment: ["XDG_DATA_HOME": words, "HOME": words])
        }
        return ScenarioPerformer.Services(services: services, spellChecker: checker)
    }
    return runScenarios(lines: lines, file: file) { performer.perform(json: $0) }
}

/// A number that goes up, for scratch folder names.
final class Counter: @unchecked Sendable {
    // @unchecked: used from the one thread that runs the scenarios.
    private var value = 0
    func next() -> Int {
        value += 1
        return value
    }
}
