/// The style a menu takes for an idiom, an input method and a surface (HIG table, EDIT-MENU.md §2) in a
/// release (EDIT-MENU.md §13: today's iPad shows a context menu for a pointer or keyboard); `nil` when the
/// platform shows no such menu.
package func editMenuStyle(
    idiom: Idiom, input: InputMethod, surface: Surface, release: EditMenuRelease = .release2023
) -> EditMenuStyle? {
    guard idiom.supportsEditMenu else { return nil }
    if surface == .menuBar { return idiom.hasMenuBar ? .menuBar : nil }
    switch idiom {
    case .phone: return .compact
    case .pad where input == .touch: return .compact
    // Today's iPad opens a context menu straight away for a pointer or keyboard (EDIT-MENU.md §13).
    case .pad: return release == .current ? .contextMenu : .vertical
    case .mac: return .contextMenu
    case .vision: return input == .touch ? .compact : .contextMenu
    case .tv, .watch: return nil
    }
}
