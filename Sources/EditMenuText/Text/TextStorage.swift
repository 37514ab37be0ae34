import Foundation
import Synchronization

/// The text of a document of any size, stored as UTF-8 bytes in a piece table.
///
/// ## Why a piece table
/// A document is the bytes it was loaded from (the *original* buffer, never modified) plus an
/// append-only *added* buffer that receives every inserted byte (in chunks, so it never reallocates
/// under existing pieces); the text is a sequence of pieces, each a run of one of the buffers. This fits an edit menu's workload better than a
/// rope:
/// - **Load** maps the file into memory (or reads it, see ``init(contentsOfFile:invalid:)``) and makes
///   one vectorized UTF-8 validation pass: no tree to build, no copy, so peak memory stays close to
///   the file's size (a `String` plus its UTF-16 copy would be 3×).
/// - **Cut, Paste, Delete** of any size touch only a few piece descriptors (plus, for Paste, one
///   append of the pasted bytes): cutting 10 MB out of 100 MB moves no text.
/// - **Undo** needs no snapshot: an edit records the pieces it removed and inserted (``TextEdit``),
///   and because neither buffer is ever overwritten those pieces stay valid for the life of the
///   storage. Undoing re-inserts the descriptors, restoring the exact original bytes.
/// - **Word selection** reads a window of a few hundred bytes around the touch point; finding the
///   piece that holds an offset is a binary search over the pieces' start offsets.
/// - **Copy** of a large selection can hand out a copy of the storage itself: copies share the
///   buffers, so a snapshot costs a few descriptors (see ``TextEditor``).
///
/// The cost of never overwriting: the added buffer keeps every byte ever inserted (undo may need it),
/// so it grows with what was typed and pasted, not with the number of undo levels.
///
/// The pieces are kept in an array with a prefix table of start offsets, so an edit costs O(pieces)
/// descriptor moves; adjacent pieces that continue each other (typing) are merged, so the count stays
/// near the number of non-contiguous edits — thousands, not millions. A balanced tree would make that
/// O(log pieces) at the price of a slower window read; an editing session never gets near the point
/// where that trade pays.
///
/// Offsets are UTF-8 byte offsets. Edits must start and end on Unicode scalar boundaries (the editor
/// further snaps selections to grapheme clusters, see ``graphemeBoundary(atOrBefore:)``); conversions
/// to UTF-16 and Character offsets are explicit (`TextStorage+Conversions.swift`).
///
/// ```swift
/// var storage = TextStorage("Hello world")
/// let edit = try storage.replace(5..<11, with: ", there")
/// storage.string                 // "Hello, there"
/// try storage.apply(edit.inverse)
/// storage.string                 // "Hello world"
/// ```
///
/// Bytes that are not UTF-8 are replaced with U+FFFD on load (and reported in ``loadRepair``) or
/// rejected, as the caller chooses: the storage always holds valid UTF-8.
public struct TextStorage: Sendable {
    /// Which buffer a piece reads from.
    enum Source: UInt8, Hashable, Sendable {
        /// The bytes the storage was loaded with.
        case original
        /// The append-only buffer of inserted bytes.
        case added
    }

    /// A run of bytes of one buffer: `count` bytes from `start`.
    struct Piece: Hashable, Sendable {
        /// The buffer.
        var source: Source
        /// For the added buffer, which of its chunks (0 for the original).
        var chunk: Int
        /// The first byte's offset in the buffer.
        var start: Int
        /// The number of bytes.
        var count: Int

        /// Whether `next` continues this piece in the same buffer.
        func isContinued(by next: Piece) -> Bool {
            source == next.source && chunk == next.chunk && start + count == next.start
        }
    }

