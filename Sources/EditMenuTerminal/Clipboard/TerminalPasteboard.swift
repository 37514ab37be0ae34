import EditMenuKit
import Foundation
import Synchronization

/// The terminal host's pasteboard: the in-app pasteboard (every representation, images and contact
/// cards included), mirrored to the system clipboard for text — through OSC 52 (the terminal sets the
/// clipboard, even over SSH or in tmux with `set-clipboard on`) and through `wl-copy`, `xclip` or `xsel`
/// when one is installed. Paste takes the system clipboard's text when another program put something
/// newer there.
public final class TerminalPasteboard: Pasteboard {
    private let local = InMemoryPasteboard()
    private let tool: SystemClipboardTool?
    private let osc52: (@Sendable (String) -> Void)?
    private let state = Mutex(State())

    private struct State {
        var lastWrittenText: String?
    }

    /// Creates the pasteboard of a terminal app: copies reach the clipboard of `session`'s terminal through
    /// OSC 52 (written from whichever thread copies), and the desktop's clipboard through its tool
    /// (`wl-copy`, `xclip`, `xsel`) when one is installed.
    public convenience init(session: TerminalSession) {
        let writer = session.writer
        self.init(osc52: { writer.write($0) })
    }

    /// Creates the pasteboard. `osc52` receives the escape sequence to write to the terminal (`nil` to
    /// disable OSC 52); the desktop's clipboard tool (`wl-copy`, `xclip`, `xsel`) is used when installed.
    public convenience init(osc52: (@Sendable (String) -> Void)?) {
        self.init(tool: SystemClipboardTool.detect(), osc52: osc52)
    }

    /// Creates the pasteboard. `osc52` receives the escape sequence to write to the terminal (nil to
    /// disable OSC 52); `tool` is the desktop's clipboard tool, if any.
    package init(tool: SystemClipboardTool?, osc52: (@Sendable (String) -> Void)?) {
        self.tool = tool
        self.osc52 = osc52
    }

    /// The OSC 52 sequence that sets the system clipboard to `text`. Text over 100 000 bytes is not
    /// sent (many terminals refuse or truncate long sequences).
    package static func osc52Sequence(for text: String) -> String? {
        let data = Data(text.utf8)
        guard data.count <= 100_000 else { return nil }
        return "\u{1B}]52;c;" + data.base64EncodedString() + "\u{7}"
    }

    /// Changes with every write (the in-app pasteboard's count).
    public var changeCount: Int { local.changeCount }

    /// The in-app items' types, or plain text when only the system clipboard holds text.
    public var types: [PasteboardType] {
        let types = local.types
        if types.isEmpty, let tool, tool.holdsText() == true { return [.plainText] }
        return types
    }

    /// The items Paste reads: text another program copied since the last write, else the in-app items.
    public func items() -> [PasteboardItem] {
        // Text another program copied since our last write wins over the in-app items.
        if let tool, let external = tool.readText(), external != state.withLock({ $0.lastWrittenText }) {
            return [.text(external)]
        }
        return local.items()
    }

    /// Writes `items` to the in-app pasteboard and their text to the system clipboard.
    public func write(_ items: [PasteboardItem]) {
        local.write(items)
        guard let text = items.lazy.compactMap({ $0.string(for: .plainText) }).first else { return }
        state.withLock { $0.lastWrittenText = text }
        if let osc52, let sequence = Self.osc52Sequence(for: text) { osc52(sequence) }
        tool?.write(text)
    }
}
