import Foundation
import Testing
import EditMenuTestSupport
@testable import EditMenuKit
@testable import EditMenuText

/// The vectorized UTF-8 check (sixteen bytes a vector, sixty-four ASCII bytes at a time) against the
/// byte-by-byte one and Swift's own decoder, with bad bytes at every offset around its blocks.
@Suite("UTF-8 validation")
struct UTF8ValidationTests {
    /// The first invalid offset, vectorized and byte by byte.
    static func offsets(_ bytes: [UInt8]) -> (vectorized: Int?, byteByByte: Int?) {
        bytes.withUnsafeBufferPointer {
            (UTF8Validator.firstInvalidOffset($0), UTF8Validator.firstInvalidOffset($0, from: 0))
        }
    }

    /// Whether Swift's decoder keeps `bytes` as they are.
    static func swiftAccepts(_ bytes: [UInt8]) -> Bool {
        Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
    }

    /// Valid sequences, including the ends of the narrower second-byte ranges (E0, ED, F0, F4).
    static let valid: [[UInt8]] = [
        [0x61], [0x20], [0x0A], [0xC2, 0x80], [0xDF, 0xBF], [0xC3, 0xA9], [0xE0, 0xA0, 0x80], [0xE2, 0x82, 0xAC],
        [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80],
        [0xF0, 0x9F, 0x98, 0x80], [0xF3, 0xBF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF],
    ]

    /// Ill-formed sequences: a lone continuation byte, bytes UTF-8 never uses, overlong forms,
    /// surrogates, values past U+10FFFF, truncated sequences.
    static let invalid: [[UInt8]] = [
        [0x80], [0xBF], [0xC0, 0xAF], [0xC1, 0xBF], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xFE],
        [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
        [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC3], [0xE2, 0x82, 0x61], [0xC3, 0xC3, 0xA9],
    ]

