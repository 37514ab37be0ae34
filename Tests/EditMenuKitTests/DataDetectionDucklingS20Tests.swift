@testable import EditMenuKit
import Testing

/// Days and times found missing when the date scanner was probed with Duckling's English time examples
/// (twentieth session): the nth weekday of a month, a day of the month after "on" or "the" and its
/// month, a day of a relative month, noon with its day, a weekday's abbreviation before a time, "in
/// 1h", half an hour, a time with a dot and am or pm (`9.30am`), a French, Spanish or Italian day
/// after its article before a time (`le 16 à 18h`), Spanish "que viene", the Romance half and
/// quarters of an hour (`a las 10 y media`) and a weekday with a slash date that falls on it
/// (`Thursday 12/3`). Each with near misses that stay clean.
struct DataDetectionDucklingS20Tests {
    /// Monday 30 November 2026, 00:00 UTC.
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    /// Every date found in `text` by `detector`: its text and value.
    func dates(_ text: String) -> [String] {
        Self.detector.detect(in: text).filter { $0.type == .date }.map { "\($0.matchedText) = \($0.value.text)" }
    }

    @Test(arguments: [
        // A month without a year is this year's from this month on, else next year's.
        ("first Tuesday of October", "first Tuesday of October = 2027-10-05"),
        ("Meet on the last Friday of next month?", "the last Friday of next month = 2026-12-25"),
        ("the second Wednesday of January 2027", "the second Wednesday of January 2027 = 2027-01-13"),
        ("3rd Thursday in November", "3rd Thursday in November = 2026-11-19"),
        ("the first Monday of this month", "the first Monday of this month = 2026-11-02"),
        ("the first Monday of March at 10am", "the first Monday of March at 10am = 2027-03-01T10:00"),
        ("last Friday of the previous month", "last Friday of the previous month = 2026-10-30"),
    ])
    func theNthWeekdayOfAMonth(_ text: String, _ expected: String) {
        #expect(dates(text) == [expected], "\(text)")
    }

    @Test(arguments: [
        ("letzter Montag im März", "letzter Montag im März = 2027-03-29"),
        ("am dritten Mittwoch im September 2014", "dritten Mittwoch im September 2014 = 2014-09-17"),
        ("der erste Montag im Mai um 10 Uhr", "erste Montag im Mai um 10 Uhr = 2027-05-03T10:00"),
        // Not a month: the weekday alone.
        ("erster Dienstag im Büro", "Dienstag = 2026-12-01"),
    ])
    func theNthWeekdayOfAMonthInGerman(_ text: String, _ expected: String) {
        #expect(dates(text) == [expected], "\(text)")
    }

    @Test(arguments: [
        // "the month" is every month's; a month is required; February 2027 has no fifth Friday.
        ("first Monday of the month", "Monday = 2026-11-30"),
        ("last Friday in the office", "last Friday = 2026-11-27"),
        ("first Monday of the trip", "Monday = 2026-11-30"),
        ("5th Friday of February", "Friday = 2026-12-04"),
        ("last Friday in may", "last Friday = 2026-11-27"),
    ])
    func theNthWeekdayNeedsAMonth(_ text: String, _ expected: String) {
        #expect(dates(text) == [expected], "\(text)")
    }

    @Test(arguments: [
        // The first such day on or after today.
        ("See you on the 15th.", "on the 15th = 2026-12-15"),
        ("on the 30th", "on the 30th = 2026-11-30"),
        ("On 24th", "On 24th = 2026-12-24"),
        ("on the 3rd at 3pm", "on the 3rd at 3pm = 2026-12-03T15:00"),
        ("at 3pm on the 5th", "at 3pm on the 5th = 2026-12-05T15:00"),
        ("On the 2nd, we went home", "On the 2nd = 2026-12-02"),
        ("February the 15th", "February the 15th = 2027-02-15"),
        ("March the 3rd, 2015", "March the 3rd, 2015 = 2015-03-03"),
        ("June the first", "June the first = 2027-06-01"),
        ("December the 5th at 9am", "December the 5th at 9am = 2026-12-05T09:00"),
        ("the 20th of next month", "the 20th of next month = 2026-12-20"),
        ("the 5th of last month", "the 5th of last month = 2026-10-05"),
        ("20th of the following month", "20th of the following month = 2026-12-20"),
        ("the 2nd of the current month", "the 2nd of the current month = 2026-11-02"),
    ])
    func aDayOfTheMonthWithItsSuffix(_ text: String, _ expected: String) {
        #expect(dates(text) == [expected], "\(text)")
    }

