import Foundation

/// Changing a menu — what a delegate does in
/// ``EditMenuControllerDelegate/editMenuController(_:menuFor:suggestedMenu:)``.
extension EditMenu {
    /// The menu without the command `id` (searched through submenus too); sections left empty go.
    public func removing(_ id: EditCommand.ID) -> EditMenu {
        func strip(_ commands: [EditCommand]) -> [EditCommand] {
            commands.compactMap { command in
                guard command.id != id else { return nil }
                var kept = command
                if !command.children.isEmpty {
                    kept.children = strip(command.children)
                    if kept.children.isEmpty { return nil }
                }
                return kept
            }
        }
        return EditMenu(
            style: style, sections: sections.map { EditMenuSection(id: $0.id, commands: strip($0.commands)) })
    }

    /// Adds `command` in a section of its own right after section `section` (or at the end when the
    /// menu has no such section), as custom commands are placed.
    public mutating func append(_ command: EditCommand, after section: EditMenuSection.ID? = nil) {
        let added = EditMenuSection(id: section.map(EditMenuSection.ID.custom(after:)) ?? .custom, commands: [command])
        if let section, let index = sections.lastIndex(where: { $0.id == section || $0.id == .custom(after: section) })
        {
            if sections[index].id == added.id {
                sections[index].commands.append(command)
            } else {
                sections.insert(added, at: index + 1)
            }
        } else if let last = sections.last, last.id == .custom {
            sections[sections.count - 1].commands.append(command)
        } else {
            sections.append(added)
        }
    }

    /// The menu with the command `id` replaced by `replacement` (searched through submenus too).
    public func replacing(_ id: EditCommand.ID, with replacement: EditCommand) -> EditMenu {
        func swap(_ commands: [EditCommand]) -> [EditCommand] {
            commands.map { command in
                if command.id == id { return replacement }
                var kept = command
                kept.children = swap(command.children)
                return kept
            }
        }
        return EditMenu(
            style: style, sections: sections.map { EditMenuSection(id: $0.id, commands: swap($0.commands)) })
    }
}
