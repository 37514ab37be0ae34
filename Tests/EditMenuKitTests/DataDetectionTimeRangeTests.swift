import EditMenuKit
import Foundation
import Testing

/// Ranges of times, alone and with a day (Monday 30 November 2026 is today): one item whose value is
/// an ISO 8601 interval and whose event lasts as long as the range.
struct DataDetectionTimeRangeTests {
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    func dates(_ text: String) -> [DetectedItem] {
        Self.detector.detect(in: text).filter { $0.type == .date }
    }

    @Test(arguments: [
        (
            "Meeting from 9:00 to 11:00 on Thursday.", "from 9:00 to 11:00 on Thursday",
            "2026-12-03T09:00/2026-12-03T11:00"
        ),
        ("Open 09:00–17:30 daily", "09:00–17:30", "09:00/17:30"),
        ("Meeting from 9 to 11 on Thursday", "from 9 to 11 on Thursday", "2026-12-03T09:00/2026-12-03T11:00"),
        ("Thursday 9:00-11:00 works", "Thursday 9:00-11:00", "2026-12-03T09:00/2026-12-03T11:00"),
        ("On December 5 from 2 to 4 pm", "December 5 from 2 to 4 pm", "2026-12-05T14:00/2026-12-05T16:00"),
        ("Lunch 11 to 1 pm", "11 to 1 pm", "11:00/13:00"), ("2-4pm works for me", "2-4pm", "14:00/16:00"),
        ("10am-12pm", "10am-12pm", "10:00/12:00"),
        ("9:30 AM – 5:00 PM PST", "9:30 AM – 5:00 PM PST", "09:30-08:00/17:00-08:00"),
        ("am 5. Dezember von 14 bis 16 Uhr", "5. Dezember von 14 bis 16 Uhr", "2026-12-05T14:00/2026-12-05T16:00"),
        ("de 9h à 11h30", "9h à 11h30", "09:00/11:30"), ("с 9:00 до 11:00", "с 9:00 до 11:00", "09:00/11:00"),
        ("12月5日 14:00〜15:00", "12月5日 14:00〜15:00", "2026-12-05T14:00/2026-12-05T15:00"),
    ])
    func aRangeOfTimesIsOneItemWithAnInterval(_ text: String, _ matched: String, _ iso: String) {
        let found = dates(text)
        #expect(found.map(\.matchedText) == [matched], "\(text)")
        #expect(found.first?.value.text == iso, "\(text)")
    }

    @Test(arguments: [
        "John 3:16-18", "Score 3-5 at half time", "3-5 players", "from 3 to 5 players", "von 1990 bis 2000",
        "from 3 to 5 on the list",
    ])
    func numbersThatAreNoTimesMakeNoRange(_ text: String) {
        #expect(dates(text).isEmpty, "\(text)")
    }

    @Test func aRangeThatEndsBeforeItStartsIsNoRange() {
        #expect(!dates("Night shift 22:00-06:00").contains { $0.value.text.contains("/") })
    }

    @Test func theEventLastsAsLongAsTheRange() throws {
        let item = try #require(dates("On December 5 from 2 to 4:30 pm").first)
        guard case .calendarEvent(let ics) = try #require(Self.detector.actions(for: item).first).target else {
            Issue.record("no calendar event")
            return
        }
        #expect(ics.contains("\r\nDTSTART:20261205T140000\r\n"))
        #expect(ics.contains("\r\nDTEND:20261205T163000\r\n"))
        guard case .date(let date) = item.value else { return }
        #expect(date.isRange && date.endHour == 16 && date.endMinute == 30)
    }
}