    @Test(arguments: [
        "on the 15th floor", "on the 3rd try", "on the 1st, 2nd and 3rd floors", "on the 1th", "on the 15th-16th",
        "In March the 3rd battalion moved", "May the 4th be with you", "march the 3rd", "the 1st of the month",
    ])
    func aDayOfTheMonthThatGoesOnIsNone(_ text: String) {
        #expect(dates(text).isEmpty, "\(text)")
    }

    @Test func aBareDayOfARelativeMonthIsACount() {
        #expect(dates("20 of next month") == ["next month = 2026-12-30"])
    }

    @Test(arguments: [
        ("noon tomorrow", "noon tomorrow = 2026-12-01T12:00"),
        ("tomorrow noon", "tomorrow noon = 2026-12-01T12:00"),
        ("Lunch Friday noon?", "Friday noon = 2026-12-04T12:00"),
        ("noon on Friday", "noon on Friday = 2026-12-04T12:00"),
        ("demain midi", "demain midi = 2026-12-01T12:00"),
        ("morgen Mittag", "morgen Mittag = 2026-12-01T12:00"),
    ])
    func noonWithItsDay(_ text: String, _ expected: String) {
        #expect(dates(text) == [expected], "\(text)")
    }

    @Test func noonAloneOrMidnightWithADayIsNoTime() {
        #expect(dates("noon and night").isEmpty)
        #expect(dates("noon").isEmpty)
        #expect(dates("tomorrow midnight") == ["tomorrow = 2026-12-01"])
    }

    @Test(arguments: [
        ("Thu 8am", "Thu 8am = 2026-12-03T08:00"),
        ("Fri, 3pm", "Fri, 3pm = 2026-12-04T15:00"),
        ("Thu. 8am", "Thu. 8am = 2026-12-03T08:00"),
        ("see you on Thu at 3pm", "Thu at 3pm = 2026-12-03T15:00"),
        ("Thu at 8 GMT", "Thu at 8 GMT = 2026-12-03T08:00Z"),
        ("Wed 10:30", "Wed 10:30 = 2026-12-02T10:30"),
        ("ven. 15h", "ven. 15h = 2026-12-04T15:00"),
    ])
    func aWeekdaysAbbreviationBeforeATime(_ text: String, _ expected: String) {
        #expect(dates(text) == [expected], "\(text)")
    }

    @Test(arguments: [
        // Lower case without a period, a bare hour, a month's abbreviation, two letters: no weekday.
        ("thu 8am", "8am = 08:00"), ("Mar 3pm", "3pm = 15:00"), ("Fr. 15 Uhr", "15 Uhr = 15:00"),
    ])
    func anUnclearAbbreviationStaysOutOfTheTime(_ text: String, _ expected: String) {
        #expect(dates(text) == [expected], "\(text)")
        #expect(dates("Sat 8").isEmpty)
        #expect(dates("Thu at home").isEmpty)
    }

    @Test(arguments: [
        ("back in 1h", "in 1h = 2026-11-30T01:00"), ("dans 2h", "dans 2h = 2026-11-30T02:00"),
    ])
    func anHourSymbolAfterIn(_ text: String, _ expected: String) {
        #expect(dates(text) == [expected], "\(text)")
    }

    @Test(arguments: [
        ("in half an hour", "in half an hour = 2026-11-30T00:30"),
        ("in a half hour", "in a half hour = 2026-11-30T00:30"),
        ("in an hour and a half", "in an hour and a half = 2026-11-30T01:30"),
        ("in 2 hours and a half", "in 2 hours and a half = 2026-11-30T02:30"),
        ("in 2 hours and a bit", "in 2 hours = 2026-11-30T02:00"),
    ])
    func halfAnHour(_ text: String, _ expected: String) {
        #expect(dates(text) == [expected], "\(text)")
    }

    @Test(arguments: [
        ("9.30am", "9.30am = 09:30"),
        ("Tuesday at 9.30am", "Tuesday at 9.30am = 2026-12-01T09:30"),
        ("3.15 pm tomorrow", "3.15 pm tomorrow = 2026-12-01T15:15"),
        ("9.30 a.m.", "9.30 a.m. = 09:30"),
    ])
    func aDottedTimeWithAmOrPm(_ text: String, _ expected: String) {
        #expect(dates(text) == [expected], "\(text)")
    }

