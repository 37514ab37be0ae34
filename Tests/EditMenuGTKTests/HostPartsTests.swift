#if GTK
import EditMenuKit
import Foundation
import Testing
@testable import EditMenuGTK

/// The GTK host's pure parts, without a display: clipboard format mapping, offset conversions,
/// accelerator names, Pango measurement.
@Suite struct HostPartsTests {
    @Test func clipboardMIMETypesMapToPasteboardTypesWithoutReadingData() {
        #expect(ClipboardFormats.pasteboardType(forMIMEType: "text/plain;charset=utf-8") == .plainText)
        #expect(ClipboardFormats.pasteboardType(forMIMEType: "UTF8_STRING") == .plainText)
        #expect(ClipboardFormats.pasteboardType(forMIMEType: "text/html") == .richText)
        #expect(ClipboardFormats.pasteboardType(forMIMEType: "image/png") == .image)
        #expect(ClipboardFormats.pasteboardType(forMIMEType: "text/vcard") == .vCard)
        #expect(ClipboardFormats.pasteboardType(forMIMEType: "text/uri-list") == .file)
        #expect(ClipboardFormats.pasteboardType(forMIMEType: "TARGETS") == nil)
        #expect(ClipboardFormats.pasteboardType(forMIMEType: "application/x-gtk-text-buffer-rich-text") == nil)
    }

    @Test func substringsAreTakenInScalarsAndClamped() {
        #expect(substring(of: "héllo", scalars: 1..<3) == "él")
        #expect(substring(of: "abc", scalars: 2..<10) == "c")
        #expect(substring(of: "abc", scalars: 5..<9) == "")
    }

    @Test @MainActor func keyEquivalentsBecomeGTKAccelerators() {
        #expect(AppEditMenu.accelerator(for: KeyEquivalent("c")) == "<Control>c")
        #expect(AppEditMenu.accelerator(for: KeyEquivalent("z", shift: true)) == "<Control><Shift>z")
        #expect(AppEditMenu.keyName(":") == "colon")
        #expect(AppEditMenu.keyName(";") == "semicolon")
        #expect(AppEditMenu.keyName("delete") == "Delete")
    }

    @Test func pangoMeasuresWiderTextWider() {
        let measurer = PangoTextMeasurer()
        let copy = measurer.width(of: "Copy")
        #expect(copy > 10 && copy < 80, "Copy at 14 px is a few dozen pixels wide, got \(copy)")
        #expect(measurer.width(of: "Select All") > copy)
        #expect(measurer.width(of: "") == 0)
    }

    @Test func theLayoutEngineMeasuresWithPango() {
        let engine = EditMenuLayoutEngine(measurer: PangoTextMeasurer())
        let menu = EditMenu(
            style: .compact,
            sections: [
                EditMenuSection(
                    id: .standardEdit,
                    commands: [
                        EditCommand(id: .copy, title: "Copy", kind: .standard),
                        EditCommand(id: .selectAll, title: "Select All", kind: .standard),
                    ])
            ])
        let layout = engine.layout(
            menu,
            geometry: PresentationGeometry(
                bounds: CGRect(x: 0, y: 0, width: 800, height: 600),
                target: [CGRect(x: 300, y: 300, width: 40, height: 16)]),
            idiom: .pad, isRightToLeft: false)
        let measurer = PangoTextMeasurer()
        #expect(layout.frame(of: .copy)?.width == CGFloat(2 * layout.metrics.itemPadding + measurer.width(of: "Copy")))
        #expect(layout.placement.side == .above)
    }

    @Test @MainActor func theEventLogKeepsEveryEventWhateverItsValues() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString).jsonl")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = EventLog(path: path)
        // The "document" event's command is a Substring, which Foundation on Linux does not serialize.
        log.record("document", ["command": "transform(.uppercase) and more".prefix(9), "selection": [1, 4]])
        log.record("find", ["count": Int32(3), "ratio": Float(0.5), "nested": ["words": ["a".prefix(1)]]])
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first == #"{"command":"transform","event":"document","selection":[1,4]}"#)
        #expect(lines.last == #"{"count":3,"event":"find","nested":{"words":["a"]},"ratio":0.5}"#)
    }

    @Test @MainActor func theEventLogWritesJSONThatReadsBackAsWritten() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString).jsonl")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = EventLog(path: path)
        let text = "quote \" backslash \\ newline \n tab \t bell \u{7} CR \r שלום 👩‍💻 / done"
        log.record(
            "state",
            [
                "text": text, "t": 1234.5678, "whole": 5.0, "tiny": 1e-7, "huge": 1e300, "negative": -3,
                "flags": [true, false], "empty": [String](), "nested": ["b": 2, "a": [1.5]],
            ])
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["event"] as? String == "state")
        #expect(object["text"] as? String == text)
        #expect(object["t"] as? Double == 1234.5678)
        #expect(object["whole"] as? Int == 5)
        #expect(object["tiny"] as? Double == 1e-7)
        #expect(object["huge"] as? Double == 1e300)
        #expect(object["negative"] as? Int == -3)
        #expect(object["flags"] as? [Bool] == [true, false])
        #expect((object["empty"] as? [Any])?.isEmpty == true)
        #expect((object["nested"] as? [String: Any])?["b"] as? Int == 2)
        // One line, its keys in order.
        let line = try #require(String(data: data, encoding: .utf8))
        #expect(line.hasSuffix("}\n") && line.dropLast().contains("\n") == false)
        #expect(line.hasPrefix(#"{"empty":[],"event":"state","flags":[true,false],"huge":"#))
    }
}
#endif
