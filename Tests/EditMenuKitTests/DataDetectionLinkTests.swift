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
}
