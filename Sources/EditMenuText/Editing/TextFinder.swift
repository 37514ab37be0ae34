/// What Find ▸ looks for: the text typed in the find field, and whether case matters.
///
/// ```swift
/// FindQuery("strasse")                          // matches "Straße", "STRASSE", "strasse"
/// FindQuery("Straße", isCaseSensitive: true)    // matches "Straße" only
/// ```
public struct FindQuery: Hashable, Sendable {
    /// The text searched for.
    public var needle: String
    /// Whether upper and lower case must match (`false`, the default, folds case as Unicode does:
    /// "STRASSE" finds "Straße", "σ" finds "Σ" and "ς").
    public var isCaseSensitive: Bool

    /// A query for `needle`, case-insensitive unless `isCaseSensitive`.
    public init(_ needle: String, isCaseSensitive: Bool = false) {
        self.needle = needle
        self.isCaseSensitive = isCaseSensitive
    }
}

/// Which way Find Next (forward) and Find Previous (backward) go.
public enum FindDirection: String, Hashable, Sendable, CaseIterable {
    /// Towards the end of the text.
    case forward
    /// Towards the start of the text.
    case backward
}

/// A match Find found: its byte range, and whether the search went past the end of the text (or
/// the start, going backward) and continued from the other end to find it.
public struct FindMatch: Hashable, Sendable {
    /// The match, in UTF-8 bytes of the storage, on Character boundaries.
    public var range: Range<Int>
    /// Whether the search wrapped around to find it.
    public var wrapped: Bool

    /// Creates a match.
    package init(range: Range<Int>, wrapped: Bool) {
        self.range = range
        self.wrapped = wrapped
    }
}

