import EditMenuKit
@_spi(Testing) import EditMenuTerminal

/// The demo's own colours: its bars and labels (the menu's are ``TerminalMenuStyle``).
enum DemoStyle {
    static let bar = CellStyle(reverse: true)
    static let label = CellStyle(dim: true)
    static let focusedLabel = CellStyle(bold: true)
}

extension DemoApp {
    /// Draws the whole screen: title bar, fields with their labels, the menu over them, status line.
    package func render() -> Screen {
        var screen = Screen(columns: columns, rows: rows)
        screen.fill(column: 0, row: 0, width: columns, height: 1, style: DemoStyle.bar)
        let name = file.map { TerminalText.displayable($0.path) } ?? "sample"
        let title =
            " EditMenuKit demo · \(name)\(isModified ? " •" : "") · idiom \(options.idiom?.rawValue ?? "default") · \(options.locale.identifier)"
        screen.put(title, column: 0, row: 0, style: DemoStyle.bar)
        for (index, field) in fields.enumerated() {
            if file == nil {
                let style = index == focus ? DemoStyle.focusedLabel : DemoStyle.label
                let marker = index == focus ? "▸ " : "  "
                if field.isSingleLine, field.textView != nil {
                    screen.put(marker + field.label, column: 0, row: field.frame.row, style: style)
                } else {
                    screen.put(
                        marker + field.label, column: field.frame.column - 2, row: field.frame.row - 1, style: style)
                }
            }
            field.target.draw(into: &screen, focused: index == focus)
        }
        screen.cursor = fields[focus].target.cursorPosition
        screen.fill(column: 0, row: rows - 1, width: columns, height: 1, style: DemoStyle.bar)
        screen.put(" " + TerminalText.displayable(status), column: 0, row: rows - 1, style: DemoStyle.bar)
        // The find bar takes the status line's place; the menu and the picker go over everything.
        editMenu.draw(into: &screen)
        return screen
    }
}
