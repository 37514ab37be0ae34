import Foundation

/// The app's say in an ``EditMenuController``'s menus, as `UIEditMenuInteractionDelegate` gives it in
/// UIKit: change the menu, move its target, prefer a side, hear when it comes and goes, and perform
/// the commands the app added. Every method has a default that does nothing (or keeps the controller's
/// choice).
///
/// ```swift
/// final class Notes: EditMenuControllerDelegate {
///     func editMenuController(_ controller: EditMenuController, menuFor context: EditMenuContext,
///                             suggestedMenu: EditMenu) -> EditMenu {
///         var menu = suggestedMenu.removing(.share)                    // no Share… here
///         menu.append(EditCommand(id: "highlight", title: "Highlight", kind: .custom), after: .format)
///         return menu
///     }
///     func editMenuController(_ controller: EditMenuController, performCustomCommand id: EditCommand.ID) -> Bool {
///         id == "highlight" ? highlightSelection() : false
///     }
/// }
/// ```
public protocol EditMenuControllerDelegate: AnyObject {
    /// The menu to show for `context`: `suggestedMenu` (the system's, with the configuration's custom
    /// commands) as it is, or changed — items added, removed (standard ones too), reordered or
    /// replaced. An empty menu is not shown. UIKit: `editMenuInteraction(_:menuFor:suggestedActions:)`.
    func editMenuController(
        _ controller: EditMenuController, menuFor context: EditMenuContext, suggestedMenu: EditMenu
    ) -> EditMenu

    /// The rect the menu points at, in the host's coordinates, instead of the selection's lines;
    /// `nil` keeps the selection. UIKit: `editMenuInteraction(_:targetRectFor:)`.
    func editMenuController(_ controller: EditMenuController, targetRectFor context: EditMenuContext) -> CGRect?

    /// The side the menu prefers: `.down` (above the target, the default), `.up` (below it); `nil`
    /// lets the controller choose. UIKit: `UIEditMenuConfiguration.preferredArrowDirection`.
    func editMenuControllerPreferredArrowDirection(_ controller: EditMenuController) -> MenuPlacement.ArrowDirection?

    /// The menu is about to be shown (also when it comes back after scrolling, turns a page or opens a
    /// submenu). UIKit: `editMenuInteraction(_:willPresentMenuFor:animator:)`.
    func editMenuController(_ controller: EditMenuController, willPresent menu: PresentedMenu)

    /// The menu was removed (dismissed, a command chosen, typing, a tap elsewhere). UIKit:
    /// `editMenuInteraction(_:willDismissMenuFor:animator:)`.
    func editMenuController(_ controller: EditMenuController, didDismiss menu: PresentedMenu)

    /// Performs a command the app added (a ``CustomCommand`` or an item the delegate put in the
    /// menu); returns whether it did. The controller performs every system command itself.
    func editMenuController(_ controller: EditMenuController, performCustomCommand id: EditCommand.ID) -> Bool

    /// A command was performed (or failed): for a status line, a log, an announcement.
    func editMenuController(_ controller: EditMenuController, didPerform id: EditCommand.ID, outcome: PerformOutcome)

    /// A gesture or request asked for a menu and none is shown, for `reason`.
    func editMenuController(_ controller: EditMenuController, didNotPresentFor reason: NotPresentedReason)

    /// Typing, an editing key or a paste that the host applied to its content failed, for `message`
    /// (read-only or secure text): for a status line, as a failed command is. The host reports it with
    /// ``EditMenuController/editingFailed(_:)``.
    func editMenuController(_ controller: EditMenuController, didFailEditing message: String)

    /// People pressed the trailing arrow on an item of the app's Edit menu that opens no submenu, or
    /// the leading arrow at its top level: on macOS that moves to the next (or previous) menu of the
    /// menu bar. A host with other menu-bar menus opens that menu and returns `true` (the Edit menu is
    /// then dismissed); `false`, the default, keeps the Edit menu as it is.
    func editMenuController(_ controller: EditMenuController, moveToMenuBarMenu direction: MenuBarDirection) -> Bool
}

/// Which neighbouring menu of the menu bar the arrow keys ask for.
public enum MenuBarDirection: String, Hashable, Sendable {
    /// The next menu (to the right, or to the left in a right-to-left menu bar).
    case next
    /// The previous menu.
    case previous
}

extension EditMenuControllerDelegate {
    /// Does nothing.
    public func editMenuController(_ controller: EditMenuController, didFailEditing message: String) {}

    /// Keeps the suggested menu.
    public func editMenuController(
        _ controller: EditMenuController, menuFor context: EditMenuContext, suggestedMenu: EditMenu
    ) -> EditMenu { suggestedMenu }

    /// Keeps the selection as the target.
    public func editMenuController(_ controller: EditMenuController, targetRectFor context: EditMenuContext)
        -> CGRect?
    { nil }

    /// Lets the controller choose.
    public func editMenuControllerPreferredArrowDirection(_ controller: EditMenuController)
        -> MenuPlacement.ArrowDirection?
    { nil }

    /// Does nothing.
    public func editMenuController(_ controller: EditMenuController, willPresent menu: PresentedMenu) {}

    /// Does nothing.
    public func editMenuController(_ controller: EditMenuController, didDismiss menu: PresentedMenu) {}

    /// Performs nothing.
    public func editMenuController(_ controller: EditMenuController, performCustomCommand id: EditCommand.ID)
        -> Bool
    { false }

    /// Does nothing.
    public func editMenuController(
        _ controller: EditMenuController, didPerform id: EditCommand.ID, outcome: PerformOutcome
    ) {}

    /// Does nothing.
    public func editMenuController(_ controller: EditMenuController, didNotPresentFor reason: NotPresentedReason) {}

    /// There is no other menu-bar menu: returns `false`.
    public func editMenuController(_ controller: EditMenuController, moveToMenuBarMenu direction: MenuBarDirection)
        -> Bool
    { false }
}
