@testable import EditMenuKit
import Testing

/// Where a link ends at brackets, quotes, control characters and a name's closing dot, and where a scheme
/// or an email address starts after a dot: probed with the tests of robinst/linkify (`tests/url.rs`,
/// `tests/email.rs`, `tests/domains.rs`, MIT or Apache-2.0) and markdown-it/linkify-it's fixtures (MIT);
/// the strings below are a few of them and their near misses.
struct DataDetectionLinkBracketTests {
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    func links(_ text: String) -> [String] { Self.detector.matchedTexts(.link, in: text) }

    func emails(_ text: String) -> [String] { Self.detector.matchedTexts(.email, in: text) }

    @Test(arguments: [
        ("(http://one.org/)(http://two.org/)", ["http://one.org/", "http://two.org/"]),
        ("(one.org/)(two.org/)", ["one.org/", "two.org/"]),
        ("[docs](https://example.com/guide)", ["https://example.com/guide"]),
        ("http://example.org/]()", ["http://example.org/"]),
        ("see (apple.com/ipad) and", ["apple.com/ipad"]),
        ("{link: https://example.com/x}", ["https://example.com/x"]),
        // Brackets the link opened stay, however deep.
        (
            "https://en.wikipedia.org/wiki/Swift_(programming_language)",
            [
                "https://en.wikipedia.org/wiki/Swift_(programming_language)"
            ]
        ),
        ("(https://en.wikipedia.org/wiki/Pi_(letter))", ["https://en.wikipedia.org/wiki/Pi_(letter)"]),
        ("https://example.com/search?q[]=a&q[]=b", ["https://example.com/search?q[]=a&q[]=b"]),
        ("https://api.example.com/users/{id}/posts", ["https://api.example.com/users/{id}/posts"]),
    ])
    func aClosingBracketTheLinkDidNotOpenEndsIt(_ text: String, _ expected: [String]) {
        #expect(links(text) == expected, "\(text)")
    }

    @Test(arguments: [
        ("http://example.org/(", "http://example.org/"),
        ("http://example.org/(.", "http://example.org/"),
        ("example.org/[", "example.org/"),
        ("https://example.com/x{", "https://example.com/x"),
    ])
    func anOpeningBracketWithNothingAfterItIsNotTheLinks(_ text: String, _ expected: String) {
        #expect(links(text) == [expected], "\(text)")
    }

    @Test(arguments: [
        ("http://example.org/a'b'", "http://example.org/a'b'"),
        ("http://example.org/'_(foo)'", "http://example.org/'_(foo)'"),
        ("http://example.org/'''", "http://example.org/''"),
        ("'https://example.com/x'", "https://example.com/x"),
        ("It's at 'example.com/docs'.", "example.com/docs"),
        ("https://example.com/it's", "https://example.com/it's"),
    ])
    func aTrailingQuoteStaysOnlyWhenTheLinkOpenedIt(_ text: String, _ expected: String) {
        #expect(links(text) == [expected], "\(text)")
    }

    @Test func aControlCharacterEndsALink() {
        #expect(links("http://example.org/\u{9F}") == ["http://example.org/"])
        #expect(links("http://example.org/\u{85}next") == ["http://example.org/"])
        #expect(links("example.org/\u{7F}") == ["example.org/"])
    }

    @Test func aFullyQualifiedNamesClosingDotBeforeAPortOrPathIsPartOfTheLink() {
        #expect(links("https://example.com.:8080/test") == ["https://example.com.:8080/test"])
        #expect(links("http://example.com./a") == ["http://example.com./a"])
        // At a sentence's end the dot is the sentence's.
        #expect(links("Go to https://example.com.") == ["https://example.com"])
    }

    @Test(arguments: [
        (".http://example.org/", ["http://example.org/"]),
        ("1.http://example.org/", ["http://example.org/"]),
        (
            "See the list:1.https://example.com/a 2.https://example.com/b",
            [
                "https://example.com/a", "https://example.com/b",
            ]
        ),
    ])
    func aWebLinksSchemeMayFollowADot(_ text: String, _ expected: [String]) {
        #expect(links(text) == expected, "\(text)")
    }

    @Test(arguments: ["a.b://foo", "x.file:///etc/passwd", "a.javascript:alert(1)", "www.example"])
    func afterADotNoOtherSchemeStartsALink(_ text: String) {
        #expect(links(text).isEmpty, "\(text)")
    }

    /// Probed with Android's `PatternsTest` (AOSP, Apache-2.0): host names in Hangul without a scheme.
    @Test(arguments: [
        ("현금영수증.kr", ["현금영수증.kr"]),
        ("도메인.한국", ["도메인.한국"]),
        ("홈페이지 현금영수증.kr에서 확인하세요", ["현금영수증.kr"]),
        ("(도메인.한국)", ["도메인.한국"]),
        // Kana and Han show no word's start: no host is read from them without a scheme.
        ("詳しくは東京.jp", []),
        ("これはexample.com", ["example.com"]),
        // Korean prose with a period written against the next sentence is no host.
        ("그는 말했다.그리고 갔다", []),
    ])
    func aHostNameInHangulStartsAtAKoreanWordsStart(_ text: String, _ expected: [String]) {
        #expect(links(text) == expected, "\(text)")
    }

    @Test func anEmailAddressStartsAfterLeadingDots() {
        #expect(emails(".foo@example.com") == ["foo@example.com"])
        #expect(emails("Write to:..jane@example.com") == ["jane@example.com"])
        // One address or none: not the part after a quoted part or two dots in a row.
        #expect(emails("test.\"foo\".bar@gmail.co.uk") == [])
        #expect(emails("john..smith@example.com") == [])
        // Nor the part after another "@" (Android's PatternsTest).
        #expect(emails("email@android@android.com") == [])
        #expect(emails("Write to @jane jane@example.com") == ["jane@example.com"])
    }

    @Test func thePOSIXLocalesReadAsEnglish() {
        for tag in ["C", "C.UTF-8", "POSIX"] {
            var detector = DataDetector(referenceDate: DataDetectionTests.today)
            detector.adopt(languageTag: tag)
            #expect(detector.region == "US", "\(tag)")
            #expect(detector.numericDateOrder == .monthFirst, "\(tag)")
            #expect(detector.detect(in: "Call 408 555 0123").first?.value.text == "+14085550123", "\(tag)")
        }
        // A language that happens to start with C is not the POSIX locale.
        #expect(DataDetector.region(languageTag: "cs_CZ.UTF-8") == "CZ")
    }
}

/// An email address is no link, whichever types are detected: a host name that starts its local part
/// (`name.al+news@example.com`) is not a link when only links are asked for.
struct DataDetectionLinkInEmailTests {
    static let linksOnly = DataDetector(types: [.link], referenceDate: DataDetectionTests.today)

    @Test(arguments: [
        ("Email me at name.al+lastname@foo.com", [String]()),
        ("write to jane.doe_01@example.com today", []),
        ("name.al.x+y@example.org", []),
        // A host followed by `+` and no address stays a link; so does one before an address.
        ("see name.al+x", ["name.al"]),
        ("apple.com, or jane@apple.com", ["apple.com"]),
    ])
    func aHostStartingAnAddressIsNoLink(_ text: String, _ expected: [String]) {
        #expect(Self.linksOnly.detect(in: text).map(\.matchedText) == expected, "\(text)")
    }
}
