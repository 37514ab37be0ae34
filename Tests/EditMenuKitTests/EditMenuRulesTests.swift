import Testing
@testable import EditMenuKit

@Suite("Which commands appear (EDIT-MENU.md §3)")
struct CommandRulesTests {
    let hello = "Hello world"

    @Test("A caret with an empty pasteboard offers Select and Select All only")
    func caretEmptyPasteboard() {
        #expect(menuIDs(textContext(hello, 5..<5)) == ["select", "selectAll"])
    }

    @Test("Paste appears only when the pasteboard holds a type the content accepts")
    func pasteNeedsAcceptedType() {
        #expect(menuIDs(textContext(hello, 5..<5, pasteboard: [.plainText])) == ["paste", "select", "selectAll"])
        #expect(menuIDs(textContext(hello, 5..<5, pasteboard: [.image])) == ["select", "selectAll"])
        #expect(menuIDs(textContext(hello, 5..<5, pasteboard: [PasteboardType("text/plain")!])).contains("paste"))
        #expect(menuIDs(textContext(hello, 5..<5, pasteboard: [PasteboardType("text/html")!])).contains("paste"))
        #expect(!menuIDs(textContext(hello, 5..<5, pasteboard: [PasteboardType("application/pdf")!])).contains("paste"))
    }

    @Test("Rich text also accepts images from the pasteboard")
    func richTextAcceptsImages() {
        #expect(menuIDs(textContext(hello, 5..<5, rich: true, pasteboard: [.image])).contains("paste"))
    }

