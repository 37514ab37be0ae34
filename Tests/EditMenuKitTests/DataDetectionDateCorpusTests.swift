import EditMenuKit
import Foundation
import Testing

/// Forms measured against another project's date tests (chrono's per-locale test sentences, used only
/// as probes; these sentences are written here): ranges of days written as two dates, a range of
/// times after a date joined by "de", Italian and Portuguese words before a time, CJK ranges of hours,
/// and relative days and weekdays inside Chinese and Japanese text, which has no spaces. Monday
/// 30 November 2026 is today. Each rule has its near misses, which must stay what they were.
struct DataDetectionDateCorpusTests {
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    func dates(_ text: String) -> [DetectedItem] {
        Self.detector.detect(in: text).filter { $0.type == .date }
    }

    func expectOne(_ text: String, _ matched: String, _ value: String) {
        let found = dates(text)
        #expect(found.map(\.matchedText) == [matched], "\(text)")
        #expect(found.first?.value.text == value, "\(text)")
    }

    // MARK: Two dates joined by a dash or a word

    @Test(arguments: [
        ("Conference 14 June - 2 July 2027, Lisbon", "14 June - 2 July 2027", "2027-06-14/2027-07-02"),
        ("Booked Mar 28 – Apr 3, 2027.", "Mar 28 – Apr 3, 2027", "2027-03-28/2027-04-03"),
        ("Stay: 1 May 2027 to 4 May 2027", "1 May 2027 to 4 May 2027", "2027-05-01/2027-05-04"),
        ("Fermé du 23 décembre au 3 janvier", "23 décembre au 3 janvier", "2026-12-23/2027-01-03"),
        ("Chiuso dal 24/12/2026 al 30/12/2026", "24/12/2026 al 30/12/2026", "2026-12-24/2026-12-30"),
        ("Ferien 3. Juli bis 15. August 2027", "3. Juli bis 15. August 2027", "2027-07-03/2027-08-15"),
        ("Sprint 2027-01-04 - 2027-01-15 done", "2027-01-04 - 2027-01-15", "2027-01-04/2027-01-15"),
        ("Trip from 12 to 19 June 2027", "12 to 19 June 2027", "2027-06-12/2027-06-19"),
        ("Trip June 12 to 19, 2027", "June 12 to 19, 2027", "2027-06-12/2027-06-19"),
        ("Messe 10. bis 14. März 2027", "10. bis 14. März 2027", "2027-03-10/2027-03-14"),
        ("出張 2027年3月30日 ～ 2027年4月2日", "2027年3月30日 ～ 2027年4月2日", "2027-03-30/2027-04-02"),
        ("休假2026年12月26日-2027年1月7日", "2026年12月26日-2027年1月7日", "2026-12-26/2027-01-07"),
    ])
    func twoDatesJoinedAreOneRangeOfDays(_ text: String, _ matched: String, _ iso: String) {
        expectOne(text, matched, iso)
    }

    @Test func twoDatesThatAreNoRangeStayTwo() {
        // Backwards, weekdays, relative days and days with times are no range of days.
        #expect(dates("Moved 2027-05-01 - 2026-04-01").map(\.matchedText) == ["2027-05-01", "2026-04-01"])
        #expect(dates("Open Monday - Friday").map(\.matchedText) == ["Monday", "Friday"])
        #expect(dates("today - next Friday").map(\.matchedText) == ["today", "next Friday"])
        #expect(dates("Aug 10 - Nov 12 at 5pm").map(\.matchedText) == ["Aug 10", "Nov 12 at 5pm"])
        // "to 11 am" is an hour, not a day.
        #expect(dates("August 10 to 11 am").map(\.matchedText) == ["August 10", "11 am"])
    }

    @Test(arguments: ["Chapters 3 to 5 of the book", "Scores 10 to 22 tonight.", "Psalm 23 to 25", "pages 10 au 22"])
    func numbersJoinedByAWordAreNoDays(_ text: String) {
        #expect(!dates(text).contains { $0.value.text.contains("/") }, "\(text)")
    }

    // MARK: A range of times after its day, joined by "de"

