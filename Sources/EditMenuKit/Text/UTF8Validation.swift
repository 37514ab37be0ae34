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
enum UTF8Validator {
    /// The length of the valid sequence starting at `i`, or `nil` when the bytes at `i` do not start a
    /// valid sequence (overlong forms, surrogates, values past U+10FFFF, truncation).
    @inline(__always)
    static func sequenceLength(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
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
    static func invalidLength(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
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
    static func firstInvalidOffset(_ p: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
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
    static func repaired(_ p: UnsafeBufferPointer<UInt8>, from start: Int) -> (bytes: [UInt8], offsets: [Int]) {
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
    static func isScalarStart(_ byte: UInt8) -> Bool { byte & 0xC0 != 0x80 }
}
