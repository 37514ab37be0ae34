import EditMenuKit

/// A JSON value that keeps what scenarios need and Foundation's JSON loses: the order of object keys,
/// duplicate keys (an error), the difference between `1` and `true`, and where a syntax error is.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number, with its source text (to tell `3` from `3.5` and keep large integers exact).
    case number(Double, text: String)
    case string(String)
    case array([JSONValue])
    /// An object's members in source order.
    case object([(key: String, value: JSONValue)])

    /// Whether two values are the same JSON (objects compare their members in order).
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a, _), .number(b, _)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// Hashes the value as `==` compares it.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let d, _): hasher.combine(d)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let members):
            for m in members {
                hasher.combine(m.key)
                hasher.combine(m.value)
            }
        }
    }

    /// The name of the value's JSON type, for error messages ("a string", "an array" …).
    package var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

// MARK: - Parsing

/// A JSON syntax error with its position.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based line of the problem.
    public var line: Int
    /// 1-based column (in Unicode scalars) of the problem.
    public var column: Int
    /// What is wrong.
    public var reason: String
    /// Where and why, as a message.
    public var description: String { "invalid JSON at line \(line), column \(column): \(reason)" }
}

extension JSONValue {
    /// Nesting deeper than this is refused rather than risking the stack.
    package static let maximumDepth = 256

    /// Parses one JSON text (RFC 8259): exactly one value, surrounded by optional whitespace.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(Array(text.utf8))
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if !parser.atEnd { throw parser.error("unexpected text after the JSON value") }
        return value
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position >= bytes.count }

    func error(_ reason: String) -> JSONSyntaxError {
        var line = 1, column = 1
        for b in bytes[..<min(position, bytes.count)] {
            if b == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }

    mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < JSONValue.maximumDepth else {
            throw error("nesting deeper than \(JSONValue.maximumDepth) levels")
        }
        skipWhitespace()
        guard position < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default:
            throw error("unexpected character \(describe(bytes[position])), expected a value")
        }
    }

    func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F
            ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = Array(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
        guard bytes.count - position >= expected.count, Array(bytes[position..<(position + expected.count)]) == expected
        else { throw error("invalid literal, expected '\(word)'") }
        position += expected.count
    }

    mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        var seen = Set<String>()
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object([])
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error(atEnd ? "unexpected end of input in an object" : "expected a quoted key")
            }
            let keyStart = position
            let key = try parseString()
            if !seen.insert(key).inserted {
                position = keyStart
                throw error("duplicate key \"\(key)\"")
            }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw error("expected ':' after key \"\(key)\"")
            }
            position += 1
            members.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input in an object") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            throw error("expected ',' or '}' in an object")
        }
    }

    mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        position += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array([])
        }
        while true {
            items.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard position < bytes.count else { throw error("unexpected end of input in an array") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(items)
            }
            throw error("expected ',' or ']' in an array")
        }
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = position
        func digits() -> Int {
            let s = position
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
                position += 1
            }
            return position - s
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count else { throw error("incomplete number") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
                throw error("numbers may not have leading zeros")
            }
        } else if digits() == 0 {
            throw error("invalid number")
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            if digits() == 0 { throw error("expected digits after the decimal point") }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            if digits() == 0 { throw error("expected digits in the exponent") }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("number \(text) is out of range") }
        return .number(value, text: text)
    }

    mutating func parseString() throws(JSONSyntaxError) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flush(_ p: Int) {
            scalars.append(contentsOf: String(decoding: bytes[runStart..<p], as: UTF8.self).unicodeScalars)
        }
        while position < bytes.count {
            let b = bytes[position]
            if b == UInt8(ascii: "\"") {
                flush(position)
                position += 1
                return String(scalars)
            }
            if b < 0x20 { throw error("control character in a string (escape it)") }
            if b == UInt8(ascii: "\\") {
                flush(position)
                position += 1
                guard position < bytes.count else { break }
                let e = bytes[position]
                position += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                            bytes[position + 1] == UInt8(ascii: "u")
                        {
                            position += 2
                            let low = try hex4()
                            guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid surrogate pair") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            code = 0xFFFD // lone high surrogate: replaced, never a crash
                        }
                    } else if (0xDC00...0xDFFF).contains(code) {
                        code = 0xFFFD
                    }
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default:
                    position -= 1
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))'")
                }
                runStart = position
                continue
            }
            position += 1
        }
        throw error("unterminated string")
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - position >= 4 else { throw error("incomplete \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[position]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            v = v * 16 + d
            position += 1
        }
        return v
    }
}

// MARK: - Writing

extension JSONValue {
    /// Compact JSON text, object keys in their stored order, non-ASCII written as UTF-8.
    public var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(_, let text): out += text
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, m) in members.enumerated() {
                if i > 0 { out += "," }
                Self.writeString(m.key, to: &out)
                out += ":"
                m.value.write(to: &out)
            }
            out += "}"
        }
    }

    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// A number value from an integer.
    package static func int(_ value: Int) -> JSONValue { .number(Double(value), text: String(value)) }

    /// A number value from a Double, written without a trailing `.0` when integral.
    package static func double(_ value: Double) -> JSONValue {
        if value.rounded() == value, abs(value) < 1e15 { return .number(value, text: String(Int(value))) }
        return .number(value, text: "\(value)")
    }
}
