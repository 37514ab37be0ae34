@testable import EditMenuKit
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
}