    @Test(arguments: [
        ("Réunion le 5 mars de 9h30 à 11h.", "5 mars de 9h30 à 11h", "2027-03-05T09:30/2027-03-05T11:00"),
        ("Cita el 5 de marzo de 9 a 11", "5 de marzo de 9 a 11", "2027-03-05T09:00/2027-03-05T11:00"),
        ("le 2027-04-18 de 7:00 à 20:00", "2027-04-18 de 7:00 à 20:00", "2027-04-18T07:00/2027-04-18T20:00"),
    ])
    func aRangeOfTimesAfterDeBelongsToItsDay(_ text: String, _ matched: String, _ iso: String) {
        expectOne(text, matched, iso)
    }

    @Test func deBeforeAYearStaysTheYear() {
        expectOne("el 5 de marzo de 2027", "5 de marzo de 2027", "2027-03-05")
    }

    // MARK: Italian and Portuguese words before a time

    @Test(arguments: [
        ("Ci vediamo alle 6:00", "alle 6:00", "06:00"), ("Aperto dalle 9 alle 13", "dalle 9 alle 13", "09:00/13:00"),
        ("Chego às 12", "às 12", "12:00"), ("Até amanhã às 8:30", "amanhã às 8:30", "2026-12-01T08:30"),
    ])
    func italianAndPortugueseWordsIntroduceATime(_ text: String, _ matched: String, _ value: String) {
        expectOne(text, matched, value)
    }

    @Test(arguments: ["Wir kommen alle 3.", "alle 5 Minuten", "alle 12 Apostel", "alle 10 Tage", "as 5 people said"])
    func allIsNoTime(_ text: String) {
        #expect(dates(text).isEmpty, "\(text)")
    }

    // MARK: CJK ranges of hours

    @Test(arguments: [
        ("会議は10時から12時までです", "10時から12時まで", "10:00/12:00"),
        ("午後1時30分から3時", "午後1時30分から3時", "13:30/15:00"), ("下午5点-7点有空", "下午5点-7点", "17:00/19:00"),
        ("下午1点到3点开会", "下午1点到3点", "13:00/15:00"), ("3시~5시", "3시~5시", "03:00/05:00"),
        ("3月5日午後1時から3時まで", "3月5日午後1時から3時まで", "2027-03-05T13:00/2027-03-05T15:00"),
    ])
    func cjkHoursJoinedAreOneRange(_ text: String, _ matched: String, _ iso: String) {
        expectOne(text, matched, iso)
    }

    @Test(arguments: [
        ("我们晚上8点见", "晚上8点", "20:00"), ("早上8点出发", "早上8点", "08:00"), ("中午1点吃饭", "中午1点", "13:00"),
        ("凌晨1点30分", "凌晨1点30分", "01:30"), ("明天早上8点", "明天早上8点", "2026-12-01T08:00"),
    ])
    func chineseDayPeriodsBeforeTheHour(_ text: String, _ matched: String, _ value: String) {
        expectOne(text, matched, value)
    }

    @Test func chineseDayPeriodsThatAreNoTime() {
        // Midnight written as the evening's twelve is left unread; a greeting before a point is no time.
        #expect(dates("晚上12点").isEmpty)
        #expect(dates("早上好3点建议").isEmpty)
    }

    @Test func cjkHoursThatAreNoRange() {
        // 点 alone is a point, even joined; the second hour before the first is no range.
        #expect(dates("3点到5点建议").isEmpty)
        #expect(dates("23時から2時").map(\.matchedText) == ["23時", "2時"])
        #expect(dates("10時から").map(\.matchedText) == ["10時"])
    }

    // MARK: Chinese 号 for the day, English "from now"

    @Test(arguments: [
        ("我2027年9月3号要出发", "2027年9月3号", "2027-09-03"), ("9月3號見", "9月3號", "2027-09-03"),
        ("Ship it 3 weeks from now", "3 weeks from now", "2026-12-21"),
        ("a week from now", "a week from now", "2026-12-07"),
    ])
    func chineseDayMarkersAndFromNowAreRead(_ text: String, _ matched: String, _ value: String) {
        expectOne(text, matched, value)
    }

