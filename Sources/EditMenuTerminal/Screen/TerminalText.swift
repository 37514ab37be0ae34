/// Makes text safe and visible for a terminal: nothing a document, a paste or a file name contains can
/// reach the terminal as a control sequence, and invisible characters that could mislead a reader
/// (bidi overrides as in Trojan Source, zero-width characters) are shown as visible symbols.
@_spi(Testing) public enum TerminalText {
    /// Whether a character can be written to the terminal as it is.
    @_spi(Testing) public static func isSafe(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { !isControl($0) && !isHiddenFormat($0) }
    }

    /// C0, DEL and C1 controls.
    static func isControl(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (0x7F...0x9F).contains(s.value)
    }

    /// Bidi controls and zero-width characters that change how text reads without being seen.
    static func isHiddenFormat(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        // Bidi embeddings, overrides, isolates, marks.
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        // Zero-width space, word joiner, BOM, Mongolian vowel separator.
        case 0x200B, 0x2060, 0xFEFF, 0x180E: return true
        default: return false
        }
    }

    /// The visible stand-in for a control or hidden character: Control Pictures (␀ … ␟, ␡) for C0 and
    /// DEL, `⍰` for C1, and a bracketed name for bidi and zero-width characters (`⟨RLO⟩`, `⟨ZWSP⟩`).
    /// Zero-width joiners inside emoji and combining marks are kept: they are part of what people see.
    package static func visibleSymbol(for s: Unicode.Scalar) -> String? {
        switch s.value {
        case 0x00...0x1F: return String(Unicode.Scalar(0x2400 + s.value)!)
        case 0x7F: return "␡"
        case 0x80...0x9F: return "⍰"
        case 0x202A: return "⟨LRE⟩"
        case 0x202B: return "⟨RLE⟩"
        case 0x202C: return "⟨PDF⟩"
        case 0x202D: return "⟨LRO⟩"
        case 0x202E: return "⟨RLO⟩"
        case 0x2066: return "⟨LRI⟩"
        case 0x2067: return "⟨RLI⟩"
        case 0x2068: return "⟨FSI⟩"
        case 0x2069: return "⟨PDI⟩"
        case 0x200E: return "⟨LRM⟩"
        case 0x200F: return "⟨RLM⟩"
        case 0x061C: return "⟨ALM⟩"
        case 0x200B: return "⟨ZWSP⟩"
        case 0x2060: return "⟨WJ⟩"
        case 0xFEFF: return "⟨BOM⟩"
        case 0x180E: return "⟨MVS⟩"
        default: return nil
        }
    }

    /// The text with every unsafe scalar replaced by its visible symbol (tabs become a space).
    package static func displayable(_ text: some StringProtocol) -> String {
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            if s == "\t" {
                out.append(" ")
            } else if let symbol = visibleSymbol(for: s) {
                out.append(contentsOf: symbol.unicodeScalars)
            } else {
                out.append(s)
            }
        }
        return String(out)
    }

    /// Pasted text made safe to insert into a document: line breaks normalised to `\n`, tabs kept,
    /// every other control character (ESC and the sequences it starts, C1, DEL, NUL) removed.
    package static func neutralizedPaste(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var previousWasCR = false
        for s in text.unicodeScalars {
            defer { previousWasCR = s == "\r" }
            if s == "\n" {
                if !previousWasCR { out.append("\n") }
                continue
            }
            if s == "\r" {
                out.append("\n")
                continue
            }
            if s == "\t" {
                out.append(s)
                continue
            }
            if isControl(s) { continue }
            out.append(s)
        }
        return String(out)
    }
}
