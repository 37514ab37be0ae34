@testable import EditMenuKit
import Foundation
import Testing

/// Where a link ends when no space ends it, probed with twitter-text's conformance cases
/// (`conformance/extract.yml`): text of an unspaced script after a host name's or path's Latin letters, directional
/// formatting characters after a path.
struct DataDetectionLinkBoundaryTests {
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    func links(_ text: String) -> [String] { Self.detector.matchedTexts(.link, in: text) }

    func emails(_ text: String) -> [String] { Self.detector.matchedTexts(.email, in: text) }

    @Test(arguments: [
        ("twitter.comこれは日本語です。", ["twitter.com"]),
        ("これはexample.com中国語bbc.co.uk한국", ["example.com", "bbc.co.uk"]),
        ("naver.com에서 확인하세요", ["naver.com"]),
        ("test http://example.comだよね.comtest/hogehoge", ["http://example.com"]),
        ("詳しくはhttps://example.com/newsをご覧ください", ["https://example.com/news"]),
        (
            "これは日本語です。example.com/path/index.html中国語example.com/path한국",
            ["example.com/path/index.html", "example.com/path"]
        ),
        ("https://ja.wikipedia.org/wiki/2020年東京", ["https://ja.wikipedia.org/wiki/2020"]),
        ("twitter.jp日本語foo.jp", ["twitter.jp", "foo.jp"]),
    ])
    func anUnspacedScriptAfterLatinLettersEndsAHostOrPath(_ text: String, _ expected: [String]) {
        #expect(links(text) == expected, "\(text)")
    }

    @Test func anEmailAddressInLatinLettersEndsWhereAnUnspacedScriptMeetsIt() {
        #expect(emails("連絡はjane@example.comまで") == ["jane@example.com"])
        #expect(emails("메일: 홍길동@example.com에서") == ["홍길동@example.com"])
        #expect(emails("写真家jane@example.com") == ["jane@example.com"])
    }

    @Test(arguments: [
        // Host names of an unspaced script stay whole, and so do path segments and queries that
        // start in one (IRIs).
        ("http://ああ.com", "http://ああ.com"), ("見て http://あ-あ.com/x", "http://あ-あ.com/x"),
        ("http://exampleこれは日本語です.com/path", "http://exampleこれは日本語です.com/path"),
        ("https://ja.wikipedia.org/wiki/東京オリンピック", "https://ja.wikipedia.org/wiki/東京オリンピック"),
        ("see http://example.com/path/東京?q=大阪", "http://example.com/path/東京?q=大阪"),
        ("http://twitter.com/これは日本語です", "http://twitter.com/これは日本語です"),
    ])
    func hostsAndPathsOfOneScriptStayWhole(_ text: String, _ link: String) {
        #expect(links(text) == [link], "\(text)")
    }

    @Test(arguments: [
        ("\u{2066}\u{202A}test abcdef.com http://twitter.com/\u{202C}\u{2069}", ["abcdef.com", "http://twitter.com/"]),
        ("see \u{200F}https://example.com/a\u{200E} now", ["https://example.com/a"]),
        ("https://example.com/a\u{200B}b", ["https://example.com/a"]),
        // Joiners belong to words (Malayalam chillu, emoji sequences).
        ("http://example.com/someone-പോലൊരാള്\u{200D}.html", ["http://example.com/someone-പോലൊരാള്\u{200D}.html"]),
        ("https://example.com/?e=👨\u{200D}🚀 x", ["https://example.com/?e=👨\u{200D}🚀"]),
    ])
    func directionalAndInvisibleFormattingCharactersEndALink(_ text: String, _ expected: [String]) {
        #expect(links(text) == expected, "\(text)")
    }
}
