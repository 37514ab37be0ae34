#if GTK
import Foundation
import XCTest

/// `Examples/GTKNotes`, the smallest GTK program with the edit menu, on Xvfb: the proof that a GTK
/// host is a few lines on top of `GTKEditMenuInteraction`.
final class ExampleEndToEndTests: GTKEndToEndTestCase {
    func testARightClickShowsTheMenuAndCopyReachesTheClipboard() throws {
        let app = try launch(program: "gtk-notes")
        let ready = try app.waitFor("ready")
        let word = try XCTUnwrap(ready["word"] as? [Double])
        XCTAssertGreaterThan(word[2], 0, "the example reported where \"meeting\" is")
        try app.click(at: app.center(word), button: 3)
        let menu = try app.waitForMenu()
        XCTAssertEqual(menu["style"] as? String, "vertical")
        let items = menu["items"] as? [[String: Any]] ?? []
        let copy = try XCTUnwrap(items.first { $0["id"] as? String == "copy" }?["frame"] as? [Double])
        try app.click(at: app.center(copy))
        try app.waitFor("performed") { $0["command"] as? String == "copy" && $0["done"] as? Bool == true }
        XCTAssertEqual(try app.clipboard(expecting: "meeting"), "meeting")
        try app.waitFor("dismissed")
    }
}
#endif
