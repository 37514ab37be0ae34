@testable import EditMenuDataDetection
@testable import EditMenuKit
import Foundation
import Testing

/// The tracking, phone and flight scanners' fast paths: the places they skip must be places where
/// nothing starts, so numbers at the edges of those paths are still found.
struct DataDetectionNumberScannerTests {
    static let detector = DataDetector(referenceDate: Date(timeIntervalSince1970: 1_795_996_800))

    func matched(_ text: String, _ type: DataType) -> [String] {
        Self.detector.detect(in: text).filter { $0.type == type }.map(\.matchedText)
    }

    /// The flight scanner looks at token starts and at letters after an apostrophe inside a word.
    @Test func aFlightStartsAfterAnApostropheInsideAWordAndAtADigitAlone() {
        #expect(matched("d'BA 283 leaves at noon", .flightNumber) == ["BA 283"])
        #expect(matched("vol d'U2 8341 ce soir", .flightNumber) == ["U2 8341"])
        #expect(matched("IndiGo 6E 123 to Delhi", .flightNumber) == ["6E 123"])
        #expect(matched("16E 123 and U21234", .flightNumber).isEmpty)
    }

    /// The tracking scanner reads groups only where the first two characters begin some shape, and
    /// narrows the lengths by the letters it reads.
    @Test func trackingNumbersInGroupsAndWithLettersAreStillFound() {
        #expect(matched("Tracking: 1Z 999 AA1 01 2345 678 4", .trackingNumber) == ["1Z 999 AA1 01 2345 678 4"])
        #expect(matched("parcel 1Z999AA10123456784.", .trackingNumber) == ["1Z999AA10123456784"])
        #expect(matched("item RR123456785GB posted", .trackingNumber) == ["RR123456785GB"])
        #expect(matched("Meet at 1 Infinite Loop", .trackingNumber).isEmpty)
        #expect(matched("FedEx: 986578788855", .trackingNumber) == ["986578788855"])
        #expect(matched("Order 986578788855 confirmed", .trackingNumber).isEmpty)
    }

    /// The phone scanner looks at number tokens and at `+` or `(` before a digit, refuses fewer than
    /// eight digits early, and asks for an identifier word only once a number is found.
    @Test func phoneNumbersAtTheEdgesOfTheFastPaths() {
        #expect(matched("Call +44 20 7946 0958 today", .phoneNumber) == ["+44 20 7946 0958"])
        #expect(matched("(212) 555-0100 (646) 555-0199", .phoneNumber) == ["(212) 555-0100", "(646) 555-0199"])
        #expect(matched("ISBN 0-306-40615-2", .phoneNumber).isEmpty)
        #expect(matched("12 34 56 78 90 1234 5678", .phoneNumber).isEmpty)
        #expect(matched("2026, 12.–14. März 2027", .phoneNumber).isEmpty)
    }
}
