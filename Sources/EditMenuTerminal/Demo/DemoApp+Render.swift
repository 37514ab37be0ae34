import EditMenuKit

/// Where a click on the menu lands.
enum MenuHit: Hashable {
    case item(EditCommand.ID)
    case previousPage
    case nextPage
}

/// The menu as cells: the box and what each part of it does when clicked.
struct MenuCells {
    var box: CellRect
    var cells: [(column: Int, row: Int, text: String, style: CellStyle)] = []
    var hits: [(area: CellRect, hit: MenuHit)] = []

    mutating func put(_ text: String, _ column: Int, _ row: Int, _ style: CellStyle) {
        cells.append((column, row, text, style))
    }
}

/// Colors: a dark popover on any terminal background.
enum DemoStyle {
    static let body = CellStyle(foreground: .indexed(255), background: .indexed(238))
    static let border = CellStyle(foreground: .indexed(250), background: .indexed(238))
    static let dimmed = CellStyle(foreground: .indexed(244), background: .indexed(238))
    static let focused = CellStyle(foreground: .indexed(255), background: .indexed(25), bold: true)
    static let suggested = CellStyle(foreground: .indexed(117), background: .indexed(238))
    static let selection = CellStyle(foreground: .indexed(16), background: .indexed(153))
    static let bar = CellStyle(reverse: true)
    static let label = CellStyle(dim: true)
    static let focusedLabel = CellStyle(bold: true)
    static let staticText = CellStyle(italic: true)
}

extension DemoApp {
    /// Draws the whole screen.
    public func render() -> Screen {
        var screen = Screen(columns: columns, rows: rows)
        let width = MonospaceCellMeasurer.cells(in:) as (Character) -> Int
        // Title bar.
        screen.fill(column: 0, row: 0, width: columns, height: 1, style: DemoStyle.bar)
        let name = file.map { TerminalText.displayable($0.path) } ?? "sample"
        let title =
            " EditMenuKit demo · \(name)\(isModified ? " •" : "") · idiom \(options.idiom?.rawValue ?? "default") · \(options.locale.identifier)"
        screen.put(title, column: 0, row: 0, style: DemoStyle.bar, width: width)
        for index in fields.indices { draw(field: index, on: &screen) }
        // Caret.
        if case .text(let editor, _) = fields[focus].content, editor.selection.isEmpty,
            editor.isEditable || editor.isSecure,
            let caret = targetRects().first
        {
            screen.cursor = Screen.Position(column: Int(caret.x), row: Int(caret.y))
        }
        if let cells = menuCells() {
            for c in cells.cells { screen.put(c.text, column: c.column, row: c.row, style: c.style, width: width) }
            screen.cursor = nil
        }
        // Status line.
        screen.fill(column: 0, row: rows - 1, width: columns, height: 1, style: DemoStyle.bar)
        screen.put(" " + TerminalText.displayable(status), column: 0, row: rows - 1, style: DemoStyle.bar, width: width)
        return screen
    }

