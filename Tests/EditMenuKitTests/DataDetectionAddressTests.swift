@testable import EditMenuDataDetection
@testable import EditMenuKit
import Foundation
import Testing

/// Issue 16's address classes — highways and routes, hyphenated and ranged house numbers, British
/// addresses led by a building's name, kanji numerals, Canada and Australia, a state code followed by
/// more words — and contacts made from addresses, emails and phone numbers.
struct DataDetectionAddressTests {
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    func address(_ text: String) -> DetectedItem? {
        let found = Self.detector.detect(in: text).filter { $0.type == .address }
        return found.count == 1 ? found[0] : nil
    }

    @Test(
        arguments: [
            ("12345 State Highway 121, Frisco, TX 75035", "US", "75035"),
            ("4500 US Highway 1, Vero Beach, FL 32960", "US", "32960"),
            ("8921 Route 66, Kingman, AZ 86401", "US", "86401"),
            ("2211 County Road 42, Burnsville, MN 55337", "US", "55337"),
            ("1234 N Highway 67, Cedar Hill, TX 75104", "US", "75104"),
            ("91-1010 Fort Weaver Rd, Ewa Beach, HI 96706", "US", "96706"),
            ("20-24 High St, Bristol BS1 2AW", "GB", "BS1 2AW"),
            ("123-125 Main Street, Springfield, IL 62701", "US", "62701"),
            ("The Old Rectory, Church Lane, Fakenham NR21 0JW", "GB", "NR21 0JW"),
            ("Ivy Cottage, 4 Mill Lane, Ashford TN25 4BG", "GB", "TN25 4BG"),
            ("Flat 3, Rose Court, 12 Market Street, Leeds LS1 6DT", "GB", "LS1 6DT"),
            ("東京都千代田区丸の内一丁目1番1号", "JP", nil), ("〒530-0001 大阪府大阪市北区梅田三丁目1番3号", "JP", "530-0001"),
            ("290 Bremner Blvd, Toronto, ON M5V 3L9", "CA", "M5V 3L9"),
            ("800 Robson St\nVancouver, BC V6Z 3B7", "CA", "V6Z 3B7"),
            ("Level 5, 1 Martin Place, Sydney NSW 2000", "AU", "2000"),
            ("123 Collins Street, Melbourne VIC 3000", "AU", "3000"),
            ("Unit 2, 15 Smith Rd, Perth WA 6000", "AU", "6000"),
        ] as [(String, String, String?)])
    func addressesOfEachClassAreDetectedWhole(_ written: String, _ region: String, _ code: String?) throws {
        let item = try #require(address("Address: \(written). Thanks"), "\(written)")
        #expect(item.matchedText == written)
        guard case .address(let value) = item.value else { return }
        #expect(value.region == region)
        #expect(value.postalCode == code)
    }

    @Test(arguments: [
        "P.O. Box 1234, Springfield, IL 62701", "PO Box 55, Austin, TX 78701", "Post Office Box 7, Leeds LS1 6DT",
    ])
    func postOfficeBoxesTakeTheStreetsPlace(_ written: String) {
        #expect(address("Mail: \(written). Thanks")?.matchedText == written)
    }

    @Test func aBoxWithoutATownAndPostcodeIsNoAddress() {
        #expect(Self.detector.detect(in: "Write to PO Box 12 please").isEmpty)
    }

    @Test func aStateCodeFollowedByMoreWordsIsNotAState() {
        #expect(Self.detector.detect(in: "Drop it at 55 Oak Street IN PERSON please").isEmpty)
        #expect(Self.detector.detect(in: "Meet at 500 Main Street OR the park").isEmpty)
        #expect(address("Office: 700 Congress Ave, Austin, TX.")?.matchedText == "700 Congress Ave, Austin, TX")
    }

    @Test func buildingWordsAloneOrRoutesAloneAreNotAddresses() {
        #expect(Self.detector.detect(in: "Route 66 is a famous road").isEmpty)
        #expect(Self.detector.detect(in: "The Old Rectory is a lovely building").isEmpty)
        #expect(Self.detector.detect(in: "Room 91-1010 is upstairs").isEmpty)
    }

    // MARK: Contacts

    func card(_ text: String) throws -> String {
        let item = try #require(Self.detector.detect(in: text).first)
        let action = try #require(Self.detector.actions(for: item).first { $0.id == .addToContacts })
        guard case .contact(let card) = action.target else { throw CardError() }
        return card
    }

    struct CardError: Error {}

    @Test func aContactFromAnAddressNamesNoOneAndSplitsTheAddress() throws {
        let card = try card("1 Infinite Loop, Cupertino, CA 95014")
        #expect(card.contains("\r\nN:;;;;\r\nFN:\r\n"))
        #expect(!card.contains("FN:1 Infinite Loop"))
        #expect(card.contains("\r\nADR:;;1 Infinite Loop;Cupertino;CA;95014;\r\n"))
        #expect(card.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\n"))
    }

    @Test(arguments: [
        (
            "221B Baker Street, London NW1 6XE",
            DetectedAddress.Parts(
                street: "221B Baker Street", locality: "London", region: nil, postalCode: "NW1 6XE", country: nil)
        ),
        (
            "4059 Mt Lee Dr\nLos Angeles, CA 90068\nUSA",
            .init(street: "4059 Mt Lee Dr", locality: "Los Angeles", region: "CA", postalCode: "90068", country: "USA")
        ),
        (
            "Unter den Linden 77, 10117 Berlin",
            .init(street: "Unter den Linden 77", locality: "Berlin", region: nil, postalCode: "10117", country: nil)
        ),
        (
            "ул. Тверская, д. 7, Москва, 125009",
            .init(street: "ул. Тверская, д. 7", locality: "Москва", region: nil, postalCode: "125009", country: nil)
        ),
        (
            "Level 5, 1 Martin Place, Sydney NSW 2000",
            .init(
                street: "Level 5, 1 Martin Place", locality: "Sydney", region: "NSW", postalCode: "2000", country: nil)
        ),
        (
            "290 Bremner Blvd, Toronto, ON M5V 3L9",
            .init(street: "290 Bremner Blvd", locality: "Toronto", region: "ON", postalCode: "M5V 3L9", country: nil)
        ),
        (
            "〒100-0005 東京都千代田区丸の内1-1-1",
            .init(street: "千代田区丸の内1-1-1", locality: nil, region: "東京都", postalCode: "100-0005", country: nil)
        ),
    ])
    func addressesAreSplitIntoTheirParts(_ written: String, _ parts: DetectedAddress.Parts) throws {
        let item = try #require(address(written), "\(written)")
        guard case .address(let value) = item.value else { return }
        #expect(value.parts == parts)
    }

    @Test func aContactFromAnEmailOrPhoneHasItsValueInItsField() throws {
        let card = try card("jane.doe@example.com")
        #expect(card.contains("\r\nFN:\r\n"))
        #expect(card.contains("\r\nEMAIL;TYPE=INTERNET:jane.doe@example.com\r\n"))
        #expect(!card.contains("FN:jane"))
        let phone = DetectedPhoneNumber(digits: "12125550100", isInternational: true, region: "US", extension: "12")
        #expect(VCard.text(phone: phone).contains("\r\nTEL;TYPE=VOICE:+12125550100;ext=12\r\n"))
    }
}