    /// Identifies this storage (and its copies), so an edit made by another storage is refused.
    public let identity: UInt64
    /// Changes with every edit of the text, to a value no other edit in the process has had: two
    /// storages with the same ``identity`` and revision hold the same bytes (a copy that was edited
    /// another way never shares it). What a view keys the layout it keeps on.
    package private(set) var revision: UInt64 = 0
    /// The last revision given to an edit, process-wide.
    private static let revisions = Atomic<UInt64>(0)
    /// What the load did about bytes that were not UTF-8.
    public private(set) var loadRepair: UTF8Repair

    private var original: [UInt8]
    /// The file the original bytes are read from in place, when the load mapped it (then `original`
    /// is empty).
    private var mapped: MappedFile?
    /// The added buffer, in chunks that are filled and never reallocated once pieces point into
    /// them (a growing single array would copy everything typed or pasted at each doubling).
    private var added: [[UInt8]] = []
    private var addedCount = 0
    private var lastChunkTakesAppends = false
    /// The smallest chunk the added buffer allocates.
    static let addedChunkSize = 64 * 1024
    private(set) var pieces: [Piece]
    /// `starts[i]` is the document offset of `pieces[i]`; `starts.last` is ``byteCount``.
    private var starts: [Int]

    /// The number of UTF-8 bytes in the text.
    public var byteCount: Int { starts[starts.count - 1] }

    /// Whether the text is empty.
    public var isEmpty: Bool { byteCount == 0 }

    /// The number of pieces (a measure of fragmentation; for tests and diagnostics).
    package var pieceCount: Int { pieces.count }

    /// The number of bytes in the append-only added buffer: every byte ever inserted, which undo and
    /// redo may need again.
    package var addedByteCount: Int { addedCount }

    /// Creates a storage holding `text`.
    public init(_ text: String = "") {
        var text = text
        text.makeContiguousUTF8()
        self.init(validUTF8: Array(text.utf8), repair: UTF8Repair(invalidByteOffsets: []))
    }

    /// Creates a storage from UTF-8 bytes, taking ownership of the array (no copy when it is valid).
    ///
    /// - Throws: ``TextStorageError/invalidUTF8(byteOffset:)`` when `invalid` is `.reject` and the
    ///   bytes are not UTF-8.
    public init(utf8 bytes: [UInt8], invalid: InvalidUTF8Policy = .replace) throws(TextStorageError) {
        let firstBad = bytes.withUnsafeBufferPointer { UTF8Validator.firstInvalidOffset($0) }
        try self.init(utf8: bytes, firstInvalid: firstBad, invalid: invalid)
    }

    /// A storage from `bytes` already checked: `firstInvalid` is the offset of the first byte that is
    /// not UTF-8, `nil` when they all are.
    init(utf8 bytes: [UInt8], firstInvalid firstBad: Int?, invalid: InvalidUTF8Policy) throws(TextStorageError) {
        guard let firstBad else {
            self.init(validUTF8: bytes, repair: UTF8Repair(invalidByteOffsets: []))
            return
        }
        if invalid == .reject { throw .invalidUTF8(byteOffset: firstBad) }
        let (fixed, offsets) = bytes.withUnsafeBufferPointer { UTF8Validator.repaired($0, from: firstBad) }
        self.init(validUTF8: fixed, repair: UTF8Repair(invalidByteOffsets: offsets))
    }

    init(validUTF8 bytes: [UInt8], repair: UTF8Repair) {
        self.init(original: bytes, mapped: nil, count: bytes.count, repair: repair)
    }

    /// A storage whose original bytes are `file`'s, valid UTF-8, read in place.
    init(validMappedFile file: MappedFile) {
        self.init(original: [], mapped: file, count: file.count, repair: UTF8Repair(invalidByteOffsets: []))
    }

    private init(original bytes: [UInt8], mapped: MappedFile?, count: Int, repair: UTF8Repair) {
        original = bytes
        self.mapped = mapped
        pieces = count == 0 ? [] : [Piece(source: .original, chunk: 0, start: 0, count: count)]
        starts = count == 0 ? [0] : [0, count]
        loadRepair = repair
        identity = UInt64.random(in: 1...UInt64.max)
    }

