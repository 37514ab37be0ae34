import EditMenuKit
import Foundation
import Testing

/// Addresses written street and number, then postcode and town, in the shipped languages' countries:
/// every postcode form of continental Europe, and the lower-case words inside street names.
struct DataDetectionEuropeanAddressTests {
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    func addresses(_ text: String) -> [DetectedItem] {
        Self.detector.detect(in: text).filter { $0.type == .address }
    }

    @Test(arguments: [
        ("Via del Corso 123, 00186 Roma", "00186"), ("Keizersgracht 123, 1015 CJ Amsterdam", "1015 CJ"),
        ("Rua Augusta 100, 1100-053 Lisboa", "1100-053"), ("Bahnhofstrasse 1, 8001 Zürich", "8001"),
        ("Karl Johans gate 1, 0154 Oslo", "0154"), ("Drottninggatan 1, 111 51 Stockholm", "111 51"),
        ("Rue de la Loi 16, 1000 Bruxelles", "1000"), ("Marszałkowska 1, 00-624 Warszawa", "00-624"),
        ("Mannerheimintie 1, 00100 Helsinki", "00100"), ("Vesterbrogade 10, 1620 København V", "1620"),
        ("Václavské náměstí 1, 110 00 Praha", "110 00"),
    ])
    func anAddressWithAContinentalPostcodeIsFoundWhole(_ address: String, _ postcode: String) throws {
        let found = addresses("Adresse: \(address).")
        #expect(found.map(\.matchedText) == [address])
        guard case .address(let value) = try #require(found.first).value else { return }
        #expect(value.postalCode == postcode)
    }

    @Test(arguments: [
        "Chapter 5, 2020 Edition", "Version 2, 2023 Release", "Room 12, 2019 Annual Report",
        "Strøget 1, 1160 København K",
    ])
    func aFourDigitNumberAfterAStreetThatSaysNothingOfItselfIsNoPostcode(_ text: String) {
        #expect(addresses(text).isEmpty, "\(text)")
    }
}
