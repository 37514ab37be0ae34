import Synchronization

/// A pasteboard that lives in this process: the default for hosts without a system clipboard, and
/// the one tests use. Thread-safe.
///
/// ```swift
/// let pasteboard = InMemoryPasteboard()
/// pasteboard.write([.text("Hi"), .png(pngData)])
/// pasteboard.types          // [text, image/png]
/// pasteboard.contentReads   // 0 — asking for types read nothing
/// ```
public final class InMemoryPasteboard: Pasteboard {
    private struct State {
        var items: [PasteboardItem] = []
        var changeCount = 0
        var contentReads = 0
    }
    private let state = Mutex(State())

    /// Creates an empty pasteboard (change count 0).
    public init() {}

    /// The number of writes so far.
    public var changeCount: Int { state.withLock { $0.changeCount } }

    /// The types of every item, in order, without duplicates; reads no data.
    public var types: [PasteboardType] {
        state.withLock { state in
            var seen = Set<PasteboardType>()
            return state.items.flatMap(\.types).filter { seen.insert($0).inserted }
        }
    }

    /// The items (each read is counted, for tests).
    public func items() -> [PasteboardItem] {
        state.withLock { state in
            state.contentReads += 1
            return state.items
        }
    }

    /// Replaces the items and increments ``changeCount``.
    public func write(_ items: [PasteboardItem]) {
        state.withLock { state in
            state.items = items
            state.changeCount += 1
        }
    }

    /// How many times the contents were read with ``items()`` (type queries do not count): test
    /// support, to prove a menu was built from types alone.
    @_spi(Testing) public var contentReads: Int { state.withLock { $0.contentReads } }
}