    // MARK: Reading

    /// Calls `body` with the bytes of `range`, one contiguous run at a time, in order.
    ///
    /// `range` must lie within `0...byteCount` (like an array subscript, a range outside is a
    /// programming error and stops the program with a message naming it).
    public func forEachRun(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        precondition(range.lowerBound >= 0 && range.upperBound <= byteCount, "range \(range) outside 0..<\(byteCount)")
        guard !range.isEmpty else { return }
        var index = pieceIndex(containing: range.lowerBound)
        var offset = range.lowerBound
        while offset < range.upperBound {
            let piece = pieces[index]
            let pieceStart = starts[index]
            let from = piece.start + (offset - pieceStart)
            let count = min(piece.count - (offset - pieceStart), range.upperBound - offset)
            if piece.source == .original, let mapped {
                try body(UnsafeBufferPointer(start: mapped.bytes + from, count: count))
            } else {
                let buffer = piece.source == .original ? original : added[piece.chunk]
                try buffer.withUnsafeBufferPointer {
                    try body(UnsafeBufferPointer(rebasing: $0[from..<(from + count)]))
                }
            }
            offset += count
            index += 1
        }
    }

    /// The bytes of `range` (within `0...byteCount`).
    public func bytes(in range: Range<Int>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(range.count)
        forEachRun(in: range) { result.append(contentsOf: $0) }
        return result
    }

    /// The bytes of `range` as `Data` (for a pasteboard).
    public func data(in range: Range<Int>) -> Data {
        var result = Data(capacity: range.count)
        forEachRun(in: range) { result.append($0) }
        return result
    }

    /// The text of `range` (which must lie on scalar boundaries).
    public func string(in range: Range<Int>) -> String {
        String(decoding: bytes(in: range), as: Unicode.UTF8.self)
    }

    /// The whole text as a `String` (a copy: avoid on large documents).
    public var string: String { string(in: 0..<byteCount) }

    /// The byte at `offset` (`0..<byteCount`, as an array subscript).
    public func byte(at offset: Int) -> UInt8 {
        let index = pieceIndex(containing: offset)
        let piece = pieces[index]
        let at = piece.start + offset - starts[index]
        guard piece.source == .original else { return added[piece.chunk][at] }
        return mapped?.bytes[at] ?? original[at]
    }

    /// Whether `offset` is at the start of a Unicode scalar (or at either end of the text).
    package func isScalarBoundary(_ offset: Int) -> Bool {
        guard offset >= 0, offset <= byteCount else { return false }
        return offset == byteCount || UTF8Validator.isScalarStart(byte(at: offset))
    }

