/// The kind of device the menu appears on, which decides the menu's style (HIG: Edit menus).
public enum Idiom: String, Hashable, Sendable, CaseIterable {
    /// iPhone: touch, compact menu.
    case phone
    /// iPad: compact for touch, vertical for keyboard and pointer.
    case pad
    /// Mac: context menu and the menu bar's Edit menu.
    case mac
    /// Apple Vision Pro: compact bar for pinch and hold, context menu for secondary input.
    case vision
    /// Apple TV: no edit menu.
    case tv
    /// Apple Watch: no edit menu.
    case watch

    /// Whether the platform has an edit menu at all ("editing content is rare in tvOS and watchOS").
    public var supportsEditMenu: Bool { self != .tv && self != .watch }

    /// Whether the platform has an app menu bar with an Edit menu (Mac, and iPad since iPadOS 26).
    public var hasMenuBar: Bool { self == .mac || self == .pad }

    /// How people reveal the menu when nothing else is said: pointer on the Mac, touch elsewhere.
    public var defaultInput: InputMethod { self == .mac ? .pointer : .touch }
}

/// How people revealed the menu.
public enum InputMethod: String, Hashable, Sendable, CaseIterable {
    /// Touch and hold, double tap, pinch and hold.
    case touch
    /// A secondary click with a mouse or trackpad.
    case pointer
    /// The Menu key or Shift-F10.
    case keyboard
}

/// Where the menu appears.
public enum Surface: String, Hashable, Sendable, CaseIterable {
    /// The edit menu over the selected content.
    case editMenu
    /// The app's Edit menu in the menu bar.
    case menuBar
}

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

/// Services the host can perform on a selection: Look Up, Translate, Search Web, Share…, and the mac
/// text context menu's Speech ▸ and Spelling and Grammar ▸ (EDIT-MENU.md §11: an item is offered only
/// when the host can really do it).
public struct HostServices: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A dictionary lookup.
    public static let lookUp = HostServices(rawValue: 1 << 0)
    /// Translation.
    public static let translate = HostServices(rawValue: 1 << 1)
    /// A web search.
    public static let searchWeb = HostServices(rawValue: 1 << 2)
    /// A share sheet.
    public static let share = HostServices(rawValue: 1 << 3)
    /// Speech synthesis (Speech ▸ Start Speaking).
    public static let speech = HostServices(rawValue: 1 << 4)
    /// A spell checker (Spelling and Grammar ▸).
    public static let spelling = HostServices(rawValue: 1 << 5)
    /// Every service, the default.
    public static let all: HostServices = [.lookUp, .translate, .searchWeb, .share, .speech, .spelling]

    /// The service's name in scenarios, for each single service.
    public static let names: [(String, HostServices)] = [
        ("lookUp", .lookUp), ("translate", .translate), ("searchWeb", .searchWeb), ("share", .share),
        ("speech", .speech), ("spelling", .spelling),
    ]
}
