import Foundation
import Synchronization
import Testing
@_spi(Testing) @testable import EditMenuKit

@Suite("Pasteboard")
struct PasteboardTests {
    @Test("An item keeps several representations in order, one per type")
    func representations() {
        let item = PasteboardItem([
            PasteboardRepresentation(type: .html, data: Data("<b>Hi</b>".utf8)),
            PasteboardRepresentation(type: .plainText, data: Data("Hi".utf8)),
            PasteboardRepresentation(type: .plainText, data: Data("dropped".utf8)),
        ])
        #expect(item.types == [.html, .plainText])
        #expect(item.string(for: .plainText) == "Hi")
        #expect(item.string(for: .richText) == "<b>Hi</b>") // by family
        #expect(item.conforms(to: .richText) && !item.conforms(to: .image))
    }

    @Test("The convenience items carry the representations hosts expect")
    func conveniences() {
        #expect(PasteboardItem.url(URL(string: "https://example.com/a")!).types == [.url, .plainText])
        #expect(PasteboardItem.png(Data([0x89, 0x50])).types == [.png])
        #expect(PasteboardType.png.family == .image)
        #expect(PasteboardItem.vCard("BEGIN:VCARD\nFN:Ada\nEND:VCARD", name: "Ada").types == [.vCard, .plainText])
        let file = PasteboardItem.file(URL(fileURLWithPath: "/tmp/report.pdf"))
        #expect(file.types == [.file, .plainText])
        #expect(file.string(for: .file) == "file:///tmp/report.pdf")
        #expect(file.string(for: .plainText) == "/tmp/report.pdf")
        let custom = PasteboardItem([
            PasteboardRepresentation(type: PasteboardType("application/x-editmenu-shape")!, data: Data([1, 2]))
        ])
        #expect(custom.data(for: PasteboardType("application/x-editmenu-shape")!) == Data([1, 2]))
    }

    @Test("Writing replaces the contents and increments the change count")
    func changeCount() {
        let pasteboard = InMemoryPasteboard()
        #expect(pasteboard.changeCount == 0 && pasteboard.types.isEmpty)
        pasteboard.write([.text("one")])
        pasteboard.write([.text("two"), .png(Data([1]))])
        #expect(pasteboard.changeCount == 2)
        #expect(pasteboard.types == [.plainText, .png])
        #expect(pasteboard.items().count == 2)
        pasteboard.clear()
        #expect(pasteboard.changeCount == 3 && pasteboard.types.isEmpty)
    }

    @Test("Type queries never read contents: promised data is not produced and no read is counted")
    func typesReadNothing() {
        let produced = Atomic<Int>(0)
        let pasteboard = InMemoryPasteboard()
        pasteboard.write([
            PasteboardItem([
                PasteboardRepresentation(type: .png) {
                    produced.add(1, ordering: .relaxed)
                    return Data([0x89])
                }
            ])
        ])
        #expect(pasteboard.types == [.png])
        #expect(pasteboard.contains(.image))
        #expect(pasteboard.typeSet == [.png])
        #expect(!pasteboard.contains(.plainText))
        #expect(pasteboard.contentReads == 0)
        #expect(produced.load(ordering: .relaxed) == 0)
        #expect(pasteboard.items().first?.data(for: .image) == Data([0x89]))
        #expect(pasteboard.contentReads == 1)
        #expect(produced.load(ordering: .relaxed) == 1)
    }

    @Test("The pasteboard's type set decides Paste in the menu rules without reading")
    func drivesMenu() {
        let pasteboard = InMemoryPasteboard()
        pasteboard.write([.png(Data([1]))])
        let context = EditMenuContext(
            content: SelectableContent(kind: .image, isEditable: true, selection: .object),
            idiom: .phone, pasteboardTypes: pasteboard.typeSet)
        guard case .presented(let menu) = EditMenuRules.presentation(for: context) else {
            Issue.record("no menu")
            return
        }
        #expect(menu.commands.map(\.id).contains(.paste))
        #expect(pasteboard.contentReads == 0)
    }

    @Test("Search Web builds its address by escaping the text into the engine's fixed template")
    func searchAddress() {
        let search = WebSearchService(engine: .duckDuckGo)
        #expect(search.url(for: "edit menu & more") == "https://duckduckgo.com/?q=edit%20menu%20%26%20more")
        #expect(search.url(for: "a\u{0}b#c") == "https://duckduckgo.com/?q=a%00b%23c")
        #expect(search.url(for: "   ") == nil, "blank text is not searched")
    }
}
