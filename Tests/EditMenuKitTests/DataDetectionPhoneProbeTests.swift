@testable import EditMenuDataDetection
@testable import EditMenuKit
import Foundation
import Testing

/// Phone-number rules measured against the test strings of libphonenumber's `PhoneNumberMatcherTest`
/// (used as probes only): how an extension is joined to a number, a full-width plus, and each rule's
/// near misses that must stay what they are.
struct DataDetectionPhoneProbeTests {
    /// The phone numbers detected in `text`, read in `region` first.
    func phones(_ text: String, region: String? = nil) -> [DetectedItem] {
        DataDetectionPhoneTests.phones(text, region: region)
    }

    /// An extension glued to the number's last digit, or after a comma with a space before it.
    @Test(arguments: [
        ("Ring +44 2034567890x456 today", "GB", "+44 2034567890x456", "+442034567890;ext=456"),
        ("Ring 03 331 6005x3456 today", "NZ", "03 331 6005x3456", "+6433316005;ext=3456"),
        ("Call (800) 901-3355 , ext 7246433 now", "US", "(800) 901-3355 , ext 7246433", "+18009013355;ext=7246433"),
        ("Call (800) 901-3355 ,x 7246433 now", "US", "(800) 901-3355 ,x 7246433", "+18009013355;ext=7246433"),
        (
            "Call (800) 901-3355 ,extension 7246433", "US", "(800) 901-3355 ,extension 7246433",
            "+18009013355;ext=7246433"
        ),
    ])
    func extensionsJoinedSoBelongToTheNumber(_ text: String, _ region: String, _ written: String, _ value: String)
        throws
    {
        let item = try #require(phones(text, region: region).first, "\(text)")
        #expect(item.matchedText == written)
        #expect(item.value.text == value)
    }

    /// Letters glued to a number's end that start no extension still refuse it; an `x` between digits
    /// that are no number on their own is no extension.
    @Test(arguments: [
        "Ring +44 2034567890xyz today", "Call 4156667777x", "Call 650x2531234", "Call 6502531x234",
        "Call 415-666-7777xl", "Resolution 3840x2160 pixels",
    ])
    func lettersGluedToANumberThatStartNoExtensionRefuseIt(_ text: String) {
        #expect(phones(text, region: "US").isEmpty, "\(text)")
    }

    /// A comma after a number followed by other digits is not an extension ("…, 45 days a year").
    @Test func aCommaAndDigitsWithoutAnExtensionWordStayOut() throws {
        let item = try #require(phones("(415) 666-7777 , 45 days a year", region: "US").first)
        #expect(item.matchedText == "(415) 666-7777")
    }

    /// `＋` written in full width before ASCII digits is the number's plus.
    @Test func aFullWidthPlusBeforeASCIIDigitsIsTheNumbersPlus() throws {
        let item = try #require(phones("Call ＋1 (650) 333-6000 now").first)
        #expect(item.matchedText == "＋1 (650) 333-6000")
        #expect(item.value.text == "+16503336000")
        #expect(phones("Call ＋1 2345").isEmpty)
    }

    /// A slash after the area code, the rest in groups (`415/666-7777`); a second slash is a date's or
    /// a fraction's.
    @Test func aSlashMayFollowTheAreaCode() throws {
        let item = try #require(phones("Call 415/666-7777 today", region: "US").first)
        #expect(item.matchedText == "415/666-7777")
        #expect(item.value.text == "+14156667777")
        for text in [
            "Call 650/253/1234 today", "Call 650//253-1234 today", "On 3/10/1984 at noon", "Due 03/27/2011",
            "Logged 2012/01/02 08:00", "Call 415-666/7777 today",
        ] {
            #expect(phones(text, region: "US").isEmpty, "\(text)")
        }
    }