    private func draw(field index: Int, on screen: inout Screen) {
        let field = fields[index]
        let frame = field.frame
        let width = MonospaceCellMeasurer.cells(in:) as (Character) -> Int
        let labelStyle = index == focus ? DemoStyle.focusedLabel : DemoStyle.label
        if file == nil {
            let marker = index == focus ? "▸ " : "  "
            if field.isSingleLine, case .text = field.content {
                screen.put(marker + field.label, column: 0, row: frame.row, style: labelStyle, width: width)
            } else {
                screen.put(
                    marker + field.label, column: frame.column - 2, row: frame.row - 1, style: labelStyle, width: width)
            }
        }
        switch field.content {
        case .text(let editor, let viewport):
            let selection = editor.selection
            let base = editor.isEditable ? CellStyle.plain : DemoStyle.staticText
            if field.isSingleLine {
                screen.fill(
                    column: frame.column, row: frame.row, width: frame.width, height: 1,
                    style: CellStyle(underline: true))
            }
            for (i, row) in viewport.rows(in: editor.storage).enumerated() where i < frame.height {
                for g in row.glyphs {
                    let selected = g.offset >= selection.lowerBound && g.offset < selection.upperBound
                    var style = selected ? DemoStyle.selection : base
                    if field.isSingleLine { style.underline = true }
                    screen.put(
                        g.display, column: frame.column + g.column, row: frame.row + i, style: style, width: width)
                }
            }
        case .button(let title, _):
            let inner = " \(title) "
            let w = MonospaceCellMeasurer.cells(in: inner)
            let style = index == focus ? CellStyle(bold: true) : CellStyle.plain
            screen.put(
                "╭" + String(repeating: "─", count: w) + "╮", column: frame.column, row: frame.row, style: style,
                width: width)
            screen.put("│" + inner + "│", column: frame.column, row: frame.row + 1, style: style, width: width)
            screen.put(
                "╰" + String(repeating: "─", count: w) + "╯", column: frame.column, row: frame.row + 2, style: style,
                width: width)
        case .objects(let editor, _):
            let selected = !editor.selection.isEmpty
            let style = selected ? DemoStyle.selection : CellStyle.plain
            let inner = max(0, frame.width - 2)
            let text: String
            switch editor.objects.first {
            case .image(let png)?: text = "🌅 sunset.png · \(png.count) B"
            case .contact(_, let name)?: text = "👤 \(name)"
            case .file(let url)?: text = "📄 \(url.lastPathComponent)"
            case nil: text = "(empty — paste here)"
            }
            screen.put(
                "╭" + String(repeating: "─", count: inner) + "╮", column: frame.column, row: frame.row, style: style,
                width: width)
            screen.fill(column: frame.column, row: frame.row + 1, width: frame.width, height: 1, style: style)
            screen.put("│", column: frame.column, row: frame.row + 1, style: style, width: width)
            screen.put(
                fit(" " + TerminalText.displayable(text), inner, center: false), column: frame.column + 1,
                row: frame.row + 1,
                style: style, width: width)
            screen.put("│", column: frame.column + frame.width - 1, row: frame.row + 1, style: style, width: width)
            screen.put(
                "╰" + String(repeating: "─", count: inner) + "╯", column: frame.column, row: frame.row + 2,
                style: style, width: width)
        }
    }

    // MARK: The menu

    func clickMenu(_ hit: MenuHit) {
        guard let open = menu else { return }
        switch hit {
        case .previousPage: apply(interaction.handle(.previousPage))
        case .nextPage: apply(interaction.handle(.nextPage))
        case .item(let id):
            guard let item = open.layout.items.first(where: { $0.id == id }), item.isEnabled else { return }
            if item.hasSubmenu { openSubmenu(id) } else { perform(id, fromMenu: true) }
        }
    }

    /// The open menu drawn as cells from the core's layout.
    func menuCells() -> MenuCells? {
        guard let open = menu else { return nil }
        let layout = open.layout
        return layout.style == .compact ? compactCells(open) : listCells(open)
    }

    private func itemStyle(_ item: EditMenuLayout.Item, focused: EditCommand.ID?) -> CellStyle {
        if item.id == focused { return DemoStyle.focused }
        if !item.isEnabled { return DemoStyle.dimmed }
        return DemoStyle.body
    }

