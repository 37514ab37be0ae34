@testable import EditMenuDataDetection
@testable import EditMenuKit
import Foundation
import Testing

/// Issue 16's phone-number classes: libphonenumber's metadata for every region, the menu's region,
/// extensions, E.164 values, numbers glued to text written without spaces, numbers in a row.
struct DataDetectionPhoneTests {
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    /// The phone numbers detected in `text`, read in `region` first.
    static func phones(_ text: String, region: String?) -> [DetectedItem] {
        var detector = Self.detector
        detector.region = region
        return detector.detect(in: text).filter { $0.type == .phoneNumber }
    }

    func phones(_ text: String, region: String? = nil) -> [DetectedItem] { Self.phones(text, region: region) }

    @Test func metadataCoversEveryRegionAndCallingCode() {
        #expect(PhoneMetadata.byRegion.count >= 240)
        for region in ["US", "GB", "DE", "IN", "JP", "KR", "CN", "BR", "AU", "CA", "ZA", "NG", "AR", "VN", "IS"] {
            #expect(PhoneMetadata.byRegion[region] != nil, "\(region)")
        }
        #expect(PhoneMetadata.byCallingCode[[4, 4]]?.first?.region == "GB")
        #expect(PhoneMetadata.byCallingCode[[1]]?.first?.region == "US")
    }

    /// International numbers of any calling code, with the national number's length checked.
    @Test(arguments: [
        ("+354 551 2345", "+3545512345"), ("+27 21 123 4567", "+27211234567"), ("+234 802 123 4567", "+2348021234567"),
        ("+84 24 3825 1234", "+842438251234"), ("+54 11 4123-4567", "+541141234567"),
    ])
    func internationalNumbersOfEveryCallingCodeAreRead(_ written: String, _ value: String) throws {
        let item = try #require(phones("Tel. \(written).").first)
        #expect(item.matchedText == written)
        #expect(item.value.text == value)
    }

    @Test(arguments: ["+44 20 7946", "+1 212 555 01234", "+44 020 7946"])
    func internationalNumbersOfImpossibleLengthsAreRefused(_ written: String) {
        #expect(phones("Tel. \(written).").isEmpty, "\(written)")
    }

    /// National numbers of other subscriber lengths, trunk prefixes and service numbers.
    @Test(arguments: [
        ("089 123456", "+4989123456"), ("0800 123 4567", "+448001234567"), ("0171 1234567", "+491711234567"),
        ("011-2345 6789", "+911123456789"), ("1800 425 1234", "+9118004251234"),
        ("0161 496 0000", "+441614960000"), ("06-6123-4567", "+81661234567"), ("8 800 555-35-35", "+78005553535"),
        ("0412 345 678", "+61412345678"), ("(21) 2345-6789", "+552123456789"), ("010-1234-5678", "+821012345678"),
        ("138 0013 8000", "+8613800138000"), ("22 123 45 67", "+48221234567"), ("08-123 456 78", "+46812345678"),
    ])
    func nationalNumbersGetTheirCallingCode(_ written: String, _ value: String) throws {
        let item = try #require(phones("Tel: \(written)").first, "\(written)")
        #expect(item.matchedText == written)
        #expect(item.value.text == value)
    }

    @Test func theMenusRegionDecidesNationalFormatsAndTheCallingCode() throws {
        // Groups of three read as a large integer unless the menu's region writes numbers so.
        #expect(phones("Llámanos al 900 345 678").isEmpty)
        #expect(phones("Llámanos al 900 345 678", region: "ES").first?.value.text == "+34900345678")
        #expect(phones("Llámanos al 912 34 56 78").first?.value.text == "+34912345678")
        // Numbers several countries read: the menu's region decides.
        #expect(phones("Mumbai: 022 2345 6789", region: "IN").first?.value.text == "+912223456789")
        #expect(phones("Kostenlos: 0800 123 4567", region: "DE").first?.value.text == "+498001234567")
        // A number several countries read: the menu's region decides.
        #expect(phones("Ring 0161 496 0000", region: "GB").first?.value.text == "+441614960000")
        #expect(phones("Ring 0161 496 0000", region: "DE").first?.value.text == "+491614960000")
        #expect(DataDetector.region(languageTag: "en-GB") == "GB")
        #expect(DataDetector.region(languageTag: "de_AT.UTF-8") == "AT")
        #expect(DataDetector.region(languageTag: "ja") == "JP")
        #expect(DataDetector.region(languageTag: "pt") == "BR")
    }

    @Test func eachFallbackRegionIsTriedOnce() {
        // National numbers are read in the menu's region, then in these, skipping only the menu's region.
        let regions = PhoneMetadata.fallbackRegions.map(\.region)
        #expect(!regions.isEmpty)
        #expect(Set(regions).count == regions.count)
    }

    @Test func numbersGluedToTextWrittenWithoutSpacesAreFound() {
        #expect(phones("ご予約は06-6123-4567まで").map(\.matchedText) == ["06-6123-4567"])
        #expect(phones("携帯090-1234-5678にお電話ください").map(\.matchedText) == ["090-1234-5678"])
        #expect(phones("Call ab06-6123-4567").isEmpty)
    }

    @Test func numbersInARowAreEachFound() {
        #expect(
            phones("Numbers: (212) 555-0100 (646) 555-0199").map(\.matchedText) == ["(212) 555-0100", "(646) 555-0199"])
    }

    @Test(arguments: [
        ("(212) 555-0100 ext. 12", "+12125550100;ext=12"), ("+1 650-253-0000 x 340", "+16502530000;ext=340"),
        ("617-555-0123 x1234", "+16175550123;ext=1234"), ("415-555-0132, ext. 7", "+14155550132;ext=7"),
        ("+7 495 123-45-67 доб. 123", "+74951234567;ext=123"),
    ])
    func extensionsBecomePartOfTheNumber(_ written: String, _ value: String) throws {
        let item = try #require(phones("Call \(written) today").first)
        #expect(item.matchedText == written)
        #expect(item.value.text == value)
        let actions = Self.detector.actions(for: item)
        #expect(actions.first?.uri == "tel:" + value)
        // A message goes to the number, not to an extension.
        #expect(actions.last?.uri == "sms:" + value.prefix { $0 != ";" })
    }

    @Test func wordsThatOnlyLookLikeExtensionsAreNotTakenIn() {
        #expect(phones("Call 415-555-0132 x-ray dept").map(\.matchedText) == ["415-555-0132"])
        #expect(phones("Call 415-555-0132 ext. 1.5").map(\.matchedText) == ["415-555-0132"])
    }

    @Test(arguments: [
        "2026-12-05", "05.12.2026", "1990-2000", "2026/0042", "299 792 458", "(555) 010-0000", "Part no. 0800-123-45",
        "12 34 56 78 90",
    ])
    func datesRangesIntegersAndImpossibleNumbersAreNotPhoneNumbers(_ text: String) {
        #expect(phones(text).isEmpty, "\(text)")
    }

    @Test func aTrackingNumberWinsOverAPhoneNumberOfTheSameText() {
        let items = Self.detector.detect(in: "FedEx Ground: 0414 4176 0228 964")
        #expect(items.map(\.type) == [.trackingNumber])
    }
}
