import Foundation

extension EmojiCatalog {
    /// What an Emoji & Symbols picker says under its grid, in the menu's language (`strings`): the
    /// CLDR name of the emoji under the cursor (``Emoji/name``, in the catalog's language), nothing
    /// before a search, and the find bar's "Not found" when a search finds nothing.
    ///
    /// ```swift
    /// let german = MenuStrings(locale: MenuLocale("de"))
    /// let cat = EmojiCatalog.catalog(for: MenuLocale("de")).search("Katze").first
    /// EmojiCatalog.caption(for: cat, query: "Katze", strings: german, idiom: .mac)   // "Katze"
    /// EmojiCatalog.caption(for: nil, query: "zzqx", strings: german, idiom: .mac)    // "Nicht gefunden"
    /// ```
    package static func caption(for current: Emoji?, query: String, strings: MenuStrings, idiom: Idiom) -> String {
        if let current { return current.name }
        guard !query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return "" }
        return strings.title("findStatusNotFound", idiom: idiom)
    }
}
