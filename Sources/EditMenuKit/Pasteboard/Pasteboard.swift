/// A pasteboard (clipboard): what Cut and Copy write and Paste reads.
///
/// Hosts implement it for the system clipboard (X11/Wayland selections, the Windows clipboard …);
/// ``InMemoryPasteboard`` is the in-process implementation and the one tests use. The menu asks only
/// for ``types`` and ``changeCount`` — reading contents (``items()``) happens when a paste is
/// performed, never to decide whether Paste appears, so presenting a menu never triggers a
/// paste-privacy prompt.
///
/// ```swift
/// let pasteboard = InMemoryPasteboard()
/// pasteboard.write([.text("Hello")])
/// pasteboard.changeCount     // 1
/// pasteboard.types           // [text]  — no data read
/// ```
public protocol Pasteboard: AnyObject, Sendable {
    /// Increases every time the contents change (by this process or another); a host caches what it
    /// learned about the contents for as long as the count stays the same.
    var changeCount: Int { get }
    /// The types of every item, in item order, without duplicates. Must not read contents.
    var types: [PasteboardType] { get }
    /// The items (reading them may run promised providers or ask another process for data).
    func items() -> [PasteboardItem]
    /// Replaces the contents with `items` and increments ``changeCount``.
    func write(_ items: [PasteboardItem])
}

extension Pasteboard {
    /// The types as a set, as ``EditMenuHost/pasteboardTypes`` reports them. Reads no contents.
    public var typeSet: Set<PasteboardType> { Set(types) }

    /// Whether any item has `type` (or a type of that family). Reads no contents.
    public func contains(_ type: PasteboardType) -> Bool {
        types.contains { $0 == type || $0.family == type }
    }

    /// Removes everything (a write of no items).
    public func clear() { write([]) }
}
