@testable import EditMenuKit
import Testing

/// Forms found missing or resolved wrongly when the date scanner was probed with the example strings of
/// Facebook's Duckling (`Duckling/Time/EN/Corpus.hs`, BSD licence; a few are quoted here as examples):
/// a weekday with a day of the month alone, a weekday's say in the year of a month and day, English
/// ordinal words as days, and the day after tomorrow. Each with near misses that stay clean.
struct DataDetectionDucklingProbeTests {
    /// Monday 30 November 2026, 00:00 UTC.
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    /// Every date found in `text`: its text and value.
    func dates(_ text: String) -> [String] {
        Self.detector.detect(in: text).filter { $0.type == .date }.map { "\($0.matchedText) = \($0.value.text)" }
    }

    @Test(arguments: [
        // The first such day on or after today that falls on the weekday.
        ("Can we meet Tuesday the 15th?", "Tuesday the 15th = 2026-12-15"),
        ("Tuesday the 19th", "Tuesday the 19th = 2027-01-19"),
        ("Friday the 13th", "Friday the 13th = 2027-08-13"),
        ("Tuesday 15th works", "Tuesday 15th = 2026-12-15"),
        ("Tue 15th", "Tue 15th = 2026-12-15"),
        ("Tuesday the 15th at 3pm", "Tuesday the 15th at 3pm = 2026-12-15T15:00"),
        ("Tuesday the 19th of January", "Tuesday the 19th of January = 2027-01-19"),
    ])
    func aWeekdayWithADayOfTheMonth(_ text: String, _ expected: String) {
        #expect(dates(text) == [expected], "\(text)")
    }

    @Test(arguments: [
        // The year nearest today in which the day falls on the weekday written with it.
        ("Due: Friday, Dec 10", "Friday, Dec 10 = 2027-12-10"),
        ("Due: Tuesday, Nov 24", "Tuesday, Nov 24 = 2026-11-24"),
        ("Thursday, December 10", "Thursday, December 10 = 2026-12-10"),
        ("le jeudi 10 décembre", "jeudi 10 décembre = 2026-12-10"),
        // A weekday that fits no year near today leaves the date as read.
        ("Monday, Feb 29", "Monday, Feb 29 = 2028-02-29"),
    ])
    func aWeekdayChoosesTheYear(_ text: String, _ expected: String) {
        #expect(dates(text) == [expected], "\(text)")
    }

    @Test(arguments: [
        ("the first of March", "first of March = 2027-03-01"),
        ("on the thirty-first of December", "thirty-first of December = 2026-12-31"),
        ("March first", "March first = 2027-03-01"),
        ("June twenty-first, 2027", "June twenty-first, 2027 = 2027-06-21"),
        ("March third 2028", "March third 2028 = 2028-03-03"),
        ("the second of May at 10am", "second of May at 10am = 2027-05-02T10:00"),
        ("the day after tomorrow", "the day after tomorrow = 2026-12-02"),
        ("day before yesterday at 5pm", "day before yesterday at 5pm = 2026-11-28T17:00"),
    ])
    func ordinalWordsAndTwoDaysAway(_ text: String, _ expected: String) {
        #expect(dates(text) == [expected], "\(text)")
    }

    @Test(arguments: [
        ("Tuesday 19 people came", ["Tuesday = 2026-12-01"]),
        ("first of all, thanks", []),
        ("the second of three", []),
        ("the first of Mars missions", []),
        ("we march first to the gate", []),
        ("the twenty-first century", []),
        ("the thirty-second of December", []),
        ("first-time buyers", []),
        ("the fifth", []),
        ("the day after the party", []),
    ])
    func nearMissesStayClean(_ text: String, _ expected: [String]) {
        #expect(dates(text) == expected, "\(text)")
    }

    @Test(arguments: [
        ("Termin am 15.2. um 14 Uhr", ["15.2. um 14 Uhr = 2027-02-15T14:00"]),
        ("Urlaub vom 14.12. bis 18.12.2026", ["14.12. bis 18.12.2026 = 2026-12-14/2026-12-18"]),
        ("gültig bis zum 1.3.", ["1.3. = 2027-03-01"]),
        ("Freitag, 18.12.", ["Freitag, 18.12. = 2026-12-18"]),
        // Alone or after another word a day and month with periods may be a version or a section.
        ("siehe Abschnitt 3.4.", []),
        ("Update auf 1.2.", []),
        ("am 1.2.3", []),
        ("I am 1.2. meters tall", []),
        ("am 31.2.", []),
    ])
    func aGermanDayAndMonthWithTheirPeriods(_ text: String, _ expected: [String]) {
        #expect(dates(text) == expected, "\(text)")
    }

    @Test(arguments: [
        ("See you at quarter past 3.", ["at quarter past 3 = 03:15"]),
        ("half past 8 pm", ["half past 8 pm = 20:30"]),
        ("a quarter to noon", ["a quarter to noon = 11:45"]),
        ("20 past 3pm", ["20 past 3pm = 15:20"]),
        ("ten minutes to 2pm tomorrow", ["ten minutes to 2pm tomorrow = 2026-12-01T13:50"]),
        ("tonight at quarter past 8", ["tonight at quarter past 8 = 2026-11-30T20:15"]),
        ("15 minutes past noon", ["15 minutes past noon = 12:15"]),
        // A bare number past a bare hour is a score or a count; "10 to 2pm" stays a range of hours.
        ("they won 20 past 3", []),
        ("open 10 to 2pm", ["10 to 2pm = 10:00/14:00"]),
        ("in the past 3 days", []),
        ("a quarter of an hour", []),
        ("half to 3", []),
    ])
    func englishTimesToldFromTheHour(_ text: String, _ expected: [String]) {
        #expect(dates(text) == expected, "\(text)")
    }

    @Test(arguments: [
        ("Call me between 2 and 4pm.", ["between 2 and 4pm = 14:00/16:00"]),
        ("between 3:30pm and 6 pm", ["between 3:30pm and 6 pm = 15:30/18:00"]),
        ("Tuesday between 9:30 and 11:00", ["Tuesday between 9:30 and 11:00 = 2026-12-01T09:30/2026-12-01T11:00"]),
        // Neither number a time on its own: a count, a share, a verse.
        ("between 2 and 3 percent", []),
        ("between 10 and 20 people", []),
        ("between 1:30 and 2:30", []),
    ])
    func aRangeOfTimesBetweenTwo(_ text: String, _ expected: [String]) {
        #expect(dates(text) == expected, "\(text)")
    }

    @Test func aTwoLetterWeekdayLeavesTheYearAsRead() {
        // "Sa" is Saturday in German and Tuesday in Turkish: it does not choose the year.
        #expect(dates("Sa, 17. Dezember") == ["Sa, 17. Dezember = 2026-12-17"])
    }

    @Test func aMonthAbbreviationThatIsAlsoAWeekdayStaysTheMonth() {
        #expect(dates("Posted Mar. 3rd, 2026") == ["Mar. 3rd, 2026 = 2026-03-03"])
    }
}
