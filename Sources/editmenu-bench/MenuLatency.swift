import EditMenuKit
import EditMenuServices
import Foundation

/// Median and 99th percentile of a set of latencies, seconds.
struct LatencySummary {
    var count: Int
    var median: Double
    var p99: Double
    var max: Double

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        median = sorted.isEmpty ? 0 : sorted[(sorted.count - 1) / 2]
        p99 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
        max = sorted.last ?? 0
    }
}

/// What a menu presentation showed, to print next to its latency.
struct MenuLatencyResult {
    var summary: LatencySummary
    /// Selection facts, data detection, rules with localized titles, layout.
    var phases: [LatencySummary]
    var itemCount: Int
    var itemIDs: [String]
    var selectedCharacters: Int
    var detectedItems: Int
}

/// Selects `characters` Characters of `editor` from the start of the word nearest the middle (fewer
/// at the end of the text); returns how many.
@discardableResult
func selectNearMiddle(_ editor: inout TextEditor, characters: Int) -> Int {
    let storage = editor.storage
    _ = editor.apply(.doubleTap, atByte: storage.byteCount / 2)
    let start = editor.selection.lowerBound
    var end = start, selected = 0
    while selected < characters, end < storage.byteCount {
        end = storage.graphemeBoundary(atOrAfter: end + 1)
        selected += 1
    }
    editor.select(start..<end)
    return selected
}

/// Presents the full edit menu for a selection of `characters` Characters near the middle of `editor`
/// `count` times, as a host does on every reveal: selection facts from the storage, data detection on
/// a window around the selection, the rules (commands, custom commands, localized titles) and the
/// layout engine. Each presentation is timed on its own.
func measureMenuLatency(editor original: TextEditor, characters: Int = 200, count: Int = 100_000) -> MenuLatencyResult {
    var editor = original
    let storage = editor.storage
    let selected = selectNearMiddle(&editor, characters: characters)

    let locale = MenuLocale("de")
    let detector = DataDetector()
    let engine = EditMenuLayoutEngine()
    let custom = [
        CustomCommand(id: "highlight", title: "Markieren", placement: .after(.format)),
        CustomCommand(id: "addNote", title: "Notiz hinzufügen"),
    ]
    let geometry = PresentationGeometry(
        bounds: CGRect(x: 0, y: 0, width: 1024, height: 768),
        safeArea: MenuEdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
        target: [
            CGRect(x: 180, y: 300, width: 560, height: 18),
            CGRect(x: 40, y: 318, width: 420, height: 18),
        ])
    var samples = [Double](repeating: 0, count: count)
    var phases = [[Double]](repeating: [Double](repeating: 0, count: count), count: 4)
    var last: (EditMenu, EditMenuLayout, Int)?
    for i in 0..<count {
        let started = now()
        let content = SelectableContent(
            kind: .text, isEditable: editor.isEditable, isSecure: editor.isSecure,
            isEmpty: storage.isEmpty, selection: editor.selectionState())
        let t1 = now()
        let detection = detector.detect(inSelectionOf: editor)
        let t2 = now()
        let context = EditMenuContext(
            content: content, idiom: .mac, input: .pointer, pasteboardTypes: [.plainText],
            undo: .named("Typing"), services: .allServices,
            dataActions: detection.actions,
            customCommands: custom, locale: locale)
        guard case .presented(let menu) = EditMenuRules.presentation(for: context) else { continue }
        let t3 = now()
        let layout = engine.layout(menu, geometry: geometry, idiom: .mac, isRightToLeft: locale.isRightToLeft)
        let t4 = now()
        samples[i] = t4 - started
        phases[0][i] = t1 - started
        phases[1][i] = t2 - t1
        phases[2][i] = t3 - t2
        phases[3][i] = t4 - t3
        if i == 0 { last = (menu, layout, detection.items.count) }
    }
    return MenuLatencyResult(
        summary: LatencySummary(samples), phases: phases.map(LatencySummary.init), itemCount: last?.1.items.count ?? 0,
        itemIDs: last?.1.items.map(\.id.rawValue) ?? [], selectedCharacters: selected,
        detectedItems: last?.2 ?? 0)
}

