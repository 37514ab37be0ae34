import Testing
@testable import EditMenuKit
@testable import EditMenuScenario

@Suite("Custom-title lint (spec section 5)")
struct CommandTitleLintTests {
    func messages(_ titles: String..., locale: MenuLocale = .english) -> [String] {
        CommandTitleLint.warnings(
            for: titles.enumerated().map { CustomCommand(id: EditCommand.ID("c\($0)"), title: $1) },
            locale: locale
        ).map(\.message)
    }

    @Test(
        "Good titles raise no warning",
        arguments: [
            "Highlight", "Add to Notes", "Copy as Markdown", "Save for Later", "Share to iCloud", "Translate",
            "Look Up in Dictionary", "Send via AirDrop", "Export PDF", "Insert Date", "Move Up", "Process", "Rename…",
        ])
    func goodTitles(title: String) {
        #expect(messages(title) == [])
    }

    @Test("Lowercase words are capitalized, with the suggested fix")
    func capitalization() {
        #expect(
            messages("highlight text") == [
                #"custom command "highlight text": use title-style capitalization: "Highlight Text""#
            ])
    }

    @Test("Short prepositions, articles and conjunctions stay lowercase inside a title")
    func minorWords() {
        #expect(
            messages("Add To Notes") == [
                #"custom command "Add To Notes": use title-style capitalization: "Add to Notes""#
            ])
        #expect(messages("Cut And Paste")[0].hasSuffix(#""Cut and Paste""#))
        #expect(messages("Search The Web")[0].hasSuffix(#""Search the Web""#))
        #expect(messages("Go From Here").first?.hasSuffix(#""Go from Here""#) == true)
    }

    @Test("A phrasal verb's particle may be capitalized right after the verb")
    func particles() {
        #expect(messages("Look Up in Dictionary") == [])
        #expect(messages("Save in Folder") == [])
        #expect(messages("Sign In to Mail") == [])
        #expect(messages("Add Up To Total")[0].hasSuffix(#""Add Up to Total""#))
    }

    @Test("The first and last words are always capitalized, even when minor")
    func edges() {
        #expect(messages("Log in")[0].hasSuffix(#""Log In""#))
        #expect(messages("Sign Up") == [])
    }

    @Test("Prepositions of five letters or more are capitalized")
    func longPrepositions() {
        #expect(messages("Sort Among Items") == [])
        #expect(messages("Move between Pages")[0].hasSuffix(#""Move Between Pages""#))
    }

    @Test("Titles start with a verb")
    func verbFirst() {
        for title in ["Settings", "The Highlight", "Translation", "Details", "Preferences"] {
            #expect(messages(title).contains { $0.contains("start with a verb") }, "\(title)")
        }
        #expect(
            messages("Settings").first
                == #"custom command "Settings": start with a verb that says what the command does, for example "Show Settings""#
        )
    }

    @Test("Titles are short")
    func length() {
        #expect(messages("Add Selection to My Reading List").contains { $0.contains("shorten") })
        #expect(messages("Summarize Paragraphs Thoroughly").contains { $0.contains("shorten") })
    }

    @Test("Punctuation: an ellipsis character, no trailing period")
    func punctuation() {
        #expect(messages("Rename...").contains { $0.contains(#"use the ellipsis character: "Rename…""#) })
        #expect(messages("Pin!").contains { $0.contains(#"end without punctuation: "Pin""#) })
        #expect(messages(" Pin").contains { $0.contains("remove the spaces") })
    }

    @Test("More than four custom commands is one warning naming the extra ones")
    func tooMany() {
        #expect(messages("Archive", "Pin", "Print", "Rename") == [])
        let w = messages("Archive", "Pin", "Print", "Rename", "Tag")
        #expect(w.count == 1)
        #expect(w[0].contains("5 custom commands") && w[0].contains("\"Tag\""))
    }

    @Test("Other languages need sentence-style capitalization only")
    func otherLanguages() {
        let ru = MenuLocale("ru")
        #expect(messages("Добавить в заметки", locale: ru) == [])
        #expect(
            messages("добавить в заметки", locale: ru) == [
                #"custom command "добавить в заметки": use sentence-style capitalization: "Добавить в заметки""#
            ])
        #expect(messages("ハイライト", locale: MenuLocale("ja")) == [])
    }

    @Test("Names with inner capitals are kept as written")
    func names() {
        #expect(CommandTitleLint.titleCase(["open", "in", "iMovie"]) == ["Open", "in", "iMovie"])
    }

    @Test("Lint warnings reach the presentation")
    func inPresentation() {
        let out = present(
            textScenario("Hello world", [0, 5], extra: #", "custom": [{"id": "hl", "title": "highlight text"}]"#))
        #expect(
            out["warnings"]?.arrayValue.compactMap(\.stringValue) == [
                #"custom command "highlight text": use title-style capitalization: "Highlight Text""#
            ])
        #expect(out.itemIDs.last == "hl")
    }
}
