@testable import EditMenuKit
import Foundation
import Testing

/// Issue 16's date classes: CLDR names for the 24 shipped languages, time zones, day ranges, hour
/// offsets, weekday + date as one item, day-month after a word that introduces times, years after a
/// preposition, two-digit years, times after fractional seconds or in brackets, valid ISO 8601.
struct DataDetectionDateTests {
    /// Monday 30 November 2026, 00:00 UTC.
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    func dates(_ text: String) -> [DetectedItem] {
        Self.detector.detect(in: text).filter { $0.type == .date }
    }

    func only(_ text: String) -> DetectedItem? {
        let found = dates(text)
        return found.count == 1 ? found[0] : nil
    }

    @Test(arguments: [
        ("5 dicembre 2026", "2026-12-05"), ("5 de dezembro de 2026", "2026-12-05"), ("5 december 2026", "2026-12-05"),
        ("5 grudnia 2026", "2026-12-05"), ("5 Aralık 2026", "2026-12-05"), ("5. prosince 2026", "2026-12-05"),
        ("5 грудня 2026", "2026-12-05"), ("5 Δεκεμβρίου 2026", "2026-12-05"), ("5. joulukuuta 2026", "2026-12-05"),
        ("5. desember 2026", "2026-12-05"), ("5 בדצמבר 2026", "2026-12-05"), ("5 ديسمبر 2026", "2026-12-05"),
        ("2026年12月5日", "2026-12-05"), ("2026년 12월 5일", "2026-12-05"), ("12月5日", "2026-12-05"),
        ("5 déc. 2026", "2026-12-05"), ("5. Dez. 2026", "2026-12-05"), ("5 дек. 2026", "2026-12-05"),
    ])
    func monthNamesAndLongDatesOfEveryShippedLanguageAreRead(_ written: String, _ iso: String) throws {
        let item = try #require(only("→ \(written) ←"), "\(written)")
        #expect(item.matchedText == written)
        #expect(item.value.text == iso)
    }

    @Test func cjkDatesAreFoundGluedToText() {
        #expect(dates("会議は2026年12月5日です").map(\.matchedText) == ["2026年12月5日"])
        #expect(dates("회의는 2026년 12월 5일입니다").map(\.matchedText) == ["2026년 12월 5일"])
    }

    @Test(arguments: [
        ("Monday, December 7, 2026 at 10am", "2026-12-07T10:00"), ("Sat 12 Dec 2026", "2026-12-12"),
        ("Fri, Dec 4", "2026-12-04"), ("lunedì 7 dicembre", "2026-12-07"), ("Freitag, 4. Dezember 2026", "2026-12-04"),
        ("segunda-feira, 7 de dezembro", "2026-12-07"),
        ("Wed, 02 Oct 2002 13:00:00 +0200", "2002-10-02T13:00:00+02:00"),
        ("Mon 12/07/2026", "2026-12-07"),
    ])
    func aWeekdayAndItsDateAreOneItem(_ written: String, _ iso: String) throws {
        let item = try #require(only(written), "\(written)")
        #expect(item.matchedText == written)
        #expect(item.value.text == iso)
    }

    @Test func weekdayAbbreviationsNeedTheirPunctuationOrACapital() {
        // "on" and "to" are Danish and Finnish abbreviations.
        #expect(dates("Meet on 5 March 1990").map(\.matchedText) == ["5 March 1990"])
        #expect(dates("From 1 to 2027-03-15").map(\.matchedText) == ["2027-03-15"])
        #expect(dates("set 5 items aside").isEmpty)
        #expect(dates("iPhone 11 Pro").isEmpty)
        #expect(dates("5 may be enough").isEmpty)
        #expect(only("A 5 May meeting")?.value.text == "2027-05-05")
        #expect(dates("Mag 5 earthquake, Gen 5 console").isEmpty)
        #expect(only("Due Dec 5")?.value.text == "2026-12-05")
        // "Mar" is also a Spanish and French weekday abbreviation: as a month it keeps its time.
        #expect(only("Mar 12, 2020 10:00 AM")?.value.text == "2020-03-12T10:00")
        #expect(dates("É a segunda vez").isEmpty)
    }

    @Test(arguments: [
        ("at 10:00 PST", "10:00-08:00"), ("11:00 AM EST", "11:00-05:00"), ("15:30 CET", "15:30+01:00"),
        ("18:00 +0100", "18:00+01:00"), ("9:30 GMT+2", "09:30+02:00"), ("12:00 UTC", "12:00Z"),
        ("at 9:30 a.m. EST", "09:30-05:00"),
    ])
    func timeZonesAreCarriedIntoTheValue(_ written: String, _ iso: String) throws {
        let item = try #require(only(written), "\(written)")
        #expect(item.matchedText == written)
        #expect(item.value.text == iso)
    }