    /// The index of the piece that holds byte `offset` (`offset` < ``byteCount``).
    func pieceIndex(containing offset: Int) -> Int {
        var lo = 0, hi = pieces.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    // MARK: Editing

    /// Replaces the bytes of `range` with `text`, returning the edit (which undo applies inverted).
    ///
    /// - Throws: ``TextStorageError/rangeOutOfBounds(_:byteCount:)`` or
    ///   ``TextStorageError/notOnScalarBoundary(_:)`` when `range` does not fit or splits a scalar.
    @discardableResult
    public mutating func replace(_ range: Range<Int>, with text: String) throws(TextStorageError) -> TextEdit {
        var text = text
        text.makeContiguousUTF8()
        var result: Result<TextEdit, TextStorageError> = .failure(.foreignEdit)
        _ = text.utf8.withContiguousStorageIfAvailable { buffer in
            result = Result { () throws(TextStorageError) in try replace(range, withValidUTF8: buffer) }
        }
        return try result.get()
    }

    /// Replaces the bytes of `range` with UTF-8 `bytes`; invalid sequences in them become U+FFFD.
    @discardableResult
    public mutating func replace(_ range: Range<Int>, withUTF8 bytes: some Collection<UInt8>) throws(TextStorageError)
        -> TextEdit
    {
        let array = Array(bytes)
        return try array.withUnsafeBufferPointer { buffer throws(TextStorageError) in
            if let bad = UTF8Validator.firstInvalidOffset(buffer) {
                let fixed = UTF8Validator.repaired(buffer, from: bad).bytes
                return try fixed.withUnsafeBufferPointer { fixedBuffer throws(TextStorageError) in
                    try replace(range, withValidUTF8: fixedBuffer)
                }
            }
            return try replace(range, withValidUTF8: buffer)
        }
    }

    /// Replaces the bytes of `range` with UTF-8 `data` (a pasteboard's plain text) without an
    /// intermediate copy; invalid sequences become U+FFFD.
    @discardableResult
    public mutating func replace(_ range: Range<Int>, withUTF8Data data: Data) throws(TextStorageError) -> TextEdit {
        var result: Result<TextEdit, TextStorageError> = .failure(.foreignEdit)
        data.withUnsafeBytes { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            if UTF8Validator.firstInvalidOffset(buffer) == nil {
                result = Result { () throws(TextStorageError) in try replace(range, withValidUTF8: buffer) }
            } else {
                result = Result { () throws(TextStorageError) in try replace(range, withUTF8: buffer) }
            }
        }
        return try result.get()
    }

    /// Inserts `text` at byte `offset`.
    @discardableResult
    public mutating func insert(_ text: String, at offset: Int) throws(TextStorageError) -> TextEdit {
        try replace(offset..<offset, with: text)
    }

    /// Removes the bytes of `range`.
    @discardableResult
    public mutating func remove(_ range: Range<Int>) throws(TextStorageError) -> TextEdit {
        try replace(range, with: "")
    }

    private mutating func replace(_ range: Range<Int>, withValidUTF8 buffer: UnsafeBufferPointer<UInt8>)
        throws(TextStorageError) -> TextEdit
    {
        try check(range)
        let inserted = buffer.isEmpty ? [] : [appendToAdded(count: buffer.count) { $0.append(contentsOf: buffer) }]
        let removed = replacePieces(in: range, with: inserted)
        return TextEdit(
            storage: identity, offset: range.lowerBound,
            removed: TextSlice(pieces: removed, byteCount: range.count),
            inserted: TextSlice(pieces: inserted, byteCount: buffer.count))
    }

    /// Replaces the bytes of `range` with the bytes of `sourceRange` of `source` (another storage, or
    /// a snapshot of this one, such as what Copy put on the pasteboard): one copy, and no UTF-8
    /// validation since a storage only holds valid UTF-8.
    @discardableResult
    public mutating func replace(_ range: Range<Int>, withTextOf source: TextStorage, in sourceRange: Range<Int>)
        throws(TextStorageError) -> TextEdit
    {
        try check(range)
        guard sourceRange.lowerBound >= 0, sourceRange.upperBound <= source.byteCount else {
            throw .rangeOutOfBounds(sourceRange, byteCount: source.byteCount)
        }
        if !source.isScalarBoundary(sourceRange.lowerBound) { throw .notOnScalarBoundary(sourceRange.lowerBound) }
        if !source.isScalarBoundary(sourceRange.upperBound) { throw .notOnScalarBoundary(sourceRange.upperBound) }
        let inserted =
            sourceRange.isEmpty
            ? []
            : [
                appendToAdded(count: sourceRange.count) { chunk in
                    source.forEachRun(in: sourceRange) { chunk.append(contentsOf: $0) }
                }
            ]
        let removed = replacePieces(in: range, with: inserted)
        return TextEdit(
            storage: identity, offset: range.lowerBound,
            removed: TextSlice(pieces: removed, byteCount: range.count),
            inserted: TextSlice(pieces: inserted, byteCount: sourceRange.count))
    }

    /// Appends `count` bytes (written by `fill`) to the added buffer; returns their piece.
    private mutating func appendToAdded(count: Int, _ fill: (inout [UInt8]) -> Void) -> Piece {
        // Small insertions share standard chunks; a large one gets a chunk of its own that is never
        // appended to again, so a copy of the storage (a pasteboard promise) that shares it never
        // forces more than one standard chunk to be copied.
        let fits =
            count <= Self.addedChunkSize && lastChunkTakesAppends
            && added[added.count - 1].capacity - added[added.count - 1].count >= count
        if !fits {
            var chunk: [UInt8] = []
            chunk.reserveCapacity(max(Self.addedChunkSize, count))
            added.append(chunk)
            lastChunkTakesAppends = count <= Self.addedChunkSize
        }
        let index = added.count - 1
        let start = added[index].count
        fill(&added[index])
        addedCount += count
        return Piece(source: .added, chunk: index, start: start, count: count)
    }

    /// Applies an edit this storage (or a copy of it) made: removes `edit.removed.byteCount` bytes at
    /// `edit.offset` and puts `edit.inserted` there. Undo applies ``TextEdit/inverse``.
    ///
    /// - Throws: ``TextStorageError/foreignEdit`` for an edit made by another storage, or a range
    ///   error when the text no longer has the edit's range (edits must be applied in order).
    public mutating func apply(_ edit: TextEdit) throws(TextStorageError) {
        guard edit.storage == identity else { throw .foreignEdit }
        let range = edit.offset..<(edit.offset + edit.removed.byteCount)
        try check(range)
        _ = replacePieces(in: range, with: edit.inserted.pieces)
    }

    private func check(_ range: Range<Int>) throws(TextStorageError) {
        guard range.lowerBound >= 0, range.upperBound <= byteCount else {
            throw .rangeOutOfBounds(range, byteCount: byteCount)
        }
        if !isScalarBoundary(range.lowerBound) { throw .notOnScalarBoundary(range.lowerBound) }
        if !isScalarBoundary(range.upperBound) { throw .notOnScalarBoundary(range.upperBound) }
    }

    /// Splits the piece holding `offset` so that a piece starts there; returns that piece's index
    /// (`pieces.count` at the end).
    private mutating func split(at offset: Int) -> Int {
        if offset == byteCount { return pieces.count }
        let index = pieceIndex(containing: offset)
        let within = offset - starts[index]
        if within == 0 { return index }
        let piece = pieces[index]
        pieces[index].count = within
        pieces.insert(
            Piece(source: piece.source, chunk: piece.chunk, start: piece.start + within, count: piece.count - within),
            at: index + 1)
        starts.insert(offset, at: index + 1)
        return index + 1
    }

    /// Replaces the pieces covering `range` with `newPieces`; returns the removed pieces.
    private mutating func replacePieces(in range: Range<Int>, with newPieces: [Piece]) -> [Piece] {
        let first = split(at: range.lowerBound)
        let last = split(at: range.upperBound)
        let removed = Array(pieces[first..<last])
        pieces.replaceSubrange(first..<last, with: newPieces)
        revision = Self.revisions.add(1, ordering: .relaxed).newValue
        // Merge runs that continue each other (typing appends to the added buffer in order).
        var lower = max(0, first - 1)
        var upper = min(pieces.count - 1, first + newPieces.count)
        var i = lower
        while i < upper {
            let a = pieces[i], b = pieces[i + 1]
            if a.isContinued(by: b) {
                pieces[i].count += b.count
                pieces.remove(at: i + 1)
                upper -= 1
            } else {
                i += 1
            }
        }
        lower = max(0, first - 1)
        // Rebuild the start offsets from the first changed piece.
        starts.removeSubrange((lower + 1)...)
        var offset = starts[lower]
        starts.reserveCapacity(pieces.count + 1)
        for piece in pieces[lower...] {
            offset += piece.count
            starts.append(offset)
        }
        if pieces.isEmpty { starts = [0] }
        return removed
    }
}

/// A run of text held by reference to a storage's buffers: the pieces an edit removed or inserted.
/// Only a storage makes one (its pieces point into that storage's buffers), so an edit cannot be
/// forged to read outside them.
package struct TextSlice: Hashable, Sendable {
    /// The pieces, in order.
    let pieces: [TextStorage.Piece]
    /// The number of bytes.
    package let byteCount: Int
}

/// One replacement in a ``TextStorage``: at `offset`, `removed` was replaced by `inserted`.
///
/// An edit stores piece descriptors, never the text itself, so undo history costs a few words per
/// edit whatever the size of the text cut or pasted.
public struct TextEdit: Hashable, Sendable {
    /// The ``TextStorage/identity`` of the storage that made the edit.
    package let storage: UInt64
    /// The byte offset where the edit happened.
    public let offset: Int
    /// What was there before.
    package let removed: TextSlice
    /// What is there after.
    package let inserted: TextSlice

