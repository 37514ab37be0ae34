@testable import EditMenuKit
import Foundation
import Testing

/// Issue 16's link classes: the Public Suffix List for names without a scheme, in any case; `ftp:`
/// links; full-width punctuation ends a link.
struct DataDetectionLinkTests {
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    func links(_ text: String) -> [String] {
        Self.detector.detect(in: text).filter { $0.type == .link }.map(\.matchedText)
    }

    @Test(arguments: [
        ("Visit EXAMPLE.ORG for details", "EXAMPLE.ORG", "https://example.org"),
        ("Search on WWW.GOOGLE.COM now", "WWW.GOOGLE.COM", "https://www.google.com"),
        ("Site: Wikipedia.org", "Wikipedia.org", "https://wikipedia.org"),
        ("our partner Example.co.uk", "Example.co.uk", "https://example.co.uk"),
        ("Check example.com.au", "example.com.au", "https://example.com.au"),
        ("mirror: example.museum", "example.museum", "https://example.museum"),
        ("Order from shop.example.store today", "shop.example.store", "https://shop.example.store"),
        ("ссылка: пример.рф", "пример.рф", "https://пример.рф"),
        ("See bbc.co.uk/news", "bbc.co.uk/news", "https://bbc.co.uk/news"),
    ])
    func namesWithAPublicSuffixAreLinksInAnyCase(_ text: String, _ link: String, _ url: String) throws {
        #expect(links(text) == [link])
        #expect(Self.detector.detect(in: text).first { $0.type == .link }?.value.text == url)
    }

    @Test(arguments: [
        "Open README.md and main.py", "Run setup.sh then unzip archive.zip", "Use Array.map or user.name",
        "Edit ASP.NET and VB.NET apps", "the suffix co.uk alone", "see notes.txt", "foo.invalidtld",
    ])
    func fileNamesMembersAcronymsAndBareSuffixesAreNotLinks(_ text: String) {
        #expect(links(text).isEmpty, "\(text)")
    }

    @Test func aPathMakesAFileExtensionLikeNameALink() {
        #expect(links("Read wp.pl/news today") == ["wp.pl/news"])
        #expect(links("Read alice.dev/blog") == ["alice.dev/blog"])
    }

    @Test func ftpLinksAreDetectedButNotOpened() throws {
        let item = try #require(Self.detector.detect(in: "Files at ftp://ftp.example.org/pub/README.txt").first)
        #expect(item.type == .link)
        #expect(item.matchedText == "ftp://ftp.example.org/pub/README.txt")
        #expect(item.value.text == "ftp://ftp.example.org/pub/README.txt")
        #expect(Self.detector.actions(for: item).isEmpty)
        #expect(links("Upload to FTP://FILES.EXAMPLE.NET/incoming") == ["FTP://FILES.EXAMPLE.NET/incoming"])
    }

    @Test(arguments: [
        ("詳細はhttps://example.jp/info｜お問い合わせ", "https://example.jp/info"),
        ("公式サイト：https://www.example.co.jp/，ご覧ください", "https://www.example.co.jp/"),
        ("（https://example.com/a）", "https://example.com/a"), ("見てhttps://example.com/x。次", "https://example.com/x"),
        ("「https://example.com/y」", "https://example.com/y"),
    ])
    func fullWidthPunctuationEndsALink(_ text: String, _ link: String) {
        #expect(links(text) == [link])
    }

    @Test func anAtSignAfterWhatUserInformationCannotHoldIsNotTheLinksUserInformation() throws {
        // Markdown links side by side: the "@" belongs to the second link, after "[" (RFC 3986 §3.2.1).
        let text = "[https](https://www.ibm.com)[mailto](mailto:someone@ibm.com)"
        #expect(links(text) == ["https://www.ibm.com"])
        let emails = Self.detector.detect(in: text).filter { $0.type == .email }.map(\.matchedText)
        #expect(emails == ["mailto:someone@ibm.com"])
        // User information of sub-delimiters is still read as such, and never opened.
        let item = try #require(Self.detector.detect(in: "at http://a(b)c:p@example.com/x now").first)
        #expect(item.matchedText == "http://a(b)c:p@example.com/x")
        #expect(Self.detector.actions(for: item).isEmpty)
    }

    @Test(arguments: [
        (
            "http://xn--4gbrim.xn----ymcbaaajlc6dj7bxne2c.xn--wgbh1c/",
            "http://xn--4gbrim.xn----ymcbaaajlc6dj7bxne2c.xn--wgbh1c/"
        ),
        ("Sieh www.example.XN--P1AI an", "www.example.XN--P1AI"),
    ])
    func aTopLevelDomainInItsPunycodeFormEndsALinkWithASchemeOrWWW(_ text: String, _ link: String) {
        #expect(links(text) == [link])
    }

    @Test func anAddressWrittenAsAMailtoURIIsDetectedWithItsScheme() throws {
        let text = "Write to MAILTO:Jane@Example.com or to bob@example.xn--p1ai."
        let emails = Self.detector.detect(in: text).filter { $0.type == .email }
        #expect(emails.map(\.matchedText) == ["MAILTO:Jane@Example.com", "bob@example.xn--p1ai"])
        #expect(emails.first?.value.text == "Jane@example.com")
        // Selecting the whole URI selects the item: its actions are offered.
        let lower = text.distance(from: text.startIndex, to: text.range(of: "MAILTO")!.lowerBound)
        let whole = Self.detector.detect(inCharacterRange: lower..<(lower + 23), of: text)
        #expect(whole.actions.map(\.id) == [.sendEmail, .addToContacts])
        // Not a scheme inside a word.
        #expect(
            Self.detector.detect(in: "xmailto:jo@example.com").filter { $0.type == .email }.map(\.matchedText) == [
                "jo@example.com"
            ])
    }
}
