import EditMenuKit
@testable import EditMenuScenario
import EditMenuTestSupport
import Foundation
import Testing

/// Issue 9 in the core: hostile or broken input never wins. Each test fails if the protection it
/// names is removed; the heavy limits (1 GB paste, 10 million lines, 50 MB line, 100 000 undo steps)
/// run in `scripts/limits.sh` instead, to keep `swift test` fast.
@Suite("Reliability of the core")
struct ReliabilityTests {
    // MARK: Scenarios

    @Test("A scenario nested 100 000 levels deep is refused with a message, not a stack overflow")
    func nestingBomb() {
        let json = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        guard case .failure(let error) = ScenarioPresenter().present(json: json) else {
            Issue.record("accepted a 100 000-level document")
            return
        }
        #expect(error.description.contains("nesting deeper than \(JSONValue.maximumDepth)"))
    }

    @Test("Any bytes as a scenario give a presentation or an error naming where — never a crash")
    func randomScenarios() {
        var random = SplitMix64(seed: 9)
        let pieces = [
            "{", "}", "[", "]", ",", ":", "\"content\"", "\"text\"", "\"selection\"", "\"pasteboard\"", "0", "-1",
            "1e999", "\"\\u0000\"", "\"\\ud800\"", "null", "true", "\"kind\"", "\"image\"", "\"idiom\"", "\"mac\"",
            "\"\u{202E}\"", "9999999999999999999999", "\"locale\"", "\"zz-ZZ\"", "\"geometry\"",
        ]
        let presenter = ScenarioPresenter()
        for _ in 0..<2_000 {
            let count = Int(random.next() % 24)
            let json = (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            switch presenter.present(json: json) {
            case .success(let value): #expect((try? JSONValue.parse(value.serialized)) != nil)
            case .failure(let error):
                // Where: a JSON path into the scenario, or the line and column of a syntax error.
                let root = error.path.split(whereSeparator: { $0 == "." || $0 == "[" }).first.map(String.init)
                if let root {
                    #expect(Scenario.topLevelKeys.contains(root), "\(error) names no scenario path")
                } else {
                    #expect(
                        error.message.hasPrefix("invalid JSON at line ")
                            || error.message.hasPrefix("expected an object")
                            || error.message.contains("nesting"),
                        "\(error) names neither a path nor a line and column: \(json.debugDescription)")
                }
                #expect(!error.message.isEmpty)
            }
        }
    }

    // MARK: Secure text

    @Test("Secure text cannot be cut or copied: the pasteboard never sees it")
    func secureTextNeverReachesThePasteboard() {
        let pasteboard = InMemoryPasteboard()
        var editor = TextEditor(text: "hunter22", selection: 0..<8, isSecure: true)
        for command in [EditCommand.ID.copy, .cut] {
            #expect(!editor.canPerform(command, pasteboard: pasteboard))
            #expect(throws: EditingError.secureText(command)) { try editor.perform(command, pasteboard: pasteboard) }
        }
        #expect(pasteboard.changeCount == 0)
        #expect(editor.text == "hunter22")
        // With text on the pasteboard the menu exists (Paste), and it offers nothing that would read the text.
        let context = EditMenuContext(content: editor.selectableContent(), idiom: .phone, pasteboardTypes: [.plainText])
        guard case .presented(let menu) = EditMenuRules.presentation(for: context) else {
            Issue.record(
                "secure text with a pasteboard has a menu (Paste): \(EditMenuRules.presentation(for: context))")
            return
        }
        #expect(menu.commands.map(\.id).contains(.paste))
        #expect(!menu.commands.contains { $0.id == .copy || $0.id == .cut || $0.id == .share || $0.id == .lookUp })
    }

    @Test("Secure text detects nothing: no data detector ever sees a password")
    func secureTextDetectsNothing() throws {
        let json = #"{"content": {"text": "+1 (408) 555-0123", "secure": true, "selection": [0, 17]}}"#
        let value = try ScenarioPresenter().present(json: json).get().serialized
        #expect(!value.contains("tel:"))
        #expect(!value.contains("call"))
    }

    // MARK: Links

    @Test("Hostile links in a selection never become an action to open")
    func hostileLinksGetNoActions() {
        let detector = DataDetector(referenceDate: Date(timeIntervalSince1970: 1_790_000_000))
        let hostile = [
            "javascript:alert(document.cookie)", "file:///etc/passwd", "https://apple.com@evil.example/login",
            "https://example.com/" + String(repeating: "a", count: 3_000), "mailto:-oProxyCommand=x@example.com",
            "data:text/html;base64,PHNjcmlwdD4=", "vbscript:msgbox(1)", "\u{202E}moc.elppa//:sptth",
        ]
        for text in hostile {
            let result = detector.detect(inCharacterRange: 0..<text.count, of: text)
            #expect(result.actions.isEmpty, "\(text.prefix(50)) → \(result.actions.map { $0.uri ?? "" })")
        }
    }

    // MARK: No data lost

    @Test("A paste that cannot be performed leaves the text, the selection and the undo history as they were")
    func failedPasteChangesNothing() {
        var editor = TextEditor(text: "keep me", selection: 0..<4)
        try? editor.type("x")
        let undoCount = editor.history.undoStack.count
        let text = editor.text, selection = editor.selection
        for items in [
            [PasteboardItem.png(Data([0x89, 0x50]))], [],
            [
                PasteboardItem([
                    PasteboardRepresentation(type: PasteboardType("application/octet-stream")!, data: Data([1, 2]))
                ])
            ],
        ] {
            let pasteboard = InMemoryPasteboard()
            pasteboard.write(items)
            #expect(throws: EditingError.self) { try editor.perform(.paste, pasteboard: pasteboard) }
            #expect(editor.text == text && editor.selection == selection && editor.history.undoStack.count == undoCount)
        }
    }

