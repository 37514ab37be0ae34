import Foundation
import Testing

@testable import EditMenuKit

/// A find bar's status is decided once in the core and worded in every language.
@Suite("FindBarStatus: Not found, Wrapped, Replaced N, in the menu's language")
struct FindBarStatusTests {
    func controller(_ text: String, selection: Range<Int>) -> (EditMenuController, HeadlessHost) {
        var editor = TextEditor(storage: TextStorage(text))
        editor.select(selection)
        let host = HeadlessHost(.text(editor))
        return (EditMenuController(host: host), host)
    }

    @Test("The status follows what the controller found or replaced")
    func statuses() {
        let (controller, host) = controller("cat dog cat", selection: 9..<9)
        let strings = MenuStrings(locale: .english)
        controller.carryOut(.find("cat", .forward))
        #expect(FindBarStatus(controller.lastFindResult, after: .find("cat", .forward)) == .wrapped)
        #expect(host.editor?.selection == 0..<3)
        controller.carryOut(.find("cat", .forward))
        #expect(FindBarStatus(controller.lastFindResult, after: .find("cat", .forward)) == .none)
        controller.carryOut(.find("bird", .forward))
        let notFound = FindBarStatus(controller.lastFindResult, after: .find("bird", .forward))
        #expect(notFound == .notFound)
        #expect(notFound.text(strings) == "Not found")
        controller.carryOut(.replaceAll("cat", with: "cow"))
        let replaced = FindBarStatus(controller.lastFindResult, after: .replaceAll("cat", with: "cow"))
        #expect(replaced == .replaced(2))
        #expect(replaced.text(strings) == "Replaced 2")
        #expect(host.editor?.text == "cow dog cow")
        #expect(FindBarStatus(nil, after: .find("x", .forward)).text(strings) == "")
    }

    @Test("Every language words every status, the count included", arguments: MenuLocale.supported)
    func localized(tag: String) {
        let locale = MenuLocale(tag)
        let strings = MenuStrings(locale: locale)
        let statuses: [FindBarStatus] = [.notFound, .wrapped, .selectionIsNotAMatch, .replaced(7)]
        for status in statuses {
            let text = status.text(strings)
            #expect(!text.isEmpty && !text.hasPrefix("findStatus"), "\(locale.identifier): \(status)")
        }
        #expect(FindBarStatus.replaced(7).text(strings).contains("7"))
        #expect(!FindBarStatus.replaced(7).text(strings).contains("%@"))
        if locale.identifier != "en" {
            #expect(FindBarStatus.notFound.text(strings) != "Not found", "\(locale.identifier) is not translated")
        }
    }
}
