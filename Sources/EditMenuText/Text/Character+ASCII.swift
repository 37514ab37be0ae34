extension Character {
    /// The byte of a one-byte (ASCII) Character, else `nil` (CR LF is two bytes). Cheaper than
    /// `asciiValue`, which compares with "\r\n" first: for hot loops over text.
    @_spi(Inlinable) @inlinable @inline(__always) public var singleASCIIByte: UInt8? {
        let utf8 = self.utf8
        return utf8.count == 1 ? utf8.first : nil
    }
}
