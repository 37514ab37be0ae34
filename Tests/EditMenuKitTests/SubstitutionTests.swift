import EditMenuTestSupport
import Foundation
import Testing

@testable import EditMenuKit

@Suite("Substitutions while typing")
struct SubstitutionTests {
    /// Types `text` one Character at a time into an editor with substitutions in `language`.
    static func typed(
        _ text: String, language: String = "en", settings: SubstitutionSettings = SubstitutionSettings(),
        replacements: [TextReplacement] = []
    ) throws -> TextEditor {
        var editor = TextEditor(text: "")
        editor.substitutions = TextSubstitutions(
            settings: settings, locale: MenuLocale(language), replacements: replacements)
        for c in text { try editor.type(String(c)) }
        return editor
    }

    @Test(
        "Smart quotes use the language's own marks from CLDR",
        arguments: [
            ("en", "\u{201C}quote\u{201D}"), ("de", "\u{201E}quote\u{201C}"), ("fr", "\u{00AB}quote\u{00BB}"),
            ("ja", "\u{300C}quote\u{300D}"), ("ru", "\u{00AB}quote\u{00BB}"),
        ])
    func smartQuotes(language: String, expected: String) throws {
        #expect(try Self.typed("\"quote\"", language: language).text == expected)
    }

    @Test("Apostrophes and quotes inside quotes")
    func singleQuotes() throws {
        #expect(try Self.typed("it's 'odd' (\"so\")").text == "it\u{2019}s \u{2018}odd\u{2019} (\u{201C}so\u{201D})")
        #expect(try Self.typed("\u{201E}er sagt 'ja'", language: "de").text.hasSuffix("\u{201A}ja\u{2018}"))
        #expect(try Self.typed("geht's", language: "de").text == "geht\u{2019}s")
        // The region people asked for counts: Swiss French quotes inside quotes with ‹ ›, French with « ».
        #expect(try Self.typed("'oui'", language: "fr_CH").text == "\u{2039}oui\u{203A}")
        #expect(try Self.typed("'oui'", language: "fr").text == "\u{00AB}oui\u{00BB}")
        // Where the language's marks are the straight ones (Hebrew in CLDR), nothing changes and no
        // undo step is recorded.
        let hebrew = try Self.typed("\"", language: "he")
        #expect(hebrew.text == "\"")
        #expect(hebrew.history.undoAction == .typing)
    }

    @Test("The next Undo takes back only the substitution, leaving what was typed")
    func undoLeavesTyped() throws {
        var editor = try Self.typed("\"")
        #expect(editor.text == "\u{201C}")
        #expect(editor.history.undoTitle(strings: MenuStrings(locale: .english), idiom: .mac) == "Undo Smart Quotes")
        try editor.undo()
        #expect(editor.text == "\"")
        #expect(editor.selection == 1..<1)
        try editor.undo()
        #expect(editor.text == "")
        try editor.redo()
        try editor.redo()
        #expect(editor.text == "\u{201C}")
    }

    @Test("Smart dashes: two hyphens become an em dash; Undo gives the hyphens back")
    func smartDashes() throws {
        var editor = try Self.typed("a--b")
        #expect(editor.text == "a\u{2014}b")
        try editor.undo() // the typing after the dash
        #expect(editor.text == "a\u{2014}")
        try editor.undo() // the dash
        #expect(editor.text == "a--")
    }

    @Test("Text replacement expands a shortcut when a word ends, not inside a word")
    func textReplacement() throws {
        let table = [
            TextReplacement(shortcut: "omw", phrase: "On my way!"), TextReplacement(shortcut: "(c)", phrase: "©"),
        ]
        var editor = try Self.typed("omw now", replacements: table)
        #expect(editor.text == "On my way! now")
        #expect(try Self.typed("xomw ", replacements: table).text == "xomw ")
        #expect(try Self.typed("(c) 2026", replacements: table).text == "© 2026")
        editor = try Self.typed("omw.", replacements: table)
        #expect(editor.text == "On my way!.")
        #expect(editor.selection == 11..<11)
        try editor.undo()
        #expect(editor.text == "omw.")
        #expect(editor.selection == 4..<4)
    }

