import EditMenuKit

/// Turns the bytes a terminal sends into ``TerminalEvent``s.
///
/// It understands UTF-8 text, C0 control keys, CSI and SS3 key sequences with xterm modifiers, SGR
/// mouse reports (`ESC [ < b ; x ; y M/m`), bracketed paste (`ESC [ 200~ … ESC [ 201~`), focus
/// reports and the Menu key (`ESC [ 29 ~`). Any byte sequence is accepted: malformed UTF-8 becomes
/// U+FFFD, over-long or unknown sequences become ``TerminalEvent/unknown(_:)`` — the parser never
/// traps and its memory stays bounded (except for a paste, bounded by ``maximumPasteBytes``).
///
/// Feed bytes as they arrive; a lone ESC is ambiguous (the Escape key, or the start of a sequence
/// split across reads), so the host calls ``flush()`` after a short quiet time (50 ms is usual).
///
/// ```swift
/// var parser = TerminalInputParser()
/// parser.feed(Array("\u{1B}[<0;10;5M".utf8))   // [.mouse(left press at column 9, row 4)]
/// parser.feed([0x1B]); parser.flush()            // [.key(.escape, [])]
/// ```
@_spi(Testing) public struct TerminalInputParser: Sendable {
    /// A control sequence longer than this is not one: it is reported as unknown and dropped.
    @_spi(Testing) public static let maximumSequenceBytes = 64
    /// A paste larger than this is cut (the rest is discarded) — see the README's limits table.
    package var maximumPasteBytes: Int

    private enum State: Sendable {
        case ground
        case escape
        case csi([UInt8])
        case ss3
        case paste([UInt8])
    }

    private var state: State = .ground
    private var utf8: [UInt8] = []
    private var pendingText = ""

    /// Creates a parser.
    @_spi(Testing) public init(maximumPasteBytes: Int = 64 << 20) {
        self.maximumPasteBytes = maximumPasteBytes
    }

    /// Whether bytes are held back waiting for more (a lone ESC, a partial sequence or character).
    package var hasPendingInput: Bool {
        if case .ground = state { return !utf8.isEmpty }
        return true
    }

    /// Parses `bytes`, returning every event they complete.
    @_spi(Testing) public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [TerminalEvent]
    where Bytes.Element == UInt8 {
        var events: [TerminalEvent] = []
        let input = Array(bytes)
        var i = 0
        while i < input.count {
            if let next = appendPasteRun(input, from: i) {
                i = next
                continue
            }
            step(input[i], into: &events)
            i += 1
        }
        emitText(into: &events)
        return events
    }

    /// Inside a paste, appends the run of bytes up to the next ESC at once (only ESC can start the end
    /// marker), keeping at most ``maximumPasteBytes``; returns where the run ends, or `nil` when the
    /// byte must go through ``step(_:into:)`` (an ESC, or a marker begun in the buffer's tail).
    private mutating func appendPasteRun(_ input: [UInt8], from start: Int) -> Int? {
        guard case .paste(var buffer) = state, input[start] != 0x1B,
            !buffer.suffix(Self.pasteEnd.count - 1).contains(0x1B)
        else { return nil }
        let end = input[start...].firstIndex(of: 0x1B) ?? input.count
        state = .ground // release the enum's reference: appending must not copy the buffer
        let room = max(0, maximumPasteBytes - buffer.count)
        buffer.append(contentsOf: input[start..<min(end, start + room)])
        state = .paste(buffer)
        return end
    }

    /// `ESC [ 2 0 1 ~`: the end of a bracketed paste.
    static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    /// Resolves held-back input after a quiet time: a lone ESC is the Escape key, a partial sequence
    /// is reported as unknown, a partial character as U+FFFD. An unfinished paste is kept.
    @_spi(Testing) public mutating func flush() -> [TerminalEvent] {
        var events: [TerminalEvent] = []
        switch state {
        case .escape:
            state = .ground
            events.append(.key(.escape, []))
        case .csi(let bytes):
            state = .ground
            events.append(.unknown([0x1B, UInt8(ascii: "[")] + bytes))
        case .ss3:
            state = .ground
            events.append(.key(.character("O"), .option))
        case .ground, .paste:
            break
        }
        if !utf8.isEmpty {
            utf8.removeAll()
            pendingText.append("\u{FFFD}")
        }
        emitText(into: &events)
        return events
    }

    // MARK: State machine

