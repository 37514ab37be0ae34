@testable import EditMenuKit
import Foundation
import Testing

/// An email address's domain ends in a top-level domain of the Public Suffix List, or one in its
/// punycode form, as a name written with `www.` does; probed with Autolinker.js's email tests
/// (`fake@gmail.comf` is no address).
struct DataDetectionLinkEmailDomainTests {
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    func emails(_ text: String) -> [String] { Self.detector.matchedTexts(.email, in: text) }

    @Test(arguments: ["My email is fake@gmail.comf", "write to jo@host.lan", "fake@gmail.c", "a@b.invalidtld"])
    func anAddressWhoseTopLevelDomainNoRegistryHoldsIsNone(_ text: String) {
        #expect(emails(text).isEmpty, "\(text)")
    }

    @Test(arguments: [
        ("Write JOE@JOE.COM", "JOE@JOE.COM"), ("Кириллица@Кириллица.com", "Кириллица@Кириллица.com"),
        ("bob@example.xn--p1ai.", "bob@example.xn--p1ai"), ("иван@пример.рф", "иван@пример.рф"),
        ("jane@mail.example.co.uk", "jane@mail.example.co.uk"), ("shop@example.store", "shop@example.store"),
    ])
    func anAddressOfAKnownOrPunycodeTopLevelDomainIsOne(_ text: String, _ email: String) {
        #expect(emails(text) == [email], "\(text)")
    }
}
