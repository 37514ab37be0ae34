import Foundation

extension String {
    /// The text without the scalars of `set` at either end, as Foundation's
    /// `trimmingCharacters(in:)` gives it, looking only at the ends: Foundation copies the whole text
    /// through `NSString` first, about 100,000 instructions for a 200-character selection, on every menu
    /// that asks whether Look Up or Translate has something to do.
    package func trimmingEnds(in set: CharacterSet) -> String {
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, set.contains(scalars[start]) { scalars.formIndex(after: &start) }
        while end > start {
            let before = scalars.index(before: end)
            guard set.contains(scalars[before]) else { break }
            end = before
        }
        return String(self[start..<end])
    }
}

extension CharacterSet {
    /// White space, line breaks and punctuation: what surrounds a word people select ("running," → "running").
    package static let whitespacesNewlinesAndPunctuation = CharacterSet.whitespacesAndNewlines.union(
        .punctuationCharacters)
}
