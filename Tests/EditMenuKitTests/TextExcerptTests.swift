import Testing

@testable import EditMenuKit

@Suite("TextExcerpt: a scalar toolkit's text in the core's UTF-8 bytes")
struct TextExcerptTests {
    /// Scalars `range` of `text`, as GTK reads them.
    func scalars(_ text: String) -> (Range<Int>) -> String {
        { range in
            String(String.UnicodeScalarView(text.unicodeScalars.prefix(range.upperBound).dropFirst(range.lowerBound)))
        }
    }

    @Test(
        "documentStart counts the limit in UTF-8 bytes and ends on a Character boundary",
        arguments: [
            ("Grüße aus Köln", 4, "Grü"), // 4 scalars would be "Grüß", 6 bytes
            ("Grüße", 7, "Grüße"),
            ("Grüße", 6, "Grüß"),
            ("東京タワー", 7, "東京"), // 3 bytes a scalar
            ("e\u{301}te\u{301}", 2, ""), // é is e + U+0301 (3 bytes); the limit cuts into it
            ("e\u{301}te\u{301}", 4, "e\u{301}t"),
            ("👍🏽 ok", 7, ""), // one Character of 8 bytes
            ("👍🏽 ok", 9, "👍🏽 "),
            ("", 10, ""),
        ])
    func documentStart(text: String, limit: Int, expected: String) {
        let count = text.unicodeScalars.count
        let start = TextExcerpt.documentStart(limit: limit, totalScalarCount: count, text: scalars(text))
        #expect(start == expected)
        #expect(start.utf8.count <= limit)
    }

    @Test("documentStart reads at most one scalar past the limit")
    func readsLittle() {
        let text = String(repeating: "a", count: 10_000)
        var read: [Range<Int>] = []
        let start = TextExcerpt.documentStart(limit: 100, totalScalarCount: 10_000) { range in
            read.append(range)
            return self.scalars(text)(range)
        }
        #expect(start.utf8.count == 100)
        #expect(read == [0..<101])
    }
}
