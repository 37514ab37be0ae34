@testable import EditMenuKit
import Foundation
import Testing

/// With a scheme, a subdomain may hold `_` inside it (DNS names do, browsers open them); the
/// registrable name and the top-level domain may not. Probed with twitter-text's `extract.yml`.
struct DataDetectionLinkUnderscoreTests {
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    func links(_ text: String) -> [String] { Self.detector.matchedTexts(.link, in: text) }

    @Test(arguments: [
        ("test http://sub_domain-dash.twitter.com", "http://sub_domain-dash.twitter.com"),
        ("test http://a_b.c-d.com", "http://a_b.c-d.com"),
        ("see https://x_1.y_2.example.org/p.", "https://x_1.y_2.example.org/p"),
    ])
    func aSubdomainWithAnUnderscoreIsPartOfALinkWithAScheme(_ text: String, _ link: String) throws {
        #expect(links(text) == [link], "\(text)")
        let item = try #require(Self.detector.detect(in: text).first)
        #expect(Self.detector.actions(for: item).first?.uri?.hasPrefix("https://") == true)
    }

    @Test(arguments: [
        "text http://domain-dash_2314352345_dfasd.foo-cow_4352.com", "test http://_leadingunderscore.twitter.com",
        "test http://leadingunderscore._twitter.com", "test http://trailingunderscore_.twitter.com",
        "test http://trailingunderscore.twitter_.com", "test http://twitter_underscore.com",
        "test http://twitter.c_o_m",
        "see sub_domain.example.com", "www.sub_domain.example.com", "mail jo@sub_domain.example.com",
    ])
    func anUnderscoreElsewhereOrWithoutASchemeMakesNoLink(_ text: String) {
        #expect(links(text).isEmpty, "\(text)")
    }
}
