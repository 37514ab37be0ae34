import EditMenuTestSupport
import Testing
@testable import EditMenuKit
@testable import EditMenuScenario

/// Spec section 10: the context menu macOS shows in a text view, in its order and with its contents.
@Suite("The mac text context menu (EDIT-MENU.md §10)")
struct MacContextMenuTests {
    func menu(_ context: EditMenuContext) throws -> EditMenu {
        try #require(EditMenuRules.presentation(for: context).menu)
    }

    /// A mac context over a selected word, with the excerpt a host passes.
    func mac(
        _ text: String, _ selection: Range<Int>, editable: Bool = true, rich: Bool = false,
        pasteboard: Set<PasteboardType> = [.plainText], services: HostCapabilities = .allServices,
        spelling: [String] = [], custom: [CustomCommand] = [], locale: MenuLocale = .english
    ) -> EditMenuContext {
        var context = textContext(
            text, selection, idiom: .mac, editable: editable, rich: rich, pasteboard: pasteboard, services: services,
            spelling: spelling, custom: custom, locale: locale)
        context.isMisspelled = !spelling.isEmpty
        if !selection.isEmpty {
            context.selectionExcerpt = String(text.dropFirst(selection.lowerBound).prefix(selection.count))
        }
        return context
    }

    @Test("A misspelled word in editable rich text: macOS's order, sections divided")
    func fullOrder() throws {
        var context = mac("Helo world", 0..<4, rich: true, spelling: ["Hello", "Halo"])
        context.serviceItems = [ServiceItem(id: "sticky", title: "Make New Sticky Note")]
        context.customCommands = [CustomCommand(id: "hl", title: "Highlight")]
        let m = try menu(context)
        #expect(
            m.sections.map { "\($0.id): " + $0.commands.map(\.id.rawValue).joined(separator: " ") } == [
                "spelling: replace.0 replace.1 ignoreSpelling learnSpelling",
                "lookup: lookUp translate",
                "search: searchWeb",
                "standardEdit: cut copy paste pasteAndMatchStyle",
                "share: share",
                "textServices: font spellingAndGrammar substitutions transformations speech",
                "custom: hl",
                "services: services",
            ])
        #expect(
            m.commands.map(\.title).prefix(7) == [
                "Hello", "Halo", "Ignore Spelling", "Learn Spelling",
                "Look Up “Helo”", "Translate “Helo”", "Search With Google",
            ])
        #expect(
            m.command(.font)?.children.map(\.id) == [
                .toggleBoldface, .toggleItalics, .toggleUnderline, .increaseSize, .decreaseSize,
            ])
        #expect(m.command(.font)?.children.map(\.title) == ["Bold", "Italic", "Underline", "Bigger", "Smaller"])
        #expect(m.command(.services)?.children.map(\.title) == ["Make New Sticky Note"])
    }

    @Test("Never Select, Select All, Delete or Replace… (suggestions stand inline)")
    func noIOSCommands() throws {
        var context = mac("Helo world", 0..<4, spelling: ["Hello"])
        context.content.allowsDelete = true
        let ids = try menu(context).commands.map(\.id)
        for absent in [EditCommand.ID.select, .selectAll, .delete, .replace, .format] {
            #expect(!ids.contains(absent), "\(absent)")
        }
    }

    @Test("Read-only text: Look Up, Translate, Search, Copy, Share… and Speech ▸ only")
    func readOnly() throws {
        let m = try menu(mac("Hello world", 0..<5, editable: false, rich: true, spelling: ["Hullo"]))
        #expect(m.commands.map(\.id) == [.lookUp, .translate, .searchWeb, .copy, .share, .speech])
    }

    @Test("A caret: Cut and Copy dimmed, Paste, then the text services; nothing to look up")
    func caret() throws {
        let m = try menu(mac("Hello world", 5..<5, rich: true))
        #expect(
            m.commands.map(\.id) == [
                .cut, .copy, .paste, .pasteAndMatchStyle, .font, .spellingAndGrammar, .substitutions, .transformations,
                .speech,
            ])
        #expect(m.commands.map(\.isEnabled) == [false, false, true, false, true, true, true, false, true])
    }

    @Test("Data actions follow Search With, before Cut, Copy and Paste")
    func dataActions() throws {
        var context = mac("Call 555-0100 now", 5..<13)
        context.dataActions = [
            DataAction(id: .call, target: .uri("tel:5550100")),
            DataAction(id: .sendMessage, target: .uri("sms:5550100")),
        ]
        let ids = try menu(context).commands.map(\.id)
        #expect(Array(ids.prefix(6)) == [.lookUp, .translate, .searchWeb, .call, .sendMessage, .cut])
    }

    @Test("Each text service is offered only when the host can do it")
    func hostServices() throws {
        let none = try menu(mac("Hello world", 0..<5, services: []))
        #expect(none.commands.map(\.id) == [.cut, .copy, .paste, .substitutions, .transformations])
        let speechOnly = try menu(mac("Hello world", 0..<5, services: [.speech]))
        #expect(speechOnly.command(.speech) != nil && speechOnly.command(.spellingAndGrammar) == nil)
        #expect(try menu(mac("Hello world", 0..<5)).command(.services) == nil)
    }

    @Test("Custom commands come before Services ▸; after Format means after the Font ▸ section")
    func customPlacement() throws {
        var context = mac("Hello world", 0..<5, rich: true)
        context.serviceItems = [ServiceItem(id: "open", title: "Open URL")]
        context.customCommands = [
            CustomCommand(id: "a", title: "Archive"),
            CustomCommand(id: "f", title: "Fancy", placement: .after(.format)),
            CustomCommand(id: "r", title: "Respell", placement: .after(.replace)),
        ]
        let m = try menu(context)
        #expect(
            m.sections.map(\.id.rawValue) == [
                "custom.after.spelling", "lookup", "search", "standardEdit", "share", "textServices",
                "custom.after.textServices", "custom", "services",
            ])
    }

    @Test("Vision's context menu and images on the mac keep the general context-menu contents")
    func otherContextMenus() throws {
        let vision = try menu(textContext("Hello world", 0..<5, idiom: .vision, input: .pointer))
        #expect(vision.style == .contextMenu && vision.command(.selectAll) != nil)
        let image = try menu(
            EditMenuContext(
                content: SelectableContent(kind: .image, isEditable: true, selection: .object), idiom: .mac))
        #expect(image.commands.map(\.id) == [.cut, .copy, .paste, .delete, .share])
    }

    @Test("Reused submenus follow the context: enabled items, language and shortcuts")
    func reusedSubmenus() throws {
        for _ in 0..<2 {
            let caret = try menu(mac("Hello world", 5..<5, rich: true))
            #expect(caret.command(.makeUpperCase)?.isEnabled == false)
            let range = try menu(mac("Hello world", 0..<5, rich: true))
            #expect(range.command(.makeUpperCase)?.isEnabled == true)
            #expect(range.command(.transformations)?.isEnabled == true)
            let german = try menu(mac("Hallo Welt", 0..<5, rich: true, locale: MenuLocale("de")))
            #expect(german.command(.increaseSize)?.title == "Größer")
            #expect(range.command(.increaseSize)?.title == "Bigger")
            // Shortcuts only in the menu bar (EDIT-MENU.md §10), even for a submenu cached for another menu.
            #expect(range.command(.toggleBoldface)?.keyEquivalent == nil)
            let phone = try menu(textContext("שלום", 0..<4, rich: true, locale: MenuLocale("he")))
            #expect(phone.command(.makeTextWritingDirectionLeftToRight)?.keyEquivalent == nil)
            #expect(phone.command(.toggleBoldface)?.keyEquivalent == nil)
            var bar = textContext("Hello world", 0..<5, idiom: .mac, editable: false)
            bar.surface = .menuBar
            #expect(try menu(bar).command(.makeUpperCase)?.isEnabled == false)
            #expect(try menu(bar).command(.selectAll)?.keyEquivalent == KeyEquivalent("a"))
        }
    }

    // MARK: Quoted titles

    @Test(
        "Look Up and Translate quote the selection in the locale's quotation marks",
        arguments: [
            ("en", "Look Up “Hello”", "Translate “Hello”", "Search With Google"),
            ("de", "„Hello“ nachschlagen", "„Hello“ übersetzen", "Mit Google suchen"),
            ("fr", "Rechercher «\u{202F}Hello\u{202F}»", "Traduire «\u{202F}Hello\u{202F}»", "Rechercher avec Google"),
            ("ja", "「Hello」を調べる", "「Hello」を翻訳", "Googleで検索"),
            ("ru", "Найти «Hello»", "Перевести «Hello»", "Искать в Google"),
            ("zh-Hant", "查詢「Hello」", "翻譯「Hello」", "使用Google搜尋"),
        ])
    func quoted(language: String, lookUp: String, translate: String, search: String) throws {
        let m = try menu(mac("Hello world", 0..<5, locale: MenuLocale(language)))
        #expect(m.command(.lookUp)?.title == lookUp)
        #expect(m.command(.translate)?.title == translate)
        #expect(m.command(.searchWeb)?.title == search)
    }

    @Test("A quotation is shortened with … past 20 Characters; whitespace runs become one space")
    func shortened() {
        let en = MenuStrings(locale: .english)
        #expect(en.quoted("12345678901234567890") == "“12345678901234567890”")
        #expect(en.quoted("123456789012345678901") == "“12345678901234567890…”")
        #expect(en.quoted("Hello  wonderful\n world") == "“Hello wonderful worl…”")
        #expect(en.quoted(" a\tb ") == "“a b”")
        #expect(en.quoted("👨‍👩‍👧" + String(repeating: "é", count: 20)) == "“👨‍👩‍👧" + String(repeating: "é", count: 19) + "…”")
        #expect(en.quoted("1234567890123456789 x") == "“1234567890123456789…”", "no room for a space and a letter")
        #expect(en.quoted("123456789012345678 xy") == "“123456789012345678 x…”")
        #expect(en.quoted("12345678901234567890   ") == "“12345678901234567890”")
        #expect(en.quoted("   ") == "“”")
    }

    @Test("A quotation is the selection's words joined by one space, cut at 20 Characters", arguments: 0..<4)
    func quotationIsWordsCut(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let pieces = ["a", "Wort", " ", "  ", "\t", "\n", "é", "👨‍👩‍👧", "日本語", "\u{3000}", "x\u{301}"]
        let en = MenuStrings(locale: .english)
        for _ in 0..<100 {
            let text = (0..<Int(rng.next() % 16)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            let limit = MenuStrings.quotationLimit
            let expected: String
            if words.count <= limit {
                expected = words
            } else {
                // Cut at the limit, without a space left at the end.
                var cut = String(words.prefix(limit))
                if cut.last == " " { cut.removeLast() }
                expected = cut + "…"
            }
            #expect(en.quoted(text) == "“" + expected + "”", "\(Array(text.unicodeScalars))")
        }
    }

    @Test(
        "The excerpt of ASCII text read byte by byte is the Character loop's, control characters included",
        arguments: 0..<4)
    func asciiExcerptIsCharacters(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        // Every ASCII byte, with white space, letters and CR LF (one Character) more often; and a few
        // non-ASCII scalars, which the byte loop hands to the Character loop.
        let pieces = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) } + [" ", " ", "\r\n", "ab", "\t", "\n"]
        let others = ["\u{301}", "é", "\u{85}", "\u{A0}", "日"]
        for round in 0..<400 {
            var text = (0..<Int(rng.next() % 40)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            if round % 4 == 0 {
                let at = text.unicodeScalars.count == 0 ? 0 : Int(rng.next() % UInt64(text.unicodeScalars.count))
                var scalars = Array(text.unicodeScalars)
                scalars.insert(contentsOf: others[Int(rng.next() % UInt64(others.count))].unicodeScalars, at: at)
                text = String(String.UnicodeScalarView(scalars))
            }
            let expected = MenuStrings.characterExcerpt(text)
            #expect(MenuStrings.excerpt(text) == expected, "\(Array(text.unicodeScalars))")
            var copy = text
            if let ascii = copy.withUTF8({ MenuStrings.asciiExcerpt($0) }) {
                #expect(ascii == expected, "\(Array(text.unicodeScalars))")
            }
        }
    }

    @Test("Without an excerpt the titles do not quote; another engine is named")
    func noExcerpt() throws {
        var context = textContext("Hello world", 0..<5, idiom: .mac)
        context.searchEngine = "DuckDuckGo"
        let m = try menu(context)
        #expect(m.command(.lookUp)?.title == "Look Up")
        #expect(m.command(.searchWeb)?.title == "Search With DuckDuckGo")
    }

    @Test("Every shipped language has its own wording of the new titles", arguments: MenuLocale.supported)
    func translated(language: String) {
        let strings = MenuStrings(locale: MenuLocale(language))
        for key in ["lookUpQuoted", "translateQuoted", "searchWith"] {
            #expect(strings.title(key, idiom: .mac).components(separatedBy: "%@").count == 2, "\(language).\(key)")
        }
        guard language != "en" else { return }
        let english = MenuStrings(locale: .english)
        for key in [
            "lookUpQuoted", "translateQuoted", "searchWith", "ignoreSpelling", "learnSpelling",
            "makeTextWritingDirectionLeftToRight", "makeTextWritingDirectionRightToLeft",
        ] {
            #expect(strings.title(key, idiom: .mac) != english.title(key, idiom: .mac), "\(language).\(key) is English")
        }
        let marks = MenuStrings.quotationMarks(for: language)
        #expect(!marks.start.isEmpty && !marks.end.isEmpty, "\(language) has quotation marks")
    }

    // MARK: In `editmenu present`

    @Test("A secondary click on a word: the menu, its quoted titles and the selection")
    func presented() {
        let out = present(
            #"{"idiom": "mac", "trigger": {"gesture": "secondaryClick", "at": 2}, "content": {"text": "Helo world", "selection": [0, 0]}, "pasteboard": ["text"], "spelling": ["Hello"], "searchEngine": "Bing", "servicesMenu": ["Open URL"]}"#
        )
        #expect(
            out.itemIDs == [
                "replace.0", "ignoreSpelling", "learnSpelling", "lookUp", "translate", "searchWeb", "cut", "copy",
                "paste", "share", "spellingAndGrammar", "substitutions", "transformations", "speech", "services",
            ])
        #expect(out.title("searchWeb") == "Search With Bing")
        #expect(out.title("lookUp") == "Look Up “Helo”")
        #expect(out.item("service.0")?["title"]?.stringValue == "Open URL")
        #expect(out.item("cut")?["section"]?.stringValue == "standardEdit")
    }
}
