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
        guard Scalar.isDigit(text[start]), text[start] >= 0x32 else { return nil }
        var index = start
        var digits: [UInt32] = []
        digits.reserveCapacity(7)
        while digits.count < 7 {
            let value = text[index]
            if digits.count == 3, index == start + 3 {
                guard value == 0x2D || value == 0x2E || value == 0x20 else { return nil }
            } else if Scalar.isDigit(value) {
                digits.append(value)
            } else {
                return nil
            }
            index += 1
        }
        guard !Scalar.isDigit(text[index]), isAcceptableEnd(index), hasPhoneWord(before: start) else { return nil }
        var number = DetectedPhoneNumber(
            digits: String(String.UnicodeScalarView(digits.compactMap(Unicode.Scalar.init))),
            isInternational: false, region: regionCode)
        var end = index
        if let (extensionDigits, extensionEnd) = phoneExtension(after: end) {
            number.extension = extensionDigits
            end = extensionEnd
        }
        return Candidate(type: .phoneNumber, range: start..<end, value: .phoneNumber(number))
    }
}
