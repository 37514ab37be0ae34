/// The geometry-free structure of the `vertical` style (iPadOS with a keyboard or pointer): a row of
/// up to four important commands, shown as icons on top, and the rest of the menu as a list below.
package enum VerticalMenu {
    /// The commands that go in the top row when present, in order: the standard edit commands that
    /// have well-known icons (scissors, two documents, clipboard, trash can).
    package static let topRowCandidates: [EditCommand.ID] = [.cut, .copy, .paste, .delete]

    /// At most four commands in the top row (HIG: "three or four important commands").
    package static let maximumTopRowCount = 4

    /// The identifiers of the top-row commands of `menu`, in display order.
    package static func topRow(of menu: EditMenu) -> [EditCommand.ID] {
        Array(
            menu.commands.filter { $0.isEnabled && topRowCandidates.contains($0.id) }.map(\.id)
                .prefix(maximumTopRowCount))
    }

    /// The commands listed below the top row, in display order.
    package static func list(of menu: EditMenu) -> [EditCommand] {
        let top = Set(topRow(of: menu))
        return menu.commands.filter { !top.contains($0.id) }
    }
}
