import EditMenuKit

/// The colours a terminal menu is drawn in: a dark popover that reads on any terminal background.
package struct TerminalMenuStyle: Hashable, Sendable {
    /// An item's title on the menu's background.
    package var body = CellStyle(foreground: .indexed(255), background: .indexed(238))
    /// The box's border and dividers.
    package var border = CellStyle(foreground: .indexed(250), background: .indexed(238))
    /// A dimmed (unavailable) item.
    package var dimmed = CellStyle(foreground: .indexed(244), background: .indexed(238))
    /// The item with keyboard focus.
    package var focused = CellStyle(foreground: .indexed(255), background: .indexed(25), bold: true)
    /// The item whose submenu is open beside it (the keyboard is in the submenu).
    package var opened = CellStyle(foreground: .indexed(255), background: .indexed(242))

    /// The default colours.
    package init() {}
}

/// A presented menu as terminal cells — a box of box-drawing characters with the core layout's items,
/// dividers, chevrons and arrow, and a box beside it for each open submenu — and what each part does
/// when clicked.
package struct TerminalMenuCells {
    /// The menu's box, border included.
    package var box: CellRect
    /// The boxes of the submenus open beside it, outermost first (drawn over the menu).
    package var submenuBoxes: [CellRect] = []
    /// What to draw: text at a cell, in a style.
    package var cells: [(column: Int, row: Int, text: String, style: CellStyle)] = []
    /// The clickable areas (the menu's, then each submenu's).
    package var hits: [(area: CellRect, hit: MenuHit)] = []
    /// Where each submenu's areas start in ``hits``.
    private var submenuHitStarts: [Int] = []

    /// `menu` drawn in `style`, with its open submenus beside it.
    package init(_ menu: PresentedMenu, style: TerminalMenuStyle = TerminalMenuStyle()) {
        let parents = menu.submenus.map(\.parent)
        self =
            menu.layout.style == .compact
            ? Self.compact(menu, style: style)
            : Self.list(
                menu.layout, commands: menu.menu, focused: menu.focusedItem, opened: parents.first, style: style)
        for (n, submenu) in menu.submenus.enumerated() {
            let drawn = Self.list(
                submenu.layout, commands: menu.menu, focused: submenu.focusedItem,
                opened: n + 1 < parents.count ? parents[n + 1] : nil,
                style: style)
            submenuBoxes.append(drawn.box)
            submenuHitStarts.append(hits.count)
            cells += drawn.cells
            hits += drawn.hits
        }
    }

    init(box: CellRect) { self.box = box }

    mutating func put(_ text: String, _ column: Int, _ row: Int, _ style: CellStyle) {
        cells.append((column, row, text, style))
    }

    /// What is at a cell: an item, a chevron, a box between them, or outside. Submenus lie over the
    /// menu: the innermost is tested first.
    package func hitTest(column: Int, row: Int) -> MenuHit {
        var end = hits.count
        for (box, start) in zip(submenuBoxes, submenuHitStarts).reversed() {
            if box.contains(column: column, row: row) {
                return hits[start..<end].first { $0.area.contains(column: column, row: row) }?.hit ?? .body
            }
            end = start
        }
        guard box.contains(column: column, row: row) else { return .outside }
        return hits[0..<end].first { $0.area.contains(column: column, row: row) }?.hit ?? .body
    }

    /// Draws the cells into `screen`.
    package func draw(into screen: inout Screen) {
        for c in cells { screen.put(c.text, column: c.column, row: c.row, style: c.style) }
    }

    static func itemStyle(
        _ item: EditMenuLayout.Item, focused: EditCommand.ID?, opened: EditCommand.ID? = nil, style: TerminalMenuStyle
    ) -> CellStyle {
        if item.id == opened { return style.opened }
        if item.id == focused { return style.focused }
        if !item.isEnabled { return style.dimmed }
        return style.body
    }

    /// The compact bar: `╭─────┬──────╮ / │ Cut │ Copy │ / ╰──▼──┴──────╯`, every element ending in a divider.
    static func compact(_ menu: PresentedMenu, style: TerminalMenuStyle) -> TerminalMenuCells {
        let layout = menu.layout
        let frame = layout.placement.frame
        let x0 = Int(frame.minX.rounded()), y = Int(frame.minY.rounded())
        var elements: [(x: Int, width: Int, text: String, style: CellStyle, hit: MenuHit)] = []
        for item in layout.items {
            elements.append(
                (
                    Int(item.frame.minX.rounded()), Int(item.frame.width.rounded()),
                    TerminalText.displayable(item.title),
                    itemStyle(item, focused: menu.focusedItem, style: style), .item(item.id)
                ))
        }
        for chevron in layout.chevrons {
            // "next" and the `current` bar's "expand" point the reading direction.
            let pointsLeft = (chevron.direction == .previous) != layout.isMirrored
            // The expanding chevron takes the keyboard's focus after the last item shown.
            let focused = chevron.direction == .expand && menu.focusedItem == MenuKeyboardNavigation.chevronID
            elements.append(
                (
                    Int(chevron.frame.minX.rounded()), Int(chevron.frame.width.rounded()), pointsLeft ? "◀" : "▶",
                    focused ? style.focused : chevron.isEnabled ? style.body : style.dimmed,
                    .chevron(chevron.direction)
                ))
        }
        elements.sort { $0.x < $1.x }
        let right = (elements.last.map { $0.x + $0.width } ?? x0 + 1) - 1
        var cells = TerminalMenuCells(box: CellRect(column: x0 - 1, row: y - 1, width: right - x0 + 2, height: 3))
        var top = Array(repeating: "─", count: right - x0 + 2)
        top[0] = "╭"
        top[top.count - 1] = "╮"
        var bottom = Array(repeating: "─", count: right - x0 + 2)
        bottom[0] = "╰"
        bottom[bottom.count - 1] = "╯"
        cells.put("│", x0 - 1, y, style.border)
        for (n, e) in elements.enumerated() {
            let interior = max(0, e.width - 1)
            var label = " " + e.text
            while MonospaceCellMeasurer.cells(in: label) < interior { label += " " }
            cells.put(label, e.x, y, e.style)
            cells.put("│", e.x + e.width - 1, y, style.border)
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
        cells.put(top.joined(), x0 - 1, y - 1, style.border)
        cells.put(bottom.joined(), x0 - 1, y + 1, style.border)
        return cells
    }

    /// Vertical lists (vertical, contextMenu, menuBar): a box of rows, the vertical style's top row first,
    /// dividers between sections, shortcuts on the right, ▸ for submenus.
    static func list(
        _ layout: EditMenuLayout, commands: EditMenu, focused: EditCommand.ID?, opened: EditCommand.ID? = nil,
        style: TerminalMenuStyle
    ) -> TerminalMenuCells {
        let frame = layout.placement.frame
        let x0 = Int(frame.minX.rounded()), width = max(4, Int(frame.width.rounded()))
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
            layout.placement.side == .above ? Int(frame.maxY.rounded()) - height - 1 : Int(frame.minY.rounded()) - 1
        var cells = TerminalMenuCells(
            box: CellRect(column: x0 - 1, row: topBorder, width: width + 2, height: height + 2))
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
        cells.put(top.joined(), x0 - 1, topBorder, style.border)
        let rtl = layout.isMirrored
        for (i, row) in rowsOut.enumerated() {
            let y = topBorder + 1 + i
            cells.put("│", x0 - 1, y, style.border)
            cells.put("│", x0 + width, y, style.border)
            switch row {
            case .divider:
                cells.put("├" + String(repeating: "─", count: width) + "┤", x0 - 1, y, style.border)
            case .top(let items):
                cells.put(String(repeating: " ", count: width), x0, y, style.body)
                let cellWidth = width / max(1, items.count)
                let ordered = rtl ? items.reversed() : items
                for (n, item) in ordered.enumerated() {
                    let x = x0 + n * cellWidth
                    let last = n == ordered.count - 1
                    let span = last ? width - n * cellWidth : cellWidth - 1
                    cells.put(
                        fit(TerminalText.displayable(item.title), span, center: true), x, y,
                        itemStyle(item, focused: focused, opened: opened, style: style))
                    if !last { cells.put("│", x + cellWidth - 1, y, style.border) }
                    cells.hits.append((CellRect(column: x, row: y, width: span, height: 1), .item(item.id)))
                }
            case .item(let item):
                let title = TerminalText.displayable(item.title)
                let trailing =
                    (item.shortcut.map { TerminalText.displayable($0) } ?? "")
                    + (item.hasSubmenu ? (rtl ? " ◂" : " ▸") : "")
                var row = composeRow(title: title, trailing: trailing, width: width, rightToLeft: rtl)
                if commands.command(item.id)?.isChecked == true {
                    // A toggle that is on: a check mark in the padding before the title.
                    row = rtl ? String(row.dropLast()) + "✓" : "✓" + row.dropFirst()
                }
                cells.put(row, x0, y, itemStyle(item, focused: focused, opened: opened, style: style))
                cells.hits.append((CellRect(column: x0, row: y, width: width, height: 1), .item(item.id)))
            }
        }
        cells.put(bottom.joined(), x0 - 1, topBorder + height + 1, style.border)
        return cells
    }

    /// `" Title      Ctrl+C "` in `width` cells (mirrored for right to left), cut with `…` when too long.
    static func composeRow(title: String, trailing: String, width: Int, rightToLeft: Bool) -> String {
        let t = MonospaceCellMeasurer.cells(in: title), s = MonospaceCellMeasurer.cells(in: trailing)
        let room = width - 2
        guard t + s + (s > 0 ? 1 : 0) <= room else { return " " + fit(title, room, center: false) + " " }
        let gap = String(repeating: " ", count: room - t - s)
        return rightToLeft ? " " + trailing + gap + title + " " : " " + title + gap + trailing + " "
    }

    /// `text` cut (with `…`) or padded to exactly `width` cells, optionally centred.
    package static func fit(_ text: String, _ width: Int, center: Bool) -> String {
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
