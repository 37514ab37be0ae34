import EditMenuKit
import Foundation

/// A rectangle of terminal cells.
public struct CellRect: Hashable, Sendable {
    public var column: Int
    public var row: Int
    public var width: Int
    public var height: Int

    public init(column: Int, row: Int, width: Int, height: Int) {
        self.column = column
        self.row = row
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public func contains(column c: Int, row r: Int) -> Bool {
        c >= column && c < column + width && r >= row && r < row + height
    }

    /// The rectangle in the layout engine's coordinates (one unit per cell).
    var rect: Rect { Rect(x: Double(column), y: Double(row), width: Double(width), height: Double(height)) }
}

/// One piece of content on the demo's screen: each kind the guidelines name.
public struct DemoField: Sendable {
    /// What the field holds.
    public enum Content: Sendable {
        /// Text: editable, static (a caption) or secure (a password).
        case text(TextEditor, TextViewport)
        /// A button: pressing it acts; it never shows edit options.
        case button(title: String, presses: Int)
        /// Selectable objects (an image, a contact card): the editor holds zero or one object.
        case objects(ObjectEditor, kind: ContentKind)
    }

    /// The label shown above or beside the field.
    public var label: String
    public var content: Content
    /// Where the field's content is on screen (label excluded).
    public var frame: CellRect
    /// Whether the field is one line (password) rather than an area.
    public var isSingleLine: Bool

    /// The kind of content, for the menu rules.
    public var kind: ContentKind {
        switch content {
        case .text: return .text
        case .button: return .button
        case .objects(_, let kind): return kind
        }
    }

    /// The text editor, for text fields.
    public var textEditor: TextEditor? {
        if case .text(let editor, _) = content { return editor }
        return nil
    }
}

extension DemoField {
    /// The built-in sample: every kind of content the HIG names.
    static func sample(strings: MenuStrings) -> [DemoField] {
        let notes = """
            Meet Jane at 1 Infinite Loop, Cupertino, CA 95014 on December 5, 2026 at 3:00 PM.
            Call her at +1 (408) 555-0123 or write to jane.doe@example.com.
            The agenda is at https://www.apple.com/ipad/ — double-click a word, press and hold, or right-click.
            Wörter, 東京都に住んでいます, emoji 👨‍👩‍👧 and Ελληνικά all select as people expect.
            """
        let pngHeader = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let vCard = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jane Appleseed\r\nTEL:+1-408-555-0123\r\nEND:VCARD\r\n"
        return [
            DemoField(
                label: "Notes — editable text",
                content: .text(TextEditor(text: notes), TextViewport(width: 1, height: 1)),
                frame: CellRect(column: 0, row: 0, width: 0, height: 0), isSingleLine: false),
            DemoField(
                label: "Caption — static text you can select and copy",
                content: .text(
                    TextEditor(text: "Sunset over the bay, photographed from Twin Peaks.", isEditable: false),
                    TextViewport(width: 1, height: 1)),
                frame: CellRect(column: 0, row: 0, width: 0, height: 0), isSingleLine: false),
            DemoField(
                label: "Password",
                content: .text(
                    TextEditor(text: "hunter22", isSecure: true),
                    TextViewport(width: 1, height: 1, wraps: false, masked: true)),
                frame: CellRect(column: 0, row: 0, width: 0, height: 0), isSingleLine: true),
            DemoField(
                label: "Button", content: .button(title: "Send", presses: 0),
                frame: CellRect(column: 0, row: 0, width: 0, height: 0), isSingleLine: true),
            DemoField(
                label: "Image",
                content: .objects(ObjectEditor(objects: [.image(png: pngHeader)], accepting: [.image]), kind: .image),
                frame: CellRect(column: 0, row: 0, width: 0, height: 0), isSingleLine: false),
            DemoField(
                label: "Contact card",
                content: .objects(
                    ObjectEditor(
                        objects: [.contact(vCard: vCard, name: "Jane Appleseed")],
                        accepting: [.object]), kind: .object),
                frame: CellRect(column: 0, row: 0, width: 0, height: 0), isSingleLine: false),
        ]
    }

    /// Places the sample's fields on a screen of `columns` × `rows` (row 0 is the title bar, the last row
    /// the status line). Returns the fields with frames; labels go on the row above each frame.
    static func arrange(_ fields: inout [DemoField], columns: Int, rows: Int) {
        let width = max(10, columns - 4)
        // Fixed parts: caption 2 rows, password 1, button/objects 3, labels and gaps.
        // Title, notes label, gap, caption label + 2 rows, gap, password, gap, objects label + 3 rows, gap, status.
        let notesHeight = max(3, rows - 15)
        var row = 2
        for i in fields.indices {
            switch i {
            case 0:
                fields[i].frame = CellRect(column: 2, row: row, width: width, height: notesHeight)
                row += notesHeight + 2
            case 1:
                fields[i].frame = CellRect(column: 2, row: row, width: width, height: 2)
                row += 2 + 1
            case 2:
                fields[i].frame = CellRect(column: 14, row: row, width: min(24, width - 12), height: 1)
                row += 3
            case 3:
                fields[i].frame = CellRect(column: 2, row: row, width: 10, height: 3)
            case 4:
                fields[i].frame = CellRect(column: 14, row: row, width: min(20, max(8, (width - 14) / 2)), height: 3)
            default:
                let x = fields[4].frame.column + fields[4].frame.width + 2
                fields[i].frame = CellRect(column: x, row: row, width: max(8, min(34, columns - x - 2)), height: 3)
            }
            fields[i].resizeViewport()
        }
    }

    mutating func resizeViewport() {
        guard case .text(let editor, var viewport) = content else { return }
        viewport.width = max(1, frame.width)
        viewport.height = max(1, frame.height)
        viewport.textChanged(in: editor.storage)
        content = .text(editor, viewport)
    }
}
