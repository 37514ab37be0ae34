@_spi(Inlinable) import EditMenuText
import Testing

/// `Scalar`'s character classes answer from ranges written out for the scripts text is most often in,
/// and ask the standard library's Unicode properties elsewhere. Every assigned scalar is checked against
/// those properties, so a range written wrong, or a Unicode version that moves a scalar, is caught.
@Suite struct ScalarClassTests {
    /// Every assigned scalar beyond ASCII, in 64 slices (so that a failure names a few, not thousands).
    static let slices = Array(0..<64)

    static func assignedScalars(inSlice slice: Int) -> [Unicode.Scalar] {
        let size = (0x110000 - 0x80) / 64 + 1
        let lower = 0x80 + slice * size
        let upper = min(0x110000, lower + size)
        return (lower..<upper).compactMap { Unicode.Scalar(UInt32($0)) }.filter {
            $0.properties.generalCategory != .unassigned
        }
    }

    @Test(arguments: slices) func lettersAreTheAlphabeticScalarsThatAreNotSpaces(slice: Int) {
        let wrong = Self.assignedScalars(inSlice: slice).filter { scalar in
            Scalar.isLetter(scalar.value) != (scalar.properties.isAlphabetic && !scalar.properties.isWhitespace)
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(8).map { String($0.value, radix: 16) })")
    }

    @Test(arguments: slices) func marksAreTheCombiningMarks(slice: Int) {
        let wrong = Self.assignedScalars(inSlice: slice).filter { scalar in
            let isMark =
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark: true
                default: false
                }
            return Scalar.isMark(scalar.value) != isMark
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(8).map { String($0.value, radix: 16) })")
    }
}
