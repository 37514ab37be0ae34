import EditMenuKit
import Foundation

/// A rectangle of terminal cells.
public struct CellRect: Hashable, Sendable {
    /// 0-based column of the left edge.
    public var column: Int
    /// 0-based row of the top edge.
    public var row: Int
    /// Width in cells.
    public var width: Int
    /// Height in rows.
    public var height: Int

    /// Creates a rectangle; negative sizes become 0.
    public init(column: Int, row: Int, width: Int, height: Int) {
        self.column = column
        self.row = row
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// Whether the cell at `column`, `row` is inside.
    package func contains(column c: Int, row r: Int) -> Bool {
        c >= column && c < column + width && r >= row && r < row + height
    }

    /// The rectangle in the layout engine's coordinates (one unit per cell).
    package var rect: CGRect {
        CGRect(x: Double(column), y: Double(row), width: Double(width), height: Double(height))
    }
}

/// A region of a terminal screen the edit menu acts on — text, an image, a contact card, a button —
/// as ``TerminalEditMenu`` sees it. ``TerminalTextView`` is the text region; an app's own widget
/// conforms to join the same menu.
///
/// Positions are screen cells, as `CGPoint(x: column, y: row)` (what the layout engine uses with
/// `EditMenuConfiguration.terminal(idiom:locale:)`).
package protocol TerminalEditMenuTarget: AnyObject {
    /// Where the region is on screen.
    var frame: CellRect { get }
    /// The facts the controller decides from (`TextEditor.editMenuContent(locale:idiom:isRich:allowsDelete:spellingSuggestions:)`
    /// for text).
    func menuContent(locale: MenuLocale, idiom: Idiom) -> ContentSnapshot
    /// Selects what `gesture`, made with `input`, selects at `cell` (`nil`: at the selection) and
    /// returns whether the menu shows (`EditMenuHost.select(for:at:input:gestures:)`).
    func select(for gesture: RevealGesture, at cell: CGPoint?, input: InputMethod, gestures: SelectionGestures)
        -> Bool
    /// The selection's rects in screen cells, one per visible row (a caret is zero-width); empty when
    /// it is scrolled out of view.
    func selectionRects() -> [CGRect]
    /// Performs a standard command on the content.
    func perform(_ command: EditCommand.ID, pasteboard: any Pasteboard) throws(EditingError)
    /// Replaces the selection as one undo step named `actionName`.
    func replaceSelection(with text: String, actionName: UndoAction) throws(EditingError)
    /// Extends the selection while the mouse drags (default: nothing).
    func dragSelection(_ phase: SelectionDrag)
    /// Scrolls by `rows` (negative: up); returns whether anything moved (default: nothing scrolls).
    func scroll(by rows: Int) -> Bool
    /// A key the menu did not use, for editing: typing keys, caret movement (default: not used).
    func handleEditingKey(_ key: Key, modifiers: KeyModifiers) -> TerminalEditingResult
    /// Typed text (default: not used).
    func insertText(_ text: String) -> TerminalEditingResult
    /// Text pasted into the terminal (bracketed paste), already made safe (default: not used).
    func insertPastedText(_ text: String) -> TerminalEditingResult
    /// The terminal cursor's place (a caret in editable text), if it shows one.
    var cursorPosition: Screen.Position? { get }
    /// Draws the region (its content and selection) into `screen`.
    func draw(into screen: inout Screen, focused: Bool)
    /// The region's text as primitives (`TextDocument`), on which the controller performs the
    /// document commands (Find ▸, Transformations ▸, Writing Direction ▸, Emoji & Symbols, Check
    /// Document Now); `nil` (the default) for a region without text.
    var textDocument: (any TextDocument & AnyObject)? { get }
}

/// What an editing key or typed text did to a target.
package enum TerminalEditingResult: Hashable, Sendable {
    /// The target did not use it.
    case ignored
    /// The caret or selection moved (the menu goes).
    case selectionChanged
    /// The content changed (typing dismisses the menu).
    case contentChanged
    /// Something went wrong; the message says what.
    case failed(String)
}

extension TerminalEditMenuTarget {
    /// Does nothing.
    package func dragSelection(_ phase: SelectionDrag) {}
    /// Nothing scrolls.
    package func scroll(by rows: Int) -> Bool { false }
    /// Not used.
    package func handleEditingKey(_ key: Key, modifiers: KeyModifiers) -> TerminalEditingResult {
        .ignored
    }
    /// Not used.
    package func insertText(_ text: String) -> TerminalEditingResult { .ignored }
    /// Not used.
    package func insertPastedText(_ text: String) -> TerminalEditingResult { .ignored }
    /// No cursor.
    package var cursorPosition: Screen.Position? { nil }
    /// Replacing needs text.
    package func replaceSelection(with text: String, actionName: UndoAction) throws(EditingError) {
        throw .unsupported(.replace)
    }
    /// No text.
    package var textDocument: (any TextDocument & AnyObject)? { nil }
}

extension EditMenuConfiguration {
    /// The sizes of a menu drawn in terminal cells: one unit per cell, one row per item, no margin
    /// (``TerminalEditMenu`` keeps a cell for the box's border around its container instead, so that
    /// menus at the pointer and submenus, which the margin does not apply to, keep their borders on
    /// screen), a submenu one cell from its parent so that the two boxes share a border column, and no
    /// icons (a cell is too small for a pictogram, so lists keep no column for them).
    package static let terminalMetrics = LayoutMetrics(
        charWidth: 1, itemPadding: 1, itemHeight: 1, arrowHeight: 1, chevronWidth: 3, margin: 0, gap: 0,
        cornerRadius: 0, dividerHeight: 1, submenuGap: 1, iconSize: 0)

    /// A configuration for a menu drawn in a terminal: cells as units, titles measured in cells (plus
    /// the divider cell that ends every compact item), and gesture distances in cells (a press may not
    /// leave its cell; a second click lands within a cell and a half).
    public static func terminal(idiom: Idiom = .pad, locale: MenuLocale = .english) -> EditMenuConfiguration {
        EditMenuConfiguration(
            idiom: idiom, locale: locale,
            gestureThresholds: GestureRecognizer.Thresholds(slop: 0.5, multiTapDistance: 1.5),
            metrics: terminalMetrics, measurer: DividedCellMeasurer())
    }
}

/// Measures titles in terminal cells, plus one cell for the divider that follows each compact item.
package struct DividedCellMeasurer: TextMeasurer {
    /// Creates the measurer.
    package init() {}
    package func width(of text: String) -> Double { Double(MonospaceCellMeasurer.cells(in: text) + 1) }
}