    /// The compact bar: `╭─────┬──────╮ / │ Cut │ Copy │ / ╰──▼──┴──────╯`, every element ending in a divider.
    private func compactCells(_ open: OpenMenu) -> MenuCells {
        let layout = open.layout
        let frame = layout.placement.frame
        let x0 = Int(frame.x.rounded()), y = Int(frame.y.rounded())
        var elements: [(x: Int, width: Int, text: String, style: CellStyle, hit: MenuHit)] = []
        for item in layout.items {
            elements.append(
                (
                    Int(item.frame.x.rounded()), Int(item.frame.width.rounded()), TerminalText.displayable(item.title),
                    itemStyle(item, focused: open.focused), .item(item.id)
                ))
        }
        for chevron in layout.chevrons {
            let pointsLeft = (chevron.direction == .previous) != layout.isMirrored
            elements.append(
                (
                    Int(chevron.frame.x.rounded()), Int(chevron.frame.width.rounded()), pointsLeft ? "◀" : "▶",
                    chevron.isEnabled ? DemoStyle.body : DemoStyle.dimmed,
                    chevron.direction == .previous ? .previousPage : .nextPage
                ))
        }
        elements.sort { $0.x < $1.x }
        let right = (elements.last.map { $0.x + $0.width } ?? x0 + 1) - 1
        var cells = MenuCells(box: CellRect(column: x0 - 1, row: y - 1, width: right - x0 + 2, height: 3))
        var top = Array(repeating: "─", count: right - x0 + 2)
        top[0] = "╭"
        top[top.count - 1] = "╮"
        var bottom = Array(repeating: "─", count: right - x0 + 2)
        bottom[0] = "╰"
        bottom[bottom.count - 1] = "╯"
        cells.put("│", x0 - 1, y, DemoStyle.border)
        for (n, e) in elements.enumerated() {
            let interior = max(0, e.width - 1)
            var label = " " + e.text
            while MonospaceCellMeasurer.cells(in: label) < interior { label += " " }
            cells.put(label, e.x, y, e.style)
            cells.put("│", e.x + e.width - 1, y, DemoStyle.border)
            cells.hits.append((CellRect(column: e.x, row: y - 1, width: e.width, height: 3), e.hit))
            if n < elements.count - 1 {
                let divider = e.x + e.width - 1 - (x0 - 1)
                if divider > 0, divider < top.count - 1 {
                    top[divider] = "┬"
                    bottom[divider] = "┴"
                }
            }
        }
        if let ax = layout.placement.arrowX {
            let column = Int(ax.rounded(.down)) - (x0 - 1)
            if column > 0, column < top.count - 1 {
                if layout.placement.arrowDirection == .down { bottom[column] = "▼" }
                if layout.placement.arrowDirection == .up { top[column] = "▲" }
            }
        }
        cells.put(top.joined(), x0 - 1, y - 1, DemoStyle.border)
        cells.put(bottom.joined(), x0 - 1, y + 1, DemoStyle.border)
        return cells
    }