    @Test("A toggle turned off stops its substitution; secure text is never substituted")
    func togglesOff() throws {
        var off = SubstitutionSettings()
        off.smartQuotes = false
        off.smartDashes = false
        off.textReplacement = false
        let table = [TextReplacement(shortcut: "omw", phrase: "On my way!")]
        #expect(try Self.typed("\"a--b\" omw ", settings: off, replacements: table).text == "\"a--b\" omw ")
        var secure = TextEditor(text: "", isSecure: true)
        secure.substitutions = TextSubstitutions()
        try secure.type("\"")
        #expect(secure.text == "\"")
    }

    @Test("Smart Copy/Paste: cutting a word takes a space, pasting a word adds one")
    func smartCopyPaste() throws {
        let pasteboard = InMemoryPasteboard()
        var editor = TextEditor(text: "a bird sings")
        editor.substitutions = TextSubstitutions()
        editor.select(2..<6)
        try editor.perform(.cut, pasteboard: pasteboard)
        #expect(editor.text == "a sings")
        #expect(pasteboard.items().first?.string(for: .plainText) == "bird")
        editor.select(1..<1)
        try editor.perform(.paste, pasteboard: pasteboard)
        #expect(editor.text == "a bird sings")
        editor.substitutions?.settings.smartCopyPaste = false
        editor.select(2..<6)
        try editor.perform(.cut, pasteboard: pasteboard)
        #expect(editor.text == "a  sings")
    }
}

@Suite("Settings files")
final class SettingsFileTests {
    /// The test's home folder, removed when the test ends.
    let scratch: ScratchFolder

    init() throws { scratch = try ScratchFolder("editmenu-settings") }
    deinit { scratch.remove() }

