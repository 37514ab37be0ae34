/// Splitting the generated tables' text (`Generated/`) into lines and fields.
extension StringProtocol where SubSequence == Substring {
    /// The pieces between `separator`s, as `split(separator:)` gives them, found on UTF-8 bytes rather
    /// than Characters: an ASCII separator's byte is never part of another scalar, and the tables hold
    /// no mark that would join one, so the pieces are the same without grapheme breaking (which made
    /// building the tables the first detection's largest cost).
    func fields(
        _ separator: Unicode.Scalar, maxSplits: Int = .max, omittingEmptySubsequences: Bool = true
    ) -> [Substring] {
        precondition(separator.isASCII, "a table's separator is ASCII")
        let whole = self[...]
        return whole.utf8.split(
            separator: UInt8(separator.value), maxSplits: maxSplits,
            omittingEmptySubsequences: omittingEmptySubsequences
        )
        .map { Substring($0) }
    }
}