    @Test(arguments: ["坐3号线", "3号楼", "from now on, 3 days", "3 days from nowhere", "2 from now"])
    func numbersWithoutAMonthOrUnitAreNoDays(_ text: String) {
        #expect(!dates(text).contains { $0.matchedText.contains("号") || $0.matchedText.contains("now") }, "\(text)")
    }

    // MARK: An abbreviated month's period before a year; a clock after a whole day

    @Test(arguments: [
        ("for the year ended Dec. 2021", "Dec. 2021", "2021-12"), ("Published Sept. 2023", "Sept. 2023", "2023-09"),
        ("Starts Jan 4 2027, 9:30", "Jan 4 2027, 9:30", "2027-01-04T09:30"),
        ("jueves 6/21/2013 2:30", "jueves 6/21/2013 2:30", "2013-06-21T02:30"),
    ])
    func monthPeriodsAndClocksAfterADayAreRead(_ text: String, _ matched: String, _ value: String) {
        expectOne(text, matched, value)
    }

    @Test func versesRatiosAndMonthsAloneKeepTheirClocks() {
        // A verse or a score is no time without a day before it; a month and year has no day for a time.
        #expect(dates("John 3:16").isEmpty)
        #expect(dates("on March 5 2:1 win").map(\.matchedText) == ["March 5"])
        #expect(dates("June 2027 3:00").map(\.matchedText) == ["June 2027"])
    }

    // MARK: Relative days and weekdays inside CJK text

    @Test(arguments: [
        ("我明天要去北京", "明天", "2026-12-01"), ("明日の天気は晴れ", "明日", "2026-12-01"),
        ("昨日は雨でした", "昨日", "2026-11-29"), ("我今天下午5点开会", "今天下午5点", "2026-11-30T17:00"),
        ("今日午後3時に来て", "今日午後3時", "2026-11-30T15:00"), ("土曜日に会いましょう", "土曜日", "2026-12-05"),
        ("我们星期三见", "星期三", "2026-12-02"), ("我周五有空", "周五", "2026-12-04"),
        ("明日10時から12時まで", "明日10時から12時まで", "2026-12-01T10:00/2026-12-01T12:00"),
    ])
    func cjkDaysAreFoundInsideTheirText(_ text: String, _ matched: String, _ value: String) {
        expectOne(text, matched, value)
    }

    @Test(arguments: ["明日香さんが来た", "今日本では", "오늘날의 한국", "今晚吃什么"])
    func cjkWordsThatHoldNoDay(_ text: String) {
        #expect(dates(text).isEmpty, "\(text)")
    }
}

/// A day before an English month abbreviation ("15 Jan"): English writes both orders, so a capitalized
/// abbreviation of a language writing the month first reads after a day too, without a period or year.
/// Other languages' abbreviations still need theirs ("iPhone 11 Pro" is no Czech December).
struct DataDetectionDayBeforeAbbreviationTests {
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    func dates(_ text: String) -> [String] {
        Self.detector.detect(in: text).filter { $0.type == .date }.map { "\($0.matchedText)=\($0.value.text)" }
    }

    @Test(arguments: [
        ("See you on 15 Jan", ["15 Jan=2027-01-15"]),
        ("Due 5 Sep, not later", ["5 Sep=2027-09-05"]),
        ("Board Sept 5 at noon", ["Sept 5 at noon=2027-09-05T12:00"]),
        ("Starts 5 Sept", ["5 Sept=2027-09-05"]),
        ("10 Jun 9:30 in room 4", ["10 Jun 9:30=2027-06-10T09:30"]),
    ])
    func read(_ text: String, _ expected: [String]) {
        #expect(dates(text) == expected, "\(text)")
    }

    @Test(arguments: [
        "iPhone 11 Pro", "Windows 10 Pro", "5 set di regole", "Set 5 items", "le 5 sept", "15 jan", "we may 3 times",
    ])
    func nearMisses(_ text: String) {
        #expect(dates(text).isEmpty, "\(text)")
    }
}
