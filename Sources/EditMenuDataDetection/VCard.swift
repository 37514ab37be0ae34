/// vCard 3.0 text (RFC 2426) for a detected email address, phone number or postal address, values
/// escaped.
///
/// Naming: vCard 3.0 requires `FN` and `N`. The detector sees only the item, never whom it belongs to,
/// so a card names no one — `FN:` and `N:;;;;` are empty (contacts apps show such a card by its value
/// until the person types a name) — rather than inventing a name from the value (an address's street,
/// an email's local part). The value goes in its own property: `EMAIL`, `TEL`, or `ADR` split into its
/// parts (street, locality, region, postal code, country).
package enum VCard {
    package static func text(email: String) -> String {
        card(["EMAIL;TYPE=INTERNET:" + ICalendar.escapeText(email)])
    }

    /// A card for a phone number: its dialable form and extension (`+12125550100;ext=12`, RFC 3966's
    /// form; only digits, `+` and `;ext=` ever reach it), unescaped as TEL is not a text value.
    package static func text(phone: DetectedPhoneNumber) -> String {
        let value = phone.telephoneValue
        guard value.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || "+;ext=".unicodeScalars.contains($0) })
        else { return card([]) }
        return card(["TEL;TYPE=VOICE:" + value])
    }

    package static func text(address: DetectedAddress) -> String {
        let parts = address.parts
        // ADR: post office box; extended address; street; locality; region; postal code; country.
        let adr = [
            "", "", parts.street, parts.locality ?? "", parts.region ?? "", parts.postalCode ?? "", parts.country ?? "",
        ]
        return card([
            "ADR:" + adr.map(ICalendar.escapeText).joined(separator: ";"),
            "LABEL:" + address.lines.map(ICalendar.escapeText).joined(separator: "\\n"),
        ])
    }

    /// A card that names no one (see above), with `properties`.
    private static func card(_ properties: [String]) -> String {
        (["BEGIN:VCARD", "VERSION:3.0", "N:;;;;", "FN:"] + properties + ["END:VCARD"])
            .map(ICalendar.fold).joined(separator: "\r\n") + "\r\n"
    }
}

extension DetectedAddress {
    /// An address split into the parts of a postal address, as a contact's address holds them.
    public struct Parts: Hashable, Sendable {
        /// The street lines: building, flat, house number and street (`1 Infinite Loop`), joined by ", ".
        public var street: String
        /// The town or city (`Cupertino`).
        public var locality: String?
        /// The state, province or prefecture (`CA`, `NSW`, `東京都`).
        public var region: String?
        /// The postal code.
        public var postalCode: String?
        /// The country, when the address names one (`USA`).
        public var country: String?
    }

    /// The address split into its parts: the last line (before a country) holds the postal code and,
    /// in the US, Canada and Australia, the state; the town is what remains of it, or the line before;
    /// the lines before the town are the street.
    public var parts: Parts {
        var lines = self.lines
        var country: String?
        if lines.count > 1, let last = lines.last, AddressScanner.isCountry(last) {
            country = last
            lines.removeLast()
        }
        if region == "JP", let line = lines.first {
            var street =
                line.hasPrefix("〒")
                ? String(line.drop { $0 != " " && $0 != "\u{3000}" }.drop(while: \.isWhitespace)) : line
            if street.isEmpty { street = line }
            let prefecture = AddressScanner.japanesePrefectures.first { street.hasPrefix($0) }
            if let prefecture { street.removeFirst(prefecture.count) }
            return Parts(street: street, locality: nil, region: prefecture, postalCode: postalCode, country: country)
        }
        var locality: String?
        var area: String?
        if let last = lines.last {
            var words = last.split(separator: " ").map(String.init)
            if let postalCode {
                let codeWords = postalCode.split(separator: " ").map(String.init)
                if words.starts(with: codeWords) {
                    words.removeFirst(codeWords.count)
                } else if words.count >= codeWords.count, Array(words.suffix(codeWords.count)) == codeWords {
                    words.removeLast(codeWords.count)
                }
            }
            if ["US", "CA", "AU"].contains(region), let state = words.last, AddressScanner.isStateOrProvince(state) {
                area = state
                words.removeLast()
            } else if region == "US", words.count >= 2,
                AddressScanner.isStateOrProvince(words.suffix(2).joined(separator: " "))
            {
                area = words.suffix(2).joined(separator: " ")
                words.removeLast(2)
            }
            lines.removeLast()
            if words.isEmpty {
                if !lines.isEmpty { locality = lines.removeLast() }
            } else {
                locality = words.joined(separator: " ")
            }
        }
        if let town = locality, region == "RU" {
            for prefix in ["г. ", "г ", "город "] where town.hasPrefix(prefix) {
                locality = String(town.dropFirst(prefix.count))
            }
        }
        return Parts(
            street: lines.joined(separator: ", "), locality: locality, region: area, postalCode: postalCode,
            country: country)
    }
}

extension AddressScanner {
    /// Whether `line` is a country an address ends with (`USA`, `United Kingdom`, `Australia`).
    package static func isCountry(_ line: String) -> Bool {
        let lower = line.lowercased()
        return countries.contains(lower) || lower == "united states" || lower == "united kingdom"
    }

    /// A US state (code or name), Canadian province or Australian state (`CA`, `New York`, `ON`, `NSW`).
    package static func isStateOrProvince(_ word: String) -> Bool {
        let scanned = ScannedText(word)
        guard !scanned.tokens.isEmpty else { return false }
        if scanned.tokens.count == 1, word.allSatisfy(\.isUppercase) {
            return usStates.contains(token: 0, in: scanned) || canadianProvinces.contains(token: 0, in: scanned)
                || australianStates.contains(token: 0, in: scanned)
        }
        return usStateNames.contains(word.lowercased())
            || [
                "new york", "new jersey", "new mexico", "new hampshire", "north carolina", "south carolina",
                "north dakota", "south dakota", "west virginia", "rhode island",
            ].contains(word.lowercased())
    }
}