    @Test func anEventWithATimeZoneIsWrittenInUTC() throws {
        let item = try #require(only("December 9, 2026, 11:00 AM EST"))
        guard case .calendarEvent(let ics) = try #require(Self.detector.actions(for: item).first).target else {
            Issue.record("not an event")
            return
        }
        #expect(ics.contains("\r\nDTSTART:20261209T160000Z\r\n"))
        #expect(ics.contains("\r\nDTEND:20261209T170000Z\r\n"))
    }

    @Test(arguments: [
        ("March 3-5, 2027", "2027-03-03/2027-03-05"), ("24–26 December 2026", "2026-12-24/2026-12-26"),
        ("12.–14. März 2027", "2027-03-12/2027-03-14"), ("Dec 10 - 12, 2026", "2026-12-10/2026-12-12"),
        ("8–10 June", "2027-06-08/2027-06-10"),
    ])
    func dayRangesAreRead(_ written: String, _ iso: String) throws {
        let item = try #require(only(written), "\(written)")
        #expect(item.matchedText == written)
        #expect(item.value.text == iso)
    }

    @Test func aDayRangeBecomesAMultiDayEvent() throws {
        let item = try #require(only("March 3-5, 2027"))
        guard case .calendarEvent(let ics) = try #require(Self.detector.actions(for: item).first).target else {
            Issue.record("not an event")
            return
        }
        #expect(ics.contains("\r\nDTSTART;VALUE=DATE:20270303\r\n"))
        #expect(ics.contains("\r\nDTEND;VALUE=DATE:20270306\r\n"))
    }

    @Test func descendingOrImpossibleRangesAreNotRanges() {
        #expect(only("March 5-3, 2027")?.value.text != "2027-03-05/2027-03-03")
        #expect(dates("Score 3-5 at half time").isEmpty)
    }

    @Test(arguments: [
        ("in 3 hours", "2026-11-30T03:00"), ("через 3 часа", "2026-11-30T03:00"), ("in 2 Stunden", "2026-11-30T02:00"),
        ("dans 30 minutes", "2026-11-30T00:30"), ("en 3 horas", "2026-11-30T03:00"),
        ("2 hours ago", "2026-11-29T22:00"),
        ("vor 2 Stunden", "2026-11-29T22:00"), ("tra 3 giorni", "2026-12-03"), ("3時間後", "2026-11-30T03:00"),
    ])
    func hourAndOtherOffsetsAreResolvedAgainstTheReferenceDate(_ written: String, _ iso: String) throws {
        let item = try #require(only("→ \(written) ←"), "\(written)")
        #expect(item.matchedText == written)
        #expect(item.value.text == iso)
    }

    @Test func aDurationIsNotARelativeTime() {
        #expect(dates("She ran 5 km in 24 minutes 30 seconds").isEmpty)
    }

    @Test func aDayAndMonthAfterFromAreADateNotAnHour() throws {
        let item = try #require(only("Tickets are valid from 3 June 2019."))
        #expect(item.matchedText == "3 June 2019")
        #expect(item.value.text == "2019-06-03")
        #expect(only("from 3 pm")?.value.text == "15:00")
    }

    @Test func aYearAfterAPrepositionBelongsToTheDate() throws {
        let item = try #require(only("Он родился 2 марта в 2001 году"))
        #expect(item.matchedText == "2 марта в 2001 году")
        #expect(item.value.text == "2001-03-02")
        #expect(only("2 марта в 20:01")?.value.text == "2027-03-02T20:01")
    }

    @Test(arguments: [
        ("3/4/79", "1979-03-04"), ("12/31/99", "1999-12-31"), ("1/2/30", "2030-01-02"), ("05.11.46", "2046-11-05"),
    ])
    func twoDigitYearsPivotAroundTheReferenceDate(_ written: String, _ iso: String) {
        #expect(only(written)?.value.text == iso)
    }

    @Test func timesAfterFractionalSecondsAndInBracketsAreRead() {
        #expect(only("log: 2026-11-30 14:05:33.123 started")?.value.text == "2026-11-30T14:05:33")
        #expect(only("[14:32] Build finished")?.matchedText == "14:32")
        #expect(only("Dinner (7pm) at Luigi's")?.value.text == "19:00")
    }

    @Test func isoValuesAreAlwaysValidISO8601() {
        // Property: whatever the text, the value is an ISO 8601 date, time, date-time or interval.
        let samples = [
            "from 3 June 2019", "June 2019 at 3", "December 2026, 15:00", "in 3 hours", "March 3-5, 2027", "15:00 PST",
            "2026-12-05T10:00:00Z", "tomorrow at noon", "5 декабря в 10", "3/4/79", "Dec 2026 3pm",
        ]
        for sample in samples {
            for item in dates(sample) {
                #expect(Self.isISO8601(item.value.text), "\(sample) → \(item.value.text)")
            }
        }
    }

    static func isISO8601(_ value: String) -> Bool {
        let parts = value.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return false }
        return parts.allSatisfy { part in
            let pieces = part.split(separator: "T", omittingEmptySubsequences: false)
            guard pieces.count <= 2 else { return false }
            let date = pieces[0]
            let dateOK = date.contains(":") && pieces.count == 1 ? isTime(date) : isDate(date)
            return dateOK && (pieces.count == 1 || (isDate(date) && date.count == 10 && isTime(pieces[1])))
        }
    }

    static func isDate(_ text: Substring) -> Bool {
        let fields = text.split(separator: "-")
        return (2...3).contains(fields.count) && fields[0].count == 4 && fields.dropFirst().allSatisfy { $0.count == 2 }
            && fields.allSatisfy { $0.allSatisfy(\.isNumber) }
    }

    static func isTime(_ text: Substring) -> Bool {
        var clock = text
        if clock.hasSuffix("Z") {
            clock = clock.dropLast()
        } else if let sign = clock.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let offset = clock[clock.index(after: sign)...]
            guard offset.count == 5, offset.split(separator: ":").count == 2 else { return false }
            clock = clock[..<sign]
        }
        let fields = clock.split(separator: ":")
        return (2...3).contains(fields.count) && fields.allSatisfy { $0.count == 2 && $0.allSatisfy(\.isNumber) }
    }

    @Test func numericDateOrdersComeFromCLDR() {
        #expect(NumericDateOrder(languageTag: "en-SG") == .dayFirst)
        #expect(NumericDateOrder(languageTag: "en-CA") == .monthFirst)
        #expect(NumericDateOrder(languageTag: "ja") == .monthFirst)
        #expect(NumericDateOrder(languageTag: "sv-SE") == .dayFirst)
        #expect(NumericDateOrder(languageTag: "zh-Hant") == .monthFirst)
    }
}
