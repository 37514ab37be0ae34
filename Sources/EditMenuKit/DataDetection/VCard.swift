/// vCard 3.0 text (RFC 2426) for a detected email address or postal address, values escaped.
enum VCard {
    static func text(email: String) -> String {
        card(name: email, ["EMAIL;TYPE=INTERNET:" + ICalendar.escapeText(email)])
    }

    static func text(address: DetectedAddress) -> String {
        // ADR: post office box; extended; street; locality; region; postal code; country — the
        // detector does not split every part, so the lines go in the street component, in order.
        card(
            name: address.lines.first ?? address.singleLine,
            [
                "ADR;TYPE=WORK:;;" + address.lines.map(ICalendar.escapeText).joined(separator: "\\n") + ";;;"
                    + ICalendar.escapeText(address.postalCode ?? "") + ";" + address.region,
                "LABEL:" + ICalendar.escapeText(address.singleLine),
            ])
    }

    /// A card whose formatted name (required by vCard 3.0) is `name` until the person edits it.
    private static func card(name: String, _ properties: [String]) -> String {
        (["BEGIN:VCARD", "VERSION:3.0", "FN:" + ICalendar.escapeText(name)] + properties + ["END:VCARD"])
            .map(ICalendar.fold).joined(separator: "\r\n") + "\r\n"
    }
}
