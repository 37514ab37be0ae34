@testable import EditMenuDataDetection
@testable import EditMenuKit
import Foundation
import Testing

/// Regions that share a calling code with a main country and have no formats of their own in
/// libphonenumber (Åland with Finland, Saint Barthélemy and Saint Martin with Guadeloupe, Western Sahara
/// with Morocco, Mayotte with Réunion, Svalbard with Norway, Canada with the United States): in the
/// menu's region, their national numbers read in the main country's formats and as their own.
struct DataDetectionSharedCallingCodeTests {
    func phones(_ text: String, region: String) -> [DetectedItem] {
        var detector = DataDetectionPhoneTests.detector
        detector.region = region
        return detector.detect(in: text).filter { $0.type == .phoneNumber }
    }

    @Test(arguments: [
        ("AX", "Ring 041 2345678 tonight", "041 2345678", "+358412345678"),
        ("AX", "Gratis: 0800 123456.", "0800 123456", "+358800123456"),
        ("BL", "Appelez le 0590 27 12 34", "0590 27 12 34", "+590590271234"),
        ("MF", "Portable : 0690 00 12 34", "0690 00 12 34", "+590690001234"),
        ("EH", "Tél. 05 28 81 23 45", "05 28 81 23 45", "+212528812345"),
        ("YT", "Appelez le 0639 01 23 45 demain", "0639 01 23 45", "+262639012345"),
        ("SJ", "Ring 79 12 34 56 i dag", "79 12 34 56", "+4779123456"),
        ("CA", "Call (613) 555-0199 today", "(613) 555-0199", "+16135550199"),
    ])
    func aNationalNumberReadsInItsOwnRegion(_ region: String, _ text: String, _ written: String, _ value: String)
        throws
    {
        let item = try #require(phones(text, region: region).first, "\(region): \(text)")
        #expect(item.matchedText == written)
        #expect(item.value.text == value)
        guard case .phoneNumber(let number) = item.value else {
            Issue.record("\(text): not a phone number's value")
            return
        }
        #expect(number.isInternational && number.region == region)
    }

    /// Both numbering plans hold: a Canadian exchange starts with 2–9, as in the United States; a
    /// number no format of the main country fits stays text.
    @Test(arguments: [
        ("CA", "Call (555) 010-0000 now"), ("CA", "Order 1234 5678 9012"), ("AX", "Kod 12 34"),
        ("YT", "Réf. 12 34 56 78 90 12"),
    ])
    func aNumberOutsideEitherPlanIsNoPhoneNumber(_ region: String, _ text: String) {
        #expect(phones(text, region: region).isEmpty, "\(region): \(text)")
    }
}
