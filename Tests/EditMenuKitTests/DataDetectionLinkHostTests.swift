@testable import EditMenuKit
import Foundation
import Testing

/// Which host names make a link, probed with twitter-text's conformance cases
/// (`conformance/extract.yml`): an `xn--` label is ASCII, a label ending in a hyphen spoils the name,
/// `www.` needs a known top-level domain, and a name without a scheme glued to `#` or `$` is a tag.
struct DataDetectionLinkHostTests {
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    func links(_ text: String) -> [String] { Self.detector.matchedTexts(.link, in: text) }

    @Test(arguments: [
        "Hello http://xn--はじめよう.com/index.html", "test http://trailingdash.twitter-.com",
        "see www.xxxxxxx.baz or wwwww.xxxxxxx", "#test.com and $twitter.com", "$t.co/abcde #t.co/abcde",
    ])
    func namesNoRegistryCouldHoldAndTagsAreNotLinks(_ text: String) {
        #expect(links(text).isEmpty, "\(text)")
    }

    @Test(arguments: [
        ("Go to http://xn--p1ai.xn--p1ai/", "http://xn--p1ai.xn--p1ai/"),
        ("see www.foo.co.uk now", "www.foo.co.uk"), ("Sieh www.example.XN--P1AI an", "www.example.XN--P1AI"),
        ("at www.example.app.", "www.example.app"), ("a trailing-dash.example.com host", "trailing-dash.example.com"),
        ("tag #http://test.com", "http://test.com"), ("(see test.com)", "test.com"),
    ])
    func namesNearThoseStayLinks(_ text: String, _ link: String) {
        #expect(links(text) == [link], "\(text)")
    }

    @Test(arguments: [
        ("I really like http://example.com/McDonald's", "http://example.com/McDonald's"),
        ("Go to http://example.com/a- now", "http://example.com/a-"),
        ("https://www.youtube.com/watch?v=x&list=PL_9U-", "https://www.youtube.com/watch?v=x&list=PL_9U-"),
    ])
    func aPathKeepsAnEndingApostropheSOrDash(_ text: String, _ link: String) {
        #expect(links(text) == [link], "\(text)")
    }
}
