import EditMenuKit
import Foundation

/// A service's panel — a definition, a translation, the spelling panel — as a bordered box of
/// terminal cells beside the selection: its title in the top border, its text wrapped and scrollable,
/// its buttons at the bottom. Every piece of text goes through `TerminalText.displayable(_:)`: a
/// tool's output can never put an escape sequence on the terminal.
///
/// ```
/// ╭─ running ──────────────────────────────────╮
/// │ running (noun)                             ▲
/// │  1. (American football) a play in which a  │
/// │ player attempts to carry the ball through  ▼
/// ├────────────────────────────────────────────┤
/// │ [ Copy ]  [ Replace ]                      │
/// ╰────────────────────────────────────────────╯
/// ```
///
/// Up, Down, Page Up, Page Down, Home, End and the wheel scroll; Tab, Left and Right move between the
/// buttons, Return or a click presses one; Escape closes the panel.
package struct TerminalPanel {
    /// What a key or a click did.
    package enum Outcome: Hashable, Sendable {
        /// The panel used it (it scrolled, a button took the focus).
        case handled
        /// People pressed the button at this index of the panel's actions.
        case press(Int)
        /// People closed the panel.
        case close
        /// Not the panel's (a click outside it, a key it has no use for).
        case ignored
    }

    /// What is shown.
    package let panel: EditMenuPanel
    /// The box, border included.
    package private(set) var box: CellRect
    /// The first text line shown.
    package private(set) var scroll = 0
    /// The button with keyboard focus (an index of the panel's actions).
    package private(set) var focusedButton: Int?
    /// The text, wrapped to the box.
    let lines: [(text: String, style: Style)]
    /// How many text lines the box shows.
    let visibleLines: Int
    /// Each button's cells.
    let buttons: [CellRect]

    enum Style { case text, detail }

    /// The widest a panel gets (its text's cells).
    package static let maximumTextWidth = 64

    /// `panel` placed beside `selection` (the selection's rects in cells, first line first) on a screen
    /// of `columns` × `rows` whose `safeArea` rows (a title, a status line) it leaves free.
    package init(
        _ panel: EditMenuPanel, beside selection: [CGRect], columns: Int, rows: Int, safeArea: MenuEdgeInsets
    ) {
        self.panel = panel
        let textWidth = max(10, min(Self.maximumTextWidth, columns - 4))
        var lines = Self.wrap(panel.text, width: textWidth).map { (text: $0, style: Style.text) }
        if !panel.detail.isEmpty {
            lines.append(("", .text))
            lines += Self.wrap(panel.detail, width: textWidth).map { ($0, Style.detail) }
        }
        if lines.isEmpty { lines = [("", .text)] }
        self.lines = lines
        // Buttons, as many to a row as fit.
        let labels = panel.actions.map { "[ " + TerminalText.displayable($0.title) + " ]" }
        var buttonRows: [[Int]] = []
        var used = textWidth + 1
        for (i, label) in labels.enumerated() {
            let w = MonospaceCellMeasurer.cells(in: label)
            if used + w + 1 > textWidth || buttonRows.isEmpty {
                buttonRows.append([i])
                used = w
            } else {
                buttonRows[buttonRows.count - 1].append(i)
                used += 1 + w
            }
        }
        let widest = lines.map { MonospaceCellMeasurer.cells(in: $0.text) }.max() ?? 0
        let buttonWidth =
            buttonRows.map { row in row.map { MonospaceCellMeasurer.cells(in: labels[$0]) + 1 }.reduce(0, +) }
            .max() ?? 0
        let titleWidth = MonospaceCellMeasurer.cells(in: TerminalText.displayable(panel.title)) + 4
        let width = min(textWidth, max(widest, buttonWidth, titleWidth, 16)) + 4
        // Height: text, a divider and the buttons, inside the border; as much text as fits.
        let top = Int(safeArea.top), bottom = rows - Int(safeArea.bottom)
        let chrome = 2 + (buttonRows.isEmpty ? 0 : buttonRows.count + 1)
        let below = selection.last.map { bottom - Int($0.maxY.rounded(.up)) } ?? (bottom - top)
        let above = selection.first.map { Int($0.minY.rounded(.down)) - top } ?? 0
        let wanted = lines.count + chrome
        let goesBelow = wanted <= below || below >= above
        let room = max(chrome + 1, goesBelow ? below : above)
        let height = min(wanted, room, bottom - top)
        visibleLines = max(1, height - chrome)
        let anchorX = Int((selection.first?.minX ?? 0).rounded(.down))
        let x = max(0, min(anchorX, columns - width))
        let y =
            goesBelow
            ? (selection.last.map { Int($0.maxY.rounded(.up)) } ?? top)
            : (selection.first.map { Int($0.minY.rounded(.down)) } ?? bottom) - height
        box = CellRect(column: x, row: max(top, min(y, bottom - height)), width: width, height: height)
        var frames = [CellRect](repeating: CellRect(column: 0, row: 0, width: 0, height: 0), count: labels.count)
        for (r, row) in buttonRows.enumerated() {
            var column = box.column + 2
            let y = box.row + 1 + visibleLines + 1 + r
            for i in row {
                let w = MonospaceCellMeasurer.cells(in: labels[i])
                frames[i] = CellRect(column: column, row: y, width: w, height: 1)
                column += w + 1
            }
        }
        buttons = frames
        focusedButton = panel.actions.isEmpty ? nil : 0
    }

    /// Whether the text is longer than the box shows.
    package var isScrollable: Bool { lines.count > visibleLines }

    /// Scrolls by `count` lines (negative: up), within the text.
    package mutating func scroll(by count: Int) {
        scroll = max(0, min(lines.count - visibleLines, scroll + count))
    }

    /// A key: scrolling, moving between buttons, pressing one, or Escape.
    package mutating func handleKey(_ key: Key, _ modifiers: KeyModifiers) -> Outcome {
        switch key {
        case .escape: return .close
        case .up: scroll(by: -1)
        case .down: scroll(by: 1)
        case .pageUp: scroll(by: -max(1, visibleLines - 1))
        case .pageDown: scroll(by: max(1, visibleLines - 1))
        case .home: scroll = 0
        case .end: scroll(by: lines.count)
        case .tab, .right, .left:
            guard !buttons.isEmpty else { return key == .tab ? .handled : .ignored }
            let back = key == .left || (key == .tab && modifiers.contains(.shift))
            let current = focusedButton ?? (back ? 0 : buttons.count - 1)
            focusedButton = (current + (back ? buttons.count - 1 : 1)) % buttons.count
        case .enter, .character(" "):
            guard let focusedButton else { return .close }
            return .press(focusedButton)
        default:
            return .ignored
        }
        return .handled
    }

    /// A mouse event: a button pressed, the wheel, a click inside (nothing) or outside (``Outcome/ignored``).
    package mutating func handle(_ mouse: MouseEvent) -> Outcome {
        guard box.contains(column: mouse.column, row: mouse.row) else { return .ignored }
        switch (mouse.button, mouse.action) {
        case (.wheelUp, _): scroll(by: -3)
        case (.wheelDown, _): scroll(by: 3)
        case (.left, .press):
            if let index = buttons.firstIndex(where: { $0.contains(column: mouse.column, row: mouse.row) }) {
                focusedButton = index
                return .press(index)
            }
        default: break
        }
        return .handled
    }

    /// Draws the panel into `screen`.
    package func draw(into screen: inout Screen, style: TerminalMenuStyle) {
        let inner = box.width - 2
        let title = TerminalMenuCells.fit(TerminalText.displayable(panel.title), max(0, inner - 4), center: false)
            .trimmingTrailingSpaces
        let rule = String(repeating: "─", count: max(0, inner - 3 - MonospaceCellMeasurer.cells(in: title)))
        screen.put(
            "╭─ " + title + " " + rule + "╮", column: box.column, row: box.row, style: style.border)
        let detailStyle = CellStyle(foreground: .indexed(250), background: .indexed(238), italic: true)
        for i in 0..<visibleLines {
            let y = box.row + 1 + i
            let line = scroll + i < lines.count ? lines[scroll + i] : ("", .text)
            screen.put("│", column: box.column, row: y, style: style.border)
            screen.put(
                " " + TerminalMenuCells.fit(line.text, inner - 1, center: false), column: box.column + 1, row: y,
                style: line.style == .detail ? detailStyle : style.body)
            var edge = "│"
            if isScrollable, i == 0, scroll > 0 { edge = "▲" }
            if isScrollable, i == visibleLines - 1, scroll + visibleLines < lines.count { edge = "▼" }
            screen.put(edge, column: box.column + box.width - 1, row: y, style: style.border)
        }
        let y = box.row + 1 + visibleLines
        if !buttons.isEmpty {
            screen.put(
                "├" + String(repeating: "─", count: inner) + "┤", column: box.column, row: y, style: style.border)
            let rows = Set(buttons.map(\.row)).sorted()
            for row in rows {
                screen.put("│", column: box.column, row: row, style: style.border)
                screen.put(
                    String(repeating: " ", count: inner), column: box.column + 1, row: row, style: style.body)
                screen.put("│", column: box.column + box.width - 1, row: row, style: style.border)
            }
            for (i, frame) in buttons.enumerated() {
                let label = "[ " + TerminalText.displayable(panel.actions[i].title) + " ]"
                screen.put(
                    label, column: frame.column, row: frame.row, style: i == focusedButton ? style.focused : style.body)
            }
        }
        screen.put(
            "╰" + String(repeating: "─", count: inner) + "╯", column: box.column, row: box.row + box.height - 1,
            style: style.border)
    }

    /// `text` made displayable and wrapped at spaces to `width` cells, continuation lines indented as
    /// the paragraph's first; a word longer than a line is cut.
    static func wrap(_ text: String, width: Int) -> [String] {
        func cells(_ s: some StringProtocol) -> Int { MonospaceCellMeasurer.cells(in: String(s)) }
        var out: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let safe = TerminalText.displayable(paragraph)
            let indent = String(repeating: " ", count: min(safe.prefix { $0 == " " }.count, width / 2))
            var line = indent
            var used = indent.count
            var hasWord = false
            for word in safe.split(separator: " ") {
                var piece = Substring(word)
                while !piece.isEmpty {
                    let space = hasWord ? 1 : 0
                    let w = cells(piece)
                    if used + space + w <= width {
                        line += (hasWord ? " " : "") + piece
                        used += space + w
                        hasWord = true
                        break
                    }
                    if hasWord {
                        out.append(line)
                        (line, used, hasWord) = (indent, indent.count, false)
                        continue
                    }
                    // Longer than a whole line: as much as fits (at least one Character), the rest below.
                    var head = ""
                    var headWidth = 0
                    for c in piece {
                        let cw = cells(String(c))
                        if used + headWidth + cw > width, !head.isEmpty { break }
                        head.append(c)
                        headWidth += cw
                    }
                    out.append(line + head)
                    (line, used, hasWord) = (indent, indent.count, false)
                    piece = piece.dropFirst(head.count)
                }
            }
            out.append(line)
        }
        return out
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
