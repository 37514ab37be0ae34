import Foundation
import Testing

@testable import EditMenuKit

@Suite("Emoji & Symbols in every shipped language (CLDR annotations)")
struct EmojiLanguagesTests {
    @Test("German names find German emoji: Katze → 🐈")
    func german() {
        let catalog = EmojiCatalog.catalog(for: MenuLocale("de"))
        #expect(catalog.search("Katze").first?.character == "🐈")
        #expect(catalog.entries.first { $0.character == "🐈" }?.name == "Katze")
        #expect(catalog.search("Herz").contains { $0.character == "❤️" })
        #expect(catalog.search("cat").contains { $0.character == "🐈" }, "English is the fallback")
        #expect(catalog.entries.count == EmojiCatalog.shared.entries.count)
    }

    @Test("French names find French emoji, English is the fallback: chat → 🐈")
    func french() {
        let catalog = EmojiCatalog.catalog(for: MenuLocale("fr"))
        #expect(catalog.search("chat").first?.character == "🐈")
        #expect(catalog.entries.first { $0.character == "🐈" }?.name == "chat")
        #expect(catalog.search("cœur").contains { $0.character == "❤️" })
        #expect(catalog.search("pizza").first?.character == "🍕")
        #expect(catalog.search("thumbs up").first?.character == "👍", "English where French has no match")
        #expect(catalog.search("zzqxj").isEmpty)
    }

    @Test("A picker's caption: the name in the menu's language, or the find bar's Not found")
    func caption() {
        let german = MenuStrings(locale: MenuLocale("de"))
        let cat = EmojiCatalog.catalog(for: MenuLocale("de")).search("Katze").first
        #expect(EmojiCatalog.caption(for: cat, query: "Katze", strings: german, idiom: .mac) == "Katze")
        #expect(EmojiCatalog.caption(for: nil, query: "zzqx", strings: german, idiom: .mac) == "Nicht gefunden")
        #expect(EmojiCatalog.caption(for: nil, query: " ", strings: german, idiom: .mac) == "")
        let french = MenuStrings(locale: MenuLocale("fr"))
        let chat = EmojiCatalog.catalog(for: MenuLocale("fr")).search("chat").first
        #expect(EmojiCatalog.caption(for: chat, query: "chat", strings: french, idiom: .pad) == "chat")
        #expect(
            EmojiCatalog.caption(for: nil, query: "zzqx", strings: french, idiom: .pad)
                == french.title("findStatusNotFound", idiom: .pad))
    }

    @Test("Every shipped language has its names, in its own script where it has one")
    func everyLanguage() {
        for identifier in MenuLocale.supported where identifier != "en" {
            let catalog = EmojiCatalog.catalog(for: MenuLocale(identifier))
            let cat = catalog.entries.first { $0.character == "🐈" }
            #expect(cat != nil && cat?.name != "cat", "\(identifier): \(cat?.name ?? "none")")
            if let name = cat?.name { #expect(!catalog.search(name).isEmpty, "\(identifier): \(name)") }
        }
        #expect(EmojiCatalog.catalog(for: MenuLocale("ja")).search("猫").contains { $0.character == "🐈" })
        #expect(EmojiCatalog.catalog(for: MenuLocale("ru")).search("кошка").contains { $0.character == "🐈" })
        #expect(EmojiCatalog.catalog(for: .english).search("cat").first?.character == "🐈")
    }
}
