import EditMenuServices
import Foundation

/// A command-line clipboard tool of the desktop the terminal runs in: `wl-copy`/`wl-paste` on Wayland,
/// `xclip` or `xsel` on X11. Found once on the `PATH`; absent in a bare console, over SSH, in CI. The
/// tool runs through the project's one `ProcessRunner` (no shell, a two-second limit); what it prints
/// is untrusted text.
package struct SystemClipboardTool: Hashable, Sendable {
    /// Which tool.
    package enum Kind: String, Hashable, Sendable { case wayland, xclip, xsel }

    package let kind: Kind
    let copy: [String]
    let paste: [String]
    let listTypes: [String]?

    /// The tool that fits the environment (`WAYLAND_DISPLAY` → wl-clipboard, `DISPLAY` → xclip, then
    /// xsel), or `nil` when none is installed or there is no display.
    package static func detect(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> SystemClipboardTool?
    {
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        func find(_ name: String) -> String? { ProcessRunner.find(name, in: path) }
        if environment["WAYLAND_DISPLAY"] != nil, let copy = find("wl-copy"), let paste = find("wl-paste") {
            return SystemClipboardTool(
                kind: .wayland, copy: [copy, "--type", "text/plain;charset=utf-8"],
                paste: [paste, "--no-newline", "--type", "text"], listTypes: [paste, "--list-types"])
        }
        guard environment["DISPLAY"] != nil else { return nil }
        if let xclip = find("xclip") {
            return SystemClipboardTool(
                kind: .xclip, copy: [xclip, "-selection", "clipboard", "-in"],
                paste: [xclip, "-selection", "clipboard", "-out"],
                listTypes: [xclip, "-selection", "clipboard", "-target", "TARGETS", "-out"])
        }
        if let xsel = find("xsel") {
            return SystemClipboardTool(
                kind: .xsel, copy: [xsel, "--clipboard", "--input"],
                paste: [xsel, "--clipboard", "--output"], listTypes: nil)
        }
        return nil
    }

    /// Puts `text` on the system clipboard. The tool keeps serving it in the background.
    @discardableResult
    package func write(_ text: String) -> Bool {
        run(copy, input: Data(text.utf8), wantOutput: false) != nil
    }

    /// The system clipboard's text, or `nil` when it holds none (or the tool failed).
    package func readText() -> String? {
        guard let data = run(paste, input: nil, wantOutput: true), !data.isEmpty else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Whether the system clipboard holds text — asked by listing its types, never by reading it.
    /// `xsel` cannot list types; then the answer is `nil` (unknown).
    package func holdsText() -> Bool? {
        guard let listTypes, let data = run(listTypes, input: nil, wantOutput: true) else { return nil }
        let types = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
        return types.contains { $0.hasPrefix("text/") || $0 == "UTF8_STRING" || $0 == "STRING" || $0 == "TEXT" }
    }

    /// Runs the tool with a two-second limit; `nil` on failure. A copier stays in the background
    /// serving the clipboard with its output open, so its output is not read (only its exit waited for).
    private func run(_ command: [String], input: Data?, wantOutput: Bool) -> Data? {
        guard
            let result = try? ProcessRunner.run(
                command[0], Array(command.dropFirst()), input: input ?? Data(), timeout: 2, captureOutput: wantOutput),
            result.status == 0
        else { return nil }
        return result.standardOutput
    }
}
