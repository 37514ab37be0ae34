import Foundation

/// The programs built next to the test bundle (`editmenu`, the examples), for end-to-end tests of the
/// real binaries.
public enum BuiltTool {
    /// Where `editmenu` is.
    public static var url: URL { url(named: "editmenu") }

    /// Where the executable `name` is: the first ancestor folder of the test executable that holds it.
    public static func url(named name: String) -> URL {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent(name).path), dir.path != "/" {
            dir.deleteLastPathComponent()
        }
        return dir.appendingPathComponent(name)
    }
}
