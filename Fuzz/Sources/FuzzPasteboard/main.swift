@_spi(Testing) import EditMenuKit
import Foundation
import FuzzSupport

/// The pasteboard's type handling: any type name is accepted as a known short name or a well-formed
/// MIME type, or refused (`nil`) — and an accepted one is stable (parsing its raw value gives it back)
/// and has a family that is itself a type. Items built from fuzzed types and data behave on a
/// pasteboard: `types` reads nothing, `contains` agrees with the families, Paste into a text editor
/// either succeeds with the pasted text or fails with a message and leaves the text as it was.
func fuzzPasteboard(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    var input = FuzzInput(data, count)
    var representations: [PasteboardRepresentation] = []
    var items: [PasteboardItem] = []
    while !input.isAtEnd, items.count < 8 {
        let name = input.string(maxBytes: 40)
        let chosen: PasteboardType?
        switch input.byte() % 4 {
        case 0: chosen = input.pick([.plainText, .richText, .url, .image, .file, .vCard, PasteboardType("text/html")!])
        default: chosen = PasteboardType(name)
        }
        if let type = PasteboardType(name) {
            fuzzCheck(PasteboardType(type.rawValue) == type, "type \(type) does not parse back")
            fuzzCheck(PasteboardType(type.family.rawValue) == type.family, "family of \(type) is not a type")
            fuzzCheck(type.isMIMEType == (type.mimeTopLevel != nil), "MIME top level of \(type)")
        }
        guard let type = chosen else { continue }
        representations.append(PasteboardRepresentation(type: type, data: Data(input.string(maxBytes: 32).utf8)))
        if input.byte() % 3 == 0 {
            let item = PasteboardItem(representations)
            fuzzCheck(Set(item.types).count == item.types.count, "item with duplicate types \(item.types)")
            items.append(item)
            representations = []
        }
    }
    let pasteboard = InMemoryPasteboard()
    pasteboard.write(items)
    let types = pasteboard.types
    fuzzCheck(pasteboard.contentReads == 0, "asking for types read the contents")
    for type in types { fuzzCheck(pasteboard.contains(type), "pasteboard does not contain its own type \(type)") }
    var editor = TextEditor(text: "Hello world", selection: 6..<11)
    let before = editor.text
    do {
        try editor.perform(.paste, pasteboard: pasteboard)
        fuzzCheck(editor.text.utf8.starts(with: "Hello ".utf8), "paste changed text outside the selection")
        try editor.perform(.undo, pasteboard: pasteboard)
        fuzzCheck(editor.text == before, "undo after paste did not restore the text")
    } catch {
        fuzzCheck(editor.text == before, "a failed paste changed the text")
        fuzzCheck(!error.description.isEmpty, "a failed paste without a message")
    }
    return 0
}

/// libFuzzer's entry point (its own `main` calls it when SwiftPM's `main` is not the one linked).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 { fuzzPasteboard(data, count) }

runFuzzer { data, count in fuzzPasteboard(data, count) }
