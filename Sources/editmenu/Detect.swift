import EditMenuKit
import EditMenuScenario
import Foundation

/// `editmenu detect [TEXT|-] [--types T,…] [--now DATE]`: every item detected in TEXT (or standard
/// input), one JSON object per line. Relative dates resolve against DATE (default: now, UTC).
func detect(_ arguments: ArraySlice<String>) -> Exit {
    var text: String?
    var types = Set(DataType.allCases)
    var now = Date()
    var rest = arguments
    while let argument = rest.popFirst() {
        switch argument {
        case "-h", "--help":
            print(usage)
            return .ok
        case "--types":
            guard let list = rest.popFirst() else {
                fail("'--types' needs a comma-separated list, e.g. --types link,email")
            }
            types = []
            for name in list.split(separator: ",") {
                guard let type = DataType(rawValue: String(name)) else {
                    let near = DataType.allCases.first { $0.rawValue.lowercased().hasPrefix(name.lowercased()) }
                    fail(
                        "--types: unknown type \"\(name)\"" + (near.map { "; did you mean \"\($0.rawValue)\"?" } ?? "")
                            + "; known: \(DataType.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                types.insert(type)
            }
        case "--now":
            guard let value = rest.popFirst() else {
                fail("'--now' needs an ISO 8601 date, e.g. --now 2026-11-30T12:00:00Z")
            }
            guard
                let date = ISO8601DateFormatter().date(from: value)
                    ?? ISO8601DateFormatter.dateOnly.date(from: value)
            else {
                fail("--now: \"\(value)\" is not an ISO 8601 date (2026-11-30 or 2026-11-30T12:00:00Z)")
            }
            now = date
        case "-":
            if text != nil { fail("'detect' takes one TEXT; use quotes around text with spaces") }
            text = readAll(nil)
        default:
            if argument.hasPrefix("-") { fail("unknown option '\(argument)' for 'detect'; see 'editmenu help'") }
            if text != nil { fail("'detect' takes one TEXT; use quotes around text with spaces") }
            text = argument
        }
    }
    // Slash dates read in the order of the user's locale (LC_ALL, LC_MESSAGES, LANG); national phone
    // numbers are read in its region first.
    let locale = MenuLocale.fromEnvironment(ProcessInfo.processInfo.environment)
    var detector = DataDetector(types: types, referenceDate: now)
    detector.adopt(languageTag: locale.requested)
    for item in detector.detect(in: text ?? readAll(nil)) {
        writeLine(item.json(actions: detector.actions(for: item)).serialized)
    }
    return .ok
}

extension ISO8601DateFormatter {
    /// `2026-11-30`, midnight UTC.
    static var dateOnly: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter
    }
}
