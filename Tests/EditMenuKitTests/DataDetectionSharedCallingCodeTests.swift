@testable import EditMenuDataDetection
@testable import EditMenuKit
import Foundation
import Testing

/// The phone numbers detected in `text`, read in `region` first.
private func phones(_ text: String, region: String) -> [DetectedItem] {
    DataDetectionPhoneTests.phones(text, region: region)
}

/// Regions that share a calling code with a main country and have no formats of their own in
/// libphonenumber (Åland with Finland, Saint Barthélemy and Saint Martin with Guadeloupe, Western Sahara
/// with Morocco, Mayotte with Réunion, Svalbard with Norway, Canada with the United States): in the
/// menu's region, their national numbers read in the main country's formats and as their own.
struct DataDetectionSharedCallingCodeTests {
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

/// Short national numbers: four to eight digits in the menu's region, after a phone word, written in
/// one of its formats with its trunk prefix when it has one.
struct DataDetectionShortNationalNumberTests {
    @Test(arguments: [
        ("AD", "Call me at 712 345 today.", "712 345", "+376712345"),
        ("AW", "Bel 521 2345 morgen", "521 2345", "+2975212345"),
        ("BN", "Tel: 234 5678", "234 5678", "+6732345678"),
        ("GB", "Call 0800 1111 any time", "0800 1111", "+448001111"),
        ("DE", "Tel.: 0221 9876", "0221 9876", "+492219876"),
        ("NL", "Bel gratis 0800 1234.", "0800 1234", "+318001234"),
        ("MN", "Call me at 5312 3456", "5312 3456", "+97653123456"),
    ])
    func aShortNumberAfterAPhoneWordIsTheRegionsNumber(
        _ region: String, _ text: String, _ written: String, _ value: String
    ) throws {
        let item = try #require(phones(text, region: region).first, "\(region): \(text)")
        #expect(item.matchedText == written)
        #expect(item.value.text == value)
    }

    /// Without a phone word, without the trunk prefix where the region writes one, in a region whose
    /// numbers are longer, as a time, a date or a count: so few digits are no phone number.
    @Test(arguments: [
        ("AD", "Order 712 345 today."), ("AD", "We sold 712 345 units"), ("DE", "Bestellnummer 0221 9876"),
        ("DE", "Call 123 45 now"), ("GB", "Room 0800 1234"), ("FR", "Call me 06 12 34."),
        ("AD", "Call me at 10 30 tomorrow"), ("AD", "Call me at 12.05.26"), ("US", "Call 712 345 now"),
        ("AW", "Call 3 to 4 people"), ("JP", "Call 800 1234 soon"),
    ])
    func fewDigitsWithoutTheRegionsShapeAreNoNumber(_ region: String, _ text: String) {
        #expect(phones(text, region: region).isEmpty, "\(region): \(text)")
    }
}

/// The phone words of the shipped languages written with spaces: one run of digits after them is the
/// region's number, as after "call".
struct DataDetectionPhoneWordTests {
    @Test(arguments: [
        ("NL", "Bel 0612345678 morgen", "+31612345678"), ("PT", "Ligue 912345678 hoje", "+351912345678"),
        ("FI", "Soita 0401234567", "+358401234567"), ("GR", "τηλ. 2101234567", "+302101234567"),
        ("IL", "טל 031234567", "+97231234567"), ("SA", "هاتف 0501234567", "+966501234567"),
        ("PL", "Zadzwoń 123456789", "+48123456789"), ("TR", "Arayın 02121234567", "+902121234567"),
    ])
    func oneRunAfterAPhoneWordIsANumber(_ region: String, _ text: String, _ value: String) throws {
        let item = try #require(phones(text, region: region).first, "\(text)")
        #expect(item.value.text == value)
    }

    @Test(arguments: [
        ("NL", "Bestelling 0612345678 morgen"), ("SE", "Kom 0701234567"), ("PL", "Kom 123456789"),
        ("BR", "CEP 01310-200 São Paulo"),
    ])
    func oneRunAfterAnotherWordIsNone(_ region: String, _ text: String) {
        #expect(phones(text, region: region).isEmpty, "\(text)")
    }
}
