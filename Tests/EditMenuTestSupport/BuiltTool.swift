import Foundation

/// The `editmenu` binary built next to the test bundle, for end-to-end tests of the real tool.
public enum BuiltTool {
    /// Where `editmenu` is: the first ancestor folder of the test executable that holds it.
    public static var url: URL {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent("editmenu").path),
            dir.path != "/"
        {
            dir.deleteLastPathComponent()
        }
        return dir.appendingPathComponent("editmenu")
    }
}
