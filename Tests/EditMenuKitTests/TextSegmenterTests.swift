import Testing
@testable import EditMenuKit

@Suite("Text segmenter on storage")
struct TextSegmenterTests {
    let segmenter = TextSegmenter()

    func word(_ text: String, atCharacter offset: Int) throws -> String? {
        let storage = TextStorage(text)
        let byte = try storage.byteOffset(ofCharacter: offset)
        return segmenter.range(of: .word, atByte: byte, in: storage).map { storage.string(in: $0) }
    }

    @Test("A word is selected whole, with its apostrophe")
    func wholeWord() throws {
        #expect(try word("Hello world", atCharacter: 7) == "world")
        #expect(try word("I can't go", atCharacter: 3) == "can't")
    }

    @Test("In spaces, the word before them is selected; at the start, the word after")
    func wordBeforeSpace() throws {
        #expect(try word("Hello   world", atCharacter: 6) == "Hello")
        #expect(try word("   world", atCharacter: 1) == "world")
        #expect(try word("     ", atCharacter: 2) == nil)
    }

    @Test("On a line break, the word ending the line is selected, never one on the next line")
    func lineBreak() throws {
        #expect(try word("first line\nnext", atCharacter: 10) == "line")
        #expect(try word("ends here.\nnext", atCharacter: 10) == nil)
        #expect(try word("first\n   next", atCharacter: 7) == "next")
        let text = "ends here.\nnext"
        let gesture = SelectionGestures().apply(
            .doubleTap, atByte: 10, in: TextStorage(text), selection: nil, isSecure: false)
        #expect(gesture.selection == 10..<10)
    }

    @Test("Chinese, Japanese and Thai are segmented by dictionary")
    func dictionary() throws {
        #expect(try word("東京都に住んでいます", atCharacter: 1) == "東京")
        #expect(try word("ฉันรักภาษาไทยมาก", atCharacter: 6) == "ภาษา")
        #expect(try word("我喜欢中文字", atCharacter: 1) != "我喜欢中文字")
    }

    @Test("Khmer and Lao, written without spaces, are split into dictionary words")
    func khmerLao() throws {
        let expected = ["ខ្ញុំស្រឡាញ់ភាសាខ្មែរ": ["ខ្ញុំ", "ស្រឡាញ់", "ភាសាខ្មែរ"], "ຂ້ອຍຮັກພາສາລາວ": ["ຂ້ອຍ", "ຮັກ", "ພາສາ", "ລາວ"]]
        for (text, words) in expected {
            let storage = TextStorage(text)
            let found = segmenter.wordSegments(in: storage.window(around: 0, radius: 1024)).filter(\.isWord)
            #expect(found.map { storage.string(in: $0.range) } == words)
            let words = found
            #expect(
                words.allSatisfy {
                    storage.isGraphemeBoundary($0.range.lowerBound) && storage.isGraphemeBoundary($0.range.upperBound)
                })
        }
    }

    @Test("An emoji cluster is one unit, never split")
    func emojiCluster() throws {
        #expect(try word("Hi 👨‍👩‍👧 there", atCharacter: 3) == "👨‍👩‍👧")
        #expect(try word("flag 🇯🇵 here", atCharacter: 5) == "🇯🇵")
    }

    @Test("A punctuation mark or symbol is selected on its own, never with the word")
    func punctuationRun() throws {
        #expect(try word("wait... what", atCharacter: 5) == ".")
        #expect(try word("a -- b", atCharacter: 2) == "-")
    }

    @Test("Sentences end before their trailing spaces")
    func sentence() {
        let storage = TextStorage("One two. Three four! Five")
        #expect(segmenter.range(of: .sentence, atByte: 11, in: storage).map { storage.string(in: $0) } == "Three four!")
        #expect(segmenter.range(of: .sentence, atByte: 0, in: storage).map { storage.string(in: $0) } == "One two.")
    }

    @Test("Paragraphs run between separators, without them; at a paragraph's end the paragraph before is chosen")
    func paragraph() {
        let storage = TextStorage("first para\r\nsecond para\u{2029}third\n\nfifth")
        func para(_ byte: Int) -> String? {
            segmenter.range(of: .paragraph, atByte: byte, in: storage).map { storage.string(in: $0) }
        }
        #expect(para(3) == "first para")
        #expect(para(10) == "first para") // on the CR
        #expect(para(11) == "first para") // on the LF of the CRLF
        #expect(para(15) == "second para")
        #expect(para(28) == "third")
        #expect(para(31) == "third") // on its line feed
        #expect(para(32) == nil) // the empty paragraph between two line feeds
        #expect(para(storage.byteCount) == "fifth")
    }

    @Test("Character and all units")
    func characterAndAll() {
        let storage = TextStorage("ae\u{301}b")
        #expect(segmenter.range(of: .character, atByte: 2, in: storage) == 1..<4)
        #expect(segmenter.range(of: .all, atByte: 2, in: storage) == 0..<5)
        #expect(segmenter.range(of: .word, atByte: 0, in: TextStorage()) == nil)
    }

    @Test("Word selection in a large document gives the same answer as in the line alone")
    func windowIndependentOfSize() throws {
        let line = "the quick café 日本語 jumps\n"
        var big = TextStorage(String(repeating: line, count: 20_000))
        let middle = line.utf8.count * 10_000
        let target = middle + "the quick ".utf8.count + 1
        let range = segmenter.range(of: .word, atByte: target, in: big)
        #expect(range.map { big.string(in: $0) } == "café")
        // After an edit before it, the same word is found at its shifted offset.
        try big.insert("XYZ ", at: 100)
        #expect(segmenter.range(of: .word, atByte: target + 4, in: big).map { big.string(in: $0) } == "café")
    }

    @Test("A line longer than the window is cut at the window, on a Character boundary")
    func longLine() {
        let storage = TextStorage(String(repeating: "🇯🇵", count: 2000))
        let range = TextSegmenter(windowRadius: 64).range(of: .word, atByte: 4000, in: storage)
        #expect(
            range.map { storage.isGraphemeBoundary($0.lowerBound) && storage.isGraphemeBoundary($0.upperBound) } == true
        )
    }
}