/// Finds text in a ``TextStorage`` of any size without copying it: it streams over the storage's
/// runs, looks for the bytes a match can start with (sixteen at a time), and compares only there.
///
/// Matching follows Unicode's *canonical caseless matching*: text and needle are compared after
/// canonical decomposition and, unless the query is case-sensitive, full case folding — so "é"
/// finds both the precomposed and the decomposed é, "strasse" finds "Straße", "ΣΟΦΟΣ" finds "σοφος"
/// and "σοφὀς". A match is always whole Characters: "e" never matches the first half of "é" written
/// as e + ◌́, and the flag 🇯🇵 is never split. (Combining marks in a non-canonical order are compared
/// as they come.)
///
/// ```swift
/// let storage = TextStorage("Die Straße, die STRASSE.")
/// let finder = TextFinder(FindQuery("strasse"))
/// finder.firstMatch(in: storage, within: 0..<storage.byteCount)             // 4..<11 ("Straße")
/// finder.match(in: storage, after: 4..<11, direction: .forward)?.range      // 17..<24
/// finder.allMatches(in: storage).count                                      // 2
/// ```
///
/// Speed: Find Next over 100 MiB finds a match near the end in a few tens of milliseconds
/// (`editmenu-bench --find`).
package struct TextFinder: Sendable {
    /// The query searched for.
    package let query: FindQuery
    /// The needle's caseless key (scalar values).
    let key: [UInt32]
    /// The most bytes of text a match can span: every Character of text contributes at least one
    /// scalar to the key, and a scalar has at most 4 bytes.
    let maximumMatchBytes: Int
    private let table: CaselessKeyTable
    private let filter: LeadFilter

    /// A finder for `query`.
    package init(_ query: FindQuery) {
        self.query = query
        table = query.isCaseSensitive ? CaselessKeyTable.canonical : CaselessKeyTable.folding
        var key: [UInt32] = []
        for scalar in query.needle.unicodeScalars { table.appendKey(of: scalar.value, to: &key) }
        self.key = key
        maximumMatchBytes = key.count * 4
        filter = LeadFilter(key: key, table: table)
    }

    /// Whether the query is empty (it then never matches).
    package var isEmpty: Bool { key.isEmpty }

    // MARK: Searching

    /// The match Find Next (`.forward`) or Find Previous (`.backward`) selects when `selection` is
    /// selected: forward, the first match starting at or after the selection's end; backward, the
    /// last match starting before its start. When there is none and `wraps`, the search continues
    /// from the other end of the text (``FindMatch/wrapped`` is then `true`). `nil`: no match at all.
    package func match(
        in storage: TextStorage, after selection: Range<Int>, direction: FindDirection, wraps: Bool = true
    ) -> FindMatch? {
        guard !isEmpty else { return nil }
        let count = storage.byteCount
        let lower = min(max(0, selection.lowerBound), count)
        let upper = min(max(lower, selection.upperBound), count)
        switch direction {
        case .forward:
            if let range = firstMatch(in: storage, within: upper..<count) {
                return FindMatch(range: range, wrapped: false)
            }
            // No match starts at or after `upper`: the wrapped search ends where the last match
            // starting before `upper` can end.
            let wrappedEnd = min(count, upper + maximumMatchBytes + 4)
            guard wraps, let range = firstMatch(in: storage, within: 0..<wrappedEnd) else { return nil }
            return FindMatch(range: range, wrapped: true)
        case .backward:
            if let range = lastMatch(in: storage, startingIn: 0..<lower) {
                return FindMatch(range: range, wrapped: false)
            }
            // No match starts before `lower`: the wrapped search stops there.
            guard wraps, let range = lastMatch(in: storage, startingIn: lower..<count) else { return nil }
            return FindMatch(range: range, wrapped: true)
        }
    }

    /// The first match lying wholly inside `range` (bytes of `storage`).
    package func firstMatch(in storage: TextStorage, within range: Range<Int>) -> Range<Int>? {
        var found: Range<Int>?
        scan(storage, range) { start, run, runStart in
            guard let match = verify(start, run: run, runStart: runStart, storage: storage),
                match.upperBound <= range.upperBound
            else { return false }
            found = match
            return true
        }
        return found
    }

    /// The match with the greatest start inside `starts` (it may end after `starts`).
    package func lastMatch(in storage: TextStorage, startingIn starts: Range<Int>) -> Range<Int>? {
        let lower = max(0, starts.lowerBound)
        var upper = min(starts.upperBound, storage.byteCount)
        while upper > lower {
            let chunkStart = max(lower, upper - Self.backwardChunk)
            var found: Range<Int>?
            scan(storage, chunkStart..<upper) { start, run, runStart in
                if let match = verify(start, run: run, runStart: runStart, storage: storage) { found = match }
                return false
            }
            if let found { return found }
            upper = chunkStart
        }
        return nil
    }

    /// Every match in `range` (default: the whole text) from the start, not overlapping one another,
    /// at most `limit` of them.
    package func allMatches(in storage: TextStorage, within range: Range<Int>? = nil, limit: Int = .max) -> [Range<Int>]
    {
        let range = range ?? 0..<storage.byteCount
        var matches: [Range<Int>] = []
        var next = range.lowerBound
        guard limit > 0 else { return [] }
        scan(storage, range) { start, run, runStart in
            guard start >= next, let match = verify(start, run: run, runStart: runStart, storage: storage),
                match.upperBound <= range.upperBound
            else { return false }
            matches.append(match)
            next = match.upperBound
            return matches.count >= limit
        }
        return matches
    }

    /// Whether `range` of `storage` is exactly one match (Replace replaces the selection only when it is).
    package func isMatch(_ range: Range<Int>, in storage: TextStorage) -> Bool {
        guard !isEmpty, range.lowerBound >= 0, range.upperBound <= storage.byteCount, !range.isEmpty,
            storage.isScalarBoundary(range.lowerBound)
        else { return false }
        return firstMatch(in: storage, within: range) == range
    }

    /// How far back Find Previous reads at a time.
    static let backwardChunk = 1 << 20

    // MARK: Scanning

    /// Calls `body` with each position in `range` where a match may start, in order, until it
    /// returns `true`; with it the run of bytes holding the position and where that run starts.
    private func scan(
        _ storage: TextStorage, _ range: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>, Int) -> Bool
    ) {
        guard !isEmpty, !range.isEmpty, range.lowerBound >= 0, range.upperBound <= storage.byteCount else { return }
        var runStart = range.lowerBound
        var stopped = false
        storage.forEachRun(in: range) { run in
            defer { runStart += run.count }
            guard !stopped else { return }
            stopped = filter.candidates(in: run) { index in body(runStart + index, run, runStart) }
        }
    }

    /// The match starting at byte `start` (a candidate), if there is one: the key compared, then
    /// both ends checked to be Character boundaries.
    private func verify(_ start: Int, run: UnsafeBufferPointer<UInt8>, runStart: Int, storage: TextStorage)
        -> Range<Int>?
    {
        let local = start - runStart
        let needed = maximumMatchBytes + 4
        let length: Int?
        if run.count - local >= needed {
            length = matchLength(run.baseAddress! + local, available: needed)
        } else {
            let bytes = storage.bytes(in: start..<min(storage.byteCount, start + needed))
            length = bytes.withUnsafeBufferPointer { matchLength($0.baseAddress!, available: $0.count) }
        }
        guard let length else { return nil }
        let end = start + length
        guard storage.isGraphemeBoundary(start), storage.isGraphemeBoundary(end) else { return nil }
        return start..<end
    }

    /// How many bytes from `bytes` the key matches exactly (whole scalars), or `nil`.
    private func matchLength(_ bytes: UnsafePointer<UInt8>, available: Int) -> Int? {
        let folding = !query.isCaseSensitive
        var k = 0
        var i = 0
        let keyCount = key.count
        return key.withUnsafeBufferPointer { key -> Int? in
            while k < keyCount {
                guard i < available else { return nil }
                let byte = bytes[i]
                if byte < 0x80 {
                    var value = UInt32(byte)
                    if folding, byte >= 0x41, byte <= 0x5A { value += 0x20 }
                    guard key[k] == value else { return nil }
                    k += 1
                    i += 1
                    continue
                }
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                guard i + length <= available else { return nil }
                var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for j in 1..<length { value = value << 6 | UInt32(bytes[i + j] & 0x3F) }
                if let mapped = table.keys[value] {
                    guard k + mapped.count <= keyCount else { return nil }
                    for m in mapped {
                        guard key[k] == m else { return nil }
                        k += 1
                    }
                } else {
                    guard key[k] == value else { return nil }
                    k += 1
                }
                i += length
            }
            return i
        }
    }
}

