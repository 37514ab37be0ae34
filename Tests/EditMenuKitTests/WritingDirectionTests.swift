import Foundation
import Testing
@testable import EditMenuKit
@testable import EditMenuScenario

/// Spec section 10: Writing Direction ▸ (Left to Right, Right to Left) follows Format for editable text
/// when the menu's language is right to left or the selection holds right-to-left script.
@Suite("Writing direction (EDIT-MENU.md §10)")
struct WritingDirectionTests {
    func facts(_ text: String, _ selection: Range<Int>) -> TextRangeFacts? {
        let storage = TextStorage(text)
        let bytes =
            try! storage.byteOffset(
                ofCharacter: selection.lowerBound)..<storage.byteOffset(
                ofCharacter: selection.upperBound)
        if case .range(let facts) = TextSelectionFacts(storage: storage, selection: bytes).state { return facts }
        return nil
    }

    @Test(
        "The selection facts tell whether a range holds right-to-left script",
        arguments: [
            ("مرحبا بالعالم", true), ("שלום", true), ("ܫܠܡܐ", true), ("ދިވެހި", true), ("ߒߞߏ", true),
            ("Hello", false), ("東京都", false), ("Привет", false), ("ﷺ", true), ("𐤀𐤁", true), ("123 -", false),
            ("x\u{200F}", true), ("e\u{301}ß", false),
        ])
    func rightToLeftFact(text: String, expected: Bool) {
        #expect(
            facts(text, 0..<text.count)?.containsRightToLeftScript == expected, "\(text.unicodeScalars.map(\.value))")
    }

    @Test("The block pre-filter never hides a right-to-left letter from ICU")
    func preFilter() {
        var missed: [UInt32] = []
        for scalar in UInt32(0)...0x10FFFF where ICU.isStrongRightToLeft(scalar) {
            if !Bidi.mayBeRightToLeft(scalar) { missed.append(scalar) }
        }
        #expect(missed.isEmpty, "R or AL outside the pre-filter: \(missed.prefix(10).map { String($0, radix: 16) })")
    }

    @Test("Mixed text counts; the scan stops after 4 KiB of the selection")
    func boundedScan() {
        #expect(facts("Hello שלום", 0..<10)?.containsRightToLeftScript == true)
        #expect(facts("Hello שלום", 0..<5)?.containsRightToLeftScript == false)
        let far = String(repeating: "a", count: 4096) + "שלום"
        #expect(facts(far, 0..<far.count)?.containsRightToLeftScript == false)
        let near = String(repeating: "a", count: 4094) + "שלום"
        #expect(facts(near, 0..<near.count)?.containsRightToLeftScript == true)
    }

    func ids(_ context: EditMenuContext) -> [EditCommand.ID] {
        guard let menu = EditMenuRules.presentation(for: context).menu else { return [] }
        return menu.commands.map(\.id)
    }

    @Test("Offered for editable text in a right-to-left language, with a caret or a range")
    func rightToLeftLanguage() throws {
        let ar = MenuLocale("ar")
        #expect(ids(textContext("Hello world", 0..<5, locale: ar)).contains(.writingDirection))
        #expect(ids(textContext("Hello world", 5..<5, locale: ar)).contains(.writingDirection))
        let menu = try #require(EditMenuRules.presentation(for: textContext("Hello", 0..<5, locale: ar)).menu)
        #expect(
            menu.command(.writingDirection)?.children.map(\.id) == [
                .makeTextWritingDirectionLeftToRight, .makeTextWritingDirectionRightToLeft,
            ])
        #expect(menu.command(.writingDirection)?.title == "اتجاه الكتابة")
        #expect(menu.command(.makeTextWritingDirectionRightToLeft)?.title == "من اليمين إلى اليسار")
    }

    @Test("Offered in an English menu when the selection holds Hebrew; not for a caret or Latin text")
    func rightToLeftScript() {
        #expect(ids(textContext("Hello שלום", 6..<10)).contains(.writingDirection))
        #expect(!ids(textContext("Hello שלום", 0..<5)).contains(.writingDirection))
        #expect(!ids(textContext("Hello שלום", 7..<7)).contains(.writingDirection))
    }

    @Test("Never for read-only or secure text")
    func notForReadOnly() {
        let ar = MenuLocale("ar")
        #expect(!ids(textContext("שלום", 0..<4, editable: false, locale: ar)).contains(.writingDirection))
        #expect(!ids(textContext("שלום", 0..<4, secure: true, locale: ar)).contains(.writingDirection))
    }

    @Test("It follows Format in every style that has Format, and Font ▸ in the mac text context menu")
    func position() throws {
        let he = MenuLocale("he")
        let compact = ids(textContext("שלום עולם", 0..<4, rich: true, locale: he))
        #expect(compact.firstIndex(of: .writingDirection) == compact.firstIndex(of: .format)! + 1)
        let vertical = ids(textContext("שלום עולם", 0..<4, idiom: .pad, input: .keyboard, rich: true, locale: he))
        #expect(vertical.firstIndex(of: .writingDirection) == vertical.firstIndex(of: .format)! + 1)
        let vision = ids(textContext("שלום עולם", 0..<4, idiom: .vision, input: .pointer, rich: true, locale: he))
        #expect(vision.firstIndex(of: .writingDirection) == vision.firstIndex(of: .format)! + 1)
        let mac = ids(textContext("שלום עולם", 0..<4, idiom: .mac, rich: true, locale: he))
        #expect(mac.firstIndex(of: .writingDirection) == mac.firstIndex(of: .font)! + 1)
        var bar = textContext("שלום עולם", 0..<4, idiom: .mac, locale: he)
        bar.surface = .menuBar
        #expect(!ids(bar).contains(.writingDirection))
    }

    @Test("In `editmenu present`: the Arabic phone menu nests the two directions")
    func presented() {
        let out = present(#"{"locale": "ar", "content": {"text": "مرحبا بالعالم", "selection": [6, 13]}}"#)
        #expect(out.item("writingDirection")?["section"]?.stringValue == "format")
        #expect(
            out.item("writingDirection")?["children"]?.arrayValue.compactMap { $0["id"]?.stringValue } == [
                "makeTextWritingDirectionLeftToRight", "makeTextWritingDirectionRightToLeft",
            ])
    }
}

