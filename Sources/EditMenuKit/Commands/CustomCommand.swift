/// A command an app adds to the edit menu.
///
/// Custom commands always come after the system's: at the end of the menu by default, or right after
/// a named system section (``Placement``) — never interspersed inside one (HIG: "Show custom commands
/// after the system-provided ones").
///
/// ```swift
/// let highlight = CustomCommand(id: "highlight", title: "Highlight", placement: .after(.format))
/// ```
public struct CustomCommand: Hashable, Sendable {
    /// The command's identifier; must not be one of ``EditCommand/ID/systemDefined``.
    public var id: EditCommand.ID
    /// The title, in the app's language. Checked by `EditMenuScenario`'s `CommandTitleLint`.
    public var title: String
    /// Where the command goes.
    public var placement: Placement
    /// When the command applies.
    public var requirement: Requirement
    /// Whether the menu stays up after the command performs (UIKit's
    /// `UIMenuElement.Attributes.keepsMenuPresented`, EDIT-MENU.md §13): it is presented again for the
    /// new state — a command that changes the selection's style, say — instead of closing.
    public var keepsMenuPresented: Bool

    /// Creates a custom command.
    public init(
        id: EditCommand.ID, title: String, placement: Placement = .end,
        requirement: Requirement = .selection, keepsMenuPresented: Bool = false
    ) {
        self.keepsMenuPresented = keepsMenuPresented
        self.id = id
        self.title = title
        self.placement = placement
        self.requirement = requirement
    }

    /// Where a custom command is placed.
    public enum Placement: Hashable, Sendable {
        /// After every system-provided command (the default).
        case end
        /// Right after a system section (`.standardEdit`, `.format`, `.lookup` …), or where that section
        /// would be when it is absent.
        case after(EditMenuSection.ID)
    }

    /// What a custom command needs in order to appear.
    public enum Requirement: String, Hashable, Sendable, CaseIterable {
        /// Something is selected (the default: commands act on the selection).
        case selection
        /// The content is editable.
        case editable
        /// Always shown.
        case none
    }
}