/// Caseless keys of the scalars that have one, built once per process from ICU.
struct CaselessKeyTable: Sendable {
    /// Scalar → its key, for scalars whose key is not themselves.
    let keys: [UInt32: [UInt32]]
    /// The first scalar of a key → the scalars whose key starts with it.
    let sourcesByFirst: [UInt32: [UInt32]]

    init(foldingCase: Bool) {
        keys = ICU.caselessKeys(foldingCase: foldingCase)
        var sources: [UInt32: [UInt32]] = [:]
        for (scalar, key) in keys {
            if let first = key.first { sources[first, default: []].append(scalar) }
        }
        sourcesByFirst = sources
    }

    /// Case folded, canonically decomposed.
    static let folding = CaselessKeyTable(foldingCase: true)
    /// Canonically decomposed only.
    static let canonical = CaselessKeyTable(foldingCase: false)

    func appendKey(of scalar: UInt32, to key: inout [UInt32]) {
        if let mapped = keys[scalar] { key.append(contentsOf: mapped) } else { key.append(scalar) }
    }

    func key(of scalar: UInt32) -> [UInt32] {
        keys[scalar] ?? [scalar]
    }
}

/// The bytes a match can start with, tested sixteen at a time: the first byte of every scalar whose
/// key starts with the needle's first key scalar, and — when the needle's first two key scalars are
/// ASCII — the byte after it (an ASCII byte keyed as the second, or any non-ASCII byte). A non-ASCII
/// lead is let through only when its whole scalar is one a match can start with.
struct LeadFilter: Sendable {
    /// A byte test: `(byte | or) == value` (an ASCII letter in either case is one test).
    struct Test: Sendable {
        var or: UInt8
        var value: UInt8
        func matches(_ byte: UInt8) -> Bool { byte | or == value }
    }

    /// Tests for the ASCII bytes a match can start with.
    let asciiLeads: [Test]
    /// Tests for the non-ASCII lead bytes a match can start with.
    let otherLeads: [Test]
    /// Tests for the ASCII bytes that may follow an ASCII lead; `nil`: anything may.
    let asciiSeconds: [Test]?
    /// The non-ASCII scalars a match can start with.
    let otherScalars: Set<UInt32>

    init(key: [UInt32], table: CaselessKeyTable) {
        guard let first = key.first else {
            asciiLeads = []
            otherLeads = []
            asciiSeconds = nil
            otherScalars = []
            return
        }
        var scalars = Set(table.sourcesByFirst[first] ?? [])
        if table.key(of: first).first == first { scalars.insert(first) }
        var ascii = Set<UInt8>()
        var other = Set<UInt8>()
        for scalar in scalars {
            guard let value = Unicode.Scalar(scalar) else { continue }
            let lead = String(value).utf8.first!
            if lead < 0x80 { ascii.insert(lead) } else { other.insert(lead) }
        }
        asciiLeads = Self.tests(ascii)
        otherLeads = Self.tests(other)
        otherScalars = scalars.filter { $0 >= 0x80 }
        if key.count >= 2, key[1] < 0x80 {
            asciiSeconds = Self.tests(Set((0..<0x80).map(UInt8.init).filter { table.key(of: UInt32($0)) == [key[1]] }))
        } else {
            asciiSeconds = nil
        }
    }

