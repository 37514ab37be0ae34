import EditMenuKit

/// The terminal's find bar (Find ▸ Find… and Find and Replace…): one row at the bottom of the screen
/// with the find field — and a second with the replace field — where the status line usually is.
///
/// ```
///  Find: needle█                         2 of 5 · ⏎/↓ next · ↑ previous · Tab replace · Esc done
///  Replace: pin                          ⏎ replace · Alt+A replace all
/// ```
///
/// Typing edits the focused field and finds as people type (from where the bar opened); Return and ↓
/// find the next match, ↑ the previous one; in the replace field Return replaces the match and finds
/// the next, Alt+A replaces all; Tab moves between the fields (opening the replace field); Escape
/// closes the bar. The bar only edits and reports: what it asks for is an ``Action`` its owner
/// performs (``TerminalEditMenu`` through its `EditMenuController`), then shows with ``status``.
package struct TerminalFindBar: Hashable, Sendable {
    /// Which field has the keyboard.
    package enum Field: Hashable, Sendable {
        /// The text searched for.
        case find
        /// The text matches are replaced with.
        case replace
    }

    /// What the bar asks its owner to do (which carries it out with
    /// `EditMenuController.carryOut(_:fromAnchor:)`).
    package typealias Action = FindBarRequest

    /// What a key or click did.
    package enum Outcome: Hashable, Sendable {
        /// Nothing for the owner to do (the key moved the focus, or was not the bar's).
        case handled
        /// The owner performs this.
        case action(Action)
        /// The bar has no use for the event.
        case ignored
    }

    /// The find field's text.
    package var needle: String
    /// The replace field's text.
    package var replacement: String
    /// Whether the replace field shows (Find and Replace…).
    package var showsReplace: Bool
    /// The field with the keyboard.
    package var focus: Field = .find
    /// What the last search said ("2 of 5", "Not found", "Wrapped"), shown at the right.
    package var status = ""
    /// The field labels, localized by the owner.
    package var findLabel = "Find"
    /// The replace field's label.
    package var replaceLabel = "Replace"

    /// A bar searching for `needle`, with the replace field when `showsReplace`.
    package init(needle: String = "", replacement: String = "", showsReplace: Bool = false) {
        self.needle = needle
        self.replacement = replacement
        self.showsReplace = showsReplace
    }

    /// How many rows the bar takes at the bottom of the screen.
    package var height: Int { showsReplace ? 2 : 1 }

    /// Handles a key (or typed text, as `.character` keys without modifiers).
    package mutating func handleKey(_ key: Key, _ modifiers: KeyModifiers) -> Outcome {
        switch (key, modifiers) {
        case (.escape, _):
            return .action(.close)
        case (.enter, []), (.down, []):
            if focus == .replace, key == .enter { return .action(.replace(needle, with: replacement)) }
            return needle.isEmpty ? .handled : .action(.find(needle, .forward))
        case (.enter, .shift), (.up, []):
            return needle.isEmpty ? .handled : .action(.find(needle, .backward))
        case (.tab, _):
            if !showsReplace {
                showsReplace = true
                focus = .replace
            } else {
                focus = focus == .find ? .replace : .find
            }
            return .handled
        case (.character("a"), .option):
            return showsReplace ? .action(.replaceAll(needle, with: replacement)) : .ignored
        case (.backspace, _):
            switch focus {
            case .find:
                guard !needle.isEmpty else { return .handled }
                needle.removeLast()
                return .action(.incremental(needle))
            case .replace:
                if !replacement.isEmpty { replacement.removeLast() }
                return .handled
            }
        case (.character("u"), .control):
            // Ctrl+U clears the field, as in a shell.
            switch focus {
            case .find:
                needle = ""
                return .action(.incremental(needle))
            case .replace:
                replacement = ""
                return .handled
            }
        case (.left, _), (.right, _), (.home, _), (.end, _), (.pageUp, _), (.pageDown, _), (.delete, _):
            return .handled
        default:
            return .ignored
        }
    }

    /// Handles typed (or pasted) text: it goes into the focused field (line breaks and control
    /// characters dropped).
    package mutating func insert(_ text: String) -> Outcome {
        let clean = String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        guard !clean.isEmpty else { return .handled }
        switch focus {
        case .find:
            guard needle.utf8.count + clean.utf8.count <= Self.maximumFieldBytes else { return .handled }
            needle += clean
            return .action(.incremental(needle))
        case .replace:
            guard replacement.utf8.count + clean.utf8.count <= Self.maximumFieldBytes else { return .handled }
            replacement += clean
            return .handled
        }
    }

    /// The longest text a field takes.
    package static let maximumFieldBytes = 4096

    // MARK: Drawing

    /// The bar's key hints for a screen `columns` wide.
    private func hints(_ field: Field) -> String {
        switch field {
        case .find:
            return showsReplace ? "⏎/↓ next · ↑ previous · Esc done" : "⏎/↓ next · ↑ previous · Tab replace · Esc done"
        case .replace: return "⏎ replace · Alt+A replace all · Tab find"
        }
    }

    /// The rows the bar covers on a screen of `rows` rows.
    package func rows(screenRows rows: Int) -> Range<Int> { max(0, rows - height)..<rows }

    /// Draws the bar over the last rows of `screen`, and puts the terminal cursor in the focused field.
    package func draw(into screen: inout Screen, style: TerminalMenuStyle = TerminalMenuStyle()) {
        let columns = screen.columns
        let first = screen.rows - height
        guard first >= 0 else { return }
        var fields: [(Field, String, String)] = [(.find, findLabel, needle)]
        if showsReplace { fields.append((.replace, replaceLabel, replacement)) }
        for (index, (field, label, text)) in fields.enumerated() {
            let row = first + index
            screen.fill(column: 0, row: row, width: columns, height: 1, style: style.body)
            var column = screen.put(" \(label): ", column: 0, row: row, style: style.border)
            let right = index == 0 && !status.isEmpty ? "\(status) · \(hints(field)) " : "\(hints(field)) "
            let rightWidth = MonospaceCellMeasurer.cells(in: right)
            let room = max(4, columns - column - rightWidth - 1)
            // Show the end of a long field (where people type).
            var shown = TerminalText.displayable(text)
            while MonospaceCellMeasurer.cells(in: shown) > room - 1, !shown.isEmpty { shown.removeFirst() }
            let fieldStyle = focus == field ? style.focused : style.body
            screen.fill(column: column, row: row, width: room, height: 1, style: fieldStyle)
            let end = screen.put(shown, column: column, row: row, style: fieldStyle)
            if focus == field { screen.cursor = Screen.Position(column: min(end, columns - 1), row: row) }
            column += room + 1
            if columns - rightWidth >= column {
                screen.put(right, column: columns - rightWidth, row: row, style: style.dimmed)
            }
        }
    }
}
