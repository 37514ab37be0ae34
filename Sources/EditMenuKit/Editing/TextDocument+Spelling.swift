/// Spelling on a whole document: what Check Document Now and Show Spelling and Grammar do, for every
/// ``TextDocument``.
extension TextDocument {
    /// How far a search for the next misspelled word reads (bytes) before giving up: a search over a
    /// document without mistakes must not hold the host for long.
    package static var misspellingSearchLimit: Int { 16 << 20 }

    /// The next misspelled word at or after byte `offset`, wrapping around to the start, as a byte
    /// range; `nil` when none is found within `misspellingSearchLimit` bytes. The text is read a
    /// line-aligned chunk at a time, never as a whole.
    package func nextMisspelling(
        from offset: Int, checker: any SpellChecker, locale: MenuLocale, hint: String? = nil
    ) -> Range<Int>? {
        let storage = storage
        let count = storage.byteCount
        guard count > 0 else { return nil }
        let start = min(max(0, offset), count)
        return checker.firstMisspelling(
            from: start, lineStart: lineStart(before: start, in: storage), count: count, locale: locale, hint: hint,
            readLimit: Self.misspellingSearchLimit,
            read: { position, upperBound in
                let end = chunkEnd(after: position, limit: upperBound, in: storage)
                return (storage.string(in: position..<end), end)
            },
            offsets: { _, byteRanges in byteRanges })
    }

    /// The start of the text, at most about `limit` bytes and ending on a Character boundary; `nil` for
    /// secure text (``EditMenuHost/documentText(limit:)`` for hosts holding a ``TextEditor``).
    package func leadingText(limit: Int) -> String? {
        guard !isSecure else { return nil }
        let storage = storage
        let end = storage.byteCount <= limit ? storage.byteCount : storage.graphemeBoundary(atOrBefore: max(0, limit))
        return storage.string(in: 0..<end)
    }

    /// Check Document Now: selects the next misspelled word after the selection (wrapping around).
    ///
    /// - Throws: ``EditingError/nothingFound(_:_:)`` when there is none.
    package mutating func selectNextMisspelling(
        checker: any SpellChecker, locale: MenuLocale, hint: String? = nil
    ) throws(EditingError) {
        guard let found = nextMisspelling(from: selection.upperBound, checker: checker, locale: locale, hint: hint)
        else {
            throw .nothingFound(.checkDocumentNow, "there is no misspelled word")
        }
        select(found)
        revealSelection()
    }

    /// The start of the line holding `offset` (at most 4 KiB back).
    private func lineStart(before offset: Int, in storage: TextStorage) -> Int {
        let from = max(0, offset - 4096)
        let bytes = storage.bytes(in: from..<offset)
        if let newline = bytes.lastIndex(of: 0x0A) { return from + newline + 1 }
        return storage.graphemeBoundary(atOrBefore: from)
    }

    /// The end of a chunk of about 64 KiB starting at `position`: after a line feed when one is near,
    /// else on a Character boundary.
    private func chunkEnd(after position: Int, limit: Int, in storage: TextStorage) -> Int {
        let target = position + (64 << 10)
        guard target < limit else { return limit }
        let bytes = storage.bytes(in: target..<min(limit, target + 4096))
        if let newline = bytes.firstIndex(of: 0x0A) { return target + newline + 1 }
        return storage.graphemeBoundary(atOrAfter: target)
    }
}
