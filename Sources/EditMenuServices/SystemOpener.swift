import EditMenuKit
import Foundation

/// Opens what the edit menu opens — a link, `mailto:`, `tel:`, a map search, an exported event or
/// contact card — with the desktop's opener (`xdg-open` on Linux), started without a shell, the URI
/// passed as one argument, and only when the ``OpeningPolicy`` accepts it.
///
/// ```swift
/// let opener = SystemOpener()             // xdg-open from PATH, if installed
/// opener.open("https://www.apple.com")    // true: xdg-open started
/// opener.open("javascript:alert(1)")      // false: refused
/// ```
public struct SystemOpener: Sendable {
    /// The opener program, `nil` when none is installed (then nothing opens).
    public var executable: String?
    /// What may be opened.
    public var policy: OpeningPolicy

    /// An opener running `executable` (default: `xdg-open` found in `PATH`).
    public init(executable: String? = ProcessRunner.find("xdg-open"), policy: OpeningPolicy = OpeningPolicy()) {
        self.executable = executable
        self.policy = policy
    }

    /// Starts the opener for `uri` and returns whether it started; refuses what the policy refuses.
    public func open(_ uri: String) -> Bool {
        guard let executable, policy.isSafeToOpen(uri) else { return false }
        do {
            try ProcessRunner.launch(executable, [uri])
            return true
        } catch {
            return false
        }
    }
}
