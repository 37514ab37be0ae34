import Foundation
import Testing
import EditMenuTestSupport
@testable import EditMenuKit

@Suite("Text storage")
struct TextStorageTests {
    @Test("A storage holds the bytes it was loaded with")
    func holdsBytes() throws {
        let storage = try TextStorage(utf8: Array("Grüße, 世界 👩‍👩‍👧".utf8))
        #expect(storage.string == "Grüße, 世界 👩‍👩‍👧")
        #expect(storage.byteCount == "Grüße, 世界 👩‍👩‍👧".utf8.count)
        #expect(storage.loadRepair.isClean)
        #expect(TextStorage().isEmpty)
    }

    @Test("Every edit gives a storage a new revision, never one another edit had, so copies that diverge differ")
    func revisions() throws {
        var a = TextStorage("Hello")
        let loaded = a.revision
        var b = a
        try a.insert("!", at: 5)
        try b.insert("?", at: 5)
        #expect(a.identity == b.identity)
        #expect(a.revision != loaded && b.revision != loaded && a.revision != b.revision)
        let before = a.revision
        _ = a.string
        #expect(a.revision == before, "reading changes nothing")
        let edit = try a.remove(0..<1)
        #expect(a.revision != before)
        let removed = a.revision
        try a.apply(edit.inverse)
        #expect(a.revision != removed && a.string == "Hello!", "undo is an edit too")
    }

    @Test("Invalid UTF-8 is replaced with U+FFFD and reported by offset")
    func invalidReplaced() throws {
        // "a", a lone continuation byte, "b", a truncated 3-byte sequence, "c", an overlong "/", a surrogate.
        let bytes: [UInt8] = [0x61, 0x80, 0x62, 0xE2, 0x82, 0x63, 0xC0, 0xAF, 0xED, 0xA0, 0x80]
        let storage = try TextStorage(utf8: bytes)
        #expect(storage.string == String(decoding: bytes, as: UTF8.self))
        #expect(storage.loadRepair.invalidByteOffsets == [1, 3, 6, 7, 8, 9, 10])
    }