    /// The edit that undoes this one.
    public var inverse: TextEdit {
        TextEdit(storage: storage, offset: offset, removed: inserted, inserted: removed)
    }

    /// The byte range the edit's result occupies.
    public var insertedRange: Range<Int> { offset..<(offset + inserted.byteCount) }

    /// Merges `next`, typed right after this edit, into one edit (typing coalescing), or `nil` when
    /// the two are not contiguous: characters typed one after another, or Delete pressed backwards
    /// over what was typed or just before it.
    package func coalescing(_ next: TextEdit) -> TextEdit? {
        guard next.storage == storage else { return nil }
        // Typing on: next inserts where this insertion ends, replacing nothing.
        if next.removed.byteCount == 0, next.offset == offset + inserted.byteCount {
            return TextEdit(
                storage: storage, offset: offset, removed: removed,
                inserted: TextSlice.joined(inserted, next.inserted))
        }
        // Deleting backwards over what was just typed.
        if next.inserted.byteCount == 0, next.offset >= offset,
            next.offset + next.removed.byteCount == offset + inserted.byteCount
        {
            let keep = next.offset - offset
            return TextEdit(
                storage: storage, offset: offset, removed: removed,
                inserted: inserted.prefix(keep))
        }
        // Deleting backwards past the start of this edit (after everything typed is gone).
        if next.inserted.byteCount == 0, inserted.byteCount == 0,
            next.offset + next.removed.byteCount == offset
        {
            return TextEdit(
                storage: storage, offset: next.offset, removed: TextSlice.joined(next.removed, removed),
                inserted: inserted)
        }
        return nil
    }
}

extension TextSlice {
    static func joined(_ a: TextSlice, _ b: TextSlice) -> TextSlice {
        var pieces = a.pieces
        for piece in b.pieces {
            if let last = pieces.last, last.isContinued(by: piece) {
                pieces[pieces.count - 1].count += piece.count
            } else {
                pieces.append(piece)
            }
        }
        return TextSlice(pieces: pieces, byteCount: a.byteCount + b.byteCount)
    }

