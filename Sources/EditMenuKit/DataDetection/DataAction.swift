import Foundation

/// An action suggested for a detected item, and what performing it opens.
///
/// Every target is built by escaping the detected value into a fixed template — never by pasting
/// text — and only `https:`, `http:` (a link written so), `mailto:`, `tel:`, `sms:`, `geo:` URIs, an
/// iCalendar event or a vCard are ever produced.
///
/// ```swift
/// let detector = DataDetector()
/// let item = detector.detect(in: "+44 20 7946 0958")[0]
/// detector.actions(for: item).map(\.target)
/// // [.uri("tel:+442079460958"), .uri("sms:+442079460958")]
/// ```
public struct DataAction: Hashable, Sendable {
    /// What the host does to perform the action.
    public enum Target: Hashable, Sendable {
        /// Open this URI.
        case uri(String)
        /// Offer this iCalendar text (`text/calendar`, one VEVENT) to the calendar.
        case calendarEvent(String)
        /// Offer this vCard text (`text/vcard`, version 3.0) to the contacts.
        case contact(String)
    }

    /// The menu command (`.call`, `.getDirections` …), titled by the menu's locale.
    public var id: EditCommand.ID
    /// What performing it opens.
    public var target: Target

    /// Creates an action.
    public init(id: EditCommand.ID, target: Target) {
        self.id = id
        self.target = target
    }

    /// The URI, when the target is one.
    public var uri: String? {
        if case .uri(let uri) = target { return uri }
        return nil
    }
}

/// The web services the actions use for things with no URI scheme of their own: map search,
/// flight tracking, shipment tracking. Each is a fixed `https:` prefix to which the escaped value is
/// appended.
public struct DataActionServices: Hashable, Sendable {
    /// Map search; the escaped address is appended. `nil` uses `geo:0,0?q=…`.
    public var mapSearch: String?
    /// Flight status; the escaped flight number (`BA283`) is appended.
    public var flightStatus: String
    /// Shipment tracking per carrier; the escaped number is appended.
    public var shipmentTracking: [DetectedTrackingNumber.Carrier: String]

    /// The defaults: OpenStreetMap search, FlightAware, and each carrier's own tracking page
    /// (17TRACK for UPU S10 items, which any national post may carry).
    public init(
        mapSearch: String? = "https://www.openstreetmap.org/search?query=",
        flightStatus: String = "https://www.flightaware.com/live/flight/",
        shipmentTracking: [DetectedTrackingNumber.Carrier: String] = [
            .ups: "https://www.ups.com/track?tracknum=",
            .fedEx: "https://www.fedex.com/fedextrack/?trknbr=",
            .usps: "https://tools.usps.com/go/TrackConfirmAction?tLabels=",
            .postal: "https://t.17track.net/en#nums=",
        ]
    ) {
        self.mapSearch = mapSearch
        self.flightStatus = flightStatus
        self.shipmentTracking = shipmentTracking
    }
}

/// Builds the actions of section 6 for a detected item.
struct DataActionBuilder {
    let services: DataActionServices
    let calendar: Calendar
    let referenceDate: Date

    /// Values longer than this are refused (no action).
    static let maximumValueLength = 512

    func actions(for item: DetectedItem) -> [DataAction] {
        var actions: [DataAction] = []
        func add(_ id: EditCommand.ID, _ target: DataAction.Target?) {
            if let target, actions.count < 2 { actions.append(DataAction(id: id, target: target)) }
        }
        switch item.value {
        case .link(let link):
            add(.openLink, SafeURI.web(link).map(DataAction.Target.uri))
        case .email(let address):
            add(.sendEmail, SafeURI.mailto(address).map(DataAction.Target.uri))
            add(.addToContacts, SafeURI.isSafeValue(address) ? .contact(VCard.text(email: address)) : nil)
        case .phoneNumber(let phone):
            add(.call, SafeURI.phone("tel:", phone.dialable).map(DataAction.Target.uri))
            add(.sendMessage, SafeURI.phone("sms:", phone.dialable).map(DataAction.Target.uri))
        case .address(let address):
            add(
                .getDirections,
                SafeURI.mapSearch(address.singleLine, prefix: services.mapSearch).map(DataAction.Target.uri))
            add(.addToContacts, SafeURI.isSafeValue(address.singleLine) ? .contact(VCard.text(address: address)) : nil)
        case .date(var date):
            // A time alone is today's.
            if date.year == nil, date.month == nil, date.day == nil, date.hour != nil {
                let today = calendar.dateComponents([.year, .month, .day], from: referenceDate)
                (date.year, date.month, date.day) = (today.year, today.month, today.day)
            }
            add(
                .createEvent,
                ICalendar.event(
                    for: date, summary: item.matchedText, calendar: calendar,
                    stamp: referenceDate
                ).map(DataAction.Target.calendarEvent))
        case .flightNumber(let airline, let number):
            add(.trackFlight, SafeURI.service(services.flightStatus, airline + number).map(DataAction.Target.uri))
        case .trackingNumber(let tracking):
            if let prefix = services.shipmentTracking[tracking.carrier] {
                add(.trackShipment, SafeURI.service(prefix, tracking.number).map(DataAction.Target.uri))
            }
        }
        return actions
    }
}