    @Test("A partial range offers Cut, Copy, Paste, Select All and the services; never Select")
    func partialRange() {
        #expect(
            menuIDs(textContext(hello, 0..<5, pasteboard: [.plainText]))
                == ["cut", "copy", "paste", "selectAll", "lookUp", "translate", "searchWeb", "share"])
    }

    @Test("Select All disappears when everything is already selected")
    func selectAllHiddenWhenAllSelected() {
        #expect(!menuIDs(textContext(hello, 0..<11)).contains("selectAll"))
        #expect(menuIDs(textContext(hello, 0..<10)).contains("selectAll"))
    }

    @Test("Select needs a word near the caret")
    func selectNeedsWord() {
        #expect(!menuIDs(textContext("   ", 1..<1)).contains("select"))
        #expect(!menuIDs(textContext("... !!", 2..<2)).contains("select"))
        #expect(menuIDs(textContext("   word", 1..<1)).contains("select"))
    }

    @Test("Non-editable text can be copied but not cut, pasted into or deleted")
    func readOnlyText() {
        let ids = menuIDs(textContext(hello, 0..<5, editable: false, allowsDelete: true, pasteboard: [.plainText]))
        #expect(ids == ["copy", "selectAll", "lookUp", "translate", "searchWeb", "share"])
    }

    @Test("Secure text allows Paste and Select All but never Cut, Copy, Select, Look Up or Share")
    func secureText() {
        #expect(
            menuIDs(textContext("hunter22", 8..<8, secure: true, pasteboard: [.plainText])) == ["paste", "selectAll"])
        let range = menuIDs(textContext("hunter22", 0..<8, secure: true, pasteboard: [.plainText]))
        #expect(range == ["paste"])
        let partial = menuIDs(textContext("hunter22", 0..<3, secure: true, pasteboard: [.plainText]))
        for forbidden in ["cut", "copy", "select", "lookUp", "translate", "searchWeb", "share"] {
            #expect(!partial.contains(forbidden))
        }
    }

    @Test("Delete is for text only when the host opts in")
    func deleteOptIn() {
        #expect(!menuIDs(textContext(hello, 0..<5)).contains("delete"))
        #expect(
            menuIDs(textContext(hello, 0..<5, allowsDelete: true)).starts(with: ["cut", "copy", "delete", "selectAll"]))
        #expect(!menuIDs(textContext(hello, 5..<5, allowsDelete: true)).contains("delete"))
    }

    @Test("Paste and Match Style needs rich text and styled data on the pasteboard")
    func pasteAndMatchStyle() {
        #expect(
            menuIDs(textContext(hello, 0..<5, rich: true, pasteboard: [.richText, .plainText])).contains(
                "pasteAndMatchStyle"))
        #expect(
            !menuIDs(textContext(hello, 0..<5, rich: true, pasteboard: [.plainText])).contains("pasteAndMatchStyle"))
        #expect(
            !menuIDs(textContext(hello, 0..<5, rich: false, pasteboard: [.richText])).contains("pasteAndMatchStyle"))
        #expect(
            menuIDs(textContext(hello, 0..<5, rich: true, pasteboard: [PasteboardType("text/rtf")!])).contains(
                "pasteAndMatchStyle"))
    }

    @Test("Format needs editable rich text with a range")
    func format() {
        #expect(menuIDs(textContext(hello, 0..<5, rich: true)).contains("format"))
        #expect(!menuIDs(textContext(hello, 0..<5)).contains("format"))
        #expect(!menuIDs(textContext(hello, 0..<5, editable: false, rich: true)).contains("format"))
        #expect(!menuIDs(textContext(hello, 3..<3, rich: true)).contains("format"))
        let menu = EditMenuRules.presentation(for: textContext(hello, 0..<5, rich: true)).menu
        #expect(menu?.command(.format)?.children.map(\.id) == [.toggleBoldface, .toggleItalics, .toggleUnderline])
    }

    @Test("Replace needs a range within one word, editable text and suggestions")
    func replace() {
        #expect(menuIDs(textContext("Helo world", 0..<4, spelling: ["Hello"])).contains("replace"))
        #expect(menuIDs(textContext("Helo world", 1..<3, spelling: ["Hello"])).contains("replace"))
        #expect(!menuIDs(textContext("Helo world", 0..<10, spelling: ["Hello"])).contains("replace"))
        #expect(!menuIDs(textContext("Helo world", 0..<4)).contains("replace"))
        #expect(!menuIDs(textContext("Helo world", 0..<4, editable: false, spelling: ["Hello"])).contains("replace"))
        #expect(!menuIDs(textContext("Helo world", 4..<5, spelling: ["Hello"])).contains("replace"))
        let menu = EditMenuRules.presentation(for: textContext("Helo world", 0..<4, spelling: ["Hello", "Halo"])).menu
        #expect(menu?.command(.replace)?.children.map(\.title) == ["Hello", "Halo"])
    }

    @Test("Look Up takes 1 to 200 characters; Translate and Search Web have no such limit")
    func lookUpLength() {
        let long = String(repeating: "a", count: 201)
        let ids = menuIDs(textContext(long, 0..<201))
        #expect(!ids.contains("lookUp"))
        #expect(ids.contains("translate") && ids.contains("searchWeb"))
        #expect(menuIDs(textContext(long, 0..<200)).contains("lookUp"))
    }

    @Test("Services need non-blank text and the host providing them")
    func servicesNeedHost() {
        #expect(
            menuIDs(textContext("a   b", 1..<4)).filter { ["lookUp", "translate", "searchWeb", "share"].contains($0) }
                == [])
        #expect(menuIDs(textContext(hello, 0..<5, services: [.share])) == ["cut", "copy", "selectAll", "share"])
        #expect(menuIDs(textContext(hello, 0..<5, services: [])) == ["cut", "copy", "selectAll"])
    }

    @Test("A selected image offers Cut, Copy, Paste, Delete and Share; never text services")
    func selectedImage() {
        let context = EditMenuContext(
            content: SelectableContent(kind: .image, isEditable: true, selection: .object),
            pasteboardTypes: [.image])
        #expect(menuIDs(context) == ["cut", "copy", "paste", "delete", "share"])
    }

    @Test("A selected read-only object offers Copy and Share")
    func readOnlyObject() {
        #expect(
            menuIDs(EditMenuContext(content: SelectableContent(kind: .object, selection: .object))) == [
                "copy", "share",
            ])
        #expect(
            menuIDs(EditMenuContext(content: SelectableContent(kind: .file, selection: .object))) == ["copy", "share"])
    }

    @Test("An unselected object with nothing to paste shows no menu")
    func unselectedObject() {
        #expect(
            menuIDs(EditMenuContext(content: SelectableContent(kind: .image, selection: .none))) == ["<nothingToShow>"])
    }

    @Test("Buttons and control labels are not selectable")
    func notSelectable() {
        #expect(
            menuIDs(EditMenuContext(content: SelectableContent(kind: .button, selection: .none))) == ["<notSelectable>"]
        )
        #expect(
            menuIDs(EditMenuContext(content: SelectableContent(kind: .label, selection: .none))) == ["<notSelectable>"])
    }

    @Test("tvOS and watchOS have no edit menu")
    func unsupportedIdioms() {
        #expect(menuIDs(textContext(hello, 0..<5, idiom: .tv)) == ["<unsupported>"])
        #expect(menuIDs(textContext(hello, 0..<5, idiom: .watch)) == ["<unsupported>"])
    }

    @Test("An empty menu is never shown")
    func nothingToShow() {
        #expect(menuIDs(textContext("", 0..<0)) == ["<nothingToShow>"])
        #expect(menuIDs(textContext("", 0..<0, pasteboard: [.plainText])) == ["paste"])
        #expect(menuIDs(textContext("", nil)) == ["<nothingToShow>"])
    }

    @Test("Without an insertion point only Select All applies to text")
    func noSelection() {
        #expect(menuIDs(textContext(hello, nil, pasteboard: [.plainText])) == ["selectAll"])
    }
}

