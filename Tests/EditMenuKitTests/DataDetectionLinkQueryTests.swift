@testable import EditMenuKit
import Foundation
import Testing

/// `|` and `^` are no URI characters (RFC 3986), but a query or fragment holds them as written; probed
/// with twitter-text's `extract.yml` and Autolinker.js's URL tests.
struct DataDetectionLinkQueryTests {
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    func links(_ text: String) -> [String] { Self.detector.matchedTexts(.link, in: text) }

    @Test(arguments: [
        (
            "test http://www.foo.com/bar-path/some.stm?param1=foo;param2=P1|0||P2|0",
            "http://www.foo.com/bar-path/some.stm?param1=foo;param2=P1|0||P2|0"
        ),
        (
            "Test caret url: https://sourcegraph.example.com/search?q=repo:^services&patternType=literal",
            "https://sourcegraph.example.com/search?q=repo:^services&patternType=literal"
        ),
        ("see https://example.com/#a|b.", "https://example.com/#a|b"),
    ])
    func aQueryOrFragmentHoldsPipesAndCarets(_ text: String, _ link: String) {
        #expect(links(text) == [link], "\(text)")
    }

    @Test(arguments: [
        ("| https://example.com/a|b |", "https://example.com/a"), ("https://example.com/a^b", "https://example.com/a"),
        ("| https://example.com/?q=1| next", "https://example.com/?q=1"),
        ("curl https://example.com/?q=1|\"x\"", "https://example.com/?q=1"),
        ("(https://example.com/?q=a^) more", "https://example.com/?q=a"),
    ])
    func aPathOrAnEndingPipeOrCaretStaysOutside(_ text: String, _ link: String) {
        #expect(links(text) == [link], "\(text)")
    }
}
