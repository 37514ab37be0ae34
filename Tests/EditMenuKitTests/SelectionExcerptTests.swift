import Testing

@testable import EditMenuKit

/// The start of a selection that Look Up “…” and Translate “…” quote: found over UTF-8, it must be the
/// Characters String itself counts.
@Suite("The selection's excerpt for quoted titles")
struct SelectionExcerptTests {
    static let limit = 4 * MenuStrings.quotationLimit

    static let texts: [String] = [
        "  \n\tHello world",
        String(repeating: "abc ", count: 40),
        String(repeating: "e\u{301}", count: 100),
        String(repeating: "👩‍👩‍👧‍👦", count: 90),
        String(repeating: "🇩🇪🇫🇷", count: 50),
        String(repeating: "한국어 ", count: 40),
        "\r\n" + String(repeating: "a\r\n", count: 60),
        String(repeating: "Ελληνικά и русский ", count: 8),
        "",
        "   ",
    ]

    @Test("The excerpt is the first Characters after leading white space, as String counts them", arguments: texts)
    func excerptMatchesString(text: String) {
        let expected = String(text.drop(while: \.isWhitespace).prefix(Self.limit))
        #expect(EditMenuContextBuilder.selectionExcerpt(text[...]) == expected)
        // Inside a larger string too (a substring that does not start at its string's start).
        let embedded = "xy" + text + "z"
        let inner = embedded.dropFirst(2).dropLast()
        #expect(EditMenuContextBuilder.selectionExcerpt(inner) == expected)
    }
}