    private mutating func step(_ byte: UInt8, into events: inout [TerminalEvent]) {
        switch state {
        case .ground:
            ground(byte, into: &events)
        case .escape:
            state = .ground
            switch byte {
            case UInt8(ascii: "["): state = .csi([])
            case UInt8(ascii: "O"): state = .ss3
            case 0x1B:
                emit(.key(.escape, []), into: &events)
                state = .escape
            case 0x20..<0x7F: emit(.key(.character(Character(Unicode.Scalar(byte))), .option), into: &events)
            case 0x7F, 0x08: emit(.key(.backspace, .option), into: &events)
            case 0x0D: emit(.key(.enter, .option), into: &events)
            default:
                if let key = controlKey(byte) {
                    emit(.key(key.0, key.1.union(.option)), into: &events)
                } else {
                    ground(byte, into: &events)
                } // ESC before a UTF-8 lead byte: Escape, then the text
            }
        case .csi(var bytes):
            bytes.append(byte)
            if (0x40...0x7E).contains(byte) {
                state = .ground
                csi(bytes, into: &events)
            } else if bytes.count > Self.maximumSequenceBytes || !(0x20...0x3F).contains(byte) {
                state = .ground
                emit(.unknown([0x1B, UInt8(ascii: "[")] + bytes), into: &events)
            } else {
                state = .csi(bytes)
            }
        case .ss3:
            state = .ground
            let key = byte == UInt8(ascii: "M") ? .enter : Self.cursorKey(byte)
            if let key {
                emit(.key(key, []), into: &events)
            } else {
                emit(.unknown([0x1B, UInt8(ascii: "O"), byte]), into: &events)
            }
        case .paste(var bytes):
            // Take the buffer out of `state` first: while the enum still holds it, the append below
            // would copy the whole paste for every byte (a 1 GiB paste never finished; scripts/limits.sh).
            state = .ground
            bytes.append(byte)
            let end = Self.pasteEnd
            if bytes.count >= end.count, bytes.suffix(end.count).elementsEqual(end) {
                state = .ground
                let body = bytes.dropLast(end.count)
                emit(.paste(String(decoding: body.prefix(maximumPasteBytes), as: UTF8.self)), into: &events)
            } else if bytes.count > maximumPasteBytes + end.count {
                // Keep only the allowed prefix and enough of the tail to see the end marker.
                bytes.removeSubrange(maximumPasteBytes..<(bytes.count - end.count))
                state = .paste(bytes)
            } else {
                state = .paste(bytes)
            }
        }
    }

    private mutating func ground(_ byte: UInt8, into events: inout [TerminalEvent]) {
        if byte < 0x80, !utf8.isEmpty {
            utf8.removeAll()
            pendingText.append("\u{FFFD}")
        }
        switch byte {
        case 0x1B:
            state = .escape
        case 0x20..<0x7F:
            pendingText.unicodeScalars.append(Unicode.Scalar(byte))
        case 0x80...0xFF:
            utf8Byte(byte)
        default:
            if let (key, modifiers) = controlKey(byte) { emit(.key(key, modifiers), into: &events) }
        }
    }

    /// C0 controls and DEL as keys.
    private func controlKey(_ byte: UInt8) -> (Key, KeyModifiers)? {
        switch byte {
        case 0x0D, 0x0A: return (.enter, [])
        case 0x09: return (.tab, [])
        case 0x7F, 0x08: return (.backspace, [])
        case 0x00: return (.character(" "), .control)
        case 0x01...0x1A: return (.character(Character(Unicode.Scalar(byte + 0x60))), .control)
        case 0x1C...0x1F: return (.character(Character(Unicode.Scalar(byte + 0x40))), .control)
        default: return nil
        }
    }

    private mutating func utf8Byte(_ byte: UInt8) {
        if utf8.isEmpty {
            guard byte >= 0xC2, byte <= 0xF4 else {
                pendingText.append("\u{FFFD}")
                return
            }
            utf8.append(byte)
            return
        }
        guard byte & 0xC0 == 0x80 else {
            utf8.removeAll()
            pendingText.append("\u{FFFD}")
            utf8Byte(byte)
            return
        }
        utf8.append(byte)
        let lead = utf8[0]
        let needed = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        if utf8.count == needed {
            if let s = String(validating: utf8, as: UTF8.self) {
                pendingText.append(s)
            } else {
                pendingText.append("\u{FFFD}")
            }
            utf8.removeAll()
        }
    }

    private mutating func emit(_ event: TerminalEvent, into events: inout [TerminalEvent]) {
        emitText(into: &events)
        events.append(event)
    }

