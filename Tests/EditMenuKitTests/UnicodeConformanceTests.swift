import Foundation
import Testing
@testable import EditMenuKit
@testable import EditMenuText

/// The Unicode Consortium's own break tests (Debian's `unicode-data`, installed by
/// `scripts/setup.sh`), run through the storage's windowed segmentation — the code word selection
/// uses. Every line passes or is skipped for a reason stated here and printed with the line number.
@Suite("Unicode conformance")
struct UnicodeConformanceTests {
    static let directory = "/usr/share/unicode/auxiliary"

    /// One test line: the text as scalars and the expected boundaries (scalar indices).
    struct Case {
        var line: Int
        var scalars: [Unicode.Scalar]
        var boundaries: [Int]
        var text: String { String(String.UnicodeScalarView(scalars)) }

        /// Byte offset of each scalar index (plus the end).
        var byteOffsets: [Int] {
            var offsets = [0]
            for scalar in scalars { offsets.append(offsets.last! + scalar.utf8.count) }
            return offsets
        }
    }

    static func cases(_ file: String) throws -> [Case] {
        let path = "\(directory)/\(file)"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConformanceFileMissing(path: path)
        }
        var result: [Case] = []
        for (number, line) in String(decoding: data, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        ).enumerated() {
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let tokens = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !tokens.isEmpty else { continue }
            var scalars: [Unicode.Scalar] = []
            var boundaries: [Int] = []
            for token in tokens {
                if token == "÷" {
                    boundaries.append(scalars.count)
                } else if token == "×" {
                    continue
                } else if let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) {
                    scalars.append(scalar)
                } else {
                    scalars = []
                    break
                } // a lone surrogate: not representable in UTF-8
            }
            if !scalars.isEmpty { result.append(Case(line: number + 1, scalars: scalars, boundaries: boundaries)) }
        }
        return result
    }

    /// Word boundaries of the whole text through the storage, window by window (each window ends
    /// after a line feed, as in a document).
    static func storageWordBoundaries(_ text: String, locale: String) -> [Int] {
        let storage = TextStorage(text)
        let segmenter = TextSegmenter(locale: locale)
        var boundaries: [Int] = [0]
        var offset = 0
        while offset < storage.byteCount {
            let found = segmenter.wordBoundaries(around: offset, in: storage)
            boundaries.append(contentsOf: found.filter { $0 > offset })
            guard let last = found.last, last > offset else { break }
            offset = last
        }
        return boundaries
    }

    /// Character boundaries through the storage's grapheme snapping.
    static func storageGraphemeBoundaries(_ storage: TextStorage, at byteOffsets: [Int]) -> [Int] {
        byteOffsets.filter { storage.isGraphemeBoundary($0) }
    }

    @Test(
        "Every line of WordBreakTest.txt passes with the en locale, except colon lines that ICU's root data excludes and the sv locale passes"
    )
    func wordBreakTest() throws {
        let cases = try Self.cases("WordBreakTest.txt")
        #expect(cases.count > 1800)
        var passed = 0
        var skipped: [String] = []
        for c in cases {
            let expected = c.boundaries.map { c.byteOffsets[$0] }
            let actual = Self.storageWordBoundaries(c.text, locale: "en")
            if actual == expected {
                passed += 1
                continue
            }
            // ICU's root/en word rules drop ':' (U+003A) and its compatibility forms U+FE13, U+FE55,
            // U+FF1A from MidLetter (CLDR); Swedish keeps the Unicode default. Such a line must pass
            // with "sv", otherwise it is a failure.
            let hasColon = c.scalars.contains { [0x3A, 0xFE13, 0xFE55, 0xFF1A].contains($0.value) }
            let passesSwedish = Self.storageWordBoundaries(c.text, locale: "sv") == expected
            #expect(hasColon && passesSwedish, "WordBreakTest.txt line \(c.line): expected \(expected), got \(actual)")
            if hasColon && passesSwedish {
                skipped.append("line \(c.line): ':' is not MidLetter in ICU's root locale data (passes with sv)")
            }
        }
        print("WordBreakTest.txt: \(passed)/\(cases.count) passed with en, \(skipped.count) skipped:")
        skipped.forEach { print("  \($0)") }
        #expect(passed + skipped.count == cases.count)
        #expect(skipped.count <= 15)
    }

    @Test("Every line of WordBreakTest.txt passes with the sv locale")
    func wordBreakTestSwedish() throws {
        let cases = try Self.cases("WordBreakTest.txt")
        let failures = cases.filter { c in
            Self.storageWordBoundaries(c.text, locale: "sv") != c.boundaries.map { c.byteOffsets[$0] }
        }
        print("WordBreakTest.txt: \(cases.count - failures.count)/\(cases.count) passed with sv")
        #expect(failures.map(\.line) == [])
    }

    @Test(
        "Every line of GraphemeBreakTest.txt passes through the storage's grapheme boundaries, except the one Swift's String misses"
    )
    func graphemeBreakTest() throws {
        let cases = try Self.cases("GraphemeBreakTest.txt")
        #expect(cases.count > 600)
        var passed = 0
        var skipped: [String] = []
        for c in cases {
            let storage = TextStorage(c.text)
            let expected = c.boundaries.map { c.byteOffsets[$0] }
            let actual = Self.storageGraphemeBoundaries(storage, at: c.byteOffsets)
            if actual == expected {
                passed += 1
                continue
            }
            // Swift's String (whose Characters the project counts) keeps ✁ ZWJ ✁ apart: U+2701 is
            // Extended_Pictographic, so GB11 joins them; ICU does (checked below).
            let swiftKnownMiss = c.scalars.map(\.value) == [0x2701, 0x200D, 0x2701]
            #expect(swiftKnownMiss, "GraphemeBreakTest.txt line \(c.line): expected \(expected), got \(actual)")
            if swiftKnownMiss {
                skipped.append("line \(c.line): Swift's String breaks U+2701 ZWJ U+2701 in two (GB11)")
            }
        }
        print("GraphemeBreakTest.txt: \(passed)/\(cases.count) passed, \(skipped.count) skipped:")
        skipped.forEach { print("  \($0)") }
        #expect(passed + skipped.count == cases.count)
        #expect(skipped.count <= 1)
    }

    @Test("Every line of SentenceBreakTest.txt passes through ICU on storage windows")
    func sentenceBreakTest() throws {
        let cases = try Self.cases("SentenceBreakTest.txt")
        #expect(cases.count > 400)
        var failures: [Int] = []
        for c in cases {
            let storage = TextStorage(c.text)
            var boundaries = [0]
            var offset = 0
            while offset < storage.byteCount {
                let window = storage.window(around: offset, radius: 1024)
                let (units, byteOffsets) = window.utf16
                let ends = ICU.segments(.sentence, of: units).map { window.start + byteOffsets[$0.range.upperBound] }
                boundaries.append(contentsOf: ends.filter { $0 > offset })
                guard let last = ends.last, last > offset else { break }
                offset = last
            }
            if boundaries != c.boundaries.map({ c.byteOffsets[$0] }) { failures.append(c.line) }
        }
        print("SentenceBreakTest.txt: \(cases.count - failures.count)/\(cases.count) passed")
        #expect(failures == [])
    }

    @Test("Every line of GraphemeBreakTest.txt passes with ICU's character iterator")
    func graphemeBreakTestICU() throws {
        let cases = try Self.cases("GraphemeBreakTest.txt")
        let failures = cases.filter { c in
            let utf16 = Array(c.text.utf16)
            var utf16Offsets = [0]
            for scalar in c.scalars { utf16Offsets.append(utf16Offsets.last! + scalar.utf16.count) }
            let segments = ICU.segments(.character, of: utf16)
            let actual = [0] + segments.map(\.range.upperBound)
            return actual != c.boundaries.map { utf16Offsets[$0] }
        }
        #expect(failures.map(\.line) == [])
    }

    /// The fast Character walk (certain boundaries stepped over, sixteen or eight bytes at a time where
    /// scalars never join) gives every line's boundaries alone, and, inside ASCII and Cyrillic text long
    /// enough for the sixteen-byte runs, the boundaries String's grapheme breaking gives the whole text
    /// (a line may start with a mark that joins the space before it, or end with a prepended one).
    @Test("Every line of GraphemeBreakTest.txt passes through the Character walk and count")
    func graphemeBreakTestCharacterWalk() throws {
        let cases = try Self.cases("GraphemeBreakTest.txt")
        var failures: [String] = []
        var stringDiffers: [Int] = []
        for c in cases {
            for (before, after) in [("", ""), ("The quick brown fox. ", " jumps over."), ("Съешь же ещё ", " мягких")] {
                let text = before + c.text + after
                var expected: [Int] = []
                var offset = 0
                for character in text {
                    expected.append(offset)
                    offset += character.utf8.count
                }
                if before.isEmpty {
                    let file = Array(c.boundaries.dropLast().map { c.byteOffsets[$0] })
                    // The walk gives String's Characters; where Swift's String itself differs from the
                    // file (its GB11 misses some text-style pictographs, e.g. U+2701 ZWJ U+2701), the
                    // line is reported and the walk still has to agree with String.
                    if file != expected { stringDiffers.append(c.line) }
                }
                let bytes = Array(text.utf8)
                var starts: [Int] = []
                let count = bytes.withUnsafeBufferPointer { buffer in
                    CharacterBoundaries.forEachCharacterStart(inUTF8: buffer) {
                        starts.append($0)
                        return true
                    }
                    return CharacterBoundaries.characterCount(inUTF8: buffer)
                }
                if starts != expected || count != expected.count {
                    failures.append("line \(c.line) in \((before + "…" + after).debugDescription)")
                }
            }
        }
        print("GraphemeBreakTest.txt: lines where Swift's String differs from the file: \(stringDiffers)")
        #expect(failures == [])
        #expect(stringDiffers.count < 5, "String's grapheme breaking should differ from the file on a rare line only")
    }
}

struct ConformanceFileMissing: Error, CustomStringConvertible {
    var path: String
    var description: String { "\(path) is missing: run scripts/setup.sh (Debian package unicode-data)" }
}
