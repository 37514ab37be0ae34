import Foundation

/// A command-line clipboard tool of the desktop the terminal runs in: `wl-copy`/`wl-paste` on Wayland,
/// `xclip` or `xsel` on X11. Found once on the `PATH`; absent in a bare console, over SSH, in CI.
public struct SystemClipboardTool: Hashable, Sendable {
    /// Which tool.
    public enum Kind: String, Hashable, Sendable { case wayland, xclip, xsel }

    public let kind: Kind
    let copy: [String]
    let paste: [String]
    let listTypes: [String]?

    /// The tool that fits the environment (`WAYLAND_DISPLAY` → wl-clipboard, `DISPLAY` → xclip, then
    /// xsel), or `nil` when none is installed or there is no display.
    public static func detect(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> SystemClipboardTool?
    {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        func find(_ name: String) -> String? {
            for dir in path.split(separator: ":") {
                let candidate = "\(dir)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
            return nil
        }
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
    public func write(_ text: String) -> Bool {
        run(copy, input: Data(text.utf8), wantOutput: false) != nil
    }

    /// The system clipboard's text, or `nil` when it holds none (or the tool failed).
    public func readText() -> String? {
        guard let data = run(paste, input: nil, wantOutput: true), !data.isEmpty else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Whether the system clipboard holds text — asked by listing its types, never by reading it.
    /// `xsel` cannot list types; then the answer is `nil` (unknown).
    public func holdsText() -> Bool? {
        guard let listTypes, let data = run(listTypes, input: nil, wantOutput: true) else { return nil }
        let types = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
        return types.contains { $0.hasPrefix("text/") || $0 == "UTF8_STRING" || $0 == "STRING" || $0 == "TEXT" }
    }

    /// Runs the tool with a two-second limit; `nil` on failure.
    private func run(_ command: [String], input: Data?, wantOutput: Bool) -> Data? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let inPipe = Pipe()
        let outPipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : inPipe
        // A backgrounded copier holds its stdout open: never wait on it unless reading.
        process.standardOutput = wantOutput ? outPipe : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        if let input {
            inPipe.fileHandleForWriting.write(input)
            try? inPipe.fileHandleForWriting.close()
        }
        var output = Data()
        if wantOutput { output = outPipe.fileHandleForReading.readDataToEndOfFile() }
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning, Date() < deadline { usleep(2000) }
        if process.isRunning {
            process.terminate()
            return nil
        }
        return process.terminationStatus == 0 ? output : nil
    }
}
