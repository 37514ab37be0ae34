/// Content that performs the edit menu's commands: ``TextEditor`` for text, ``ObjectEditor`` for
/// images, files and contact cards; a host's own content (a canvas, a table) conforms to join the
/// same menu.
///
/// ```swift
/// func run(_ command: EditCommand.ID, on target: inout some EditingTarget, pasteboard: any Pasteboard) {
///     guard target.canPerform(command, pasteboard: pasteboard) else { return }
///     do { try target.perform(command, pasteboard: pasteboard) } catch { report(error) }
/// }
/// ```
public protocol EditingTarget {
    /// Whether `command` would do something now (the menu's availability, from the content itself).
    func canPerform(_ command: EditCommand.ID, pasteboard: any Pasteboard) -> Bool
    /// Performs `command`, reading or writing `pasteboard` as Cut, Copy and Paste do.
    mutating func perform(_ command: EditCommand.ID, pasteboard: any Pasteboard) throws(EditingError)
}