@Suite("Styles: removal and dimming (EDIT-MENU.md §2 and §3)")
struct StyleRulesTests {
    @Test("The style follows idiom, input and surface")
    func styles() {
        #expect(editMenuStyle(idiom: .phone, input: .touch, surface: .editMenu) == .compact)
        #expect(editMenuStyle(idiom: .pad, input: .touch, surface: .editMenu) == .compact)
        #expect(editMenuStyle(idiom: .pad, input: .pointer, surface: .editMenu) == .vertical)
        #expect(editMenuStyle(idiom: .pad, input: .keyboard, surface: .editMenu) == .vertical)
        #expect(editMenuStyle(idiom: .mac, input: .pointer, surface: .editMenu) == .contextMenu)
        #expect(editMenuStyle(idiom: .mac, input: .pointer, surface: .menuBar) == .menuBar)
        #expect(editMenuStyle(idiom: .vision, input: .touch, surface: .editMenu) == .compact)
        #expect(editMenuStyle(idiom: .vision, input: .pointer, surface: .editMenu) == .contextMenu)
        #expect(editMenuStyle(idiom: .phone, input: .touch, surface: .menuBar) == nil)
        #expect(editMenuStyle(idiom: .tv, input: .touch, surface: .editMenu) == nil)
    }

    @Test("The Mac context menu keeps Cut, Copy and Paste dimmed for editable text, and has no Select All")
    func contextMenuDims() throws {
        let menu = try #require(EditMenuRules.presentation(for: textContext("Hello world", 5..<5, idiom: .mac)).menu)
        #expect(menu.style == .contextMenu)
        #expect(menu.commands.prefix(3).map(\.id) == [.cut, .copy, .paste])
        #expect(menu.commands.prefix(3).allSatisfy { !$0.isEnabled })
        #expect(menu.command(.selectAll) == nil)
    }