/// Safe URIs, built by percent-encoding values into fixed templates.
enum SafeURI {
    static let maximumLength = 2048

    /// Characters left as they are in a query value or path segment (RFC 3986 unreserved).
    static func isUnreserved(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x2D || byte == 0x2E
            || byte == 0x5F || byte == 0x7E
    }

    /// Percent-encodes every byte of `value`'s UTF-8 except unreserved characters and `keep`.
    static func escape(_ value: String, keeping keep: Set<UInt8> = []) -> String {
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
    static func isSafeValue(_ value: String) -> Bool {
        guard !value.isEmpty, value.utf8.count <= DataActionBuilder.maximumValueLength else { return false }
        guard !value.hasPrefix("-") else { return false }
        let lower = value.lowercased()
        for scheme in ["javascript:", "file:", "data:", "vbscript:"] where lower.contains(scheme) { return false }
        return !value.unicodeScalars.contains {
            $0.value < 0x20 || $0.value == 0x7F || ($0.value >= 0x80 && $0.value < 0xA0)
        }
    }

    static func checked(_ uri: String, scheme: String) -> String? {
        guard uri.utf8.count <= maximumLength, uri.hasPrefix(scheme) else { return nil }
        return uri
    }

    /// `https://host[:port]/path?query#fragment`, with an ASCII (punycode) host and the rest
    /// percent-encoded where it is not already; nil for links with user information.
    static func web(_ link: DetectedLink) -> String? {
        guard !link.hasUserInfo, link.scheme == "https" || link.scheme == "http", isSafeValue(link.host) else {
            return nil
        }
        guard let host = Punycode.asciiHost(link.host) else { return nil }
        // Keep the characters that give a URL its structure, and existing %XX escapes.
        let structural = Set("/?#&=;:@!$'()*+,%[]".utf8)
        let rest = escape(link.rest, keeping: structural)
        guard !rest.contains("%%") else { return nil }
        let port = link.port.map { ":\($0)" } ?? ""
        return checked("\(link.scheme)://\(host)\(port)\(rest)", scheme: link.scheme + "://")
    }

    /// `mailto:local@domain`, the local part escaped.
    static func mailto(_ address: String) -> String? {
        guard isSafeValue(address), let at = address.lastIndex(of: "@") else { return nil }
        let local = escape(String(address[..<at]), keeping: Set("!$&'*+=^`{|}~".utf8).subtracting(Set("&".utf8)))
        guard let domain = Punycode.asciiHost(String(address[address.index(after: at)...])) else { return nil }
        return checked("mailto:\(local)@\(domain)", scheme: "mailto:")
    }

    /// `tel:+…` or `sms:+…`: only `+` and digits ever reach the URI.
    static func phone(_ scheme: String, _ dialable: String) -> String? {
        let allowed = dialable.unicodeScalars.enumerated().allSatisfy { index, scalar in
            ("0"..."9").contains(scalar) || (index == 0 && scalar == "+")
        }
        guard allowed, dialable.count >= 3, dialable.count <= 20 else { return nil }
        return checked(scheme + dialable, scheme: scheme)
    }

    /// A map search for `query`: the service's prefix, or `geo:0,0?q=`.
    static func mapSearch(_ query: String, prefix: String?) -> String? {
        guard isSafeValue(query) else { return nil }
        guard let prefix else { return checked("geo:0,0?q=" + escape(query), scheme: "geo:") }
        return service(prefix, query)
    }

    /// A service's `https:` prefix and the escaped value.
    static func service(_ prefix: String, _ value: String) -> String? {
        guard isSafeValue(value), prefix.hasPrefix("https://") else { return nil }
        return checked(prefix + escape(value), scheme: "https://")
    }
}

/// Internationalized host names to ASCII (RFC 3492 punycode, `xn--` labels).
enum Punycode {
    /// The host with every non-ASCII label encoded; nil when a label cannot be.
    static func asciiHost(_ host: String) -> String? {
        var labels: [String] = []
        for label in host.split(separator: ".", omittingEmptySubsequences: false) {
            let lower = label.lowercased()
            if lower.unicodeScalars.allSatisfy(\.isASCII) {
                guard
                    lower.unicodeScalars.allSatisfy({
                        ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
                    })
                else {
                    return nil
                }
                labels.append(lower)
            } else {
                guard let encoded = encode(lower) else { return nil }
                labels.append("xn--" + encoded)
            }
        }
        return labels.joined(separator: ".")
    }

