import EditMenuKit
import Foundation
import Testing

/// Times written with Chinese, Japanese and Korean hour and minute markers, alone and after a CJK date
/// (Monday 30 November 2026 is today).
struct DataDetectionCJKTimeTests {
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    func dates(_ text: String) -> [DetectedItem] {
        Self.detector.detect(in: text).filter { $0.type == .date }
    }

    @Test(arguments: [
        ("会議は10時30分からです", "10時30分", "10:30"), ("3時半に", "3時半", "03:30"),
        ("会議は午後3時から", "午後3時", "15:00"), ("午前12時に", "午前12時", "00:00"),
        ("我们10点30分开会", "10点30分", "10:30"), ("下午3点见", "下午3点", "15:00"), ("3点半出发", "3点半", "03:30"),
        ("明天下午3点钟", "明天下午3点钟", "2026-12-01T15:00"), ("下午3點見", "下午3點", "15:00"),
        ("오후 3시 30분에 만나요", "오후 3시 30분", "15:30"), ("3시에 만나요", "3시", "03:00"),
        ("오전 9시", "오전 9시", "09:00"),
    ])
    func aTimeWithHourAndMinuteMarkersIsRead(_ text: String, _ matched: String, _ iso: String) throws {
        let found = dates(text)
        #expect(found.map(\.matchedText) == [matched], "\(text)")
        #expect(found.first?.value.text == iso, "\(text)")
        // The ranges are the text's own.
        let item = try #require(found.first)
        #expect(String(decoding: Array(text.utf8)[item.byteRange], as: UTF8.self) == matched)
        #expect(Array(text)[item.characterRange].map(String.init).joined() == matched)
    }

    @Test(arguments: [
        ("2026年3月5日10時30分に会議", "2026年3月5日10時30分", "2026-03-05T10:30"),
        ("2026年3月5日 10時30分", "2026年3月5日 10時30分", "2026-03-05T10:30"),
        ("12月5日 14:00から", "12月5日 14:00", "2026-12-05T14:00"),
        ("12月5日午後3時に集合", "12月5日午後3時", "2026-12-05T15:00"),
        ("２０２６年１２月５日１０時３０分", "２０２６年１２月５日１０時３０分", "2026-12-05T10:30"),
        ("2026년 12월 5일 오후 3시", "2026년 12월 5일 오후 3시", "2026-12-05T15:00"),
    ])
    func aCJKDateWithATimeAfterItIsOneItem(_ text: String, _ matched: String, _ iso: String) {
        let found = dates(text)
        #expect(found.map(\.matchedText) == [matched], "\(text)")
        #expect(found.first?.value.text == iso, "\(text)")
    }

    @Test(arguments: ["3点建议", "第3点", "午後13時", "得了3点", "3시간 동안"])
    func pointsDurationsAndImpossibleHoursAreNoTimes(_ text: String) {
        #expect(dates(text).isEmpty, "\(text)")
    }

    @Test func hoursOfADurationAreNotAClock() {
        #expect(!dates("3時間後に戻ります").contains { $0.value.text == "03:00" })
        #expect(!dates("3时间").contains { $0.value.text == "03:00" })
    }
}