    @Test("The Mac context menu keeps only Copy for read-only text")
    func contextMenuReadOnly() throws {
        let menu = try #require(
            EditMenuRules.presentation(for: textContext("Hello world", 0..<5, idiom: .mac, editable: false)).menu)
        #expect(menu.command(.cut) == nil && menu.command(.paste) == nil)
        #expect(menu.command(.copy)?.isEnabled == true)
    }

    @Test("A context menu with every item dimmed is not shown")
    func contextMenuAllDimmed() {
        let context = EditMenuContext(
            content: SelectableContent(kind: .image, isEditable: true, selection: .none), idiom: .mac)
        #expect(menuIDs(context) == ["<nothingToShow>"])
    }

    @Test("Compact and vertical styles remove what does not apply and show no shortcuts in compact")
    func compactRemoves() throws {
        let compact = try #require(EditMenuRules.presentation(for: textContext("Hello world", 5..<5)).menu)
        #expect(compact.commands.allSatisfy { $0.isEnabled })
        #expect(compact.commands.allSatisfy { $0.keyEquivalent == nil })
        let vertical = try #require(
            EditMenuRules.presentation(for: textContext("Hello world", 0..<5, idiom: .pad, input: .keyboard)).menu)
        #expect(vertical.style == .vertical)
        // Shortcuts only in the menu bar (EDIT-MENU.md §10).
        #expect(vertical.commands.allSatisfy { $0.keyEquivalent == nil })
    }

    @Test("The vertical style's top row holds up to four of Cut, Copy, Paste and Delete")
    func verticalTopRow() throws {
        let menu = try #require(
            EditMenuRules.presentation(
                for: textContext(
                    "Hello world", 0..<5, idiom: .pad, input: .pointer,
                    allowsDelete: true, pasteboard: [.plainText])
            ).menu)
        #expect(VerticalMenu.topRow(of: menu) == [.cut, .copy, .paste, .delete])
        #expect(VerticalMenu.list(of: menu).first?.id == .selectAll)
    }
}

@Suite("The menu-bar Edit menu (EDIT-MENU.md §4)")
struct MenuBarTests {
    func menu(_ context: EditMenuContext) throws -> EditMenu {
        var context = context
        context.surface = .menuBar
        return try #require(EditMenuRules.presentation(for: context).menu)
    }

    @Test("It follows the macOS Edit menu order with every item kept")
    func order() throws {
        let m = try menu(textContext("Hello world", 0..<5, idiom: .mac))
        #expect(
            m.commands.map(\.id.rawValue) == [
                "undo", "redo", "cut", "copy", "paste", "pasteAndMatchStyle", "delete", "selectAll", "find",
                "spellingAndGrammar", "substitutions", "transformations", "speech", "startDictation", "emojiAndSymbols",
            ])
        #expect(m.sections.map(\.id) == [.undoRedo, .standardEdit, .find, .textServices, .input])
        #expect(
            m.command(.find)?.children.map(\.id) == [
                .findEllipsis, .findAndReplace, .findNext, .findPrevious,
                .useSelectionForFind, .jumpToSelection,
            ])
    }

    @Test("Undo and Redo carry the action name and are dimmed without one")
    func undoNames() throws {
        var context = textContext("Hello world", 0..<5, idiom: .mac)
        context.undo = .named("Typing")
        context.redo = .named("Paste")
        let m = try menu(context)
        #expect(m.command(.undo)?.title == "Undo Typing")
        #expect(m.command(.redo)?.title == "Redo Paste")
        let plain = try menu(textContext("Hello world", 0..<5, idiom: .mac))
        #expect(plain.command(.undo)?.title == "Undo" && plain.command(.undo)?.isEnabled == false)
        #expect(plain.command(.redo)?.title == "Redo" && plain.command(.redo)?.isEnabled == false)
    }

    @Test("Unavailable items stay, dimmed, and shortcuts use ⌘")
    func dimmed() throws {
        let m = try menu(textContext("Hello world", 5..<5, idiom: .mac))
        #expect(m.command(.cut)?.isEnabled == false)
        #expect(m.command(.copy)?.isEnabled == false)
        #expect(m.command(.paste)?.isEnabled == false)
        #expect(m.command(.selectAll)?.isEnabled == true)
        #expect(m.command(.transformations)?.isEnabled == false)
        #expect(m.command(.copy)?.keyEquivalent?.display(for: .mac) == "⌘C")
        #expect(m.command(.redo)?.keyEquivalent?.display(for: .mac) == "⇧⌘Z")
    }

    @Test("The menu bar is always presented, even with everything dimmed")
    func alwaysPresented() throws {
        let context = EditMenuContext(
            content: SelectableContent(kind: .image, selection: .none), idiom: .mac, surface: .menuBar)
        #expect(EditMenuRules.presentation(for: context).menu?.style == .menuBar)
    }

    @Test("iPhone has no menu bar")
    func phoneHasNone() {
        var context = textContext("Hello", 0..<5)
        context.surface = .menuBar
        #expect(menuIDs(context) == ["<unsupported>"])
    }
}