/// An app's controller delegate, as a host has one: it sees every menu before it is shown (and keeps
/// the system's), and counts presentations and the spelling suggestions the menus offered.
final class BenchMenuDelegate: EditMenuControllerDelegate {
    var presented = 0
    var lastSuggestions = 0
    var lastItemIDs: [String] = []

    func editMenuController(
        _ controller: EditMenuController, menuFor context: EditMenuContext, suggestedMenu: EditMenu
    ) -> EditMenu {
        lastSuggestions = context.spellingSuggestions.count
        return suggestedMenu
    }

    func editMenuController(_ controller: EditMenuController, willPresent menu: PresentedMenu) {
        presented += 1
        lastItemIDs = menu.commands.map(\.id.rawValue)
    }
}

/// What a host pays for a menu, through ``EditMenuController`` and ``HeadlessHost``.
struct ControllerMenuResult {
    /// A 200-Character selection of the document: `present(input: .pointer, at:)`, as a right click.
    var selection: LatencySummary
    /// The process's first menu, half a second after the controller was made: what a person's first
    /// right click waits for (the localized titles, and whatever the background has not set up yet).
    var firstMenu: Double = 0
    /// A fixed computation as long as the selection's median menu, timed between those menus: its p99
    /// is what the machine alone adds to a p99 of that median.
    var schedulingFloor: LatencySummary?
    var itemIDs: [String]
    /// Misspelled words whose screen was marked first (suggestions found in advance).
    var marked: LatencySummary?
    /// How long after marking a screen its words' suggestions were all found, the slowest screen.
    var markedReady: Double?
    /// Misspelled words never marked: the menu opens without waiting for the suggestions.
    var unmarked: LatencySummary?
    /// For those menus, from the right click until the menu showed the suggestions (found in the
    /// background, shown on the controller's poll).
    var unmarkedUpdated: LatencySummary?
    /// Misspelled words that were not misspelled after all (skipped), and menus with no suggestion.
    var notMisspelled = 0
    var spellChecker: String?
}

/// Common English words, misspelled by the benchmark by swapping two letters (two different swaps give
/// the words for marked and never-marked menus, so neither finds the other's suggestions remembered).
let benchWords = """
    another because between children different document example government important information interest
    language letters machine material minister morning mountain necessary nothing number office opinion
    paragraph particular people picture position possible present problem program question reason remember
    research science second selection sentence service several shoulder something station stomach straight
    strength student subject success suggest summer surface system teacher through together tomorrow towards
    traffic travel trouble understand universe usually valley village weather window without wonderful
    yesterday afternoon although animal answer appear beautiful believe brother building business century
    certain change character chicken church clothes company complete condition consider continue country
    develop difficult direction discover distance education electric evening experience factory family
    farmer father finger flower follow forest garden general ground happen history hospital hundred include
    island journey kitchen knowledge library little market measure middle minute modern moment mother nation
    natural notice object orange outside period person planet pleasure pocket police pretty prince promise
    public quickly rather record region return school season secret silver simple single sister spring
    square street supply thousand ticket twenty visit winter wonder worker written yellow
    """.split(whereSeparator: \.isWhitespace).map(String.init)

/// `word` with the letters at `i` and `i + 1` swapped.
func swappingLetters(_ word: String, at i: Int) -> String {
    var letters = Array(word)
    letters.swapAt(i, i + 1)
    return String(letters)
}

