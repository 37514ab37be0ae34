/// Explicit conversions between the storage's UTF-8 byte offsets and the other ways text is
/// counted: UTF-16 code units (ICU, platform text APIs, JavaScript) and Characters (extended
/// grapheme clusters, what `editmenu present` and people count).
///
/// Each conversion scans from the start of the text — O(offset), no index is kept — so they suit
/// the boundary between a host and the storage (a selection from a small text field, a scenario),
/// not inner loops over a large document, which should stay in byte offsets.
///
/// ```swift
/// let storage = TextStorage("a😀é")          // bytes: a(1) 😀(4) é(2)
/// try storage.utf16Offset(ofByte: 5)         // 3  (😀 is a surrogate pair)
/// try storage.byteOffset(ofUTF16: 3)         // 5
/// try storage.characterOffset(ofByte: 5)     // 2
/// try storage.byteOffset(ofCharacter: 3)     // 7
/// ```
extension TextStorage {
    /// The UTF-16 offset of byte `offset`.
    ///
    /// - Throws: ``TextStorageError/notOnScalarBoundary(_:)`` inside a UTF-8 sequence, or
    ///   ``TextStorageError/rangeOutOfBounds(_:byteCount:)`` past the end.
    public func utf16Offset(ofByte offset: Int) throws(TextStorageError) -> Int {
        guard offset >= 0, offset <= byteCount else { throw .rangeOutOfBounds(offset..<offset, byteCount: byteCount) }
        guard isScalarBoundary(offset) else { throw .notOnScalarBoundary(offset) }
        var units = 0
        forEachRun(in: 0..<offset) { run in
            for byte in run where UTF8Validator.isScalarStart(byte) { units += byte >= 0xF0 ? 2 : 1 }
        }
        return units
    }

    /// The byte offset of UTF-16 offset `offset`.
    ///
    /// - Throws: ``TextStorageError/offsetOutOfBounds(_:unit:count:)`` past the end or between the
    ///   two halves of a surrogate pair.
    public func byteOffset(ofUTF16 offset: Int) throws(TextStorageError) -> Int {
        guard offset >= 0 else { throw .offsetOutOfBounds(offset, unit: "UTF-16", count: utf16Count) }
        var units = 0
        var bytes = 0
        var found: Int? = offset == 0 ? 0 : nil
        var split = false
        forEachRun(in: 0..<byteCount) { run in
            guard found == nil, !split else { return }
            for byte in run {
                if UTF8Validator.isScalarStart(byte) {
                    if units == offset {
                        found = bytes
                        return
                    }
                    if units + 1 == offset && byte >= 0xF0 {
                        split = true
                        return
                    }
                    units += byte >= 0xF0 ? 2 : 1
                }
                bytes += 1
            }
        }
        if found == nil, !split, units == offset { found = byteCount }
        guard let found else { throw .offsetOutOfBounds(offset, unit: "UTF-16", count: utf16Count) }
        return found
    }

    /// The number of UTF-16 code units in the text.
    public var utf16Count: Int {
        var units = 0
        forEachRun(in: 0..<byteCount) { run in
            for byte in run where UTF8Validator.isScalarStart(byte) { units += byte >= 0xF0 ? 2 : 1 }
        }
        return units
    }

    /// The Character offset of byte `offset`, which must be a grapheme cluster boundary.
    ///
    /// - Throws: ``TextStorageError/offsetOutOfBounds(_:unit:count:)`` when `offset` is past the end
    ///   or inside a Character.
    public func characterOffset(ofByte offset: Int) throws(TextStorageError) -> Int {
        var characters = 0
        var result: Int? = nil
        forEachCharacterBoundary { byte in
            if byte == offset {
                result = characters
                return false
            }
            if byte > offset { return false }
            characters += 1
            return true
        }
        guard let result else { throw .offsetOutOfBounds(offset, unit: "byte", count: byteCount) }
        return result
    }

    /// The byte offset of Character offset `offset` (`characterCount` is the end).
    ///
    /// - Throws: ``TextStorageError/offsetOutOfBounds(_:unit:count:)`` past the end.
    public func byteOffset(ofCharacter offset: Int) throws(TextStorageError) -> Int {
        var characters = 0
        var result: Int? = nil
        forEachCharacterBoundary { byte in
            if characters == offset {
                result = byte
                return false
            }
            characters += 1
            return true
        }
        guard offset >= 0, let result else {
            throw .offsetOutOfBounds(offset, unit: "Character", count: characterCount)
        }
        return result
    }

    /// The number of Characters (extended grapheme clusters) in the text.
    public var characterCount: Int {
        var characters = -1
        forEachCharacterBoundary { _ in
            characters += 1
            return true
        }
        return characters
    }

    /// The number of Characters in `range` (whose ends should be Character boundaries), counting at
    /// most `limit`.
    public func characterCount(in range: Range<Int>, limit: Int = .max) -> Int {
        // Within one piece (most selections): its bytes counted at once.
        if !range.isEmpty, range.lowerBound >= 0, range.upperBound <= byteCount,
            pieceIndex(containing: range.lowerBound) == pieceIndex(containing: range.upperBound - 1)
        {
            var characters = 0
            forEachRun(in: range) { characters = CharacterBoundaries.characterCount(inUTF8: $0, limit: limit) }
            return characters
        }
        var characters = -1
        forEachCharacterBoundary(in: range) { _ in
            characters += 1
            return characters < limit
        }
        return max(0, characters)
    }

    /// Calls `body` with the byte offset of every Character boundary in `range` (default: the whole
    /// text), both ends included, until it returns `false`. Lines are decoded one at a time (a line
    /// feed always ends a grapheme cluster), so memory stays proportional to the longest line.
    func forEachCharacterBoundary(in range: Range<Int>? = nil, _ body: (Int) -> Bool) {
        let range = range ?? 0..<byteCount
        var line: [UInt8] = []
        var lineStart = range.lowerBound
        var stopped = false
        func flush() {
            guard !line.isEmpty else { return }
            // Valid UTF-8 (the storage's text is): step by scalars where a boundary is certain, ASCII
            // included, and break only the stretches between with String's grapheme breaking.
            let start = lineStart
            let finished = line.withUnsafeBufferPointer { bytes in
                CharacterBoundaries.forEachCharacterStart(inUTF8: bytes) { body(start + $0) }
            }
            guard finished else {
                stopped = true
                return
            }
            lineStart += line.count
            line.removeAll(keepingCapacity: true)
        }
        forEachRun(in: range) { run in
            guard !stopped else { return }
            var from = 0
            while from < run.count, !stopped {
                if let lf = run[from...].firstIndex(of: 0x0A) {
                    line.append(contentsOf: UnsafeBufferPointer(rebasing: run[from...lf]))
                    flush()
                    from = lf + 1
                } else {
                    line.append(contentsOf: UnsafeBufferPointer(rebasing: run[from...]))
                    from = run.count
                }
            }
        }
        if !stopped { flush() }
        if !stopped { _ = body(range.upperBound) }
    }
}
