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
    package static let names: [(String, HostServices)] = [
        ("lookUp", .lookUp), ("translate", .translate), ("searchWeb", .searchWeb), ("share", .share),
        ("speech", .speech), ("spelling", .spelling),
    ]
}