    /// A colon glued to a word before the number introduces it; glued to digits it is a time's.
    @Test func aColonAfterAWordIntroducesTheNumber() throws {
        let item = try #require(phones("Tel:415-666-7777.", region: "US").first)
        #expect(item.matchedText == "415-666-7777")
        #expect(phones("Fax:+44 20 7946 0958").first?.value.text == "+442079460958")
        #expect(phones("At 10:415-666-7777", region: "US").isEmpty)
        #expect(phones("ISBN:0-306-40615-2").isEmpty)
    }

    /// Numbers run together by two dashes are neither; with spaces around the dashes both are found.
    @Test func numbersRunTogetherByTwoDashesAreNeither() {
        #expect(phones("Call 650-253-4561--455-234-3451", region: "US").isEmpty)
        let spaced = phones("Call 650-253-4561 -- 455-234-3451", region: "US")
        #expect(spaced.map(\.matchedText) == ["650-253-4561", "455-234-3451"])
    }

    /// In the menu's region a number may be grouped more loosely than its formats write it: the area
    /// code in brackets, or the subscriber number in one group; so it gets the region's calling code
    /// rather than another region's whose format it fits.
    @Test(arguments: [
        ("(33) 3461 2234", "MX", "+523334612234"), ("(449)978-0001", "MX", "+524499780001"),
        ("415-6667777", "US", "+14156667777"), ("03-3316005", "NZ", "+6433316005"),
    ])
    func theMenusRegionReadsItsNumbersGroupedLoosely(_ written: String, _ region: String, _ value: String) throws {
        let item = try #require(phones("Call \(written) now", region: region).first, "\(written)")
        #expect(item.matchedText == written)
        #expect(item.value.text == value)
    }

    /// Loose groups count only in the menu's region, and only with its plan and lengths: a ZIP+4 code
    /// stays one, and other regions still need the formats' groups.
    @Test func looseGroupsCountOnlyInTheMenusRegion() {
        #expect(phones("Call 415-6667777 now").isEmpty)
        #expect(phones("Call 415-6667777 now", region: "DE").isEmpty)
        #expect(phones("Austin, TX 78701-2345", region: "US").isEmpty)
        #expect(phones("Ref 123-4567890", region: "US").isEmpty)
        #expect(phones("From 2026-1203", region: "US").isEmpty)
    }

    /// North America dials abroad with `011`: read so in its regions, and as Delhi's area code elsewhere.
    @Test(arguments: [
        ("01164 3 331 6005", "US", "+6433316005"), ("011 44 20 7946 0958", "CA", "+442079460958"),
        ("011-44-20-7946-0958", "US", "+442079460958"), ("011-2345 6789", "US", "+911123456789"),
        ("011-2345 6789", "IN", "+911123456789"),
    ])
    func northAmericasInternationalPrefixIsReadInItsRegions(_ written: String, _ region: String, _ value: String)
        throws
    {
        let item = try #require(phones("Call \(written) now", region: region).first, "\(written)")
        #expect(item.matchedText == written)
        #expect(item.value.text == value)
    }

    @Test func northAmericasInternationalPrefixNeedsACallingCodeAfterIt() {
        #expect(phones("Call 01164 3 331 6005 now", region: "GB").isEmpty)
        #expect(phones("Call 011 999 1234 5678 now", region: "US").isEmpty)
    }

    /// What the new rules must not take in: dates, times, ZIP codes, ranges, prices, versions and
    /// identifiers after a word and a colon, or with a slash; numbers after a colon after a digit.
    @Test(arguments: [
        "Date:2026-12-03", "Date:12/03/2026", "Time:10:30-11:45", "ZIP:94107-1234", "Range:10-20",
        "Price:$1,299.00", "ISBN:978-0-306-40615-7", "Version:10.15.7", "Build:2026.12.03", "Pages:123/456-789",
        "Serial:415-6667777", "Dates 2026/12-05 and 12/2026 345-6789", "Score 3/415-666-7777",
        "ZIP 78701-2345, 94107-1234", "Order 4156667777", "Flight:BA283 at 10:30",
    ])
    func datesTimesCodesAndIdentifiersStayOut(_ text: String) {
        #expect(phones(text, region: "US").isEmpty, "\(text)")
        #expect(phones(text).isEmpty, "\(text)")
    }