/// Spec section 10: shortcuts in the host's style, `apple` (⌃⌥⇧⌘ glyphs) or `pc` (`Ctrl+Shift+Z`).
@Suite("Shortcut styles (EDIT-MENU.md §10)")
struct ShortcutStyleTests {
    @Test(
        "Each standard shortcut in both styles",
        arguments: [
            (EditCommand.ID.undo, "⌘Z", "Ctrl+Z"), (.redo, "⇧⌘Z", "Ctrl+Shift+Z"), (.cut, "⌘X", "Ctrl+X"),
            (.pasteAndMatchStyle, "⌥⇧⌘V", "Ctrl+Alt+Shift+V"), (.delete, "⌫", "Delete"), (.selectAll, "⌘A", "Ctrl+A"),
            (.findAndReplace, "⌥⌘F", "Ctrl+Alt+F"), (.findPrevious, "⇧⌘G", "Ctrl+Shift+G"),
            (.increaseSize, "⌘+", "Ctrl++"), (.decreaseSize, "⌘-", "Ctrl+-"), (.showSpellingAndGrammar, "⌘:", "Ctrl+:"),
        ])
    func display(id: EditCommand.ID, apple: String, pc: String) throws {
        let key = try #require(KeyEquivalent.standard(for: id))
        #expect(key.display(.apple) == apple)
        #expect(key.display(.pc) == pc)
    }

    @Test("The idiom-based display keeps its old answers: ⌘ on the mac, Ctrl elsewhere")
    func byIdiom() {
        let redo = KeyEquivalent("z", shift: true)
        #expect(redo.display(for: .mac) == "⇧⌘Z")
        #expect(redo.display(for: .pad) == "Ctrl+Shift+Z")
        #expect(ShortcutStyle(idiom: .vision) == .pc && ShortcutStyle(idiom: .mac) == .apple)
    }

    @Test("The layout engine writes the host's style on every idiom")
    func engine() throws {
        // Shortcuts are drawn in the menu bar only (EDIT-MENU.md §10).
        var bar = textContext("Hello world", 0..<5, idiom: .mac)
        bar.surface = .menuBar
        let menu = try #require(EditMenuRules.presentation(for: bar).menu)
        let geometry = PresentationGeometry(
            bounds: CGRect(x: 0, y: 0, width: 800, height: 600),
            target: [CGRect(x: 100, y: 300, width: 40, height: 20)])
        let apple = EditMenuLayoutEngine(shortcutStyle: .apple).layout(
            menu, geometry: geometry, idiom: .pad, isRightToLeft: false)
        #expect(apple.items.first { $0.id == .selectAll }?.shortcut == "⌘A")
        let pc = EditMenuLayoutEngine(shortcutStyle: .pc).layout(
            menu, geometry: geometry, idiom: .mac, isRightToLeft: false)
        #expect(pc.items.first { $0.id == .selectAll }?.shortcut == "Ctrl+A")
        let legacy = EditMenuLayoutEngine().layout(menu, geometry: geometry, idiom: .pad, isRightToLeft: false)
        #expect(legacy.items.first { $0.id == .selectAll }?.shortcut == "Ctrl+A")
    }

    @Test("Scenarios default to apple on every idiom; shortcutStyle pc switches")
    func scenarios() {
        let pad = present(
            #"{"idiom": "pad", "input": "keyboard", "content": {"text": "Hello world", "selection": [0, 5]}}"#)
        #expect(pad.item("cut")?["shortcut"] == nil, "shortcuts only in the menu bar")
        let bar = present(
            #"{"idiom": "mac", "surface": "menuBar", "content": {"text": "Hello world", "selection": [0, 5]}}"#)
        #expect(bar.item("cut")?["shortcut"]?.stringValue == "⌘X")
        let vision = present(
            #"{"idiom": "vision", "input": "pointer", "content": {"text": "Hello world", "selection": [0, 5]}}"#)
        #expect(vision.item("copy")?["shortcut"] == nil)
        let pc = present(
            #"{"idiom": "mac", "surface": "menuBar", "shortcutStyle": "pc", "content": {"text": "Hello world", "selection": [0, 5]}}"#
        )
        #expect(pc.item("redo")?["shortcut"]?.stringValue == "Ctrl+Shift+Z")
        #expect(pc.item("pasteAndMatchStyle")?["shortcut"]?.stringValue == "Ctrl+Alt+Shift+V")
    }
}