/// Times menus as a host opens them: `EditMenuController.present(input: .pointer, at:)` on a
/// ``HeadlessHost`` with a delegate, the services this machine has, data detection, the spell checker,
/// German titles and the layout — then `dismiss()`. First on a 200-Character selection of `editor`
/// (`count` times), then on misspelled words: screens of 40 lines, each marked as a host marks what it
/// draws (``SpellChecker/misspellings(in:locale:hint:segmenter:)``), a menu on each of its misspelled words
/// once the suggestions found in advance are ready (the time that takes is reported: a person's right
/// click comes later than that), and menus on misspelled words never marked, for comparison.
func measureControllerMenu(
    editor original: TextEditor, characters: Int = 200, count: Int, words: Int, measuresFloor: Bool = true
) -> ControllerMenuResult {
    var editor = original
    selectNearMiddle(&editor, characters: characters)

    let services = LanguageServices.discover(locale: MenuLocale("de"), speechOutput: .none)
    var configuration = EditMenuConfiguration(
        idiom: .mac, locale: MenuLocale("de"),
        customCommands: [
            CustomCommand(id: "highlight", title: "Markieren", placement: .after(.format)),
            CustomCommand(id: "addNote", title: "Notiz hinzufügen"),
        ])
    services.install(into: &configuration)
    let host = HeadlessHost(
        .text(editor), container: MenuContainer(bounds: CGRect(x: 0, y: 0, width: 1024, height: 768)),
        targetRects: [
            CGRect(x: 180, y: 300, width: 560, height: 18), CGRect(x: 40, y: 318, width: 420, height: 18),
        ])
    let delegate = BenchMenuDelegate()
    let controller = EditMenuController(host: host, configuration: configuration)
    controller.delegate = delegate
    let point = CGPoint(x: 300, y: 305)

    // Warm up (the first menu loads the localized titles; the dictionary loads in the background, and so
    // do the detector's tables, from when the controller is made). The first is timed on its own, half a
    // second after the controller was made, as a window is shown before anyone right-clicks in it.
    _ = services.spellChecker?.isMisspelled("a", language: "en")
    usleep(500_000)
    var firstMenu = 0.0
    for warmUp in 0..<10 {
        let started = now()
        controller.present(input: .pointer, at: point)
        if warmUp == 0 { firstMenu = now() - started }
        controller.dismiss()
    }
    var samples = [Double](repeating: 0, count: count)
    for i in 0..<count {
        let started = now()
        controller.present(input: .pointer, at: point)
        samples[i] = now() - started
        controller.dismiss()
    }
    var result = ControllerMenuResult(
        selection: LatencySummary(samples), firstMenu: firstMenu, itemIDs: delegate.lastItemIDs)
    if measuresFloor {
        // The machine's floor for a p99 of this median: a fixed computation as long as the median menu,
        // each run after a menu, so both meet the machine alike. (Not under `--count`, whose
        // instructions callgrind counts.)
        var floor = MachineLimits.SchedulingFloor(median: result.selection.median)
        var floorSamples = [Double](repeating: 0, count: count)
        for i in 0..<count {
            controller.present(input: .pointer, at: point)
            controller.dismiss()
            floorSamples[i] = floor.time()
        }
        if floor.checksum == 42 { progress("(floor checksum)") }
        result.schedulingFloor = LatencySummary(floorSamples)
    }
    guard let checker = services.spellChecker, words > 0 else { return result }
    result.spellChecker = "Enchant (\(checker.tags.values.sorted().joined(separator: " ")))"

    // Misspelled words in English text, menus in English (the words' language).
    configuration.locale = .english
    controller.configuration = configuration
    let pool = benchWords.prefix(words)
    var marked: [Double] = [], unmarked: [Double] = [], updated: [Double] = [], slowestReady = 0.0
    func menu(onWordAt range: Range<Int>, in text: TextEditor, waitingForSuggestions: Bool = false) -> Double? {
        var text = text
        text.select(range)
        host.editor = text
        let started = now()
        controller.present(input: .pointer, at: point)
        let elapsed = now() - started
        if waitingForSuggestions {
            // The menu opened without its suggestions; a host polls while they are found.
            while delegate.lastSuggestions == 0, controller.nextDeadline != nil, now() - started < 60 {
                usleep(1000)
                controller.poll()
            }
            if delegate.lastSuggestions > 0 { updated.append(now() - started) }
        }
        controller.dismiss()
        guard delegate.lastSuggestions > 0 else {
            result.notMisspelled += 1
            return nil
        }
        return elapsed
    }
    for screenStart in stride(from: 0, to: pool.count, by: 10) {
        let screenWords = pool[screenStart..<min(pool.count, screenStart + 10)]
        // 40 lines, one of every four holding a misspelled word.
        var lines: [String] = []
        for (i, word) in screenWords.enumerated() {
            lines += [
                "The \(swappingLetters(word, at: 2)) was written on line \(i) of the page.", "Nothing else here.",
                "Another ordinary line of text.", "",
            ]
        }
        let text = TextEditor(text: lines.joined(separator: "\n"))
        let screen = text.storage.string
        let markedAt = now()
        let misspelled = checker.misspellings(in: screen, locale: .english)
        guard checker.waitForSuggestionsInAdvance(timeout: 60) else { break }
        slowestReady = max(slowestReady, now() - markedAt)
        for range in misspelled { if let t = menu(onWordAt: range, in: text) { marked.append(t) } }
        // The same words misspelled another way, never marked.
        let cold = TextEditor(
            text: screenWords.map { "The \(swappingLetters($0, at: 3)) was written here." }.joined(separator: "\n"))
        var offset = 0
        for line in cold.storage.string.split(separator: "\n", omittingEmptySubsequences: false) {
            let word = line.split(separator: " ")[1]
            let lower = offset + 4
            if let t = menu(onWordAt: lower..<(lower + word.utf8.count), in: cold, waitingForSuggestions: true) {
                unmarked.append(t)
            }
            offset += line.utf8.count + 1
        }
        // Let the background finish with these words before the next screen is measured.
        _ = checker.waitForSuggestionsInAdvance(timeout: 60)
    }
    result.marked = LatencySummary(marked)
    result.unmarked = LatencySummary(unmarked)
    result.unmarkedUpdated = LatencySummary(updated)
    result.markedReady = slowestReady
    return result
}