    func prefix(_ count: Int) -> TextSlice {
        var left = count
        var pieces: [TextStorage.Piece] = []
        for piece in self.pieces where left > 0 {
            var p = piece
            p.count = min(p.count, left)
            left -= p.count
            pieces.append(p)
        }
        return TextSlice(pieces: pieces, byteCount: count)
    }
}

/// Why a storage operation failed.
public enum TextStorageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not UTF-8 (first bad byte at this offset) and the policy was `.reject`.
    case invalidUTF8(byteOffset: Int)
    /// A file could not be read.
    case cannotRead(path: String, reason: String)
    /// A byte range reaches outside the text.
    case rangeOutOfBounds(Range<Int>, byteCount: Int)
    /// A byte offset falls inside a UTF-8 sequence.
    case notOnScalarBoundary(Int)
    /// A UTF-16 or Character offset is past the end, or inside a surrogate pair.
    case offsetOutOfBounds(Int, unit: String, count: Int)
    /// An edit made by a different storage.
    case foreignEdit

    /// The error in one sentence, naming the offending offset, range or file.
    public var description: String {
        switch self {
        case .invalidUTF8(let offset):
            return "text is not valid UTF-8: bad byte at offset \(offset)"
        case .cannotRead(let path, let reason):
            return "cannot read \"\(path)\": \(reason)"
        case .rangeOutOfBounds(let range, let count):
            return "byte range \(range.lowerBound)..<\(range.upperBound) is outside the text (\(count) bytes)"
        case .notOnScalarBoundary(let offset):
            return "byte offset \(offset) is inside a UTF-8 sequence"
        case .offsetOutOfBounds(let offset, let unit, let count):
            return "\(unit) offset \(offset) is not a boundary of the text (\(count) \(unit) units)"
        case .foreignEdit:
            return "the edit was made by another text storage"
        }
    }
}

