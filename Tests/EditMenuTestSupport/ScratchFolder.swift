import Foundation

/// A folder of a test's own under the temporary directory: made when created, removed with everything
/// in it by ``remove()``, which the test defers, so that a test run leaves nothing behind.
package struct ScratchFolder: Sendable {
    /// The folder's absolute path.
    package let path: String

    /// Makes a new, empty folder named `name` followed by a unique suffix.
    package init(_ name: String) throws {
        path = NSTemporaryDirectory() + name + "-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The folder as a file URL.
    package var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// Removes the folder and its contents (nothing when it is already gone).
    package func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