    /// The trunk prefix written after the calling code ("+44 020 …", the way many people write their
    /// number) is dropped when the number is no region's with it and is one's without it; a country
    /// that dials its 0 from abroad keeps it.
    @Test(arguments: [
        ("+44 020 7946 0958", "+442079460958"),
        ("+44 0 20 7946 0958", "+442079460958"),
        ("+4402079460958", "+442079460958"),
        ("+49 030 12345678", "+493012345678"),
        ("+33 01 23 45 67 89", "+33123456789"),
        ("+61 02 9876 5432", "+61298765432"),
        ("+7 8 495 123-45-67", "+74951234567"),
        ("+39 06 1234 5678", "+390612345678"),
    ])
    func aTrunkPrefixAfterTheCallingCodeIsNotDialled(_ written: String, _ value: String) throws {
        let found = phones("Call \(written) today", region: "US")
        #expect(found.map(\.matchedText) == [written])
        #expect(found.first?.value.text == value, "\(written)")
    }

    @Test(arguments: ["+1 0 650 253 0000", "+44 0 0 20 7946", "+49 0 0"])
    func aTrunkPrefixIsDroppedOnlyWhereARegionHasOneAndTheRestIsANumber(_ written: String) {
        #expect(phones("Call \(written) today", region: "US").isEmpty, "\(written)")
    }

    /// Every region's example numbers (libphonenumber's metadata, PyPI `phonenumbers`), written as
    /// libphonenumber formats them: eight-digit national numbers in the menu's region, in its groups.
    @Test(arguments: [
        ("Ring på 32 12 34 56 i dag", "DK", "32 12 34 56", "+4532123456"),
        ("Ring 22 12 34 56 i dag", "NO", "22 12 34 56", "+4722123456"),
        ("Call 6123 4567 today", "SG", "6123 4567", "+6561234567"),
        ("Ring 08-12 34 56 idag", "SE", "08-12 34 56", "+468123456"),
    ])
    func eightDigitNationalNumbersInTheMenusRegion(_ text: String, _ region: String, _ written: String, _ value: String)
        throws
    {
        let found = phones(text, region: region)
        #expect(found.map(\.matchedText) == [written], "\(text)")
        #expect(found.first?.value.text == value, "\(text)")
    }

    @Test(arguments: [
        ("Call 32 12 34 56 today", "US"), // another region's shape
        ("Call 32 12 34 56 today", nil), // no region
        ("Bestellnummer 0221 9876", "DE"), // two groups after a trunk prefix: an order number
        ("Ring på 32 1234 56 i dag", "DK"), // not the region's groups
        ("Ring 12 34 56 78", "DK"), // no Danish number starts with 1
    ])
    func eightDigitsElsewhereAreNoNumber(_ text: String, _ region: String?) {
        #expect(phones(text, region: region).isEmpty, "\(text)")
    }

    /// International numbers of regions that share a calling code and have no formats of their own
    /// (written as the main country writes them), and numbers no format covers, written in one group.
    @Test(arguments: [
        ("+599 715 1234", "+5997151234"),
        ("+7 771 000 9998", "+77710009998"),
        ("+7 71234 5 67 89", "+77123456789"),
        ("+677 40123", "+67740123"),
        ("+248 8000000", "+2488000000"),
    ])
    func internationalNumbersWrittenAsLibphonenumberWritesThem(_ written: String, _ value: String) {
        let found = phones("Call \(written) today", region: "US")
        #expect(found.map(\.matchedText) == [written], "\(written)")
        #expect(found.first?.value.text == value, "\(written)")
    }
}
