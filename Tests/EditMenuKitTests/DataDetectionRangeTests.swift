@testable import EditMenuDataDetection
@testable import EditMenuKit
import EditMenuTestSupport
import Foundation
import Testing

/// Issue 12: every range says its unit. `characterRange` counts Characters of the text examined,
/// `byteRange` its UTF-8 bytes; a text editor's selection gets byte ranges of its storage.
struct DataDetectionRangeTests {
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    @Test func byteRangesCountUTF8BytesOfTheTextExamined() throws {
        let text = "Café 🇫🇷 — call +33 1 42 68 53 00"
        let item = try #require(Self.detector.detect(in: text).first)
        let bytes = Array(text.utf8)
        #expect(String(decoding: bytes[item.byteRange], as: UTF8.self) == "+33 1 42 68 53 00")
        #expect(String(Array(text)[item.characterRange]) == "+33 1 42 68 53 00")
    }

    @Test func aSelectionsRangesCountTheWholeText() throws {
        let text = String(repeating: "Ünïcödé wörds ", count: 20) + "mail jane@example.com now"
        let characters = Array(text)
        let start = characters.count - 20
        let result = Self.detector.detect(inCharacterRange: start..<(start + 16), of: text)
        let item = try #require(result.actionable)
        #expect(String(characters[item.characterRange]) == "jane@example.com")
        #expect(String(decoding: Array(text.utf8)[item.byteRange], as: UTF8.self) == "jane@example.com")
        #expect(result.characterRangeOriginByte == 0)
    }

    @Test func aTextEditorsSelectionGetsStorageByteRanges() throws {
        let prefix = String(repeating: "Ünïcödé wörds ", count: 40)
        let text = prefix + "call +1 (408) 555-0123 now"
        let start = (prefix + "call ").utf8.count
        let editor = TextEditor(text: text, selection: start..<(start + 17))
        let result = Self.detector.detect(inSelectionOf: editor)
        let item = try #require(result.actionable)
        #expect(String(decoding: Array(text.utf8)[item.byteRange], as: UTF8.self) == "+1 (408) 555-0123")
        #expect(result.actions.map(\.id) == [.call, .sendMessage])
        // Character ranges count from the examined window's first byte, which a host can map itself.
        let window = String(decoding: Array(text.utf8)[result.characterRangeOriginByte...], as: UTF8.self)
        #expect(String(Array(window)[item.characterRange]) == "+1 (408) 555-0123")
        #expect(result.characterRangeOriginByte > 0)
    }

    /// A selection's walk skips printable ASCII eight bytes at a time: a combining mark, a tab or a
    /// line feed just after such a run still ends in the right Character, at any offset of the run.
    @Test func aSelectionsRangesCountCharactersAfterLongASCIIRuns() throws {
        for gap in 0..<10 {
            for joiner in ["e\u{301}", "\t", "\r\n", "\u{7F}", "é"] {
                let prefix = String(repeating: "x", count: 13 + gap) + joiner + String(repeating: "y", count: gap)
                let text = prefix + " mail jane@example.com now"
                let characters = Array(text)
                let start = characters.count - 20
                let result = Self.detector.detect(inCharacterRange: start..<(start + 16), of: text)
                let item = try #require(result.actionable, "gap \(gap), joiner \(joiner.unicodeScalars.map(\.value))")
                #expect(String(characters[item.characterRange]) == "jane@example.com")
                let whole = Self.detector.detect(inCharacterRange: 0..<characters.count, of: text)
                #expect(whole.items.map(\.characterRange) == [item.characterRange])
            }
        }
    }

    /// A host's selection comes with its UTF-8 bytes, and detection then walks only the margins'
    /// Characters, back from the selection's start and on from its end. Whatever the text around it —
    /// combining marks, CR LF, flags, emoji sequences, prepended marks, Hangul jamo, scripts without
    /// spaces longer than a stretch broken on its own, non-ASCII white space — the items and the
    /// actionable one are those of the walk from the text's start, for narrow and wide margins.
    @Test func aSelectionWithKnownBytesFindsWhatTheWholeWalkFinds() throws {
        let pieces = [
            "call", "mail", " ", " ", " ", "jane@example.com", "+1 (408) 555-0123", "December 5, 2026", "é", "e\u{301}",
            "\r\n", "\n", "\t", "🇫🇷", "🇫🇷🇩🇪", "👩\u{200D}👩\u{200D}👧", "©\u{FE0F}", "\u{600}1", "\u{1100}\u{1161}\u{11A8}",
            "क्षि", "\u{A0}", "\u{3000}", "\u{2003}", "中文", "\u{85}", "example.com/a", "word",
            String(repeating: "ภาษาไทย", count: 6), String(repeating: "\u{301}", count: 40), "\r", "1 Main St",
        ]
        var random = SplitMix64(seed: 0x5e1e_c7ed)
        var checked = 0
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<Int.random(in: 1...24, using: &random) { text += pieces.randomElement(using: &random)! }
            let characters = Array(text)
            let lower = Int.random(in: 0..<characters.count, using: &random)
            let upper = Int.random(in: (lower + 1)...min(characters.count, lower + 12), using: &random)
            let bytesBefore = String(characters[..<lower]).utf8.count
            let selected = bytesBefore..<(bytesBefore + String(characters[lower..<upper]).utf8.count)
            for margin in [0, 1, 3, 8, 64] {
                let walked = Self.detector.items(inCharacterRange: lower..<upper, of: text, margin: margin)
                let known = Self.detector.items(
                    inCharacterRange: lower..<upper, of: text, selectedUTF8: selected, margin: margin)
                #expect(
                    known.items == walked.items,
                    "\(text.unicodeScalars.map(\.value)) \(lower)..<\(upper) margin \(margin)")
                #expect(known.actionable == walked.actionable)
                checked += walked.items.count
            }
        }
        // The texts hold items: the comparison is not only of empty lists.
        #expect(checked > 100)
    }

    /// Walking back over the Characters before a selection counts what String counts, and finds the
    /// white space String finds, from any Character boundary.
    @Test func walkingBackCountsCharactersAsStringDoes() {
        let texts = [
            "a e\u{301}\r\n🇫🇷🇩🇪👩\u{200D}👩\u{200D}👧 \u{600}1 क्षि\u{A0}中\u{3000}x\u{85}y\u{2003}z a\u{A0}b",
            String(repeating: "ภาษาไทย ", count: 3), "\u{301}\u{301}ab", "\r\r\n\n",
        ]
        for text in texts {
            let characters = Array(text)
            let bytes = Array(text.utf8)
            for end in 0...characters.count {
                let start = String(characters[..<end]).utf8.count
                for limit in [0, 1, 2, 5, 100] {
                    let back = bytes.withUnsafeBufferPointer { CharacterWalk.back(from: start, characters: limit, $0) }
                    let first = max(0, end - limit)
                    #expect(back?.count == end - first, "\(text.unicodeScalars.map(\.value)) \(end) \(limit)")
                    #expect(back?.byte == String(characters[..<first]).utf8.count)
                    #expect(back?.space == characters[first..<end].contains(where: \.isWhitespace))
                }
            }
        }
    }
}