    @Test("Invalid UTF-8 in a file is shown as U+FFFD and reported by offset, or refused — never a crash")
    func invalidUTF8() throws {
        let bytes: [UInt8] = [0x61, 0xFF, 0x62, 0xE2, 0x82, 0x63, 0xF0, 0x9F, 0x98]
        let storage = try TextStorage(utf8: bytes, invalid: .replace)
        #expect(storage.string == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
        #expect(storage.loadRepair.invalidByteOffsets == [1, 3, 6])
        #expect(throws: TextStorageError.self) { try TextStorage(utf8: bytes, invalid: .reject) }
    }

    @Test("Undo keeps at most its levels limit (bounded memory); unlimited undo returns to the exact start")
    func undoLimits() throws {
        let pasteboard = InMemoryPasteboard()
        var limited = TextEditor(text: "")
        var unlimited = TextEditor(text: "start")
        unlimited.setUndoLevels(0)
        for i in 0..<2_000 {
            limited.select(limited.storage.byteCount..<limited.storage.byteCount) // each typing its own step
            try limited.type("w\(i) ")
            unlimited.select(0..<0)
            try unlimited.type("\(i % 10)")
        }
        #expect(limited.history.undoStack.count == 100)
        while limited.history.canUndo { try limited.perform(.undo, pasteboard: pasteboard) }
        #expect(limited.storage.byteCount > 0, "only the last 100 steps undo")
        #expect(unlimited.history.undoStack.count == 2_000)
        while unlimited.history.canUndo { try unlimited.perform(.undo, pasteboard: pasteboard) }
        #expect(unlimited.text == "start")
    }
}

extension ReliabilityTests {
    @Test("A paste larger than the editor's limit is refused with its size, and changes nothing")
    func oversizedPasteIsRefused() throws {
        var editor = TextEditor(text: "small", selection: 0..<5)
        editor.maximumPasteBytes = 1_000
        let pasteboard = InMemoryPasteboard()
        pasteboard.write([.text(String(repeating: "a", count: 1_536))])
        #expect(throws: EditingError.tooLarge(.paste, bytes: 1_536, limit: 1_000)) {
            try editor.perform(.paste, pasteboard: pasteboard)
        }
        #expect(editor.text == "small" && editor.selection == 0..<5 && !editor.history.canUndo)
        #expect(
            EditingError.tooLarge(.paste, bytes: 1 << 30, limit: 256 << 20).description
                == "paste: the pasteboard holds 1 GiB of text, more than the 256 MiB a paste may copy; nothing was pasted"
        )
        #expect(EditingError.tooLarge(.paste, bytes: 1_536, limit: 1_000).description.contains("1.5 KiB"))
        // Up to the limit, it pastes.
        pasteboard.write([.text(String(repeating: "b", count: 1_000))])
        try editor.perform(.paste, pasteboard: pasteboard)
        #expect(editor.storage.byteCount == 1_000)
        // A large copy inside this process is a promise over a snapshot: pasting shares its bytes.
        let size = TextEditor.eagerCopyLimit + 1
        var big = TextEditor(text: String(repeating: "c", count: size), selection: 0..<size)
        try big.perform(.copy, pasteboard: pasteboard)
        try editor.perform(.paste, pasteboard: pasteboard)
        #expect(editor.storage.byteCount == 1_000 + size)
        _ = big
    }
}

/// Regression tests for what the fuzz runs found in the core.
@Suite("Reliability regressions in the core")
struct ReliabilityCoreRegressionTests {
    @Test(
        "A detected item's text is exactly the Characters of its range, a combining mark after it included (FuzzDetector)"
    )
    func matchedTextCoversWholeCharacters() {
        let detector = DataDetector(referenceDate: Date(timeIntervalSince1970: 1_790_000_000))
        // The fuzz input, and readable variants: a mark on the last character of a match.
        let bytes: [UInt8] = [
            0x8A, 0x16, 0xD0, 0xB2, 0x37, 0x81, 0xD1, 0x82, 0x00, 0x00, 0x8A, 0x16, 0xD0, 0xB2, 0x37, 0xCC, 0x94,
        ]
        for text in [
            String(decoding: bytes, as: UTF8.self), "Call +1 408 555 0123\u{301} now", "Flight BA283\u{300} lands",
            "mail a.b@example.org\u{308}!", "on December 5, 2026\u{0314} at noon",
        ] {
            let characters = Array(text)
            for item in detector.detect(in: text) {
                #expect(
                    String(characters[item.characterRange]) == item.matchedText,
                    "\(item.type) \(item.characterRange) in \(text.debugDescription)")
            }
        }
    }
}

extension ReliabilityCoreRegressionTests {
    @Test("After an edit that joins Characters, the caret stays on a Character boundary (FuzzEditing)")
    func caretAfterJoiningEdit() throws {
        // Text that starts with a lone combining mark: typing a letter before it makes one Character "x́".
        var editor = TextEditor(text: "\u{301}abc")
        try editor.type("x")
        #expect(editor.text == "x\u{301}abc")
        #expect(editor.selection == 3..<3, "the caret would sit inside \"x\u{301}\"")
        #expect(editor.storage.graphemeAligned(editor.selection) == editor.selection)
        try editor.perform(.undo, pasteboard: InMemoryPasteboard())
        #expect(editor.text == "\u{301}abc" && editor.selection == 0..<0)
    }
}
