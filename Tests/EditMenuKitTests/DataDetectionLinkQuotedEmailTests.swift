@testable import EditMenuKit
import Foundation
import Testing

/// E-mail addresses whose local part is a quoted string (RFC 5321 §4.1.2): `"john doe"@example.com`.
struct DataDetectionLinkQuotedEmailTests {
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    func emails(_ text: String) -> [String] { Self.detector.matchedTexts(.email, in: text) }

    @Test(arguments: [
        ("Write to \"john doe\"@example.com today", "\"john doe\"@example.com"),
        ("(\"j.smith@work\"@Example.ORG)", "\"j.smith@work\"@Example.ORG"),
        ("mailto:\"a b\"@example.com", "mailto:\"a b\"@example.com"),
    ])
    func aQuotedLocalPartIsPartOfTheAddress(_ text: String, _ email: String) {
        #expect(emails(text) == [email], "\(text)")
    }

    @Test func theAddressOpensWithItsQuotesAndSpacesEscaped() throws {
        let item = try #require(Self.detector.detect(in: "\"john doe\"@Example.com").first)
        #expect(item.value == .email("\"john doe\"@example.com"))
        let uri = Self.detector.actions(for: item).first?.uri
        #expect(uri == "mailto:%22john%20doe%22@example.com")
    }

    @Test(arguments: [
        "say \"hi\" @example.com", "x\"john doe\"@example.com", "\"   \"@example.com", "\"a\\b\"@example.com",
        "\"line\nbreak\"@example.com", "\"john doe\"@localhost",
    ])
    func quotesThatAreNotALocalPartAreNoAddress(_ text: String) {
        #expect(emails(text).isEmpty, "\(text)")
    }
}