    @Test("Invalid UTF-8 is rejected with the offset of the first bad byte when the caller asks")
    func invalidRejected() {
        #expect(throws: TextStorageError.invalidUTF8(byteOffset: 3)) {
            try TextStorage(utf8: [0x61, 0x62, 0x63, 0xFF], invalid: .reject)
        }
        #expect(
            TextStorageError.invalidUTF8(byteOffset: 3).description == "text is not valid UTF-8: bad byte at offset 3")
    }

    @Test("Random byte strings load without crashing and decode as Swift decodes them")
    func randomBytes() throws {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            let bytes = (0..<Int(rng.next() % 12)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let storage = try TextStorage(utf8: bytes)
            #expect(storage.string == String(decoding: bytes, as: UTF8.self), "\(bytes)")
        }
    }

    @Test("A missing file is reported with its path and the system's reason")
    func missingFile() {
        #expect(throws: TextStorageError.cannotRead(path: "/nonexistent/doc.txt", reason: "No such file or directory"))
        {
            try TextStorage(contentsOfFile: "/nonexistent/doc.txt")
        }
    }

    @Test("A file loads into the storage byte for byte")
    func loadsFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "storage-\(UInt64.random(in: 0...UInt64.max)).txt"
        ).path
        let text = String(repeating: "naïve café 日本語\n", count: 500)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let storage = try TextStorage(contentsOfFile: path)
        #expect(storage.string == text)
    }

    @Test("Replacing, inserting and removing edit the bytes, and the inverse edit restores them")
    func editsAndInverses() throws {
        var storage = TextStorage("Hello world")
        let e1 = try storage.replace(6..<11, with: "there")
        #expect(storage.string == "Hello there")
        let e2 = try storage.insert(", dear", at: 5)
        #expect(storage.string == "Hello, dear there")
        let e3 = try storage.remove(0..<7)
        #expect(storage.string == "dear there")
        try storage.apply(e3.inverse)
        try storage.apply(e2.inverse)
        try storage.apply(e1.inverse)
        #expect(storage.string == "Hello world")
        try storage.apply(e1)
        #expect(storage.string == "Hello there")
    }

    @Test("Text can be replaced with a range of another storage, checked like any edit")
    func replaceFromStorage() throws {
        var target = TextStorage("[]")
        var source = TextStorage("déjà vu")
        try source.insert("!", at: source.byteCount)
        let edit = try target.replace(1..<1, withTextOf: source, in: 0..<6)
        #expect(target.string == "[déjà]")
        try target.apply(edit.inverse)
        #expect(target.string == "[]")
        #expect(throws: TextStorageError.notOnScalarBoundary(2)) {
            try target.replace(0..<0, withTextOf: source, in: 0..<2)
        }
        #expect(throws: TextStorageError.rangeOutOfBounds(0..<20, byteCount: 10)) {
            try target.replace(0..<0, withTextOf: source, in: 0..<20)
        }
    }

    @Test("Edits must not split a UTF-8 sequence or leave the text")
    func editBoundsChecked() {
        var storage = TextStorage("é") // C3 A9
        #expect(throws: TextStorageError.notOnScalarBoundary(1)) { try storage.insert("x", at: 1) }
        #expect(throws: TextStorageError.rangeOutOfBounds(0..<3, byteCount: 2)) { try storage.remove(0..<3) }
        #expect(
            TextStorageError.rangeOutOfBounds(0..<3, byteCount: 2).description
                == "byte range 0..<3 is outside the text (2 bytes)")
    }

    @Test("An edit made by another storage is refused")
    func foreignEdit() throws {
        var a = TextStorage("abc")
        var b = TextStorage("abc")
        let edit = try a.remove(0..<1)
        #expect(throws: TextStorageError.foreignEdit) { try b.apply(edit) }
    }

    @Test("Typing character after character keeps one piece")
    func typingMergesPieces() throws {
        var storage = TextStorage("")
        for (i, c) in "typing merges".enumerated() { try storage.insert(String(c), at: i) }
        #expect(storage.string == "typing merges")
        #expect(storage.pieceCount == 1)
    }

    @Test("Cutting from the middle and undoing leaves the original as one piece again")
    func cutUndoMerges() throws {
        var storage = TextStorage(String(repeating: "abcdefghij", count: 100))
        let edit = try storage.remove(300..<400)
        #expect(storage.pieceCount == 2)
        try storage.apply(edit.inverse)
        #expect(storage.pieceCount == 1)
        #expect(storage.string == String(repeating: "abcdefghij", count: 100))
    }

    @Test("Reading runs crosses piece boundaries in order")
    func readsAcrossPieces() throws {
        var storage = TextStorage("0123456789")
        try storage.insert("ab", at: 5)
        try storage.insert("Z", at: 0)
        #expect(storage.string(in: 3..<10) == "234ab56")
        #expect(storage.bytes(in: 0..<2) == Array("Z0".utf8))
        #expect(storage.data(in: 11..<13) == Data("89".utf8))
        #expect(storage.byte(at: 6) == UInt8(ascii: "a"))
    }

    @Test("Byte, UTF-16 and Character offsets convert both ways")
    func conversions() throws {
        let storage = TextStorage("a😀e\u{301}🇯🇵!") // a(1) 😀(4) e+◌́(1+2) 🇯🇵(8) !(1)
        #expect(try storage.utf16Offset(ofByte: 1) == 1)
        #expect(try storage.utf16Offset(ofByte: 5) == 3)
        #expect(try storage.utf16Offset(ofByte: 16) == 9)
        #expect(try storage.byteOffset(ofUTF16: 3) == 5)
        #expect(try storage.byteOffset(ofUTF16: 10) == 17)
        #expect(throws: TextStorageError.offsetOutOfBounds(2, unit: "UTF-16", count: 10)) {
            try storage.byteOffset(ofUTF16: 2)
        }
        #expect(throws: TextStorageError.notOnScalarBoundary(2)) { try storage.utf16Offset(ofByte: 2) }
        #expect(try storage.characterOffset(ofByte: 5) == 2)
        #expect(try storage.characterOffset(ofByte: 8) == 3)
        #expect(throws: TextStorageError.self) { try storage.characterOffset(ofByte: 6) } // inside é
        #expect(try storage.byteOffset(ofCharacter: 3) == 8)
        #expect(try storage.byteOffset(ofCharacter: 5) == 17)
        #expect(throws: TextStorageError.self) { try storage.byteOffset(ofCharacter: 6) }
        #expect(storage.characterCount == 5)
        #expect(storage.utf16Count == 10)
    }

    @Test("Conversions agree with Swift's String views on random mixed-script text")
    func conversionsAgreeWithString() throws {
        var rng = SplitMix64(seed: 3)
        let pieces = ["a", "é", "e\u{301}", "日本", "😀", "👩‍👩‍👧", "🇯🇵", "\n", "\r\n", " ", "ß"]
        for _ in 0..<50 {
            let text = (0..<20).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            let storage = TextStorage(text)
            #expect(storage.characterCount == text.count)
            #expect(storage.utf16Count == text.utf16.count)
            var characterOffset = 0
            for index in text.indices {
                let byte = text.utf8.distance(from: text.startIndex, to: index)
                #expect(try storage.characterOffset(ofByte: byte) == characterOffset)
                #expect(try storage.byteOffset(ofCharacter: characterOffset) == byte)
                #expect(try storage.utf16Offset(ofByte: byte) == text.utf16.distance(from: text.startIndex, to: index))
                #expect(storage.isGraphemeBoundary(byte))
                characterOffset += 1
            }
        }
    }

    @Test("Counting the Characters of a range agrees with String on text that tests grapheme breaking")
    func characterCountAgreesWithString() throws {
        var rng = SplitMix64(seed: 11)
        // Simple scalars next to every kind that extends, joins or pairs: regional indicators (an odd
        // number too), Hangul jamo, combining marks after CJK, kana and Cyrillic, emoji with ZWJ and
        // modifiers, Devanagari conjuncts, an Arabic prepended mark, CR LF and a lone CR.
        let pieces = [
            "a", "Z", " ", ".", "é", "e\u{301}", "日本", "本\u{301}", "か\u{3099}", "ж\u{483}", "😀", "👍🏽",
            "👩‍👩‍👧", "🇯🇵", "🇩", "\u{1100}\u{1161}\u{11A8}", "한", "क्षि", "\u{600}1", "\r\n", "\r", "\n", "\u{200D}",
            "ß", "—", "\t", "\u{FF21}",
        ]
        for _ in 0..<200 {
            let text = (0..<24).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            let storage = TextStorage(text)
            #expect(
                storage.characterCount(in: 0..<storage.byteCount) == text.count, "\(text.unicodeScalars.map(\.value))")
            // Any range between two Character boundaries, counted whole and up to a limit.
            let boundaries =
                text.indices.map { text.utf8.distance(from: text.startIndex, to: $0) } + [storage.byteCount]
            let lower = Int(rng.next() % UInt64(boundaries.count))
            let upper = lower + Int(rng.next() % UInt64(boundaries.count - lower))
            let range = boundaries[lower]..<boundaries[upper]
            let expected = storage.string(in: range).count
            #expect(storage.characterCount(in: range) == expected)
            let limit = Int(rng.next() % 8)
            #expect(storage.characterCount(in: range, limit: limit) == min(expected, limit))
        }
        // ASCII lines (a Character per byte but CR LF, and a lone CR before one): the same answers.
        let ascii = ["a", "Z", " ", ".", "\r\n", "\r", "\n", "\t", "\r\r\n", "0123456789"]
        for _ in 0..<200 {
            let text = (0..<40).map { _ in ascii[Int(rng.next() % UInt64(ascii.count))] }.joined()
            let storage = TextStorage(text)
            #expect(storage.characterCount(in: 0..<storage.byteCount) == text.count, "\(Array(text.utf8))")
            let boundaries =
                text.indices.map { text.utf8.distance(from: text.startIndex, to: $0) } + [storage.byteCount]
            let lower = Int(rng.next() % UInt64(boundaries.count))
            let upper = lower + Int(rng.next() % UInt64(boundaries.count - lower))
            let range = boundaries[lower]..<boundaries[upper]
            #expect(storage.characterCount(in: range) == storage.string(in: range).count)
            let selected = try #require(SelectedText(storage: storage, selection: range.isEmpty ? 0..<1 : range))
            #expect(selected.selectedString == storage.string(in: range.isEmpty ? 0..<1 : range))
        }
    }

    @Test("A selection's Character range is what counting its parts as strings gives, at any scalar boundaries")
    func selectedTextCharacterRange() throws {
        var rng = SplitMix64(seed: 31)
        let pieces = [
            "a", " ", "é", "e\u{301}", "日本", "😀", "👍🏽", "👩‍👩‍👧", "🇯🇵", "한", "क्षि", "\r\n", "\n", "\u{200D}", "x",
        ]
        var checked = 0
        for _ in 0..<300 {
            let text = (0..<30).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            let storage = TextStorage(text)
            // Scalar boundaries, so a selection may start or end inside a grapheme cluster.
            var boundaries = [0]
            for scalar in text.unicodeScalars { boundaries.append(boundaries.last! + UTF8.width(scalar)) }
            let lower = Int(rng.next() % UInt64(boundaries.count - 1))
            let upper = lower + 1 + Int(rng.next() % UInt64(boundaries.count - 1 - lower))
            let range = boundaries[lower]..<boundaries[upper]
            let selected = try #require(SelectedText(storage: storage, selection: range))
            let context = storage.graphemeBoundary(atOrBefore: max(0, range.lowerBound - SelectedText.contextBytes))
            let before = storage.string(in: context..<range.lowerBound).count
            #expect(
                selected.characterRange == before..<(before + storage.string(in: range).count), "\(range) of \(text)")
            #expect(selected.selectedString == storage.string(in: range))
            checked += 1
        }
        #expect(checked == 300)
    }

    @Test("Character starts found over UTF-8 agree with String, and a cut scalar is repaired, not read past")
    func characterStartsOverUTF8() {
        var rng = SplitMix64(seed: 29)
        let pieces = [
            "a", " ", "é", "e\u{301}", "日本", "か\u{3099}", "😀", "👍🏽", "👩‍👩‍👧", "🇯🇵", "🇩", "한", "क्षि", "\r\n", "\r",
            "\n", "\u{200D}", "©\u{200D}😀", "ж\u{483}", "\u{600}1", "\t", "x",
            // What joins what follows it, before a scalar that never joins what precedes it.
            "‼", "\u{200D}©", "\u{200D}‼", "😀\u{200D}", "\u{600}a", "\u{6DD}x", "\u{110BD}x", "\u{11A84}y",
            "\u{D4E}z", "Καλ", "שָׁלוֹם", "ا\u{64B}b", "🇯🇵🇩🇪", "\u{1F3FD}", "\u{FE0F}", "\u{301}", "ᄀ", "ᅡ",
        ]
        for _ in 0..<300 {
            let text = (0..<20).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
            let expected = text.indices.map { text.utf8.distance(from: text.startIndex, to: $0) }
            var starts: [Int] = []
            _ = Array(text.utf8).withUnsafeBufferPointer { bytes in
                CharacterBoundaries.forEachCharacterStart(inUTF8: bytes) {
                    starts.append($0)
                    return true
                }
            }
            #expect(starts == expected, "\(text.unicodeScalars.map(\.value))")
            #expect(
                Array(text.utf8).withUnsafeBufferPointer { CharacterBoundaries.characterCount(inUTF8: $0) }
                    == text.count)
        }
        // Cut inside a scalar at either end: decoded with repair, never read past the bytes.
        let bytes = Array("é日😀".utf8)
        for lower in 0..<bytes.count {
            for upper in lower...bytes.count {
                let cut = Array(bytes[lower..<upper])
                let count = cut.withUnsafeBufferPointer { CharacterBoundaries.characterCount(inUTF8: $0) }
                #expect(count == String(decoding: cut, as: UTF8.self).count)
            }
        }
    }

    @Test("Counting takes sixteen bytes of scalars that never join at a time, and still ends on what joins a run")
    func characterCountAfterSimpleRuns() {
        // Runs of each class the sixteen-byte step takes (Latin, Cyrillic, CJK, mixed with tabs and line
        // feeds), cut at every length around it, then what may join the run's last scalar.
        let units = ["é", "д", "年", "a\tд\n年ÿ", "ǅ", "ʰ"]
        let joiners = ["\u{301}", "\u{483}", "\u{302B}", "\u{200D}", "\r\n", "\u{1F3FD}", "🇯🇵", "ア", "—", "", "x"]
        for unit in units {
            let long = String(repeating: unit, count: 24)
            for length in 0..<40 {
                let run = String(long.prefix(length))
                for joiner in joiners {
                    let text = run + joiner + "日本 done"
                    let bytes = Array(text.utf8)
                    let count = bytes.withUnsafeBufferPointer { CharacterBoundaries.characterCount(inUTF8: $0) }
                    #expect(count == text.count, "\(unit) × \(length) then \(joiner.unicodeScalars.map(\.value))")
                    for limit in [1, 15, 16, 17, 33] {
                        let limited = bytes.withUnsafeBufferPointer {
                            CharacterBoundaries.characterCount(inUTF8: $0, limit: limit)
                        }
                        #expect(limited == min(text.count, limit))
                    }
                }
            }
        }
    }

    @Test("Counting skips printable ASCII eight bytes at a time, and still ends on what joins the last byte of a run")
    func characterCountAfterASCIIRuns() {
        // After runs of every length around the eight-byte step: marks and modifiers that join the run's
        // last letter, CR LF, a tab, DEL, a zero-width joiner, and scalars that never join.
        let joiners = [
            "e\u{301}", "\u{301}", "\u{1F3FD}", "\u{FE0F}", "\u{200D}", "\r\n", "\r", "\t", "\u{7F}", "é", "日", "🇯🇵", "",
        ]
        for length in 0..<26 {
            for joiner in joiners {
                for tail in ["", "xyz", String(repeating: "q", count: 9)] {
                    let text = String(repeating: "a", count: length) + joiner + tail
                    let bytes = Array(text.utf8)
                    let count = bytes.withUnsafeBufferPointer { CharacterBoundaries.characterCount(inUTF8: $0) }
                    #expect(count == text.count, "\(length) \(joiner.unicodeScalars.map(\.value)) \(tail)")
                    for limit in [0, 1, 7, 8, 9, 30] {
                        let limited = bytes.withUnsafeBufferPointer {
                            CharacterBoundaries.characterCount(inUTF8: $0, limit: limit)
                        }
                        #expect(limited == min(text.count, limit))
                    }
                    // The storage counts a range within one piece the same way, and across pieces too.
                    var storage = TextStorage(text)
                    #expect(storage.characterCount(in: 0..<storage.byteCount) == text.count)
                    _ = try? storage.replace(storage.byteCount..<storage.byteCount, with: " end")
                    #expect(storage.characterCount(in: 0..<storage.byteCount) == text.count + 4)
                }
            }
        }
    }

    @Test("A selection's string follows its text and range when either changes")
    func selectedStringFollowsChanges() throws {
        let text = "Grüße, 👩‍👩‍👧 and e\u{301}tude\r\nnext line"
        let storage = TextStorage(text)
        let start = try #require(text.utf8.firstIndex(of: 0xF0)) // the family emoji, " and"
        let lower = text.utf8.distance(from: text.startIndex, to: start)
        let range = lower..<(lower + 18 + 4)
        var selected = try #require(SelectedText(storage: storage, selection: range))
        #expect(selected.selectedString == storage.string(in: range))
        #expect(selected == SelectedText(text: selected.text, characterRange: selected.characterRange))
        selected.characterRange = 0..<5
        #expect(selected.selectedString == "Grüße")
        selected.text = "e\u{301}tude"
        #expect(selected.selectedString == "e\u{301}tude")
        selected.characterRange = 3..<9
        #expect(selected.selectedString == "", "a range past the text selects nothing")
        #expect(SelectedText(text: "abc", characterRange: 1..<2).selectedString == "b")
    }

    @Test("Offsets snap to grapheme boundaries: a selection never splits a cluster")
    func graphemeSnapping() {
        let storage = TextStorage("x👩‍👩‍👧y") // family: 18 bytes from 1
        #expect(storage.graphemeBoundary(atOrBefore: 5) == 1)
        #expect(storage.graphemeBoundary(atOrAfter: 5) == 19)
        #expect(storage.graphemeAligned(3..<4) == 1..<19)
        #expect(storage.isGraphemeBoundary(19))
        #expect(!storage.isGraphemeBoundary(2))
        #expect(storage.graphemeBoundary(atOrBefore: 99) == 20)
    }

    @Test("The window around an offset stops at the line feeds on either side")
    func windowStopsAtLines() {
        let storage = TextStorage("first line\nsecond line\nthird")
        let window = storage.window(around: 14, radius: 1024)
        #expect(window.start == 11)
        #expect(String(decoding: window.bytes, as: UTF8.self) == "second line\n")
    }

    @Test("A window cut by its radius starts and ends on scalar boundaries")
    func windowOnScalars() {
        let storage = TextStorage(String(repeating: "日本語", count: 100))
        let window = storage.window(around: 450, radius: 20)
        #expect(storage.isScalarBoundary(window.start))
        #expect(storage.isScalarBoundary(window.start + window.bytes.count))
        #expect(window.bytes.count <= 46)
    }
}
