import EditMenuKit
import EditMenuTestSupport
import Testing
@testable import EditMenuTerminal

/// The terminal text viewport: rows cover the text grapheme by grapheme, whatever the script.
@Suite("Terminal: text viewport")
struct TextViewportTests {
    static let tokens = ["the", "quick", "can't", "e-mail", "3.14", "café", "naïve", "e\u{301}cole", "日本語", "😀",
                         "👩\u{200D}👩\u{200D}👧", "🇯🇵", "Ελληνικά", "עברית", "a\u{301}\u{302}", "x\ty", "\u{7}", "\r\n", "\n", " "]

    @Test func rowsCoverTheTextOneGraphemeClusterPerGlyph() {
        var rng = SplitMix64(seed: 8)
        for _ in 0..<200 {
            var text = ""
            for _ in 0..<Int.random(in: 1...60, using: &rng) { text += Self.tokens.randomElement(using: &rng)! + " " }
            let storage = TextStorage(text)
            let width = Int.random(in: 4...40, using: &rng)
            let viewport = TextViewport(width: width, height: 1000)
            let rows = viewport.rows(in: storage)
            var expected = 0
            for row in rows {
                #expect(row.start == expected)
                var offset = row.start
                for glyph in row.glyphs {
                    #expect(glyph.offset == offset)
                    let bytes = storage.bytes(in: glyph.offset..<(glyph.offset + glyph.length))
                    #expect(String(decoding: bytes, as: UTF8.self).count == 1, "\(bytes) in \(text.debugDescription)")
                    #expect(glyph.width == max(1, MonospaceCellMeasurer.cells(in: glyph.display)))
                    #expect(glyph.column + glyph.width <= width || row.glyphs.count == 1)
                    offset += glyph.length
                }
                #expect(row.end == offset)
                expected = row.next
            }
            #expect(expected == storage.byteCount)
        }
    }

    @Test func asciiBeforeACombiningMarkIsOneGlyph() {
        let storage = TextStorage("ab\u{301}c")
        let row = TextViewport(width: 10, height: 1).rows(in: storage)[0]
        #expect(row.glyphs.map(\.length) == [1, 3, 1])
        #expect(row.glyphs.map(\.display) == ["a", "b\u{301}", "c"])
    }
}
