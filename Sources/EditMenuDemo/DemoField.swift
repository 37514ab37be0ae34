import EditMenuKit
@_spi(Testing) import EditMenuTerminal
import Foundation

/// One piece of content on the demo's screen, labelled: each kind the guidelines name.
package struct DemoField {
    /// The label shown above or beside the field.
    package var label: String
    /// The region the edit menu acts on.
    package let target: any TerminalEditMenuTarget
    /// Whether the field is one line (the password) rather than an area.
    package var isSingleLine: Bool

    /// The text view, for text fields.
    package var textView: TerminalTextView? { target as? TerminalTextView }
    /// The text editor, for text fields.
    package var textEditor: TextEditor? { textView?.editor }
    /// Where the field's content is on screen (label excluded).
    package var frame: CellRect { target.frame }
}

/// Selectable objects (an image, a contact card) in a box: a long press or double click selects the
/// whole thing; Cut, Copy, Paste and Delete act on it through an ``ObjectEditor``.
final class DemoObjectView: TerminalEditMenuTarget {
    var editor: ObjectEditor
    let kind: ContentKind
    var frame: CellRect
    let selectionStyle = CellStyle(foreground: .indexed(16), background: .indexed(153))

    init(editor: ObjectEditor, kind: ContentKind) {
        self.editor = editor
        self.kind = kind
        frame = CellRect(column: 0, row: 0, width: 0, height: 0)
    }

    func menuContent(locale: MenuLocale, idiom: Idiom) -> ContentSnapshot {
        editor.editMenuContent(kind: kind, locale: locale, idiom: idiom)
    }

    func select(for gesture: RevealGesture, at cell: CGPoint?, input: InputMethod, gestures: SelectionGestures)
        -> Bool
    {
        let outcome = gestures.apply(gesture, objectSelected: !editor.selection.isEmpty, input: input)
        let all = outcome.objectSelected && !editor.objects.isEmpty
        editor.select(all ? 0..<editor.objects.count : editor.objects.count..<editor.objects.count)
        return outcome.showsMenu
    }

    func selectionRects() -> [CGRect] { editor.selection.isEmpty ? [] : [frame.rect] }

    func perform(_ command: EditCommand.ID, pasteboard: any Pasteboard) throws(EditingError) {
        try editor.perform(command, pasteboard: pasteboard)
    }

    func draw(into screen: inout Screen, focused: Bool) {
        let style = editor.selection.isEmpty ? CellStyle.plain : selectionStyle
        let inner = max(0, frame.width - 2)
        let text: String
        switch editor.objects.first {
        case .image(let png)?: text = "🌅 sunset.png · \(png.count) B"
        case .contact(_, let name)?: text = "👤 \(name)"
        case .file(let url)?: text = "📄 \(url.lastPathComponent)"
        case nil: text = "(empty — paste here)"
        }
        let rule = String(repeating: "─", count: inner)
        screen.put("╭" + rule + "╮", column: frame.column, row: frame.row, style: style)
        screen.fill(column: frame.column, row: frame.row + 1, width: frame.width, height: 1, style: style)
        screen.put("│", column: frame.column, row: frame.row + 1, style: style)
        screen.put(
            TerminalMenuCells.fit(" " + TerminalText.displayable(text), inner, center: false),
            column: frame.column + 1, row: frame.row + 1, style: style)
        screen.put("│", column: frame.column + frame.width - 1, row: frame.row + 1, style: style)
        screen.put("╰" + rule + "╯", column: frame.column, row: frame.row + 2, style: style)
    }
}

/// A button: a tap (or Return) presses it; it is never selectable and never shows edit options.
final class DemoButton: TerminalEditMenuTarget {
    let title: String
    private(set) var presses = 0
    var frame = CellRect(column: 0, row: 0, width: 0, height: 0)
    /// Called when the button is pressed.
    var onPress: ((DemoButton) -> Void)?

    init(title: String) { self.title = title }

    func press() {
        presses += 1
        onPress?(self)
    }

    func menuContent(locale: MenuLocale, idiom: Idiom) -> ContentSnapshot {
        ContentSnapshot(content: SelectableContent(kind: .button, selection: .none))
    }

    func select(for gesture: RevealGesture, at cell: CGPoint?, input: InputMethod, gestures: SelectionGestures)
        -> Bool
    {
        // A tap activates a button; every other gesture asks for a menu, which the rules refuse.
        if gesture == .tap {
            press()
            return false
        }
        return true
    }

    func selectionRects() -> [CGRect] { [] }