    @Test("A bad sequence is found at its offset wherever it falls around the vector blocks")
    func badSequenceAtEveryOffset() throws {
        // ASCII around it, and text with multi-byte sequences around it (no ASCII fast path).
        let backgrounds: [[UInt8]] = [
            Array(String(repeating: "plain ascii text ", count: 20).utf8),
            Array(String(repeating: "Grüße 日本 😀 ", count: 20).utf8),
        ]
        for background in backgrounds {
            for bad in Self.invalid {
                for offset in 0..<200 {
                    // Only at a sequence boundary of the background, so the bad bytes are the first ones.
                    guard offset == 0 || UTF8Validator.isScalarStart(background[offset]) else { continue }
                    var bytes = background
                    bytes.insert(contentsOf: bad, at: offset)
                    let found = Self.offsets(bytes)
                    #expect(found.vectorized == offset, "\(bad) at \(offset)")
                    #expect(found.byteByByte == offset, "\(bad) at \(offset)")
                    #expect(!Self.swiftAccepts(bytes))
                    // Loading replaces it and reports it at that offset; nothing around it is lost.
                    let storage = try TextStorage(utf8: bytes)
                    #expect(storage.loadRepair.invalidByteOffsets.first == offset)
                    #expect(storage.string == String(decoding: bytes, as: UTF8.self))
                    #expect(throws: TextStorageError.invalidUTF8(byteOffset: offset)) {
                        try TextStorage(utf8: bytes, invalid: .reject)
                    }
                }
            }
        }
    }

    @Test("A valid sequence is accepted wherever it falls around the vector blocks, and at the end")
    func validSequenceAtEveryOffset() {
        let background = Array(String(repeating: "abcdefgh", count: 30).utf8)
        for sequence in Self.valid {
            for offset in 0...background.count {
                var bytes = background
                bytes.insert(contentsOf: sequence, at: offset)
                let found = Self.offsets(bytes)
                #expect(found.vectorized == nil, "\(sequence) at \(offset)")
                #expect(found.byteByByte == nil)
            }
        }
    }

    @Test("A sequence cut by the end of the text is invalid at its lead byte")
    func truncatedAtTheEnd() {
        let background = Array(String(repeating: "text ", count: 30).utf8)
        for cut in [[0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xF0]] as [[UInt8]] {
            let found = Self.offsets(background + cut)
            #expect(found.vectorized == background.count)
            #expect(found.byteByByte == background.count)
        }
    }

    @Test("Every byte from 80 to FF, followed by the bytes at each edge of the rules, at every lane of a vector")
    func everyLeadAndNextByteAtEveryLane() {
        // The values where a rule changes: ASCII, the continuation ranges' ends (80, 8F, 90, 9F, A0,
        // BF), and the lead bytes' edges (C0–C2, DF, E0, ED, EF, F0, F4, F5, FF).
        let edges: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF,
            0xF0, 0xF4, 0xF5, 0xFF,
        ]
        // ASCII around them, and three-byte text (no ASCII block to skip).
        let backgrounds: [[UInt8]] = [
            Array(repeating: 0x61, count: 160), Array(String(repeating: "語", count: 54).utf8),
        ]
        var disagreements = 0
        for background in backgrounds {
            var bytes = background
            bytes.withUnsafeMutableBufferPointer { text in
                // Every lane of a vector, from the end of the first 64-byte block on.
                for offset in 61..<80 where UTF8Validator.isScalarStart(background[offset]) {
                    for lead in UInt8(0x80)...0xFF {
                        for second in edges {
                            for third in [0x41, 0x80, 0xBF, 0xC0] as [UInt8] {
                                for fourth in [0x41, 0x80] as [UInt8] {
                                    text[offset] = lead
                                    text[offset + 1] = second
                                    text[offset + 2] = third
                                    text[offset + 3] = fourth
                                    let checked = UnsafeBufferPointer(text)
                                    if UTF8Validator.firstInvalidOffset(checked)
                                        != UTF8Validator.firstInvalidOffset(checked, from: 0)
                                    {
                                        disagreements += 1
                                    }
                                    for i in offset..<(offset + 4) { text[i] = background[i] }
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(disagreements == 0)
    }

    @Test("On random mixed text with random damage, the vectorized check agrees with byte by byte and Swift")
    func randomAgreement() {
        var rng = SplitMix64(seed: 25)
        for round in 0..<3000 {
            var bytes: [UInt8] = []
            let target = 60 + Int(rng.next() % 400)
            while bytes.count < target {
                if rng.next() % 3 == 0 {
                    bytes += Self.valid[Int(rng.next() % UInt64(Self.valid.count))]
                } else {
                    bytes += (0..<Int(rng.next() % 70)).map { _ in UInt8(0x20 + rng.next() % 0x5F) }
                }
            }
            switch round % 4 {
            case 0: break // valid
            case 1: bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next())
            case 2:
                let at = Int(rng.next() % UInt64(bytes.count))
                bytes.insert(contentsOf: Self.invalid[Int(rng.next() % UInt64(Self.invalid.count))], at: at)
            default: bytes.removeLast(Int(rng.next() % 3))
            }
            let found = Self.offsets(bytes)
            #expect(found.vectorized == found.byteByByte, "\(bytes)")
            #expect((found.vectorized == nil) == Self.swiftAccepts(bytes), "\(bytes)")
        }
    }

    @Test("Checked in parts at once, a text gets the same answer as checked in one, bad bytes at the cuts too")
    func partsAgree() {
        var rng = SplitMix64(seed: 2612)
        let mixed = Array(String(repeating: "Grüße 日本 😀 text, ", count: 40).utf8)
        for round in 0..<4000 {
            let parts = 2 + round % 4
            var bytes = Array(mixed.prefix(parts * 64 + Int(rng.next() % 600)))
            bytes = Array(String(decoding: bytes, as: UTF8.self).utf8)
            // Damage near where the parts are cut (every part starts near count / parts × k), or anywhere.
            let cut = bytes.count / parts * (1 + Int(rng.next() % UInt64(parts - 1)))
            let at = round % 5 == 4 ? Int(rng.next() % UInt64(bytes.count)) : max(0, cut - 6 + Int(rng.next() % 12))
            switch round % 6 {
            case 0: break // valid
            case 1: bytes[at] = UInt8(truncatingIfNeeded: rng.next())
            case 2: bytes.insert(contentsOf: Self.invalid[Int(rng.next() % UInt64(Self.invalid.count))], at: at)
            case 3: bytes.insert(contentsOf: [0x80, 0x80, 0x80, 0x80, 0x80], at: at) // no sequence starts at the cut
            case 4: bytes.insert(contentsOf: Self.valid[Int(rng.next() % UInt64(Self.valid.count))], at: at)
            default: bytes.replaceSubrange(at..<min(bytes.count, at + 3), with: [0xF0, 0x9F])
            }
            let (inParts, inOne) = bytes.withUnsafeBufferPointer {
                (UTF8Validator.firstInvalidOffset($0, parts: parts), UTF8Validator.firstInvalidOffset($0, from: 0))
            }
            #expect(inParts == inOne, "\(parts) parts: \(bytes)")
        }
        // How many parts a load uses: one for a small file, never more than the processors.
        #expect(UTF8Validator.partCount(forByteCount: 1 << 20) == 1)
        let large = UTF8Validator.partCount(forByteCount: 100 << 20)
        #expect(large >= 1 && large <= max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// Loads `bytes` from a file both ways: mapped (the file is large enough) and read a chunk at a time.
    static func loadBothWays(_ bytes: [UInt8], path: String) throws -> (mapped: TextStorage, readFirstInvalid: Int?) {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let mapped = try TextStorage(contentsOfFile: path)
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        let read = try TextStorage.read(fd, size: bytes.count, path: path)
        #expect(read.bytes == bytes)
        return (mapped, read.firstInvalid)
    }

    @Test("A file is checked mapped or as it is read: bad bytes where read chunks meet are found, valid ones kept")
    func fileChunkBoundaries() throws {
        let chunk = TextStorage.readChunkSize
        #expect(2 * chunk >= TextStorage.mappingThreshold, "the files below are mapped")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("utf8-chunks-\(getpid()).txt").path
        defer { unlink(path) }
        // Mixed text, so the boundary falls inside multi-byte sequences as well as between them.
        let filler = Array(String(repeating: "Grüße 日本 😀 text ", count: (2 * chunk) / 20).utf8)
        for offset in [chunk - 4, chunk - 3, chunk - 2, chunk - 1, chunk, chunk + 1, chunk + 2, 2 * chunk - 1] {
            for sequence in [[0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80]] as [[UInt8]] {
                var bytes = filler
                bytes.replaceSubrange(offset..<(offset + sequence.count), with: sequence)
                // Make the bytes around it whole sequences again (the filler's sequences may be cut).
                bytes = Array(String(decoding: bytes, as: UTF8.self).utf8)
                let (storage, readFirstInvalid) = try Self.loadBothWays(bytes, path: path)
                #expect(storage.loadRepair.isClean)
                #expect(storage.byteCount == bytes.count)
                #expect(storage.bytes(in: (offset - 8)..<(offset + 8)) == Array(bytes[(offset - 8)..<(offset + 8)]))
                #expect(readFirstInvalid == nil)
            }
            for bad in [[0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xFF]] as [[UInt8]] {
                var bytes = Array(String(repeating: "plain text ", count: (2 * chunk) / 10).utf8)
                bytes.replaceSubrange(offset..<(offset + bad.count), with: bad)
                let (storage, readFirstInvalid) = try Self.loadBothWays(bytes, path: path)
                #expect(storage.loadRepair.invalidByteOffsets.first == offset, "\(bad) at \(offset)")
                #expect(storage.string == String(decoding: bytes, as: UTF8.self))
                #expect(readFirstInvalid == offset, "\(bad) at \(offset)")
                #expect(throws: TextStorageError.invalidUTF8(byteOffset: offset)) {
                    try TextStorage(contentsOfFile: path, invalid: .reject)
                }
            }
        }
    }

    @Test("A mapped file reads like a loaded one: edits, undo and copies work on its bytes")
    func mappedFileEdits() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mapped-\(getpid()).txt").path
        defer { unlink(path) }
        let text = String(repeating: "Grüße aus 東京 — line\n", count: 20_000)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var storage = try TextStorage(contentsOfFile: path)
        #expect(storage.byteCount >= TextStorage.mappingThreshold)
        #expect(storage.string == text)
        let copy = storage
        let edit = try storage.replace(0..<7, with: "Hello,")
        #expect(storage.string.hasPrefix("Hello, aus"))
        #expect(copy.string == text, "a copy keeps the bytes it had")
        try storage.apply(edit.inverse)
        #expect(storage.string == text)
        #expect(storage.byte(at: storage.byteCount - 1) == 0x0A)
        // Saved elsewhere and the file removed: the storage still holds the text.
        unlink(path)
        #expect(storage.string == text)
    }
}
