@testable import EditMenuKit
import Testing

/// Times and days found missing when the date scanner was probed with the English time examples of
/// Facebook's Duckling (a few are quoted here as examples): an hour before a day with its part of the
/// day, `@` for "at", "o'clock", a weekday with the week it falls in, a weekday after its day, day
/// ranges with "the", a month and day with a slash before a time, and zones. Each with near misses
/// that stay clean.
struct DataDetectionDucklingTimeProbeTests {
    /// Monday 30 November 2026, 00:00 UTC.
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    /// Every date found in `text` by `detector`: its text and value.
    func dates(_ text: String, _ detector: DataDetector = Self.detector) -> [String] {
        detector.detect(in: text).filter { $0.type == .date }.map { "\($0.matchedText) = \($0.value.text)" }
    }

    @Test(arguments: [
        // The day's part of the day puts an hour without am or pm in it.
        ("8 tonight", "8 tonight = 2026-11-30T20:00"),
        ("Dinner, 8:30 this evening?", "8:30 this evening = 2026-11-30T20:30"),
        ("9 tomorrow morning", "9 tomorrow morning = 2026-12-01T09:00"),
        ("Tonight at 8 o'clock.", "Tonight at 8 o'clock = 2026-11-30T20:00"),
        ("tonight @ 3:20", "tonight @ 3:20 = 2026-11-30T15:20"),
        ("this morning @ 10", "this morning @ 10 = 2026-11-30T10:00"),
        ("See you at 8 o'clock", "at 8 o'clock = 08:00"),
        ("3 o'clock pm", "3 o'clock pm = 15:00"),
    ])
    func anHourWithADayAndItsPartOfTheDay(_ text: String, _ expected: String) {
        #expect(dates(text) == [expected], "\(text)")
    }

    @Test(arguments: [
        // After a word the number may be a count; a day without its part of the day says nothing of the
        // hour; a verse is no hour; "o'clock" takes no minutes after it, as German "Uhr" does.
        ("A table for 8 tonight", "tonight = 2026-11-30"),
        ("We expect 9 tomorrow morning", "tomorrow morning = 2026-12-01"),
        ("9 tomorrow", "tomorrow = 2026-12-01"),
        ("Read John 3:16 tonight", "tonight = 2026-11-30"),
        ("at 8 o'clock 30 people came", "at 8 o'clock = 08:00"),
    ])
    func aCountOrADayAloneKeepsNoHour(_ text: String, _ expected: String) {
        #expect(dates(text) == [expected], "\(text)")
    }

    @Test func anAtSignNeedsATimeAndSpaces() {
        #expect(dates("Reply @ 10 people").isEmpty)
        #expect(dates("tomorrow@10") == ["tomorrow = 2026-12-01"])
    }

    @Test(arguments: [
        // Weeks start on Monday: today, Monday 30 November, starts this week.
        ("Wednesday next week", "Wednesday next week = 2026-12-09"),
        ("Shall we say Wednesday of next week?", "Wednesday of next week = 2026-12-09"),
        ("Monday of this week", "Monday of this week = 2026-11-30"),
        ("Friday of last week", "Friday of last week = 2026-11-27"),
        ("mercredi de la semaine prochaine", "mercredi de la semaine prochaine = 2026-12-09"),
        ("Mittwoch nächste Woche", "Mittwoch nächste Woche = 2026-12-09"),
    ])
    func aWeekdayInTheWeekItFallsIn(_ text: String, _ expected: String) {
        #expect(dates(text) == [expected], "\(text)")
    }

    @Test func aWeekdayBeforeACommaAndTheWeekStayApart() {
        #expect(dates("Monday, next week we ship") == ["Monday = 2026-11-30", "next week = 2026-12-07"])
    }

    @Test(arguments: [
        // The year nearest today in which the day falls on the weekday, as with a weekday before it.
        ("Jul 18, Fri", "Jul 18, Fri = 2025-07-18"),
        ("18 July, Friday", "18 July, Friday = 2025-07-18"),
        ("Jul 18, Sat.", "Jul 18, Sat. = 2026-07-18"),
        // A lower-case abbreviation is no clear weekday.
        ("Jul 18, sat", "Jul 18 = 2027-07-18"),
    ])
    func aWeekdayAfterItsDayPicksTheYear(_ text: String, _ expected: String) {
        #expect(dates(text) == [expected], "\(text)")
    }

    @Test(arguments: [
        ("from the 13th to the 15th July", "13th to the 15th July = 2027-07-13/2027-07-15"),
        ("from 13 to the 15th of July", "13 to the 15th of July = 2027-07-13/2027-07-15"),
        // Two bare numbers before "of" and a month are days, not hours.
        ("from 13 to 15 of July", "13 to 15 of July = 2027-07-13/2027-07-15"),
        ("open from 9 to 11", "from 9 to 11 = 09:00/11:00"),
    ])
    func aDayRangeWithTheBeforeItsSecondDay(_ text: String, _ expected: String) {
        #expect(dates(text) == [expected], "\(text)")
    }

    @Test func aMonthAndDayWithASlashBeforeATime() {
        #expect(dates("4/25 at 4:00pm") == ["4/25 at 4:00pm = 2027-04-25T16:00"])
        #expect(dates("4/25 at 16h00") == ["4/25 at 16h00 = 2027-04-25T16:00"])
        // In the locale's order: British English writes the day first.
        let british = DataDetector(referenceDate: DataDetectionTests.today, numericDateOrder: .dayFirst)
        #expect(dates("5/4 at 4pm", british) == ["5/4 at 4pm = 2027-04-05T16:00"])
        #expect(dates("5/4 at 4pm") == ["5/4 at 4pm = 2027-05-04T16:00"])
        // French, Italian and Portuguese "at".
        #expect(dates("rendez-vous le 12/3 à 14h30", british) == ["12/3 à 14h30 = 2027-03-12T14:30"])
        #expect(dates("il 2/3 alle 17:00", british) == ["2/3 alle 17:00 = 2027-03-02T17:00"])
        #expect(dates("2/3 à la maison", british).isEmpty)
    }

    @Test(arguments: ["4/25", "Score: 4/25 at home", "We won 4/25 in the end", "1/2 at a time"])
    func aMonthAndDayWithASlashAloneIsNone(_ text: String) {
        #expect(!dates(text).contains { $0.contains("/") }, "\(text)")
    }

    @Test func zonesInLowerCaseAndAfterBothEndsOfARange() {
        #expect(dates("15:00 GMT - 18:00 GMT") == ["15:00 GMT - 18:00 GMT = 15:00Z/18:00Z"])
        #expect(dates("Thursday 8:00 gmt") == ["Thursday 8:00 gmt = 2026-12-03T08:00Z"])
        // Two zones that differ are two times.
        #expect(dates("15:00 GMT - 18:00 PST").count == 2)
        #expect(dates("the gmt file").isEmpty)
    }

    @Test func aZoneAfterAnIntroducedHourAndBritishSummerTime() {
        #expect(dates("Call at 8 GMT") == ["at 8 GMT = 08:00Z"])
        #expect(dates("Thursday 9 am BST") == ["Thursday 9 am BST = 2026-12-03T09:00+01:00"])
        // A two-letter zone after a bare hour may be anything else: physical therapy, part time.
        #expect(dates("at 5 PT sessions").isEmpty)
        #expect(dates("at 5 stores").isEmpty)
    }
}
