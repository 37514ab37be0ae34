import Foundation
import Testing
@testable import EditMenuKit
@testable import EditMenuScenario

@Suite("Localization (EDIT-MENU.md §5)")
struct LocalizationTests {
    static let englishKeys = Set(MenuStrings.table(for: "en").titles.keys)

    @Test("Every shipped language has every title", arguments: MenuLocale.supported)
    func everyKeyTranslated(language: String) {
        let strings = MenuStrings(locale: MenuLocale(language))
        #expect(strings.locale.identifier == language)
        #expect(strings.missingKeys == [], "\(language) lacks \(strings.missingKeys)")
        let table = MenuStrings.table(for: language)
        #expect(table.language == language)
        #expect(Set(table.titles.keys).subtracting(Self.englishKeys).isEmpty, "\(language) has keys English lacks")
        #expect(table.titles.values.allSatisfy { !$0.trimmingWhitespace.isEmpty })
        for key in ["undoAction", "redoAction"] {
            #expect(table.titles[key]?.components(separatedBy: "%@").count == 2, "\(language).\(key) needs one %@")
        }
        for key in ["replace", "share", "findEllipsis"] {
            #expect(table.titles[key]?.contains("…") == true, "\(language).\(key) keeps the ellipsis")
        }
    }

    @Test("Titles follow each platform's wording: Russian Copy differs on iPhone and Mac")
    func platformWording() {
        let ru = MenuStrings(locale: MenuLocale("ru"))
        #expect(ru.title(for: .cut, idiom: .phone) == "Вырезать")
        #expect(ru.title(for: .copy, idiom: .phone) == "Скопировать")
        #expect(ru.title(for: .copy, idiom: .mac) == "Копировать")
        #expect(ru.title(for: .paste, idiom: .mac) == "Вставить")
        #expect(["Выбрать все", "Выбрать всё"].contains(ru.title(for: .selectAll, idiom: .phone)))
    }

    @Test(
        "Standard titles in a few languages",
        arguments: [
            ("de", EditCommand.ID.cut, "Ausschneiden"), ("de", .paste, "Einsetzen"), ("fr", .copy, "Copier"),
            ("es", .paste, "Pegar"), ("ja", .copy, "コピー"), ("zh-Hans", .selectAll, "全选"), ("zh-Hant", .paste, "貼上"),
            ("en", .share, "Share…"), ("en", .pasteAndMatchStyle, "Paste and Match Style"),
        ])
    func titles(language: String, id: EditCommand.ID, expected: String) {
        #expect(MenuStrings(locale: MenuLocale(language)).title(for: id, idiom: .phone) == expected)
    }

    @Test(
        "Locale tags resolve with the platform's fallbacks",
        arguments: [
            ("pt", "pt-BR"), ("pt-BR", "pt-BR"), ("pt_PT", "pt-PT"), ("pt-AO", "pt-PT"), ("zh", "zh-Hans"),
            ("zh-CN", "zh-Hans"), ("zh-TW", "zh-Hant"), ("zh_HK.UTF-8", "zh-Hant"), ("zh-Hant-CN", "zh-Hant"),
            ("zh-Hans-TW", "zh-Hans"), ("ru_RU.UTF-8", "ru"), ("de_DE@euro", "de"), ("en-GB", "en"), ("no", "nb"),
            ("nn-NO", "nb"), ("iw", "he"), ("C", "en"), ("POSIX", "en"), ("C.UTF-8", "en"), ("tlh", "en"),
            ("", "en"), ("AR-eg", "ar"), ("sv-FI", "sv"),
        ])
    func fallback(tag: String, resolved: String) {
        #expect(MenuLocale(tag).identifier == resolved)
    }

    @Test("Arabic and Hebrew are right to left; the rest left to right")
    func rightToLeft() {
        #expect(MenuLocale("ar").isRightToLeft)
        #expect(MenuLocale("he-IL").isRightToLeft)
        #expect(MenuLocale("iw").layoutDirection == .rightToLeft)
        #expect(!MenuLocale("en").isRightToLeft)
        #expect(!MenuLocale("ja").isRightToLeft)
    }

    @Test("The environment's locale comes from LC_ALL, then LC_MESSAGES, then LANG")
    func environment() {
        #expect(MenuLocale.fromEnvironment(["LANG": "de_DE.UTF-8"]).identifier == "de")
        #expect(MenuLocale.fromEnvironment(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]).identifier == "fr")
        #expect(MenuLocale.fromEnvironment(["LANG": "de_DE.UTF-8", "LC_ALL": "ja_JP.UTF-8"]).identifier == "ja")
        #expect(MenuLocale.fromEnvironment(["LC_ALL": "", "LANG": "ru_RU.UTF-8"]).identifier == "ru")
        #expect(MenuLocale.fromEnvironment([:]).identifier == "en")
    }

    @Test("Undo titles format the action name, translating the package's own names")
    func undoTitles() {
        let en = MenuStrings(locale: .english)
        #expect(en.undoTitle(.named("Typing"), idiom: .mac) == "Undo Typing")
        #expect(en.undoTitle(.unavailable, idiom: .mac) == "Undo")
        #expect(en.undoTitle(.unnamed, idiom: .mac) == "Undo")
        #expect(en.redoTitle(.named("Paste"), idiom: .mac) == "Redo Paste")
        let ru = MenuStrings(locale: MenuLocale("ru"))
        #expect(ru.undoTitle(.named("Typing"), idiom: .mac) == "Отменить: ввод")
        #expect(ru.undoTitle(.named("Перемещение"), idiom: .mac) == "Отменить: Перемещение")
        let de = MenuStrings(locale: MenuLocale("de"))
        #expect(de.undoTitle(.named("Typing"), idiom: .mac) == "Tippen widerrufen")
    }

    @Test("A presentation uses the scenario's locale over the environment's")
    func presentationLocale() {
        let json = textScenario("Привет мир", [0, 6], extra: ", \"pasteboard\": [\"text\"], \"locale\": \"ru\"")
        let out = present(json, locale: MenuLocale("de"))
        #expect(out.title("cut") == "Вырезать")
        let fromEnvironment = present(textScenario("Hallo Welt", [0, 5]), locale: MenuLocale("de"))
        #expect(fromEnvironment.title("cut") == "Ausschneiden")
    }
}
