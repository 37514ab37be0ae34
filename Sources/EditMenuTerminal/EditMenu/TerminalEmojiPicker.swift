import EditMenuKit
import Foundation

/// The terminal's Emoji & Symbols picker: a bordered box by the caret with a search field, a grid of
/// emoji and symbols (`EmojiCatalog`: Unicode's emoji in CLDR order, searchable by CLDR names and
/// keywords) and the name of the one under the cursor.
///
/// ```
/// ╭─ Emoji & Symbols ─────────────────────────╮
/// │ ⌕ heart█                                  │
/// │ ❤️  💘 💝 💖 💗 💓 💞 💕 💟 ❣️  💔 ❤️‍🔥 │
/// │ ❤️‍🩹 🧡 💛 💚 💙 💜 🤎 🖤 🤍 ♥️  🫶 🫀 │
/// │ red heart                                 │
/// ╰───────────────────────────────────────────╯
/// ```
///
/// Typing searches; the arrows, Page Up/Down, Home and End move; Return (or a click) chooses; Escape
/// closes. Choosing is reported as an ``Outcome``: the owner inserts the emoji as one undo step.
package struct TerminalEmojiPicker: Sendable {
    /// What a key or click did.
    package enum Outcome: Hashable, Sendable {
        /// The picker used it.
        case handled
        /// People chose this emoji.
        case choose(String)
        /// The picker closed.
        case close
        /// The picker has no use for it.
        case ignored
    }

    /// The search field's text.
    package private(set) var query = ""
    /// What the search finds (everything, for an empty query).
    package private(set) var results: [Emoji]
    /// The index in ``results`` of the emoji under the cursor.
    package private(set) var selected = 0
    /// The first grid row shown.
    package private(set) var scrollRow = 0
    /// The box, border included.
    package private(set) var frame: CellRect
    /// The title on the top border, localized by the owner.
    package var title = "Emoji & Symbols"
    /// The search field's label: a magnifier, which needs no translation.
    package var searchLabel = "⌕"
    /// The menu's strings and idiom, for what the picker says when a search finds nothing.
    package var strings = MenuStrings(locale: .english)
    /// The idiom of ``strings``' titles.
    package var idiom = Idiom.pad

    private let catalog: EmojiCatalog

    /// Emoji per grid row, and grid rows shown.
    package static let gridColumns = 12
    static let gridRows = 6
    /// Cells per emoji in the grid (two for the emoji, one between).
    static let slot = 3

    /// A picker from `catalog` placed by `caret` (a screen cell) on a screen of `columns` × `rows`:
    /// below the caret when it fits, else above, kept inside the screen.
    package init(
        catalog: EmojiCatalog = .shared, caret: CGRect?, columns: Int, rows: Int,
        safeArea: MenuEdgeInsets = MenuEdgeInsets(top: 1, left: 0, bottom: 1, right: 0)
    ) {
        self.catalog = catalog
        results = catalog.entries
        let width = Self.gridColumns * Self.slot + 3
        let height = Self.gridRows + 4
        let x = Int(caret?.minX ?? Double(columns - width) / 2)
        let below = Int((caret?.maxY ?? 0))
        let top = Int(safeArea.top)
        let bottom = rows - Int(safeArea.bottom)
        var y = below
        if y + height > bottom { y = Int(caret?.minY ?? 0) - height }
        y = max(top, min(y, bottom - height))
        frame = CellRect(
            column: max(0, min(x, columns - width)), row: max(0, y), width: min(width, columns), height: height)
    }

    /// The emoji under the cursor.
    package var current: Emoji? { results.indices.contains(selected) ? results[selected] : nil }

    /// Handles a key.
    package mutating func handleKey(_ key: Key, _ modifiers: KeyModifiers) -> Outcome {
        let columns = Self.gridColumns
        switch key {
        case .escape: return .close
        case .enter: return current.map { .choose($0.character) } ?? .handled
        case .left: move(to: selected - 1)
        case .right: move(to: selected + 1)
        case .up: move(to: selected - columns)
        case .down: move(to: selected + columns)
        case .pageUp: move(to: selected - columns * Self.gridRows)
        case .pageDown: move(to: selected + columns * Self.gridRows)
        case .home: move(to: 0)
        case .end: move(to: results.count - 1)
        case .backspace:
            guard !query.isEmpty else { return .handled }
            query.removeLast()
            search()
        case .character("u") where modifiers == .control:
            query = ""
            search()
        case .tab: return .handled
        default: return .ignored
        }
        return .handled
    }

    /// Handles typed text: it goes into the search field.
    package mutating func insert(_ text: String) -> Outcome {
        let clean = String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        guard !clean.isEmpty, query.count + clean.count <= EmojiCatalog.maximumQueryLength else { return .handled }
        query += clean
        search()
        return .handled
    }

    /// Handles a mouse event: a click on an emoji chooses it; the wheel scrolls; a click outside closes.
    package mutating func handle(_ mouse: MouseEvent) -> Outcome {
        switch (mouse.button, mouse.action) {
        case (.wheelUp, _):
            move(to: selected - Self.gridColumns)
            return .handled
        case (.wheelDown, _):
            move(to: selected + Self.gridColumns)
            return .handled
        case (.left, .press):
            guard frame.contains(column: mouse.column, row: mouse.row) else { return .close }
            if let index = index(atColumn: mouse.column, row: mouse.row) {
                selected = index
                return .choose(results[index].character)
            }
            return .handled
        default:
            return frame.contains(column: mouse.column, row: mouse.row) ? .handled : .ignored
        }
    }

    private mutating func search() {
        results = catalog.search(query)
        selected = 0
        scrollRow = 0
    }

    private mutating func move(to index: Int) {
        guard !results.isEmpty else { return }
        selected = min(max(0, index), results.count - 1)
        let row = selected / Self.gridColumns
        if row < scrollRow { scrollRow = row }
        if row >= scrollRow + Self.gridRows { scrollRow = row - Self.gridRows + 1 }
    }

    /// The result at a screen cell of the grid.
    func index(atColumn column: Int, row: Int) -> Int? {
        let gridRow = row - (frame.row + 2)
        let gridColumn = (column - (frame.column + 2)) / Self.slot
        guard gridRow >= 0, gridRow < Self.gridRows, column >= frame.column + 2, gridColumn < Self.gridColumns else {
            return nil
        }
        let index = (scrollRow + gridRow) * Self.gridColumns + gridColumn
        return results.indices.contains(index) ? index : nil
    }

    // MARK: Drawing

    /// Draws the picker over `screen`, the terminal cursor in the search field.
    package func draw(into screen: inout Screen, style: TerminalMenuStyle = TerminalMenuStyle()) {
        let f = frame
        guard f.width >= 8, f.height >= 5 else { return }
        let inner = f.width - 2
        let heading = TerminalMenuCells.fit(" \(title) ", max(0, inner - 2), center: false)
        let rule =
            "─" + heading + String(repeating: "─", count: max(0, inner - 1 - MonospaceCellMeasurer.cells(in: heading)))
        screen.put("╭" + rule + "╮", column: f.column, row: f.row, style: style.border)
        for row in (f.row + 1)..<(f.row + f.height - 1) {
            screen.put("│", column: f.column, row: row, style: style.border)
            screen.fill(column: f.column + 1, row: row, width: inner, height: 1, style: style.body)
            screen.put("│", column: f.column + f.width - 1, row: row, style: style.border)
        }
        screen.put(
            "╰" + String(repeating: "─", count: inner) + "╯", column: f.column, row: f.row + f.height - 1,
            style: style.border)
        // The search field.
        let label = " \(searchLabel) "
        let start = screen.put(label, column: f.column + 1, row: f.row + 1, style: style.dimmed)
        let end = screen.put(
            TerminalMenuCells.fit(
                TerminalText.displayable(query), max(1, f.column + f.width - 2 - start), center: false),
            column: start, row: f.row + 1, style: style.body)
        screen.cursor = Screen.Position(column: min(end, f.column + f.width - 2), row: f.row + 1)
        // The grid.
        for gridRow in 0..<Self.gridRows {
            for gridColumn in 0..<Self.gridColumns {
                let index = (scrollRow + gridRow) * Self.gridColumns + gridColumn
                guard results.indices.contains(index) else { continue }
                let column = f.column + 2 + gridColumn * Self.slot
                let cellStyle = index == selected ? style.focused : style.body
                if index == selected {
                    screen.fill(
                        column: column - 1, row: f.row + 2 + gridRow, width: Self.slot, height: 1, style: cellStyle)
                }
                screen.put(results[index].character, column: column, row: f.row + 2 + gridRow, style: cellStyle)
            }
        }
        // The name of the emoji under the cursor in the catalog's language, or why the grid is empty.
        let caption = EmojiCatalog.caption(for: current, query: query, strings: strings, idiom: idiom)
        screen.put(
            TerminalMenuCells.fit(" " + TerminalText.displayable(caption), inner, center: false), column: f.column + 1,
            row: f.row + f.height - 2, style: style.dimmed)
    }
}