    /// RFC 3492 encoding of one label.
    static func encode(_ input: String) -> String? {
        let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700
        let scalars = input.unicodeScalars.map { Int($0.value) }
        var output = scalars.filter { $0 < 0x80 }.map { Character(Unicode.Scalar(UInt8($0))) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append("-") }
        var n = 0x80, delta = 0, bias = 72
        func adapt(_ delta: Int, _ count: Int, _ first: Bool) -> Int {
            var delta = first ? delta / damp : delta / 2
            delta += delta / count
            var k = 0
            while delta > ((base - tMin) * tMax) / 2 {
                delta /= base - tMin
                k += base
            }
            return k + (base - tMin + 1) * delta / (delta + skew)
        }
        func digit(_ d: Int) -> Character { Character(Unicode.Scalar(UInt8(d < 26 ? d + 97 : d + 22))) }
        while handled < scalars.count {
            guard let m = scalars.filter({ $0 >= n }).min() else { return nil }
            let (product, overflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow else { return nil }
            delta += product
            n = m
            for c in scalars {
                if c < n { delta += 1 }
                if c == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta, handled + 1, handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return String(output)
    }
}

/// iCalendar text for a detected date (RFC 5545), every text value escaped.
enum ICalendar {
    /// One VEVENT: a timed event lasts an hour, a date without a time is an all-day event.
    static func event(for date: DetectedDate, summary: String, calendar: Calendar, stamp: Date) -> String? {
        guard let year = date.year, let month = date.month else { return nil }
        guard summary.utf8.count <= DataActionBuilder.maximumValueLength else { return nil }
        let day = date.day ?? 1
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//EditMenuKit//Data Detection//EN", "BEGIN:VEVENT"]
        let stampComponents = calendar.dateComponents(in: TimeZone(identifier: "UTC") ?? calendar.timeZone, from: stamp)
        lines.append(
            "UID:" + stampText(stampComponents) + "-"
                + String(UInt32(truncatingIfNeeded: summary.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) }), radix: 16)
                + "@editmenukit")
        lines.append("DTSTAMP:" + stampText(stampComponents) + "Z")
        let dateText = DetectedDate.pad(year, 4) + DetectedDate.pad(month, 2) + DetectedDate.pad(day, 2)
        if let hour = date.hour {
            // A time with a UTC offset is converted to UTC ("…Z"); a time without one is "floating"
            // (RFC 5545 §3.3.5): 3 PM wherever the calendar is, as the text meant it.
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
            let components = DateComponents(
                year: year, month: month, day: day, hour: hour, minute: date.minute ?? 0,
                second: date.second ?? 0)
            guard let wallClock = utc.date(from: components) else { return nil }
            let start = wallClock.addingTimeInterval(-Double(date.utcOffset ?? 0))
            let suffix = date.utcOffset == nil ? "" : "Z"
            lines.append("DTSTART:" + stampText(utc.dateComponents(in: utc.timeZone, from: start)) + suffix)
            lines.append(
                "DTEND:" + stampText(utc.dateComponents(in: utc.timeZone, from: start.addingTimeInterval(3600)))
                    + suffix)
        } else {
            guard let startDate = calendar.date(from: DateComponents(year: year, month: month, day: day)),
                let next = calendar.date(byAdding: .day, value: 1, to: startDate)
            else { return nil }
            let end = calendar.dateComponents([.year, .month, .day], from: next)
            lines.append("DTSTART;VALUE=DATE:" + dateText)
            lines.append(
                "DTEND;VALUE=DATE:" + DetectedDate.pad(end.year ?? year, 4) + DetectedDate.pad(end.month ?? month, 2)
                    + DetectedDate.pad(end.day ?? day, 2))
        }
        lines.append("SUMMARY:" + escapeText(summary))
        lines.append(contentsOf: ["END:VEVENT", "END:VCALENDAR"])
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    static func stampText(_ c: DateComponents) -> String {
        DetectedDate.pad(c.year ?? 0, 4) + DetectedDate.pad(c.month ?? 1, 2) + DetectedDate.pad(c.day ?? 1, 2) + "T"
            + DetectedDate.pad(c.hour ?? 0, 2) + DetectedDate.pad(c.minute ?? 0, 2) + DetectedDate.pad(c.second ?? 0, 2)
    }

    /// RFC 5545 TEXT: backslash, semicolon, comma and newlines escaped; control characters dropped.
    static func escapeText(_ value: String) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n", "\r", "\u{2028}", "\u{2029}": result += "\\n"
            default: if scalar.value >= 0x20 && scalar.value != 0x7F { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// Folds a content line at 75 octets, never inside a UTF-8 sequence.
    static func fold(_ line: String) -> String {
        var result = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let width = String(scalar).utf8.count
            if octets + width > 75 {
                result += "\r\n "
                octets = 1
            }
            result.unicodeScalars.append(scalar)
            octets += width
        }
        return result
    }
}

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