func controllerMenuLines(_ r: ControllerMenuResult, sizeMiB: Double) -> [String] {
    func line(_ s: LatencySummary, of things: String = "menus") -> String {
        "\(s.count) \(things): median \(formatSeconds(s.median)), p99 \(formatSeconds(s.p99)), max \(formatSeconds(s.max))"
    }
    var lines = [
        "Menu through EditMenuController + HeadlessHost on \(format(sizeMiB)) MiB (present(input: .pointer, at:) as a"
            + " right click, with a delegate, this machine's services, data detection, the spell checker, German titles,"
            + " layout; then dismiss()), \(r.itemIDs.count) items; \(machineDescription()):",
        "  200-character selection      \(line(r.selection))",
    ]
    if let floor = r.schedulingFloor {
        lines.append(
            "    the machine's floor        \(line(floor, of: "runs")) (a fixed computation as long as the median menu, timed"
                + " between them: what scheduling alone adds to a p99)")
    }
    lines.append("  the process's first menu     \(formatSeconds(r.firstMenu)) (0.5 s after the controller was made)")
    if let marked = r.marked, let unmarked = r.unmarked, let ready = r.markedReady {
        lines.append(
            "  misspelled word, marked      \(line(marked)) (suggestions found in advance, ready \(formatSeconds(ready))"
                + " after marking a 40-line screen of 10 misspelled words, the slowest screen)")
        lines.append(
            "  misspelled word, not marked  \(line(unmarked)) (the menu opens without waiting for the suggestions)")
        if let updated = r.unmarkedUpdated {
            lines.append(
                "    … until it showed them     \(line(updated)) (found in the background, shown on the controller's poll)"
            )
        }
        if r.notMisspelled > 0 {
            lines.append("  (\(r.notMisspelled) words skipped: no suggestions or not misspelled)")
        }
    } else {
        lines.append(
            "  misspelled word: not measured — no spell checker (scripts/setup.sh installs Enchant and Hunspell)")
    }
    return lines
}
