import EditMenuKit
import Foundation

/// Opens what the edit menu opens — a link, `mailto:`, `tel:`, a map search, an exported event or
/// contact card — with the desktop's opener (`xdg-open` on Linux), started without a shell, the URI
/// passed as one argument, and only when the `OpeningPolicy` accepts it.
///
/// ```swift
/// let opener = SystemOpener()             // xdg-open from PATH, if installed
/// opener.open("https://www.apple.com")    // true: xdg-open started
/// opener.open("javascript:alert(1)")      // false: refused
/// ```
package struct SystemOpener: Sendable {
    /// The opener program, `nil` when none is installed (then nothing opens).
    package var executable: String?
    /// What may be opened.
    package var policy: OpeningPolicy
    /// The mail composer `mailto:` goes to (`xdg-email`: Share ▸ Mail), `nil` to use ``executable``.
    package var mailer: String?

    /// An opener running `executable` (default: `xdg-open` found in `PATH`), and `mailer` for
    /// `mailto:` (default: `xdg-email` found in `PATH`).
    package init(
        executable: String? = ProcessRunner.find("xdg-open"), policy: OpeningPolicy = OpeningPolicy(),
        mailer: String? = ProcessRunner.find("xdg-email")
    ) {
        self.executable = executable
        self.policy = policy
        self.mailer = mailer
    }

    /// Starts the opener for `uri` and returns whether it started; refuses what the policy refuses.
    package func open(_ uri: String) -> Bool {
        guard policy.isSafeToOpen(uri), let (program, arguments) = command(for: uri) else { return false }
        do {
            try ProcessRunner.launch(program, arguments)
            return true
        } catch {
            return false
        }
    }

    /// The program and arguments that open `uri` (already accepted by the policy): `xdg-email` for
    /// `mailto:`, each `attach` field an `--attach` argument (only files the policy exported: Share ▸
    /// Mail's attachments), the address without them last; `xdg-open` with the URI for anything else.
    /// `nil` when nothing can open it or an attachment is not one the policy wrote.
    package func command(for uri: String) -> (String, [String])? {
        guard uri.lowercased().hasPrefix("mailto:"), let mailer else { return executable.map { ($0, [uri]) } }
        guard let question = uri.firstIndex(of: "?") else { return (mailer, [uri]) }
        var kept: [Substring] = []
        var arguments: [String] = []
        for field in uri[uri.index(after: question)...].split(separator: "&") {
            guard field.lowercased().hasPrefix("attach=") else {
                kept.append(field)
                continue
            }
            guard let path = String(field.dropFirst("attach=".count)).removingPercentEncoding,
                policy.isExportedAttachment(path)
            else { return nil }
            arguments += ["--attach", path]
        }
        let address = uri[..<question] + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
        return (mailer, arguments + [String(address)])
    }
}
