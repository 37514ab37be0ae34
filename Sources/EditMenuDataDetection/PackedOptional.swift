/// An optional small integer kept in a fixed-width one, its minimum standing for `nil`: the date
/// scanner's words and tentative dates hold several, and copy them often, so each takes a byte or two
/// instead of an `Int?`'s nine. Values beyond the width are clamped (none a date uses is).
@propertyWrapper
struct PackedOptional<Storage: FixedWidthInteger & Sendable>: Sendable {
    private var stored: Storage

    init(wrappedValue: Int?) { stored = Self.packed(wrappedValue) }

    var wrappedValue: Int? {
        @inline(__always) get { stored == .min ? nil : Int(stored) }
        @inline(__always) set { stored = Self.packed(newValue) }
    }

    @inline(__always)
    private static func packed(_ value: Int?) -> Storage { value.map { Storage(clamping: $0) } ?? .min }
}
