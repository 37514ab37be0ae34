import EditMenuKit
import Foundation
import Testing

/// A detected date as Foundation's date components — what an app reads (Monday 30 November 2026 is
/// today): the start, a range's end, the text's zone, and only the components the text gives.
struct DetectedDateComponentsTests {
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    func date(_ text: String) throws -> DetectedDate {
        let item = try #require(Self.detector.detect(in: text).first { $0.type == .date })
        guard case .date(let date) = item.value else { throw DetectedValueMismatch() }
        return date
    }

    struct DetectedValueMismatch: Error {}

    @Test func aDateAndTimeGivesEveryComponentAndNoEnd() throws {
        let date = try date("Lunch on Friday 12 March 2027 at 1:30 pm?")
        #expect(date.start.year == 2027 && date.start.month == 3 && date.start.day == 12)
        #expect(date.start.hour == 13 && date.start.minute == 30 && date.start.second == nil)
        #expect(date.start.timeZone == nil && date.end == nil && !date.isRelative)
        #expect(date.start.calendar?.identifier == .gregorian)
        // With no zone in the text, the moment is the reader's local time.
        var local = Calendar(identifier: .gregorian)
        local.timeZone = .current
        #expect(
            date.start.date == local.date(from: DateComponents(year: 2027, month: 3, day: 12, hour: 13, minute: 30)))
    }

    @Test func anHourAloneHasMinuteZeroAndNoDay() throws {
        let date = try date("Call me at 3pm")
        #expect(date.start.hour == 15 && date.start.minute == 0)
        #expect(date.start.year == nil && date.start.month == nil && date.start.day == nil)
    }

    @Test func aZoneInTheTextIsTheComponentsZone() throws {
        let date = try date("The launch is on 2027-01-15T09:00:00+02:00.")
        #expect(date.start.timeZone?.secondsFromGMT() == 7200 && date.start.second == 0)
        #expect(date.start.date == ISO8601DateFormatter().date(from: "2027-01-15T07:00:00Z"))
    }

    @Test func aRangeOfDaysEndsOnItsLastDay() throws {
        let date = try date("The conference runs March 3-5, 2027 in Lisbon")
        #expect(date.start.day == 3 && date.start.hour == nil)
        let end = try #require(date.end)
        #expect(end.year == 2027 && end.month == 3 && end.day == 5 && end.hour == nil)
    }

    @Test func aRangeOfTimesEndsOnTheStartsDay() throws {
        let date = try date("On December 5 from 2 to 4 pm")
        #expect(date.start.month == 12 && date.start.day == 5 && date.start.hour == 14)
        let end = try #require(date.end)
        #expect(end.year == date.start.year && end.month == 12 && end.day == 5 && end.hour == 16 && end.minute == 0)
    }

    @Test func aRelativeDayIsResolvedAndSaysSo() throws {
        let date = try date("See you tomorrow!")
        #expect(date.isRelative && date.start.year == 2026 && date.start.month == 12 && date.start.day == 1)
        #expect(date.start.hour == nil && date.end == nil)
    }
}