    /// The fewest tests for `bytes`: an ASCII letter and its other case make one.
    static func tests(_ bytes: Set<UInt8>) -> [Test] {
        var tests: [Test] = []
        var left = bytes
        for byte in bytes.sorted() where left.contains(byte) {
            let isLetter = (0x61...0x7A).contains(byte | 0x20)
            if isLetter, left.contains(byte ^ 0x20) {
                tests.append(Test(or: 0x20, value: byte | 0x20))
                left.remove(byte ^ 0x20)
            } else {
                tests.append(Test(or: 0, value: byte))
            }
            left.remove(byte)
        }
        return tests
    }

    /// Calls `body` with each index of `run` where a match may start, in order, until it returns
    /// `true` (then returns `true`).
    func candidates(in run: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Bool) -> Bool {
        let count = run.count
        guard let base = run.baseAddress, count > 0 else { return false }
        typealias V = SIMD16<UInt8>
        func vectors(_ tests: [Test]) -> [(V, V)] { tests.map { (V(repeating: $0.or), V(repeating: $0.value)) } }
        let leads = vectors(asciiLeads)
        let others = vectors(otherLeads)
        let seconds = asciiSeconds.map(vectors)
        let high = V(repeating: 0x80)
        let raw = UnsafeRawPointer(base)
        var i = 0
        let stopped = leads.withUnsafeBufferPointer { leads in
            others.withUnsafeBufferPointer { others in
                (seconds ?? []).withUnsafeBufferPointer { secondTests -> Bool in
                    let hasSeconds = seconds != nil
                    // Sixteen positions at a time while the byte after the last one is in the run.
                    while i + 17 <= count {
                        let v0 = raw.loadUnaligned(fromByteOffset: i, as: V.self)
                        var ascii = V(repeating: 0)
                        for (or, value) in leads { ascii |= Self.equal(v0 | or, value) }
                        if hasSeconds {
                            let v1 = raw.loadUnaligned(fromByteOffset: i + 1, as: V.self)
                            var next = Self.equal(v1 & high, high)
                            for (or, value) in secondTests { next |= Self.equal(v1 | or, value) }
                            ascii &= next
                        }
                        var mask = ascii
                        for (or, value) in others { mask |= Self.equal(v0 | or, value) }
                        let halves = unsafeBitCast(mask, to: (UInt64, UInt64).self)
                        if halves.0 | halves.1 != 0 {
                            var bits = halves.0
                            while bits != 0 {
                                let lane = bits.trailingZeroBitCount / 8
                                if accept(i + lane, base: base, count: count), body(i + lane) { return true }
                                bits &= ~(UInt64(0xFF) << UInt64(lane * 8))
                            }
                            bits = halves.1
                            while bits != 0 {
                                let lane = bits.trailingZeroBitCount / 8
                                if accept(i + 8 + lane, base: base, count: count), body(i + 8 + lane) { return true }
                                bits &= ~(UInt64(0xFF) << UInt64(lane * 8))
                            }
                        }
                        i += 16
                    }
                    return false
                }
            }
        }
        if stopped { return true }
        // The last few, one at a time (the byte after the run's last is unknown: let it through).
        while i < count {
            let byte = base[i]
            if asciiLeads.contains(where: { $0.matches(byte) }) {
                var passes = true
                if let asciiSeconds, i + 1 < count {
                    let next = base[i + 1]
                    passes = next >= 0x80 || asciiSeconds.contains { $0.matches(next) }
                }
                if passes, body(i) { return true }
            } else if byte >= 0x80, otherLeads.contains(where: { $0.matches(byte) }),
                accept(i, base: base, count: count),
                body(i)
            {
                return true
            }
            i += 1
        }
        return false
    }

    /// 0xFF in the lanes where `a` and `b` are equal, 0 elsewhere.
    @inline(__always)
    static func equal(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>) -> SIMD16<UInt8> {
        unsafeBitCast(a .== b, to: SIMD16<UInt8>.self)
    }

    /// Whether the candidate at `index` is worth verifying: an ASCII lead always; a non-ASCII lead
    /// when its scalar (if the run holds all of it) is one a match can start with.
    @inline(__always)
    func accept(_ index: Int, base: UnsafePointer<UInt8>, count: Int) -> Bool {
        let byte = base[index]
        guard byte >= 0x80 else { return true }
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        guard index + length <= count else { return true }
        var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for j in 1..<length { value = value << 6 | UInt32(base[index + j] & 0x3F) }
        return otherScalars.contains(value)
    }
}
