import Foundation
import Testing
@testable import EditMenuKit

@Suite("Editing objects")
struct EditingObjectTests {
    let pasteboard = InMemoryPasteboard()
    let a = EditableObject.image(png: Data([0x89, 1]))
    let b = EditableObject.image(png: Data([0x89, 2]))
    let card = EditableObject.contact(
        vCard: "BEGIN:VCARD\nVERSION:4.0\nFN:Ada Lovelace\nEND:VCARD", name: "Ada Lovelace")
    let file = EditableObject.file(URL(fileURLWithPath: "/tmp/report.pdf"))

    @Test("Cut an image, paste it elsewhere, undo both")
    func cutPasteImage() throws {
        var gallery = ObjectEditor(objects: [a, b], accepting: [.image])
        gallery.select(0..<1)
        try gallery.perform(.cut, pasteboard: pasteboard)
        #expect(gallery.objects == [b] && pasteboard.types == [.png])
        gallery.select(1..<1)
        try gallery.perform(.paste, pasteboard: pasteboard)
        #expect(gallery.objects == [b, a] && gallery.selection == 1..<2)
        try gallery.perform(.undo, pasteboard: pasteboard)
        try gallery.perform(.undo, pasteboard: pasteboard)
        #expect(gallery.objects == [a, b] && gallery.selection == 0..<1)
        try gallery.perform(.redo, pasteboard: pasteboard)
        #expect(gallery.objects == [b])
    }

    @Test("Copying a contact card writes a vCard and its name; a contact list pastes it back")
    func contactCard() throws {
        var contacts = ObjectEditor(objects: [card], accepting: [.object])
        contacts.select(0..<1)
        try contacts.perform(.copy, pasteboard: pasteboard)
        #expect(pasteboard.types == [.vCard, .plainText])
        try contacts.perform(.paste, pasteboard: pasteboard)
        #expect(contacts.objects == [card]) // replaced the selected card with the same card
        pasteboard.write([
            PasteboardItem([
                PasteboardRepresentation(type: .vCard, data: Data("BEGIN:VCARD\nFN:Grace Hopper\nEND:VCARD".utf8))
            ])
        ])
        try contacts.perform(.paste, pasteboard: pasteboard)
        #expect(
            contacts.objects.last == .contact(vCard: "BEGIN:VCARD\nFN:Grace Hopper\nEND:VCARD", name: "Grace Hopper"))
    }

    @Test("Files copy as file URLs; Delete removes without the pasteboard; Select All selects every object")
    func files() throws {
        var files = ObjectEditor(objects: [file, file], accepting: [.file])
        try files.perform(.selectAll, pasteboard: pasteboard)
        #expect(files.selection == 0..<2)
        try files.perform(.copy, pasteboard: pasteboard)
        #expect(pasteboard.items().count == 2 && pasteboard.types == [.file, .plainText])
        try files.perform(.delete, pasteboard: pasteboard)
        #expect(files.objects.isEmpty && pasteboard.changeCount == 1)
        #expect(files.history.undoAction == .delete)
        try files.perform(.paste, pasteboard: pasteboard)
        #expect(files.objects == [file, file])
    }

    @Test("Objects refuse what they do not accept, and read-only lists refuse changes")
    func refusals() {
        pasteboard.write([.text("words")])
        var gallery = ObjectEditor(objects: [a], accepting: [.image])
        #expect(!gallery.canPerform(.paste, pasteboard: pasteboard))
        #expect(throws: EditingError.nothingToPaste(accepted: [.image], found: [.plainText])) {
            try gallery.perform(.paste, pasteboard: pasteboard)
        }
        var locked = ObjectEditor(objects: [a], isEditable: false)
        locked.select(0..<1)
        #expect(throws: EditingError.notEditable(.cut)) { try locked.perform(.cut, pasteboard: pasteboard) }
        #expect(throws: EditingError.nothingToUndo(.undo)) { try locked.perform(.undo, pasteboard: pasteboard) }
    }
}
