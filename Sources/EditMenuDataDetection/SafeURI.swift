/// Safe URIs, built by percent-encoding values into fixed templates.
package enum SafeURI {
    package static let maximumLength = 2048
    /// Values longer than this never become part of a URI (a data action refuses them).
    package static let maximumValueLength = 512

    /// Characters left as they are in a query value or path segment (RFC 3986 unreserved).
    package static func isUnreserved(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x2D || byte == 0x2E
            || byte == 0x5F || byte == 0x7E
    }

    /// Percent-encodes every byte of `value`'s UTF-8 except unreserved characters and `keep`.
    package static func escape(_ value: String, keeping keep: Set<UInt8> = []) -> String {
        var result = ""
        result.reserveCapacity(value.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in value.utf8 {
            if isUnreserved(byte) || keep.contains(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result.unicodeScalars.append("%")
                result.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
                result.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0xF)]))
            }
        }
        return result
    }

    /// A value may become part of a URI: not empty, not over-long, no control characters, and
    /// nothing that reads as a command-line option or another scheme.
    package static func isSafeValue(_ value: String) -> Bool {
        guard !value.isEmpty, value.utf8.count <= maximumValueLength else { return false }
        guard !value.hasPrefix("-") else { return false }
        let lower = value.lowercased()
        for scheme in ["javascript:", "file:", "data:", "vbscript:"] where lower.contains(scheme) { return false }
        return !value.unicodeScalars.contains {
            $0.value < 0x20 || $0.value == 0x7F || ($0.value >= 0x80 && $0.value < 0xA0)
        }
    }

    package static func checked(_ uri: String, scheme: String) -> String? {
        guard uri.utf8.count <= maximumLength, uri.hasPrefix(scheme) else { return nil }
        return uri
    }

    /// `https://host[:port]/path?query#fragment`, with an ASCII (punycode) host and the rest
    /// percent-encoded where it is not already; nil for links with user information. A link written
    /// with `http:` opens as `https:` (EDIT-MENU.md §6 opens `https:` and nothing else; HTTP's default
    /// port 80 is dropped with it), as browsers that upgrade every request to HTTPS do.
    package static func web(_ link: DetectedLink) -> String? {
        guard !link.hasUserInfo, link.scheme == "https" || link.scheme == "http", isSafeValue(link.host) else {
            return nil
        }
        guard let host = Punycode.asciiHost(link.host) else { return nil }
        // Keep the characters that give a URL its structure, and existing %XX escapes.
        let structural = Set("/?#&=;:@!$'()*+,%[]".utf8)
        let rest = escape(link.rest, keeping: structural)
        guard !rest.contains("%%") else { return nil }
        let port = link.port.flatMap { link.scheme == "http" && $0 == 80 ? nil : ":\($0)" } ?? ""
        return checked("https://\(host)\(port)\(rest)", scheme: "https://")
    }

    /// `mailto:local@domain`, the local part escaped.
    package static func mailto(_ address: String) -> String? {
        guard isSafeValue(address), let at = address.lastIndex(of: "@") else { return nil }
        let local = escape(String(address[..<at]), keeping: Set("!$&'*+=^`{|}~".utf8).subtracting(Set("&".utf8)))
        guard let domain = Punycode.asciiHost(String(address[address.index(after: at)...])) else { return nil }
        return checked("mailto:\(local)@\(domain)", scheme: "mailto:")
    }

    /// `tel:+…` or `sms:+…`, and `;ext=…` (RFC 3966) with an extension: only `+` and digits ever
    /// reach the URI from the values.
    package static func phone(_ scheme: String, _ dialable: String, extension: String? = nil) -> String? {
        let allowed = dialable.unicodeScalars.enumerated().allSatisfy { index, scalar in
            ("0"..."9").contains(scalar) || (index == 0 && scalar == "+")
        }
        guard allowed, dialable.count >= 3, dialable.count <= 20 else { return nil }
        guard let `extension` else { return checked(scheme + dialable, scheme: scheme) }
        guard !`extension`.isEmpty, `extension`.count <= 8,
            `extension`.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) })
        else { return nil }
        return checked(scheme + dialable + ";ext=" + `extension`, scheme: scheme)
    }

    /// A map search for `query`: the service's prefix, or `geo:0,0?q=`.
    package static func mapSearch(_ query: String, prefix: String?) -> String? {
        guard isSafeValue(query) else { return nil }
        guard let prefix else { return checked("geo:0,0?q=" + escape(query), scheme: "geo:") }
        return service(prefix, query)
    }

    /// A service's `https:` prefix and the escaped value.
    package static func service(_ prefix: String, _ value: String) -> String? {
        guard isSafeValue(value), prefix.hasPrefix("https://") else { return nil }
        return checked(prefix + escape(value), scheme: "https://")
    }
}