    func perform(_ command: EditCommand.ID, pasteboard: any Pasteboard) throws(EditingError) {
        throw .unsupported(command)
    }

    func handleEditingKey(_ key: Key, modifiers: KeyModifiers) -> TerminalEditingResult {
        guard key == .enter else { return .ignored }
        press()
        return .selectionChanged
    }

    func draw(into screen: inout Screen, focused: Bool) {
        let inner = " \(title) "
        let w = MonospaceCellMeasurer.cells(in: inner)
        let style = focused ? CellStyle(bold: true) : CellStyle.plain
        let rule = String(repeating: "─", count: w)
        screen.put("╭" + rule + "╮", column: frame.column, row: frame.row, style: style)
        screen.put("│" + inner + "│", column: frame.column, row: frame.row + 1, style: style)
        screen.put("╰" + rule + "╯", column: frame.column, row: frame.row + 2, style: style)
    }
}

extension DemoField {
    /// The built-in sample: every kind of content the HIG names.
    static func sample() -> [DemoField] {
        let notes = """
            Meet Jane at 1 Infinite Loop, Cupertino, CA 95014 on December 5, 2026 at 3:00 PM.
            Call her at +1 (408) 555-0123 or write to jane.doe@example.com.
            The agenda is at https://www.apple.com/ipad/ — double-click a word, press and hold, or right-click.
            Wörter, 東京都に住んでいます, emoji 👨‍👩‍👧 and Ελληνικά all select as people expect.
            """
        let pngHeader = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let vCard = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jane Appleseed\r\nTEL:+1-408-555-0123\r\nEND:VCARD\r\n"
        let nowhere = CellRect(column: 0, row: 0, width: 0, height: 0)
        return [
            DemoField(
                label: "Notes — editable text",
                target: TerminalTextView(editor: TextEditor(text: notes), frame: nowhere),
                isSingleLine: false),
            DemoField(
                label: "Caption — static text you can select and copy",
                target: TerminalTextView(
                    editor: TextEditor(text: "Sunset over the bay, photographed from Twin Peaks.", isEditable: false),
                    frame: nowhere),
                isSingleLine: false),
            DemoField(
                label: "Password",
                target: TerminalTextView(
                    editor: TextEditor(text: "hunter22", isSecure: true), frame: nowhere, isSingleLine: true,
                    masked: true),
                isSingleLine: true),
            DemoField(label: "Button", target: DemoButton(title: "Send"), isSingleLine: true),
            DemoField(
                label: "Image",
                target: DemoObjectView(
                    editor: ObjectEditor(objects: [.image(png: pngHeader)], accepting: [.image]), kind: .image),
                isSingleLine: false),
            DemoField(
                label: "Contact card",
                target: DemoObjectView(
                    editor: ObjectEditor(
                        objects: [.contact(vCard: vCard, name: "Jane Appleseed")], accepting: [.object]),
                    kind: .object),
                isSingleLine: false),
        ]
    }

    /// Places the sample's fields on a screen of `columns` × `rows` (row 0 is the title bar, the last row
    /// the status line); labels go on the row above each frame.
    static func arrange(_ fields: [DemoField], columns: Int, rows: Int) {
        let width = max(10, columns - 4)
        // Title, notes label, gap, caption label + 2 rows, gap, password, gap, objects label + 3 rows, gap, status.
        let notesHeight = max(3, rows - 15)
        var row = 2
        var frames: [CellRect] = []
        for i in fields.indices {
            switch i {
            case 0:
                frames.append(CellRect(column: 2, row: row, width: width, height: notesHeight))
                row += notesHeight + 2
            case 1:
                frames.append(CellRect(column: 2, row: row, width: width, height: 2))
                row += 2 + 1
            case 2:
                frames.append(CellRect(column: 14, row: row, width: min(24, width - 12), height: 1))
                row += 3
            case 3:
                frames.append(CellRect(column: 2, row: row, width: 10, height: 3))
            case 4:
                frames.append(CellRect(column: 14, row: row, width: min(20, max(8, (width - 14) / 2)), height: 3))
            default:
                let x = frames[4].column + frames[4].width + 2
                frames.append(CellRect(column: x, row: row, width: max(8, min(34, columns - x - 2)), height: 3))
            }
        }
        for (field, frame) in zip(fields, frames) { field.setFrame(frame) }
    }

    /// Moves the field's content to `frame`.
    func setFrame(_ frame: CellRect) {
        switch target {
        case let text as TerminalTextView: text.frame = frame
        case let object as DemoObjectView: object.frame = frame
        case let button as DemoButton: button.frame = frame
        default: break
        }
    }
}
