@testable import EditMenuDataDetection
@testable import EditMenuKit
import Foundation
import Testing

/// North American local numbers: seven digits after a phone word, dialled as written.
struct DataDetectionLocalNumberTests {
    /// The phone numbers detected in `text`, read in `region` first.
    func phones(_ text: String, region: String? = "US") -> [DetectedItem] {
        DataDetectionPhoneTests.phones(text, region: region)
    }

    @Test(arguments: [
        ("Call 555-1212 after six", "555-1212", "5551212"),
        ("Tel: 555.1212.", "555.1212", "5551212"),
        ("phone me on 555 1212", "555 1212", "5551212"),
        ("Call 555-1212 ext. 4 for billing", "555-1212 ext. 4", "5551212;ext=4"),
    ])
    func sevenDigitsAfterAPhoneWordAreALocalNumber(_ text: String, _ written: String, _ value: String) throws {
        let item = try #require(phones(text).first, "\(text)")
        #expect(item.matchedText == written)
        #expect(item.value.text == value)
        guard case .phoneNumber(let number) = item.value else {
            Issue.record("\(text): not a phone number's value")
            return
        }
        #expect(!number.isInternational && number.region == "US" && number.dialable == "5551212")
    }

    @Test func withNoRegionTheNumberIsNorthAmerican() {
        #expect(phones("Call 555-1212", region: nil).map(\.matchedText) == ["555-1212"])
    }

    /// Without a phone word, in another region, with an exchange starting 0 or 1, in a longer run of
    /// digits or glued to more: seven digits are a part number, a count or a code.
    @Test(arguments: [
        ("Order 555-1212 shipped", "US"), ("555-1212", "US"), ("Part no. 555-1212", "US"),
        ("Tel: 555-1212", "DE"), ("Tel: 555-1212", "GB"), ("call 155-1212", "US"), ("call 055-1212", "US"),
        ("call 555-12123", "US"), ("call 12 555-1212", "US"), ("call 555-1212-3", "US"),
        ("call 5551212", "US"), ("call ISBN 555-1212", "US"), ("call 555- 1212", "US"),
    ])
    func otherwiseSevenDigitsStayOut(_ text: String, _ region: String) {
        #expect(phones(text, region: region).isEmpty, "\(text) in \(region)")
    }

    /// A full number is still read whole: its last seven digits are not a local number of their own.
    @Test func aFullNumberIsReadWhole() {
        #expect(phones("call (408) 555-1212 or 408 555-1213").map(\.value.text) == ["+14085551212", "+14085551213"])
    }
}