    /// Vertical lists (vertical, contextMenu, menuBar): a box of rows, the vertical style's top row first,
    /// dividers between sections, shortcuts on the right, ▸ for submenus.
    private func listCells(_ open: OpenMenu) -> MenuCells {
        let layout = open.layout
        let frame = layout.placement.frame
        let x0 = Int(frame.x.rounded()), width = max(4, Int(frame.width.rounded()))
        // Rows in order: the top row (one row), then list items with dividers between sections.
        enum Row {
            case top([EditMenuLayout.Item])
            case item(EditMenuLayout.Item)
            case divider
        }
        var rowsOut: [Row] = []
        let topItems = layout.items.filter { $0.region == .topRow }
        if !topItems.isEmpty { rowsOut.append(.top(topItems)) }
        var previousBottom: Double? = topItems.first.map { $0.frame.maxY }
        for item in layout.items where item.region == .list {
            if let bottom = previousBottom,
                layout.dividers.contains(where: {
                    $0.width > 0 && $0.midY >= bottom - 0.01 && $0.midY <= item.frame.minY + 0.01
                })
            {
                rowsOut.append(.divider)
            }
            rowsOut.append(.item(item))
            previousBottom = item.frame.maxY
        }
        let height = rowsOut.count
        let topBorder =
            layout.placement.side == .above ? Int(frame.maxY.rounded()) - height - 1 : Int(frame.y.rounded()) - 1
        var cells = MenuCells(box: CellRect(column: x0 - 1, row: topBorder, width: width + 2, height: height + 2))
        var top = Array(repeating: "─", count: width + 2)
        top[0] = "╭"
        top[width + 1] = "╮"
        var bottom = Array(repeating: "─", count: width + 2)
        bottom[0] = "╰"
        bottom[width + 1] = "╯"
        // A menu-bar menu drops from its title: no arrow.
        if let ax = layout.placement.arrowX, layout.style != .menuBar {
            let column = Int(ax.rounded(.down)) - (x0 - 1)
            if column > 0, column <= width {
                if layout.placement.arrowDirection == .down { bottom[column] = "▼" }
                if layout.placement.arrowDirection == .up { top[column] = "▲" }
            }
        }
        cells.put(top.joined(), x0 - 1, topBorder, DemoStyle.border)
        let rtl = layout.isMirrored
        for (i, row) in rowsOut.enumerated() {
            let y = topBorder + 1 + i
            cells.put("│", x0 - 1, y, DemoStyle.border)
            cells.put("│", x0 + width, y, DemoStyle.border)
            switch row {
            case .divider:
                cells.put("├" + String(repeating: "─", count: width) + "┤", x0 - 1, y, DemoStyle.border)
            case .top(let items):
                cells.put(String(repeating: " ", count: width), x0, y, DemoStyle.body)
                let cellWidth = width / max(1, items.count)
                let ordered = rtl ? items.reversed() : items
                for (n, item) in ordered.enumerated() {
                    let x = x0 + n * cellWidth
                    let last = n == ordered.count - 1
                    let span = last ? width - n * cellWidth : cellWidth - 1
                    cells.put(
                        fit(TerminalText.displayable(item.title), span, center: true), x, y,
                        itemStyle(item, focused: open.focused))
                    if !last { cells.put("│", x + cellWidth - 1, y, DemoStyle.border) }
                    cells.hits.append((CellRect(column: x, row: y, width: span, height: 1), .item(item.id)))
                }
            case .item(let item):
                let title = TerminalText.displayable(item.title)
                let trailing =
                    (item.shortcut.map { TerminalText.displayable($0) } ?? "")
                    + (item.hasSubmenu ? (rtl ? " ◂" : " ▸") : "")
                cells.put(
                    composeRow(title: title, trailing: trailing, width: width, rightToLeft: rtl), x0, y,
                    itemStyle(item, focused: open.focused))
                cells.hits.append((CellRect(column: x0, row: y, width: width, height: 1), .item(item.id)))
            }
        }
        cells.put(bottom.joined(), x0 - 1, topBorder + height + 1, DemoStyle.border)
        return cells
    }

    /// `" Title      Ctrl+C "` in `width` cells (mirrored for right to left), cut with `…` when too long.
    func composeRow(title: String, trailing: String, width: Int, rightToLeft: Bool) -> String {
        let t = MonospaceCellMeasurer.cells(in: title), s = MonospaceCellMeasurer.cells(in: trailing)
        let room = width - 2
        guard t + s + (s > 0 ? 1 : 0) <= room else { return " " + fit(title, room, center: false) + " " }
        let gap = String(repeating: " ", count: room - t - s)
        return rightToLeft ? " " + trailing + gap + title + " " : " " + title + gap + trailing + " "
    }

    /// `text` cut (with `…`) or padded to exactly `width` cells, optionally centred.
    func fit(_ text: String, _ width: Int, center: Bool) -> String {
        var out = ""
        var used = 0
        if MonospaceCellMeasurer.cells(in: text) <= width {
            out = text
            used = MonospaceCellMeasurer.cells(in: text)
        } else if width > 0 {
            for c in text {
                let w = MonospaceCellMeasurer.cells(in: c)
                if used + w > width - 1 { break }
                out.append(c)
                used += w
            }
            out += "…"
            used += 1
        }
        if center {
            let left = max(0, (width - used) / 2)
            out = String(repeating: " ", count: left) + out
            used += left
        }
        return out + String(repeating: " ", count: max(0, width - used))
    }
}