    /// A spaced lower-case "am" after a price is German "on the": "Preis 3.30 am Automaten".
    @Test(arguments: [
        "at 9.30", "costs 9.30 a month", "13.30pm", "3.14 apples", "half an hour", "Preis 3.30 am Automaten",
        "Kosten 4.20 am Tag", "Tickets 12.50 am Eingang",
    ])
    func aDecimalIsNoTime(_ text: String) {
        #expect(dates(text).isEmpty, "\(text)")
    }

    @Test(arguments: [
        // The first such day on or after today; the article is no part of the date, as in `le 2 mars`.
        ("Rendez-vous le 16 à 18h.", "16 à 18h = 2026-12-16T18:00"),
        ("le 2 vers 5h du matin", "2 vers 5h du matin = 2026-12-02T05:00"),
        ("el 16 a las 18:00", "16 a las 18:00 = 2026-12-16T18:00"),
        ("il 30 alle 18:00", "30 alle 18:00 = 2026-11-30T18:00"),
        // "de" before it: a range of hours; a bare hour or no time: no day.
        ("de 16 à 18h", "16 à 18h = 16:00/18:00"),
        ("le 2 à 5", "à 5 = 05:00"),
    ])
    func aDayWithItsArticleBeforeATime(_ text: String, _ expected: String) {
        #expect(dates(text) == [expected], "\(text)")
        #expect(dates("le 16 à Paris").isEmpty)
        #expect(dates("le 16 à 18 ans").isEmpty)
    }

    @Test(arguments: [
        ("la semana que viene", "semana que viene = 2026-12-07"),
        ("el año que viene", "año que viene = 2027-11-30"),
        // As "next Tuesday": the coming one.
        ("el martes que viene", "martes que viene = 2026-12-01"),
        ("el miércoles de la semana que viene", "miércoles de la semana que viene = 2026-12-09"),
    ])
    func spanishQueVieneIsNext(_ text: String, _ expected: String) {
        #expect(dates(text) == [expected], "\(text)")
        #expect(dates("el día que viene").isEmpty)
        #expect(dates("3 semanas que vienen").isEmpty)
    }

    @Test(arguments: [
        ("a las 10 y media", "a las 10 y media = 10:30"),
        ("a las 3 y media de la tarde", "a las 3 y media de la tarde = 15:30"),
        ("a las 12 menos cuarto", "a las 12 menos cuarto = 11:45"),
        ("às 3 e meia da tarde", "às 3 e meia da tarde = 15:30"),
        ("alle 3 e mezza", "alle 3 e mezza = 03:30"),
        ("à 10 heures et demie", "à 10 heures et demie = 10:30"),
        ("10h et quart", "10h et quart = 10:15"),
        ("mañana a las 10 y media", "mañana a las 10 y media = 2026-12-01T10:30"),
    ])
    func theHalfAndQuartersOfRomanceLanguages(_ text: String, _ expected: String) {
        #expect(dates(text) == [expected], "\(text)")
    }

    @Test(arguments: ["5 y cuarto", "a las 10 y media hora", "a las 10 y medianoche"])
    func aHalfOrQuarterWithoutAnIntroducedHourIsNone(_ text: String) {
        #expect(dates(text).isEmpty, "\(text)")
    }

    @Test(arguments: [
        ("Thursday 12/3", "Thursday 12/3 = 2026-12-03"),
        ("Mon 12/7 at 3pm", "Mon 12/7 at 3pm = 2026-12-07T15:00"),
        // Yesterday: the year before the one it is next in.
        ("Sunday, 11/29", "Sunday, 11/29 = 2026-11-29"),
        // The weekday does not fall on it: a fraction, and the weekday alone.
        ("Friday 2/3 majority", "Friday = 2026-12-04"),
    ])
    func aWeekdayWithASlashDateThatFallsOnIt(_ text: String, _ expected: String) {
        #expect(dates(text) == [expected], "\(text)")
        #expect(dates("thu 12/3").isEmpty)
    }

    @Test func anHourSymbolWithMinutesOrWithoutInIsATime() {
        #expect(dates("at 1h") == ["at 1h = 01:00"])
        #expect(dates("in 1h30") == ["1h30 = 01:30"])
    }
}
