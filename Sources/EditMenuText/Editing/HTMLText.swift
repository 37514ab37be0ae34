/// Reduces HTML to its text, for pasting styled text as plain text: drops tags, comments, `<script>`
/// and `<style>` contents; turns `<br>`, `</p>`, `</div>`, `</li>` and `</h1>`…`</h6>` into line
/// breaks; decodes the common entities and numeric character references.
package enum HTMLText {
    package static func plainText(_ html: String) -> String {
        var out = ""
        var i = html.startIndex
        var skipUntil: String?
        while i < html.endIndex {
            let c = html[i]
            if c == "<" {
                guard let close = html[i...].firstIndex(of: ">") else { break }
                let tag = html[html.index(after: i)..<close].lowercased()
                var name = String(tag.prefix { !$0.isWhitespace })
                if name.count > 1, name.hasSuffix("/") { name.removeLast() }
                if let skip = skipUntil {
                    if name == "/" + skip || tag.hasPrefix("/" + skip) { skipUntil = nil }
                } else if name == "script" || name == "style" {
                    skipUntil = name
                } else if ["br", "/p", "/div", "/li", "/tr", "/h1", "/h2", "/h3", "/h4", "/h5", "/h6"].contains(name) {
                    out.append("\n")
                }
                i = html.index(after: close)
                continue
            }
            if skipUntil == nil {
                if c == "&", let semicolon = html[i...].prefix(12).firstIndex(of: ";"),
                    let decoded = decodeEntity(String(html[html.index(after: i)..<semicolon]))
                {
                    out.append(decoded)
                    i = html.index(after: semicolon)
                    continue
                }
                out.append(c)
            }
            i = html.index(after: i)
        }
        while out.hasSuffix("\n") { out.removeLast() }
        return out
    }

    private static func decodeEntity(_ name: String) -> Character? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return "\u{A0}"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value =
                digits.hasPrefix("x") || digits.hasPrefix("X")
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }
}