    @Test("Paths follow XDG: absolute XDG variables, else HOME")
    func paths() {
        let xdg = SettingsFile(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "/cfg", "XDG_DATA_HOME": "/data"])
        #expect(xdg.settingsPath == "/cfg/editmenukit/settings.json")
        #expect(xdg.replacementsPath == "/data/editmenukit/text-replacements.tsv")
        let home = SettingsFile(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "relative"])
        #expect(home.settingsPath == "/home/u/.config/editmenukit/settings.json")
        #expect(home.replacementsPath == "/home/u/.local/share/editmenukit/text-replacements.tsv")
    }

    @Test("Missing files give the defaults and no problem; saved toggles and engines load back")
    func roundTrip() throws {
        let folder = scratch.path
        let file = SettingsFile(environment: ["HOME": folder])
        let (defaults, problems) = file.load()
        #expect(defaults == EditMenuSettings())
        #expect(problems.isEmpty)
        var settings = defaults
        settings.substitutions.toggle(.smartQuotes)
        settings.substitutions.toggle(.smartLinks)
        settings.searchEngine = .duckDuckGo
        try file.save(settings)
        #expect(file.load().settings == settings)
        settings.searchEngine = try WebSearchService.Engine.custom(
            name: "Startpage", template: "https://www.startpage.com/do/search?q={query}&cat=web"
        ).get()
        try file.save(settings)
        let loaded = file.load()
        #expect(loaded.settings.searchEngine == settings.searchEngine)
        #expect(loaded.problems.isEmpty)
    }

    @Test("Wrong values are named with the file and key; the rest still counts")
    func problems() throws {
        let folder = scratch.path
        let file = SettingsFile(environment: ["HOME": folder])
        try FileManager.default.createDirectory(
            atPath: folder + "/.config/editmenukit", withIntermediateDirectories: true)
        try Data(
            #"{"substitutions": {"smartQuotes": 1, "smartDashes": false, "smartTypos": true}, "searchEngine": "AltaVista", "colour": "red"}"#
                .utf8
        ).write(to: URL(fileURLWithPath: file.settingsPath))
        let (settings, problems) = file.load()
        #expect(settings.substitutions.smartQuotes == true)
        #expect(settings.substitutions.smartDashes == false)
        #expect(settings.searchEngine == .google)
        let messages = problems.map(\.description)
        #expect(messages.contains("\(file.settingsPath): substitutions.smartQuotes: expected true or false, got 1"))
        #expect(messages.contains { $0.contains("substitutions.smartTypos: unknown toggle") })
        #expect(messages.contains { $0.contains("searchEngine: unknown engine \"AltaVista\"") })
        #expect(messages.contains { $0.hasSuffix("colour: unknown setting (known: searchEngine, substitutions)") })
        try Data("not json".utf8).write(to: URL(fileURLWithPath: file.settingsPath))
        #expect(file.load().problems.map(\.message) == ["is not a JSON object; the defaults are used"])
    }

    @Test("The text replacements table: tab-separated, comments, escapes, problems by line")
    func replacementsTable() {
        var problems: [SettingsProblem] = []
        let table = SettingsFile.parseReplacements(
            "# mine\nomw\tOn my way!\n\nno tab here\naddr\t1 Infinite Loop\\nCupertino\n\tempty shortcut\nomw\tOn my way.\n",
            path: "t.tsv", problems: &problems)
        #expect(
            table == [
                TextReplacement(shortcut: "addr", phrase: "1 Infinite Loop\nCupertino"),
                TextReplacement(shortcut: "omw", phrase: "On my way."),
            ])
        #expect(
            problems.map(\.description) == [
                "t.tsv: line 4: expected “shortcut<TAB>phrase”, found no tab",
                "t.tsv: line 6: the shortcut must be a word without spaces",
                "t.tsv: line 7: “omw” is already defined on line 2; this line replaces it",
            ])
    }

    @Test("Search engines: a template puts the encoded query in its place; bad templates are refused")
    func engines() throws {
        let engine = try WebSearchService.Engine.custom(
            name: "Example", template: "https://example.org/find?q={query}&lang=en"
        ).get()
        #expect(
            WebSearchService(engine: engine).url(for: "edit  menu & more")
                == "https://example.org/find?q=edit%20menu%20%26%20more&lang=en")
        #expect(WebSearchService().url(for: "Straße") == "https://www.google.com/search?q=Stra%C3%9Fe")
        for bad in [
            "http://example.org/?q={query}", "https://example.org/?q=", "https://example.org/?q={query}{query}",
            "https://{query}.example.org/", "https://example.org/?q={query} x", "javascript:{query}",
            "https:///?q={query}",
        ] {
            #expect(throws: SettingsError.self, "\(bad)") {
                try WebSearchService.Engine.custom(name: "X", template: bad).get()
            }
        }
    }
}

@Suite("Substitutions for hosts with their own text")
struct TextSubstitutionAPITests {
    /// A host that keeps its own text hands it to the core as a document: the core substitutes.
    @Test("substitute(afterTyping:using:) replaces on any TextDocument, as its own undo step")
    func documentAPI() throws {
        let german = TextSubstitutions(locale: MenuLocale("de"))
        var editor = TextEditor(text: "Er sagt \"", selection: 9..<9)
        #expect(try editor.substitute(afterTyping: "\"", using: german))
        #expect(editor.text == "Er sagt \u{201E}")
        #expect(editor.history.undoAction == .smartQuotes)
        let table = TextSubstitutions(replacements: [TextReplacement(shortcut: "omw", phrase: "On my way!")])
        var typed = TextEditor(text: "so omw ", selection: 7..<7)
        #expect(try typed.substitute(afterTyping: " ", using: table))
        #expect(typed.text == "so On my way! ")
        #expect(typed.selection == 14..<14)
        var nothing = TextEditor(text: "abx", selection: 3..<3)
        #expect(try !nothing.substitute(afterTyping: "x", using: table))
    }
}
