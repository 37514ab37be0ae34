@testable import EditMenuKit
import Foundation
import Testing

/// The date scanner's pre-check refuses most tokens from what it knows of them and their neighbours
/// before it tries any reading: these are the readings at the edges of what it lets through (a
/// number before `.`, `/`, `:` or a one-letter word, a word outside the lexicon before a relative
/// time), and look-alikes it must still refuse.
struct DataDetectionDatePreCheckTests {
    func dates(_ text: String) -> [String] {
        DataDetectionDateTests.detector.detect(in: text).filter { $0.type == .date }.map(\.matchedText)
    }

    @Test(arguments: [
        ("Ende 15.30 Uhr", ["15.30 Uhr"]), ("Lunch 3 p.m. sharp", ["3 p.m."]), ("Rendez-vous 15h30", ["15h30"]),
        ("Due 12/5/2026 and 12/5/26", ["12/5/2026", "12/5/26"]), ("Am 5. Dezember", ["5. Dezember"]),
        ("Meet 2026.12.05 then", ["2026.12.05"]), ("Back in 3 days", ["in 3 days"]),
        ("Ответ через 2 недели", ["через 2 недели"]), ("Sent 3 days ago", ["3 days ago"]),
        ("On se voit après-demain", ["après-demain"]), ("At 14:30 sharp", ["At 14:30"]), ("Pi 3.14.15", ["3.14.15"]),
    ])
    func readingsAtThePreCheckEdgesAreFound(_ text: String, _ expected: [String]) {
        #expect(dates(text) == expected, "\(text)")
    }

    @Test(arguments: [
        "Version 2.0.1 and 3.14 pi", "Call 555-0123 or 555/0123", "Pay $19.99 for 1 item", "Ratio 3.14.159 wins",
        "Phone (408) 555 0123",
    ])
    func lookAlikesAreRefused(_ text: String) {
        #expect(dates(text).isEmpty, "\(text)")
    }
}