// MARK: - Replacing many ranges at once (Replace All)

extension TextStorage {
    /// Replaces every range of `ranges` (sorted, not overlapping, on scalar boundaries) with `text`, as
    /// one edit: the text is stored once and every replacement refers to it, the text between the
    /// ranges keeps its pieces, so replacing 100 000 matches costs a few hundred thousand descriptors
    /// and no copy of the document. Undoing the edit restores the exact bytes.
    ///
    /// - Throws: ``TextStorageError/rangeOutOfBounds(_:byteCount:)`` or
    ///   ``TextStorageError/notOnScalarBoundary(_:)`` for a range that does not fit; nothing changes.
    @discardableResult
    public mutating func replace(_ ranges: [Range<Int>], with text: String) throws(TextStorageError) -> TextEdit {
        var previousEnd = 0
        for range in ranges {
            try check(range)
            guard range.lowerBound >= previousEnd else { throw .rangeOutOfBounds(range, byteCount: byteCount) }
            previousEnd = range.upperBound
        }
        guard let first = ranges.first, let last = ranges.last else {
            return TextEdit(
                storage: identity, offset: 0, removed: TextSlice(pieces: [], byteCount: 0),
                inserted: TextSlice(pieces: [], byteCount: 0))
        }
        var text = text
        text.makeContiguousUTF8()
        let replacementCount = text.utf8.count
        let replacement: Piece? =
            replacementCount == 0
            ? nil : appendToAdded(count: replacementCount) { chunk in chunk.append(contentsOf: text.utf8) }
        var newPieces: [Piece] = []
        newPieces.reserveCapacity(ranges.count * 2)
        var insertedCount = 0
        for (i, range) in ranges.enumerated() {
            if let replacement {
                newPieces.append(replacement)
                insertedCount += replacementCount
            }
            if i + 1 < ranges.count {
                let gap = range.upperBound..<ranges[i + 1].lowerBound
                appendPieces(covering: gap, to: &newPieces)
                insertedCount += gap.count
            }
        }
        let span = first.lowerBound..<last.upperBound
        let removed = replacePieces(in: span, with: newPieces)
        return TextEdit(
            storage: identity, offset: span.lowerBound, removed: TextSlice(pieces: removed, byteCount: span.count),
            inserted: TextSlice(pieces: newPieces, byteCount: insertedCount))
    }

    /// Appends the pieces (trimmed) that hold the bytes of `range`.
    private func appendPieces(covering range: Range<Int>, to list: inout [Piece]) {
        guard !range.isEmpty else { return }
        var index = pieceIndex(containing: range.lowerBound)
        var offset = range.lowerBound
        while offset < range.upperBound {
            var piece = pieces[index]
            let skip = offset - starts[index]
            let count = min(piece.count - skip, range.upperBound - offset)
            piece.start += skip
            piece.count = count
            list.append(piece)
            offset += count
            index += 1
        }
    }
}
