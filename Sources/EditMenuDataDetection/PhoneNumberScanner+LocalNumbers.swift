@_spi(Inlinable) import EditMenuText

extension PhoneNumberScanner {
    /// A North American local number: seven digits, `NXX-XXXX` (an exchange starting with 2–9, a `-`,
    /// `.` or space, four digits), read only in a region of calling code 1 (or with no region) and only
    /// after a phone word ("Call 555-1212", "Tel: 555 1212"): without one, seven digits are as often a
    /// part number, a count or a code. The number is dialled as written, in the caller's own area: it
    /// has no international form. An extension after it belongs to it.
    func localNumber(at start: Int) -> Candidate? {
        let regionCode = region ?? "US"
        guard PhoneMetadata.byRegion[regionCode]?.callingCode == [1] else { return nil }
        // Not the end of a longer run of digits, brackets or separators ("(408) 555-1212" is read whole).
        var before = start - 1
        if Scalar.isSpace(text[before]) { before -= 1 }
        if Scalar.isDigit(text[before]) || Self.isGroupPunctuation(text[before]) && !Scalar.isSpace(text[before]) {
            return nil
        }
        // NXX, a separator, XXXX, and no digit after.
        let separator = start + 3
        let index = start + 8
        guard text[start] >= 0x32, (start..<index).allSatisfy({ $0 == separator || Scalar.isDigit(text[$0]) }),
            text[separator] == 0x2D || text[separator] == 0x2E || text[separator] == 0x20,
            !Scalar.isDigit(text[index]), isAcceptableEnd(index), hasPhoneWord(before: start)
        else { return nil }
        var number = DetectedPhoneNumber(
            digits: text.string(start..<separator) + text.string((separator + 1)..<index), isInternational: false,
            region: regionCode)
        var end = index
        if let (extensionDigits, extensionEnd) = phoneExtension(after: end) {
            number.extension = extensionDigits
            end = extensionEnd
        }
        return Candidate(type: .phoneNumber, range: start..<end, value: .phoneNumber(number))
    }
}
