import EditMenuKit
import Foundation
import Testing

/// Numbers written in full width (`０３－１２３４－５６７８`, `２０２５年３月５日`), as Japanese and Chinese
/// text often writes them, are detected as their ASCII forms are: the corpus again, with its digits and
/// the signs written around them made full width.
struct DataDetectionFullWidthTests {
    /// `text` with ASCII digits, and `+ - ( ) . /` and a colon between digits, in full width.
    static func widened(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        func isDigit(_ index: Int) -> Bool {
            scalars.indices.contains(index) && ("0"..."9").contains(scalars[index])
        }
        var result = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            let wide: Bool
            switch scalar {
            case "0"..."9", "+", "-", "(", ")", ".", "/": wide = true
            case ":": wide = isDigit(index - 1) && isDigit(index + 1)
            default: wide = false
            }
            result.append(wide ? Unicode.Scalar(scalar.value + 0xFEE0)! : scalar)
        }
        return String(result)
    }

    @Test func everyCorpusNumberWrittenInFullWidthIsFoundAsItsASCIIFormIs() throws {
        var compared = 0
        var differences: [String] = []
        let detector = DataDetectionCorpusTests.detector
        // Links and email addresses are read as written (a full-width digit is no host's): samples with
        // one are left out.
        for sample in try DataDetectionCorpusTests.corpus()
        where !sample.items.contains(where: { $0.type == "link" || $0.type == "email" })
            && sample.text.contains(where: \.isASCII)
            && sample.text.unicodeScalars.contains(where: { ("0"..."9").contains($0) })
        {
            let ascii = detector.detect(in: sample.text)
            let wide = detector.detect(in: Self.widened(sample.text))
            compared += 1
            let expected = ascii.map { "\($0.type.rawValue) \(Self.widened($0.matchedText)) \($0.characterRange)" }
            let found = wide.map { "\($0.type.rawValue) \($0.matchedText) \($0.characterRange)" }
            if expected != found || ascii.map(\.value) != wide.map(\.value) {
                differences.append("\(sample.file):\(sample.line): \(expected) → \(found)")
            }
        }
        #expect(compared >= 300)
        #expect(differences == [])
    }

    @Test func theByteRangesAndTextAreTheTextsAsWritten() throws {
        let text = "電話：０３－１２３４－５６７８、会議は２０２５年３月５日１０：３０から。"
        let items = DataDetector(referenceDate: DataDetectionCorpusTests.detector.referenceDate).detect(in: text)
        #expect(items.map(\.type) == [.phoneNumber, .date])
        for item in items {
            let bytes = Array(text.utf8)[item.byteRange]
            #expect(String(decoding: bytes, as: UTF8.self) == item.matchedText)
        }
        #expect(items.map(\.matchedText) == ["０３－１２３４－５６７８", "２０２５年３月５日１０：３０"])
        #expect(items.map(\.value.text).dropFirst() == ["2025-03-05T10:30"])
        #expect(items.first?.value.text == "+81312345678")
        // A full-width colon after a word is not a time's: it stays as written.
        #expect(DataDetector().detect(in: "電話：").isEmpty)
    }
}
