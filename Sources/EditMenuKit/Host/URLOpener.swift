import Foundation

/// Opens URLs for the menu's data actions (Open Link, Call, Get Directions …) and Search Web: a
/// closure the host supplies, so the core never launches anything itself.
///
/// ```swift
/// let opener = URLOpener { url in openInBrowser(url) }            // a host
/// opener.open(URLOpener.searchURL(for: "edit menu")!)
/// ```
public struct URLOpener: Sendable {
    /// Opens `url`; returns whether something handled it.
    public var open: @Sendable (URL) -> Bool

    /// Creates an opener from a closure.
    public init(open: @escaping @Sendable (URL) -> Bool) {
        self.open = open
    }

    /// An opener that handles nothing (a host with no browser or dialer).
    public static let none = URLOpener { _ in false }

    /// The URL Search Web opens for `text` (a DuckDuckGo query; hosts may choose another engine).
    public static func searchURL(for text: String) -> URL? {
        var components = URLComponents(string: "https://duckduckgo.com/")
        components?.queryItems = [URLQueryItem(name: "q", value: text)]
        return components?.url
    }
}
