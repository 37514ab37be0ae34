import EditMenuKit
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

/// Presents the full edit menu for a selection of `characters` Characters near the middle of `editor`
/// `count` times, as a host does on every reveal: selection facts from the storage, data detection on
/// a window around the selection, the rules (commands, custom commands, localized titles) and the
/// layout engine. Each presentation is timed on its own.
func measureMenuLatency(editor original: TextEditor, characters: Int = 200, count: Int = 100_000) -> MenuLatencyResult {
    var editor = original
    let storage = editor.storage
    // A selection of `characters` Characters starting at the word nearest the middle.
    _ = editor.apply(.doubleTap, atByte: storage.byteCount / 2)
    let start = editor.selection.lowerBound
    var end = start, selected = 0
    while selected < characters, end < storage.byteCount {
        end = storage.graphemeBoundary(atOrAfter: end + 1)
        selected += 1
    }
    editor.select(start..<end)

    let locale = MenuLocale("de")
    let detector = DataDetector()
    let engine = EditMenuLayoutEngine()
    let custom = [
        CustomCommand(id: "highlight", title: "Markieren", placement: .after(.format)),
        CustomCommand(id: "addNote", title: "Notiz hinzufügen"),
    ]
    let geometry = PresentationGeometry(
        bounds: MenuRect(x: 0, y: 0, width: 1024, height: 768),
        safeArea: MenuEdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
        target: [
            MenuRect(x: 180, y: 300, width: 560, height: 18),
            MenuRect(x: 40, y: 318, width: 420, height: 18),
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
            undo: .named("Typing"), services: .all,
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