    private mutating func emitText(into events: inout [TerminalEvent]) {
        guard !pendingText.isEmpty else { return }
        events.append(.text(pendingText))
        pendingText = ""
    }

    // MARK: CSI

    private mutating func csi(_ bytes: [UInt8], into events: inout [TerminalEvent]) {
        let final = bytes[bytes.count - 1]
        let body = bytes.dropLast()
        if body.first == UInt8(ascii: "<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            if let mouse = sgrMouse(body.dropFirst(), release: final == UInt8(ascii: "m")) {
                emit(.mouse(mouse), into: &events)
            } else {
                emit(.unknown([0x1B, UInt8(ascii: "[")] + bytes), into: &events)
            }
            return
        }
        guard let params = numbers(body) else {
            emit(.unknown([0x1B, UInt8(ascii: "[")] + bytes), into: &events)
            return
        }
        let modifiers = KeyModifiers(xtermParameter: params.count > 1 ? params[1] : 1)
        var key = Self.cursorKey(final)
        switch final {
        case UInt8(ascii: "Z"):
            emit(.key(.tab, .shift), into: &events)
            return
        case UInt8(ascii: "I") where params.isEmpty:
            emit(.focus(true), into: &events)
            return
        case UInt8(ascii: "O") where params.isEmpty:
            emit(.focus(false), into: &events)
            return
        case UInt8(ascii: "~"):
            switch params.first ?? 0 {
            case 200:
                emitText(into: &events)
                state = .paste([])
                return
            case 1, 7: key = .home
            case 2: key = .insert
            case 3: key = .delete
            case 4, 8: key = .end
            case 5: key = .pageUp
            case 6: key = .pageDown
            case 11...15: key = .function(params[0] - 10)
            case 17...21: key = .function(params[0] - 11)
            case 23...26: key = .function(params[0] - 12)
            case 28...29: key = params[0] == 29 ? .menu : .function(15)
            case 31...34: key = .function(params[0] - 14)
            default: key = nil
            }
        case UInt8(ascii: "u"):
            // CSI code ; modifiers u (fixterms / kitty): a key by its code point.
            if let code = params.first, let scalar = Unicode.Scalar(UInt32(clamping: code)) {
                switch code {
                case 13: key = .enter
                case 9: key = .tab
                case 27: key = .escape
                case 127: key = .backspace
                case 57363: key = .menu
                default: key = .character(Character(scalar))
                }
            }
        default:
            break
        }
        if let key {
            emit(.key(key, modifiers), into: &events)
        } else {
            emit(.unknown([0x1B, UInt8(ascii: "[")] + bytes), into: &events)
        }
    }

    /// The key a CSI or SS3 sequence's final byte names on its own: arrows, Home, End, F1–F4.
    private static func cursorKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "P")...UInt8(ascii: "S"): return .function(Int(final - UInt8(ascii: "P")) + 1)
        default: return nil
        }
    }

    /// `;`-separated decimal parameters; `nil` for private or malformed parameters.
    private func numbers(_ body: ArraySlice<UInt8>) -> [Int]? {
        if body.isEmpty { return [] }
        var result: [Int] = []
        var current = 0
        var digits = 0
        for b in body {
            if b == UInt8(ascii: ";") {
                result.append(digits == 0 ? 1 : current)
                current = 0
                digits = 0
            } else if b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") {
                digits += 1
                guard digits <= 9 else { return nil }
                current = current * 10 + Int(b - UInt8(ascii: "0"))
            } else {
                return nil
            }
        }
        result.append(digits == 0 ? 1 : current)
        return result
    }

    private func sgrMouse(_ body: ArraySlice<UInt8>, release: Bool) -> MouseEvent? {
        guard let p = numbers(body), p.count == 3, p[1] >= 1, p[2] >= 1 else { return nil }
        let code = p[0]
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.option) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let motion = code & 32 != 0
        let low = code & 3
        let button: MouseEvent.Button
        if code & 64 != 0 {
            button = [.wheelUp, .wheelDown, .wheelLeft, .wheelRight][low]
        } else if code & 128 != 0 {
            button = .extra(8 + low)
        } else {
            button = [.left, .middle, .right, .none][low]
        }
        let action: MouseEvent.Action
        if release {
            action = .release
        } else if motion {
            action = button == .none ? .move : .drag
        } else {
            action = .press
        }
        return MouseEvent(button: button, action: action, column: p[1] - 1, row: p[2] - 1, modifiers: modifiers)
    }
}
