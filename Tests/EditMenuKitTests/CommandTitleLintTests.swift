import Testing
@testable import EditMenuKit
@testable import EditMenuScenario

@Suite("Custom-title lint (EDIT-MENU.md §5)")
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

    // MARK: A real lexicon, ALL CAPS, duplicates (EDIT-MENU.md §12)

    @Test(
        "Words that are not English verbs are flagged, checked against WordNet's verb index",
        arguments: ["Red", "Slowly", "Happy", "Dark Mode", "Quickly Save", "Translation", "Notes", "Beautiful"])
    func notVerbs(title: String) {
        #expect(
            messages(title).contains {
                $0
                    == #"custom command "\#(title)": start with a verb that says what the command does, for example "Show \#(title)""#
            })
    }

    @Test(
        "Verbs pass, including phrasal verbs, hyphenated verbs and today's computing verbs",
        arguments: [
            "Archive", "Pin", "Print", "Rename", "Tag", "Summarize", "Bookmark", "Unmute", "Re-run", "Email Author",
            "Annotate", "Zoom In", "Sort Among Items",
        ])
    func verbs(title: String) {
        #expect(!messages(title).contains { $0.contains("start with a verb") })
    }

    @Test("The lexicon is WordNet's: thousands of verbs, not a guess")
    func lexicon() {
        #expect(CommandTitleLint.englishVerbs.count > 8000)
        #expect(CommandTitleLint.isVerb("Highlight") && CommandTitleLint.isVerb("rename…"))
        #expect(!CommandTitleLint.isVerb("Red") && !CommandTitleLint.isVerb("up") && !CommandTitleLint.isVerb("the"))
        #expect(CommandTitleLint.isVerb("Übersetzen")) // not English: the benefit of the doubt
    }

    @Test("ALL CAPS is flagged with the title-style fix; short acronyms are not shouting")
    func allCaps() {
        #expect(
            messages("SAVE NOTE") == [
                #"custom command "SAVE NOTE": use title-style capitalization, not all caps: "Save Note""#
            ])
        #expect(messages("SAVE")[0].contains(#"title-style capitalization, not all caps: "Save""#))
        #expect(messages("Export PDF") == [])
        #expect(messages("Zip") == [])
        #expect(
            messages("СОХРАНИТЬ", locale: MenuLocale("ru")) == [
                #"custom command "СОХРАНИТЬ": use sentence-style capitalization, not all caps: "Сохранить""#
            ])
    }

    func duplicates(_ title: String, locale: MenuLocale = .english, idiom: Idiom = .phone) -> [String] {
        CommandTitleLint.warnings(for: [CustomCommand(id: "c", title: title)], locale: locale, idiom: idiom)
            .map(\.message).filter { $0.contains("duplicates the system command") }
    }

    @Test("A title that is a system command's title in the menu's language duplicates it")
    func duplicateTitles() {
        #expect(
            duplicates("Translate") == [
                #"custom command "Translate": duplicates the system command "Translate"; people expect the system's item, so remove this one or name what it does differently"#
            ])
        #expect(duplicates("Select All").count == 1)
        #expect(duplicates("select all").count == 1)
        #expect(duplicates("Replace").count == 1)
        #expect(duplicates("Share").count == 1)
        #expect(duplicates("Выбрать все", locale: MenuLocale("ru")).count == 1)
        #expect(duplicates("Копировать", locale: MenuLocale("ru")).count == 1) // the Mac's wording counts on iPhone
        #expect(duplicates("Ausschneiden", locale: MenuLocale("de"), idiom: .mac).count == 1)
        #expect(duplicates("Ausschneiden").isEmpty) // German titles do not clash with an English menu
    }

    @Test(
        "A title that does what a system command does duplicates it",
        arguments: [
            ("Copy Text", "Copy"), ("Duplicate", "Copy"), ("Copy to Clipboard", "Copy"), ("Delete Selection", "Delete"),
            ("Erase", "Delete"), ("Select Everything", "Select All"), ("Select Word", "Select"),
            ("Search the Web", "Search Web"), ("Look Up in Dictionary", "Look Up"), ("Define", "Look Up"),
            ("Translate Text", "Translate"), ("Share Selection", "Share…"),
        ])
    func doesWhatASystemCommandDoes(title: String, system: String) {
        #expect(duplicates(title).first?.contains(#"duplicates the system command "\#(system)""#) == true, "\(title)")
    }

    @Test(
        "Titles that do something else are not duplicates",
        arguments: [
            "Copy as Markdown", "Copy Link", "Search", "Search Notes", "Highlight", "Paste as Quotation",
            "Add to Notes",
        ])
    func notDuplicates(title: String) {
        #expect(duplicates(title) == [])
    }

    @Test("The title-only lint leaves duplicates to the menu; the presentation flags them")
    func duplicatesInPresentation() {
        #expect(messages("Translate") == [])
        let out = present(
            textScenario(
                "Hello world", [0, 5],
                extra:
                    #", "custom": [{"id": "t", "title": "Translate"}, {"id": "r", "title": "Red"}, {"id": "s", "title": "SAVE NOTE"}, {"id": "l", "title": "Slowly"}]"#
            ))
        let warnings = out["warnings"]?.arrayValue.compactMap(\.stringValue) ?? []
        #expect(warnings.count == 4)
        #expect(warnings[0].hasPrefix(#"custom command "Translate": duplicates the system command"#))
        #expect(warnings[1].hasPrefix(#"custom command "Red": start with a verb"#))
        #expect(warnings[2].hasPrefix(#"custom command "SAVE NOTE": use title-style capitalization"#))
        #expect(warnings[3].hasPrefix(#"custom command "Slowly": start with a verb"#))
    }
}