@Suite("Order and custom commands (EDIT-MENU.md §4)")
struct OrderTests {
    @Test("Custom commands come after every system command by default")
    func customAtEnd() {
        let ids = menuIDs(
            textContext("Hello world", 0..<5, custom: [CustomCommand(id: "highlight", title: "Highlight")]))
        #expect(ids.last == "highlight")
    }

    @Test("A custom command can follow a named section, even when that section is absent")
    func customAfterSection() {
        let custom = [CustomCommand(id: "hl", title: "Highlight", placement: .after(.format))]
        let rich = menuIDs(textContext("Hello world", 0..<5, rich: true, custom: custom))
        #expect(rich.firstIndex(of: "hl") == rich.firstIndex(of: "format")! + 1)
        let plain = menuIDs(textContext("Hello world", 0..<5, custom: custom))
        #expect(plain.firstIndex(of: "hl")! < plain.firstIndex(of: "lookUp")!)
        #expect(plain.firstIndex(of: "hl")! > plain.firstIndex(of: "selectAll")!)
        let afterEdit = menuIDs(
            textContext(
                "Hello world", 0..<5, custom: [CustomCommand(id: "x", title: "Pin", placement: .after(.standardEdit))]))
        #expect(afterEdit == ["cut", "copy", "selectAll", "x", "lookUp", "translate", "searchWeb", "share"])
    }

    @Test("Custom commands are never interspersed inside a system section")
    func neverInterspersed() throws {
        let custom = (0..<3).map {
            CustomCommand(id: EditCommand.ID("c\($0)"), title: "Pin", placement: $0 == 1 ? .after(.standardEdit) : .end)
        }
        let menu = try #require(EditMenuRules.presentation(for: textContext("Hello world", 0..<5, custom: custom)).menu)
        for section in menu.sections {
            let kinds = Set(section.commands.map(\.kind))
            #expect(kinds.count == 1, "section \(section.id) mixes \(kinds)")
        }
    }

    @Test("A custom command's requirement decides when it shows")
    func requirements() {
        let needsSelection = CustomCommand(id: "a", title: "Archive")
        let needsEditable = CustomCommand(id: "b", title: "Insert Date", requirement: .editable)
        let always = CustomCommand(id: "c", title: "Show Info", requirement: .none)
        let caret = menuIDs(textContext("Hello", 2..<2, custom: [needsSelection, needsEditable, always]))
        #expect(!caret.contains("a") && caret.contains("b") && caret.contains("c"))
        let readOnly = menuIDs(
            textContext("Hello", 0..<2, editable: false, custom: [needsSelection, needsEditable, always]))
        #expect(readOnly.contains("a") && !readOnly.contains("b") && readOnly.contains("c"))
    }

    @Test("Standard commands keep the HIG order whatever is available")
    func standardOrder() {
        let ids = menuIDs(
            textContext(
                "Helo world", 0..<4, rich: true, allowsDelete: true,
                pasteboard: [.richText], spelling: ["Hello"]))
        #expect(
            ids == [
                "cut", "copy", "paste", "pasteAndMatchStyle", "delete", "selectAll", "replace", "format",
                "lookUp", "translate", "searchWeb", "share",
            ])
    }
}
