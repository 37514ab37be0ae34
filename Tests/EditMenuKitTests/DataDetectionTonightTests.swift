@testable import EditMenuKit
import Testing

/// "Tonight" with an hour that has no am or pm is in the evening, as a person means it.
struct DataDetectionTonightTests {
    /// Monday 30 November 2026, 00:00 UTC.
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    func value(_ text: String) -> String? {
        let found = Self.detector.detect(in: text).filter { $0.type == .date }
        return found.count == 1 ? found[0].value.text : nil
    }

    @Test(arguments: [
        ("Call me tonight at 8.", "2026-11-30T20:00"),
        ("Tonight at 9:30, the usual place.", "2026-11-30T21:30"),
        ("Dinner tonight from 7 to 9.", "2026-11-30T19:00/2026-11-30T21:00"),
        ("Back tonight at 11.", "2026-11-30T23:00"),
    ])
    func anHourWithoutAmOrPmIsInTheEvening(_ text: String, _ iso: String) {
        #expect(value(text) == iso, "\(text)")
    }

    @Test(arguments: [
        // A written am or pm, a 24-hour clock's leading zero, and 12 keep their hour; other days too.
        ("tonight at 10am", "2026-11-30T10:00"),
        ("tonight at 8 pm", "2026-11-30T20:00"),
        ("tonight at 08:00", "2026-11-30T08:00"),
        ("tonight at 12", "2026-11-30T12:00"),
        ("tomorrow at 8.", "2026-12-01T08:00"),
        ("today at 8.", "2026-11-30T08:00"),
        ("See you tonight.", "2026-11-30"),
    ])
    func aWrittenMeridiemOrAnotherDayKeepsTheHour(_ text: String, _ iso: String) {
        #expect(value(text) == iso, "\(text)")
    }
}
