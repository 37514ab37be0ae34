/// What a text load does with bytes that are not valid UTF-8.
public enum InvalidUTF8Policy: Hashable, Sendable {
    /// Replace each maximal invalid subsequence with U+FFFD REPLACEMENT CHARACTER (as Unicode's
    /// "substitution of maximal subparts" recommends, and as `String(decoding:as:)` does), and
    /// report where each one was.
    case replace
    /// Refuse the text: loading throws ``TextStorageError/invalidUTF8(byteOffset:)`` naming the
    /// first bad byte.
    case reject
}

/// Where a load found bytes that were not UTF-8, and what it did about them.
public struct UTF8Repair: Hashable, Sendable {
    /// Byte offsets (in the input) of every invalid sequence that was replaced, in order.
    public var invalidByteOffsets: [Int]

    /// Whether the input was valid UTF-8 and was kept as it is.
    public var isClean: Bool { invalidByteOffsets.isEmpty }
}

/// UTF-8 validation without building a `String`, with an ASCII fast path for the large documents
/// the storage loads.
package enum UTF8Validator {
    /// The length of the valid sequence starting at `i`, or `nil` when the bytes at `i` do not start a
    /// valid sequence (overlong forms, surrogates, values past U+10FFFF, truncation).
    @inline(__always)
    package static func sequenceLength(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let b0 = p[i]
        if b0 < 0x80 { return 1 }
        let n = p.count
        func cont(_ j: Int) -> Bool { j < n && p[j] & 0xC0 == 0x80 }
        switch b0 {
        case 0xC2...0xDF:
            return cont(i + 1) ? 2 : nil
        case 0xE0...0xEF:
            guard i + 1 < n else { return nil }
            let b1 = p[i + 1]
            let lowOK: Bool
            switch b0 {
            case 0xE0: lowOK = (0xA0...0xBF).contains(b1)
            case 0xED: lowOK = (0x80...0x9F).contains(b1) // no surrogates
            default: lowOK = b1 & 0xC0 == 0x80
            }
            return lowOK && cont(i + 2) ? 3 : nil
        case 0xF0...0xF4:
            guard i + 1 < n else { return nil }
            let b1 = p[i + 1]
            let lowOK: Bool
            switch b0 {
            case 0xF0: lowOK = (0x90...0xBF).contains(b1)
            case 0xF4: lowOK = (0x80...0x8F).contains(b1) // not past U+10FFFF
            default: lowOK = b1 & 0xC0 == 0x80
            }
            return lowOK && cont(i + 2) && cont(i + 3) ? 4 : nil
        default:
            return nil
        }
    }

    /// The length of the maximal subpart of an ill-formed sequence at `i` (at least 1): the bytes a
    /// single U+FFFD replaces.
    package static func invalidLength(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let b0 = p[i]
        let expected: Int
        var range: ClosedRange<UInt8> = 0x80...0xBF
        switch b0 {
        case 0xC2...0xDF: expected = 2
        case 0xE0:
            expected = 3
            range = 0xA0...0xBF
        case 0xED:
            expected = 3
            range = 0x80...0x9F
        case 0xE1...0xEF: expected = 3
        case 0xF0:
            expected = 4
            range = 0x90...0xBF
        case 0xF4:
            expected = 4
            range = 0x80...0x8F
        case 0xF1...0xF3: expected = 4
        default: return 1
        }
        var length = 1
        while length < expected, i + length < p.count {
            let b = p[i + length]
            if length == 1 ? !range.contains(b) : b & 0xC0 != 0x80 { break }
            length += 1
        }
        return length
    }

    /// The offset of the first invalid byte, or `nil` when all of `p` is valid UTF-8.
    ///
    /// Sixteen bytes at a time with SIMD vectors, sixty-four at a time where they are all ASCII (see
    /// ``badBytes(_:at:)``); the exact offset of a bad byte is found byte by byte from the last
    /// whole sequence before the block that holds it.
    package static func firstInvalidOffset(_ p: UnsafeBufferPointer<UInt8>) -> Int? {
        firstInvalidOffset(p, vectorizedFrom: 0)
    }

    /// ``firstInvalidOffset(_:)`` from `start` (the start of a sequence, every sequence before it
    /// valid): the vectorized blocks, then the bytes after the last block one by one.
    package static func firstInvalidOffset(_ p: UnsafeBufferPointer<UInt8>, vectorizedFrom start: Int) -> Int? {
        let checked = checkBlocks(p, from: start, to: p.count)
        if let invalid = checked.invalid { return invalid }
        return firstInvalidOffset(p, from: checked.resume)
    }

    /// Checks the bytes from `start` (the start of a sequence, all before it valid) in blocks of
    /// sixty-four that end by `end`: the offset of the first invalid byte when a block holds one, else
    /// where checking must resume (the start of a sequence at most three bytes before the last block's
    /// end, or `start` when no block fits). Lets a load check each chunk as it arrives.
    package static func checkBlocks(_ p: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (
        invalid: Int?, resume: Int
    ) {
        guard let base = p.baseAddress, end - start >= 64 + 4 else { return (nil, start) }
        let raw = UnsafeRawPointer(base)
        // A few whole sequences byte by byte, so the three bytes before the first block are known good.
        var i = start
        while i < 4 {
            guard let length = sequenceLength(p, at: i) else { return (i, i) }
            i += length
        }
        let highBits = SIMD2<UInt64>(repeating: 0x8080_8080_8080_8080)
        while i + 64 <= end {
            let ascii =
                (raw.loadUnaligned(fromByteOffset: i, as: SIMD2<UInt64>.self)
                    | raw.loadUnaligned(fromByteOffset: i + 16, as: SIMD2<UInt64>.self)
                    | raw.loadUnaligned(fromByteOffset: i + 32, as: SIMD2<UInt64>.self)
                    | raw.loadUnaligned(fromByteOffset: i + 48, as: SIMD2<UInt64>.self)) & highBits
            // Sixty-four ASCII bytes, and no sequence before them waiting for continuation bytes.
            if ascii == .zero, p[i - 1] < 0xC0, p[i - 2] < 0xE0, p[i - 3] < 0xF0 {
                i += 64
                continue
            }
            let bad =
                badBytes(raw, at: i) .| badBytes(raw, at: i + 16) .| badBytes(raw, at: i + 32)
                .| badBytes(raw, at: i + 48)
            // One test for the sixty-four bytes (a mask's lanes are all ones or all zeros).
            if unsafeBitCast(bad, to: SIMD2<UInt64>.self) != .zero {
                let from = sequenceStart(p, before: i)
                return (firstInvalidOffset(p, from: from), from)
            }
            i += 64
        }
        return (nil, sequenceStart(p, before: i))
    }

    /// The bytes among the sixteen at `i` (with at least three bytes before them, all of whose
    /// sequences before `i` are valid) that break UTF-8 as far as they go, as a mask — none when all is
    /// well: every byte is a continuation byte exactly where a lead byte among the three before it wants
    /// one, no byte is one UTF-8 never uses (`C0`, `C1`, `F5`–`FF`), and the byte after `E0`, `ED`,
    /// `F0`, `F4` is in the narrower range that rules out overlong forms, surrogates and values past
    /// U+10FFFF. A sequence the block leaves unfinished is the next block's to check.
    ///
    /// Written for SSE2, Swift's x86-64 baseline, which has no byte shuffle to look the rules up in a
    /// table, in as few instructions as it takes:
    /// - a lead byte wants a continuation where the saturating difference from the byte before its
    ///   range (`BF`, `DF`, `EF` one, two and three bytes back) is not zero;
    /// - continuation bytes, compared as signed, are −128…−65, the only values below −64;
    /// - each pair of narrower ranges is one comparison: after `E0` a byte below `A0` is overlong and
    ///   after `ED` one from `A0` is a surrogate, so the byte before, less 13 where the byte is from `A0`
    ///   (`ED` − 13 = `E0`), is `E0` exactly where one of the two is broken; likewise `F0` (below `90`)
    ///   and `F4` less 4 (from `90`). A byte that is no continuation can also land there, but after
    ///   these lead bytes it is broken anyway.
    @inline(__always)
    package static func badBytes(_ raw: UnsafeRawPointer, at i: Int) -> SIMDMask<SIMD16<Int8>> {
        typealias U = SIMD16<UInt8>
        typealias S = SIMD16<Int8>
        let current = raw.loadUnaligned(fromByteOffset: i, as: U.self)
        let previous1 = raw.loadUnaligned(fromByteOffset: i - 1, as: U.self)
        let previous2 = raw.loadUnaligned(fromByteOffset: i - 2, as: U.self)
        let previous3 = raw.loadUnaligned(fromByteOffset: i - 3, as: U.self)
        let signed = unsafeBitCast(current, to: S.self)
        let wantsNone =
            (saturatingDifference(previous1, 0xBF) | saturatingDifference(previous2, 0xDF)
                | saturatingDifference(previous3, 0xEF)) .== U(repeating: 0)
        // A continuation byte where none is wanted, or none where one is.
        var bad = (signed .< S(repeating: -64)) .== wantsNone
        bad .|= current | U(repeating: 1) .== U(repeating: 0xC1) // C0, C1
        bad .|= current .>= U(repeating: 0xF5) // F5–FF
        // A0 is −96 and 90 is −112 as signed.
        let fromA0 = unsafeBitCast(signed .> S(repeating: -97), to: U.self)
        let from90 = unsafeBitCast(signed .> S(repeating: -113), to: U.self)
        bad .|= previous1 &- (fromA0 & U(repeating: 13)) .== U(repeating: 0xE0)
        bad .|= previous1 &- (from90 & U(repeating: 4)) .== U(repeating: 0xF0)
        return bad
    }

    /// `a − b` in each lane, or zero where `a` is not above `b` (what SSE2's `psubusb` computes).
    @inline(__always)
    static func saturatingDifference(_ a: SIMD16<UInt8>, _ b: UInt8) -> SIMD16<UInt8> {
        let floor = SIMD16<UInt8>(repeating: b)
        return (a &- floor) & unsafeBitCast(a .> floor, to: SIMD16<UInt8>.self)
    }

    /// The start of the sequence that holds byte `i - 1`, or `i` when that byte ends a sequence
    /// — where checking byte by byte resumes (at most three bytes back).
    @inline(__always)
    package static func sequenceStart(_ p: UnsafeBufferPointer<UInt8>, before i: Int) -> Int {
        var start = i
        while start > 0, i - start < 4, !isScalarStart(p[start - 1]) { start -= 1 }
        if start > 0, i - start < 4, p[start - 1] >= 0xC0 { start -= 1 }
        return start
    }

    /// The offset of the first invalid byte at or after `start` (the start of a sequence), or `nil`;
    /// byte by byte, eight ASCII bytes at a time.
    package static func firstInvalidOffset(_ p: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var i = start
        let n = p.count
        guard let base = p.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        while i < n {
            // Eight ASCII bytes at a time.
            while i + 8 <= n, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
            }
            if i >= n { break }
            if p[i] < 0x80 {
                i += 1
                continue
            }
            guard let length = sequenceLength(p, at: i) else { return i }
            i += length
        }
        return nil
    }

    /// `bytes` with every maximal invalid subpart replaced by U+FFFD, and where they were.
    package static func repaired(_ p: UnsafeBufferPointer<UInt8>, from start: Int) -> (bytes: [UInt8], offsets: [Int]) {
        var out: [UInt8] = []
        out.reserveCapacity(p.count + 16)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: p[0..<start]))
        var offsets: [Int] = []
        var i = start
        while i < p.count {
            if let length = sequenceLength(p, at: i) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: p[i..<(i + length)]))
                i += length
            } else {
                offsets.append(i)
                out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                i += invalidLength(p, at: i)
            }
        }
        return (out, offsets)
    }

    /// Whether `byte` starts a scalar (is not a continuation byte).
    @inline(__always)
    package static func isScalarStart(_ byte: UInt8) -> Bool { byte & 0xC0 != 0x80 }
}
