import Testing

@testable import EditMenuKit

@Suite("Emoji & Symbols catalog")
struct EmojiCatalogTests {
    let catalog = EmojiCatalog.shared

    @Test("The generated data holds every group of emoji-test.txt but Component, then symbols")
    func groups() {
        #expect(
            catalog.groups.map(\.name) == [
                "Smileys & Emotion", "People & Body", "Animals & Nature", "Food & Drink", "Travel & Places",
                "Activities", "Objects", "Symbols", "Flags", "Symbols & Punctuation",
            ])
        #expect(catalog.entries.count > 2000)
        #expect(catalog.entries.first?.character == "😀")
        // Each entry is one Character, listed once, with a name.
        #expect(catalog.entries.allSatisfy { $0.character.count == 1 && !$0.name.isEmpty })
        #expect(Set(catalog.entries.map(\.character)).count == catalog.entries.count)
        // No skin-tone variants (the picker offers each emoji once).
        #expect(
            !catalog.entries.contains {
                $0.character.unicodeScalars.contains { (0x1F3FB...0x1F3FF).contains($0.value) }
            })
    }

    @Test("Search finds by CLDR name and keyword, best first, ignoring case and accents")
    func search() {
        #expect(catalog.search("heart").first?.character == "❤️")
        #expect(catalog.search("thumbs").prefix(2).map(\.character) == ["👍", "👎"])
        #expect(catalog.search("Thumbs Up").first?.character == "👍")
        #expect(catalog.search("japan").contains { $0.character == "🇯🇵" })
        #expect(catalog.search("curacao").contains { $0.character == "🇨🇼" })
        #expect(catalog.search("right arrow").contains { $0.character == "→" })
        #expect(catalog.search("+1").first?.character == "👍") // a keyword
        #expect(catalog.search("😀").first?.character == "😀")
        #expect(catalog.search("zzzz-no-such-emoji").isEmpty)
        #expect(catalog.search("").count == catalog.entries.count)
        #expect(catalog.search("face", limit: 5).count == 5)
    }
}
