@testable import EditMenuKit
import Foundation
import Testing

/// Issue 26's classes, written before tuning: US rural and abbreviated addresses, a ranged house
/// number after a business name, German addresses without a postcode, kanji-numeral blocks, shouting
/// lines that are no address, one- and two-digit flights, a month-day that takes the year of a full
/// date before it, a link's user information, and ten-digit numbers next to a phone word.
struct DataDetectionIssue26Tests {
    /// Monday 30 November 2026, 00:00 UTC.
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    func items(_ text: String, _ type: DataType) -> [DetectedItem] {
        Self.detector.detect(in: text).filter { $0.type == type }
    }

    // MARK: Addresses

    @Test(
        arguments: [
            ("2210 SR 9, Lake Stevens, WA 98258", "US", "98258"),
            ("45 route 9 w marlboro nj 07746", "US", "07746"),
            ("1520 State Route 44, Ravenna, OH 44266", "US", "44266"),
            ("15 CR 514, Ringoes, NJ 08551", "US", "08551"),
            ("1418 1/2 West Elm Street, Lodi, CA 95240", "US", "95240"),
            ("500 W Madison St Suite 310 Chicago, IL 60661", "US", "60661"),
            ("12 Oak Ave Unit 4 rear Boise ID 83702", "US", "83702"),
            ("200 main street se decatur al 35601", "US", "35601"),
            ("1200 Eagle Ridge TURN, Herndon, VA 20170-4321", "US", "20170-4321"),
            ("12-14 High Street, Oxford, OX1 4AP", "GB", "OX1 4AP"),
            ("Kastanienallee 12, Berlin, Deutschland", "DE", nil),
            ("Mariahilfer Straße 45, Wien, Österreich", "DE", nil),
            ("大阪府大阪市北区梅田三丁目一番三号", "JP", nil),
            ("東京都港区六本木六丁目十番一号", "JP", nil),
        ] as [(String, String, String?)])
    func ruralAbbreviatedAndForeignAddressesAreDetectedWhole(_ written: String, _ region: String, _ code: String?)
        throws
    {
        let found = items("Address: \(written). Thanks", .address)
        let item = try #require(found.count == 1 ? found[0] : nil, "\(written)")
        #expect(item.matchedText == written)
        guard case .address(let value) = item.value else { return }
        #expect(value.region == region)
        #expect(value.postalCode == code)
    }

    @Test func aBusinessNameBeforeARangedHouseNumberIsNotPartOfTheAddress() {
        let found = items("Café Nero 12-14 High Street, Oxford, OX1 4AP", .address)
        #expect(found.map(\.matchedText) == ["12-14 High Street, Oxford, OX1 4AP"])
    }

    @Test(arguments: [
        "SEE 5 BIG DR OK", "GET 2 SMITH DR PASSES", "CALL 24 HOUR DR IN PA NOW", "WIN 100 FREE DR PEPPER CANS IN MAY",
    ])
    func aShoutingLineIsNoAddress(_ text: String) {
        #expect(items(text, .address).isEmpty, "\(text)")
    }

    /// Added after tuning, from probing the kanji-numeral rule.
    @Test func aTownNamedWithAKanjiNumeralIsNoBlockNumber() {
        #expect(items("東京都千代田区一番町", .address).isEmpty)
        #expect(items("東京都千代田区一番町10番地", .address).map(\.matchedText) == ["東京都千代田区一番町10番地"])
    }

    @Test(arguments: ["Kapitel 12, Berlin ist schön", "Seite 3, Bonn, Band 4"])
    func aGermanWordAndANumberBeforeATownNeedAStreetAndACountry(_ text: String) {
        #expect(items(text, .address).isEmpty, "\(text)")
    }

    // MARK: Flights

    @Test(arguments: [
        ("BA 1 to New York", "BA1"), ("flight UA 9", "UA9"), ("Booked DL 2 from Atlanta", "DL2"),
        ("Take LH 4 to Frankfurt", "LH4"), ("EK 5 departs Dubai daily", "EK5"), ("Vol AF 6 pour Paris", "AF6"),
    ])
    func oneAndTwoDigitFlightsAreFoundInFlightContexts(_ text: String, _ value: String) {
        #expect(items(text, .flightNumber).map(\.value.text) == [value], "\(text)")
    }

    @Test(arguments: [
        "Send it to PO 1", "Take Route 1 to Boston", "Rate it AA 1 to 10 please", "The PO 1 to PO 9 documents",
        "Section AA 1 to AA 9", // added after tuning, from probing the rule for "to" after a flight
    ])
    func codesAndRoutesThatAreNoFlightsAreNotFound(_ text: String) {
        #expect(items(text, .flightNumber).isEmpty, "\(text)")
    }

    // MARK: Dates

    @Test(arguments: [
        ("On 4 June 2015 we signed, then July 9th we moved in", "2015-07-09"),
        ("Published March 3, 2019 and updated April 12 by the editors", "2019-04-12"),
        ("Am 4. Juni 2015 begann es und am 9. Juli war es vorbei", "2015-07-09"),
    ])
    func aMonthDayAfterAFullDateInTheSameSentenceTakesItsYear(_ text: String, _ iso: String) throws {
        let found = items(text, .date)
        #expect(found.count == 2)
        #expect(found.last?.value.text == iso)
    }

    @Test func aMonthDayInTheNextSentenceDoesNotTakeTheYear() {
        let found = items("We met on 4 June 2015. Call me on July 9th.", .date)
        #expect(found.last?.value.text == "2027-07-09")
    }

    // MARK: Links

    @Test func aLinksUserAndPasswordAreKeptInItsValueAndItIsNeverOpened() throws {
        let item = try #require(items("Connect to http://user:pass@example.com:8080 now", .link).first)
        #expect(item.matchedText == "http://user:pass@example.com:8080")
        #expect(item.value.text == "http://user:pass@example.com:8080")
        #expect(Self.detector.actions(for: item).isEmpty)
    }

    // MARK: Phones

    @Test(arguments: [
        ("call 6175551234 after five", "+16175551234"), ("Phone: 2125550187", "+12125550187"),
        ("Text me at 3125550143", "+13125550143"), ("Our office is (415) 6667777", "+14156667777"),
        ("Cell 16175550123", "+16175550123"),
    ])
    func tenDigitNumbersNextToAPhoneWordAndABracketedAreaCodeAreNumbers(_ text: String, _ value: String) {
        #expect(items(text, .phoneNumber).map(\.value.text) == [value], "\(text)")
    }

    @Test(arguments: [
        "Order 6175551234 shipped from the warehouse", "Your order number is 4155550123",
        "Account ID 2125550187 was created",
    ])
    func aTenDigitNumberWithoutAPhoneWordIsNoPhoneNumber(_ text: String) {
        #expect(items(text, .phoneNumber).isEmpty, "\(text)")
    }
}
