import EditMenuKit
import EditMenuTestSupport
import Testing
@testable import EditMenuTerminal

/// The terminal text viewport: rows cover the text grapheme by grapheme, whatever the script.
@Suite("Terminal: text viewport")
struct TextViewportTests {
    static let tokens = [
        "the", "quick", "can't", "e-mail", "3.14", "café", "naïve", "e\u{301}cole", "日本語", "😀",
        "👩\u{200D}👩\u{200D}👧", "🇯🇵", "Ελληνικά", "עברית", "a\u{301}\u{302}", "x\ty", "\u{7}", "\r\n", "\n", " ",
    ]

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

    /// Rows are remembered by their text (``RowLayoutCache``) and reused after edits, moved: a viewport
    /// kept across edits lays out exactly what a new one does.
    @Test(arguments: 0..<6)
    func rowsReusedAcrossEditsEqualAFreshLayout(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed))
        var text = ""
        for _ in 0..<120 { text += Self.tokens.randomElement(using: &rng)! + (rng.next() % 5 == 0 ? "\n" : " ") }
        var storage = TextStorage(text)
        for width in [7, 23] {
            for wraps in [true, false] {
                let kept = TextViewport(width: width, height: 1000, wraps: wraps)
                for _ in 0..<25 {
                    #expect(
                        kept.rows(in: storage)
                            == TextViewport(width: width, height: 1000, wraps: wraps).rows(in: storage))
                    // An edit somewhere: a token typed, a piece deleted, a line break added or removed.
                    let at = storage.graphemeBoundary(atOrBefore: Int(rng.next() % UInt64(storage.byteCount + 1)))
                    if rng.next() % 2 == 0 {
                        _ = try storage.replace(at..<at, with: Self.tokens.randomElement(using: &rng)!)
                    } else {
                        let end = storage.graphemeBoundary(atOrAfter: min(storage.byteCount, at + Int(rng.next() % 12)))
                        _ = try storage.replace(at..<end, with: "")
                    }
                }
            }
        }
    }

    @Test func asciiBeforeACombiningMarkIsOneGlyph() {
        let storage = TextStorage("ab\u{301}c")
        let row = TextViewport(width: 10, height: 1).rows(in: storage)[0]
        #expect(row.glyphs.map(\.length) == [1, 3, 1])
        #expect(row.glyphs.map(\.display) == ["a", "b\u{301}", "c"])
    }
}

@Suite("Text viewport: wrapping, mapping, scrolling")
struct TextViewportScrollingTests {
    @Test("Rows wrap at spaces and map columns to byte offsets and back")
    func wrapping() {
        let storage = TextStorage("hello brave new world\nsecond")
        let viewport = TextViewport(width: 12, height: 5)
        let rows = viewport.rows(in: storage)
        #expect(rows.map { storage.string(in: $0.start..<$0.end) } == ["hello brave ", "new world", "second"])
        #expect(rows[1].offset(atColumn: 4) == 16)
        #expect(rows[1].column(ofCaret: 16) == 4)
        #expect(rows[0].offset(atColumn: 50) == rows[0].end)
    }

    @Test("Wide characters take two cells and never split across the edge")
    func wide() {
        let storage = TextStorage("東京都に住んでいます")
        let rows = TextViewport(width: 5, height: 5).rows(in: storage)
        #expect(rows.map(\.glyphs.count) == [2, 2, 2, 2, 2])
        #expect(rows[0].glyphs.map(\.column) == [0, 2])
    }

    @Test("Control characters are shown as visible symbols")
    func controls() {
        let storage = TextStorage("a\u{1B}[31mb")
        let row = TextViewport(width: 20, height: 1).rows(in: storage)[0]
        #expect(row.glyphs.map(\.display).joined() == "a␛[31mb")
    }

    @Test("Scrolling and revealing move by rows, and the caret's row is always found")
    func scrolling() {
        let text = (0..<100).map { "line \($0)" }.joined(separator: "\n")
        let storage = TextStorage(text)
        var viewport = TextViewport(width: 20, height: 5)
        viewport.scrollDown(3, in: storage)
        #expect(storage.string(in: viewport.rows(in: storage)[0].start..<viewport.rows(in: storage)[0].end) == "line 3")
        viewport.scrollUp(2, in: storage)
        #expect(storage.string(in: viewport.rows(in: storage)[0].start..<viewport.rows(in: storage)[0].end) == "line 1")
        viewport.reveal(storage.byteCount, in: storage)
        #expect(
            storage.string(in: viewport.rows(in: storage).last!.start..<viewport.rows(in: storage).last!.end)
                == "line 99")
        viewport.reveal(0, in: storage)
        #expect(viewport.top == 0)
    }

    @Test("A single very long line scrolls in chunks without scanning the whole line")
    func longLine() {
        let storage = TextStorage(String(repeating: "abcdefghij", count: 20_000))
        var viewport = TextViewport(width: 50, height: 10)
        viewport.reveal(storage.byteCount, in: storage)
        let rows = viewport.rows(in: storage)
        #expect(rows.last?.end == storage.byteCount)
        viewport.scrollUp(3, in: storage)
        #expect(viewport.rows(in: storage).count == 10)
    }
}
