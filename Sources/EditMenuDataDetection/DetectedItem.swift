import Foundation

/// A kind of data the detector finds in text (EDIT-MENU.md §6).
public enum DataType: String, Hashable, Sendable, CaseIterable, Comparable {
    /// A web link, with or without its scheme (`https://apple.com/ipad`, `www.apple.com`,
    /// `ftp://ftp.example.org/pub`); an `ftp:` link is listed but never opened (EDIT-MENU.md §6).
    case link
    /// An email address.
    case email
    /// A phone number in international (`+44 20 7946 0958`) or national form, with its extension.
    case phoneNumber
    /// A postal address (US, GB, DE, FR, RU and JP conventions).
    case address
    /// A date, a time, or both; absolute, relative ("tomorrow") or ISO 8601.
    case date
    /// A flight number: an IATA airline code and a number (`BA 283`).
    case flightNumber
    /// A shipment tracking number whose shape and check digit are valid by the public
    /// tracking_number_data (UPS, FedEx, USPS, UPU S10, DHL Express, Amazon Logistics, OnTrac).
    case trackingNumber

    /// Order used when two detectors claim the same text with the same length: the declaration order
    /// (a test checks it against `allCases`).
    var priority: Int {
        switch self {
        case .link: 0
        case .email: 1
        case .phoneNumber: 2
        case .address: 3
        case .date: 4
        case .flightNumber: 5
        case .trackingNumber: 6
        }
    }

    /// Declaration order: the order detection prefers on a tie, and the order types are listed in.
    public static func < (lhs: DataType, rhs: DataType) -> Bool { lhs.priority < rhs.priority }
}

/// One piece of data found in text: what it is, where it is, and what it means.
///
/// ```swift
/// let item = DataDetector().detect(in: "Call +1 (408) 555-0123 now")[0]
/// item.type          // .phoneNumber
/// item.characterRange   // 5..<22 (Characters of the text examined)
/// item.byteRange        // 5..<22 (UTF-8 bytes of the text examined)
/// item.value.text    // "+14085550123"
/// ```
public struct DetectedItem: Hashable, Sendable {
    /// The kind of data.
    public var type: DataType
    /// Where it is, in Characters (extended grapheme clusters) of the text that was examined: for
    /// ``DataDetector/detect(in:)`` and ``DataDetector/detect(inCharacterRange:of:margin:)`` the text
    /// passed in; for ``DataDetector/detect(inSelectionOf:contextBytes:)`` the Characters counted from
    /// ``SelectionDetection/characterRangeOriginByte`` (the examined window's start), not from the
    /// start of the storage.
    public var characterRange: Range<Int>
    /// Where it is, in UTF-8 bytes (the storage's base unit): of the text passed to
    /// ``DataDetector/detect(in:)`` and ``DataDetector/detect(inCharacterRange:of:margin:)``, and of
    /// the whole storage for ``DataDetector/detect(inSelectionOf:contextBytes:)``.
    public var byteRange: Range<Int>
    /// The text as written.
    public var matchedText: String
    /// The parsed value.
    public var value: DetectedValue

    /// Creates a detected item.
    package init(
        type: DataType, characterRange: Range<Int>, byteRange: Range<Int>, matchedText: String, value: DetectedValue
    ) {
        self.type = type
        self.characterRange = characterRange
        self.byteRange = byteRange
        self.matchedText = matchedText
        self.value = value
    }
}

/// The parsed value of a detected item (stored indirectly, so that items stay small to copy).
public indirect enum DetectedValue: Hashable, Sendable {
    /// A web link.
    case link(DetectedLink)
    /// An email address (`local@domain`, the domain lower-cased).
    case email(String)
    /// A phone number.
    case phoneNumber(DetectedPhoneNumber)
    /// A postal address.
    case address(DetectedAddress)
    /// A date and/or time.
    case date(DetectedDate)
    /// A flight: IATA airline designator and flight number.
    case flightNumber(airline: String, number: String)
    /// A shipment tracking number, normalized (no spaces, upper case), and its carrier.
    case trackingNumber(DetectedTrackingNumber)

    /// The value as one string, as `editmenu` prints it: the link's URL, the address on one line,
    /// a phone number in dialable form with its extension (`+12125550100;ext=12`), a date in ISO 8601 …
    public var text: String {
        switch self {
        case .link(let link): return link.url
        case .email(let address): return address
        case .phoneNumber(let phone): return phone.telephoneValue
        case .address(let address): return address.singleLine
        case .date(let date): return date.iso8601
        case .flightNumber(let airline, let number): return airline + number
        case .trackingNumber(let tracking): return tracking.number
        }
    }
}

/// A detected web link: its ``url`` as written, with the scheme the text implies (`https` when it names
/// none). Foundation's `URL(string:)` reads its parts.
public struct DetectedLink: Hashable, Sendable {
    /// `http`, `https` or `ftp`, lower case (`https` when the text names no scheme).
    package var scheme: String
    /// The host as written, lower-cased (Unicode for internationalized names).
    package var host: String
    /// The port, when the link names one.
    package var port: Int?
    /// Path, query and fragment as written (`/ipad/?a=1#top`), possibly empty.
    package var rest: String
    /// Whether the link names user information before its host (`user@host`), which the detector
    /// does not open: it is a common way to disguise the real host.
    package var hasUserInfo: Bool
    /// The user information as written (`user:password` of `http://user:password@host/`), kept so that
    /// ``url`` is the link as written; `nil` when the link names none.
    package var userInfo: String? = nil

    /// The full URL: scheme, user information, host, port and the rest.
    public var url: String {
        "\(scheme)://\(userInfo.map { $0 + "@" } ?? "")\(host)\(port.map { ":\($0)" } ?? "")\(rest)"
    }
}

/// A detected phone number.
public struct DetectedPhoneNumber: Hashable, Sendable {
    /// With ``isInternational``: the calling code and the national significant number (E.164 without
    /// its `+`). Otherwise the digits as written (a national number that could belong to several
    /// countries, dialled as written).
    public var digits: String
    /// Whether ``digits`` is the international (E.164) form: written so (`+…`, `00…`), or a national
    /// number read in the menu's region or in the one country whose formats it fits.
    public var isInternational: Bool
    /// The ISO 3166 region whose metadata reads the number (`US`, `GB`, `FR` …), when one does.
    public var region: String?
    /// The extension, when the text gives one (`ext. 12` → `12`).
    public var `extension`: String?

    /// Creates a phone number.
    package init(digits: String, isInternational: Bool, region: String?, extension: String? = nil) {
        self.digits = digits
        self.isInternational = isInternational
        self.region = region
        self.extension = `extension`
    }

    /// `+` and the digits for international numbers, the digits otherwise: what `tel:` and `sms:`
    /// dial (without the extension).
    package var dialable: String { (isInternational ? "+" : "") + digits }

    /// The number as an RFC 3966 `tel:` value: ``dialable`` and `;ext=` with the extension, if any.
    package var telephoneValue: String { dialable + (`extension`.map { ";ext=" + $0 } ?? "") }
}

/// A detected postal address.
public struct DetectedAddress: Hashable, Sendable {
    /// The address's lines as written (commas and line breaks separate them), trimmed.
    public var lines: [String]
    /// The convention it follows: `US`, `GB`, `DE` (street and number, then postcode and town: Germany and
    /// the rest of continental Europe but France), `FR`, `RU` or `JP`.
    public var region: String
    /// The postal code, when the address has one.
    public var postalCode: String?

    /// The lines joined by ", ".
    package var singleLine: String { lines.joined(separator: ", ") }
}

/// A detected date and/or time: when it starts (``start``), when a range ends (``end``), whether the
/// text was relative to today (``isRelative``), and all of it in ISO 8601 (``iso8601``). Relative
/// expressions ("tomorrow", "next Friday", "in 3 days") are resolved against the detector's reference
/// date.
///
/// ```swift
/// // "Lunch on Friday 12 March 2027 at 1:30 pm"
/// date.start            // year 2027 month 3 day 12 hour 13 minute 30
/// date.start.date       // the moment, in the Gregorian calendar (the text's zone when it gives one)
/// date.end              // nil: not a range
/// ```
public struct DetectedDate: Hashable, Sendable {
    /// The year (four digits).
    package var year: Int?
    /// The month, 1–12.
    package var month: Int?
    /// The day of the month, 1–31.
    package var day: Int?
    /// The hour, 0–23.
    package var hour: Int?
    /// The minute, 0–59.
    package var minute: Int?
    /// The second, 0–60.
    package var second: Int?
    /// The UTC offset in seconds, when the text gives one (ISO 8601 `Z`, `+02:00`, `+0200`, `GMT+2`,
    /// or a time-zone abbreviation: `PST`, `CET`).
    package var utcOffset: Int?
    /// For a range of days ("March 3-5, 2027"), its last day's year, month and day; `nil` otherwise.
    package var endYear: Int?
    /// The month of the range's last day.
    package var endMonth: Int?
    /// The range's last day of the month.
    package var endDay: Int?
    /// For a range of times ("9:00–11:00", "from 2 to 4 pm"), the hour it ends, 0–23, on the same day
    /// as it starts; `nil` otherwise.
    package var endHour: Int?
    /// The minute a range of times ends, 0–59.
    package var endMinute: Int?
    /// Whether the text was relative to today ("tomorrow", "next Monday").
    public var isRelative: Bool

    /// Creates a date; every field is optional.
    package init(
        year: Int? = nil, month: Int? = nil, day: Int? = nil, hour: Int? = nil, minute: Int? = nil,
        second: Int? = nil, utcOffset: Int? = nil, isRelative: Bool = false
    ) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.utcOffset = utcOffset
        self.isRelative = isRelative
    }

    /// When the date or range starts, in the Gregorian calendar: the components the text gives (year,
    /// month and day; hour, minute and second), the others `nil` — a time without a date has no day,
    /// a month without a day no day. A time's minute is 0 when the text names only the hour ("3 pm").
    /// `timeZone` is set when the text gives a UTC offset or a zone's abbreviation (`Z`, `+02:00`,
    /// `GMT+2`, `PST`, `CET`); otherwise the date is the reader's local time.
    public var start: DateComponents {
        Self.components(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, utcOffset: utcOffset)
    }

    /// When a range ends: its last day for a range of days ("March 3-5, 2027" ends on day 5), the
    /// start's day at the end's time for a range of times ("9:00–11:00", "from 2 to 4 pm"); `nil`
    /// when the text names no range. Its components are as ``start``'s.
    public var end: DateComponents? {
        if let endYear, let endMonth, let endDay {
            return Self.components(
                year: endYear, month: endMonth, day: endDay, hour: endHour, minute: endMinute, second: nil,
                utcOffset: utcOffset)
        }
        guard let endHour else { return nil }
        return Self.components(
            year: year, month: month, day: day, hour: endHour, minute: endMinute, second: nil, utcOffset: utcOffset)
    }

    /// Date components in the Gregorian calendar, with the minute 0 when only the hour is known.
    private static func components(
        year: Int?, month: Int?, day: Int?, hour: Int?, minute: Int?, second: Int?, utcOffset: Int?
    ) -> DateComponents {
        DateComponents(
            calendar: Calendar(identifier: .gregorian), timeZone: utcOffset.flatMap { TimeZone(secondsFromGMT: $0) },
            year: year, month: month, day: day, hour: hour, minute: hour == nil ? minute : minute ?? 0, second: second)
    }

    /// Whether a date (not only a time of day) is known.
    package var hasDate: Bool { year != nil && month != nil && day != nil }
    /// Whether a time of day is known.
    package var hasTime: Bool { hour != nil }

    /// Whether the text names a range of days or of times.
    package var isRange: Bool { endDay != nil || endHour != nil }

    /// ISO 8601, always a valid value: `2026-12-05`, `2026-12-05T15:00`, `15:00`, `2026-12`, with `Z` or
    /// `±hh:mm` when known; a range of days as an interval, `2027-03-03/2027-03-05`, and a range of
    /// times as one with its end in full, `2026-12-07T09:00/2026-12-07T11:00` or `09:00/11:00`. A time
    /// is only written with a whole date or alone.
    public var iso8601: String {
        guard let endHour, hour != nil, endDay == nil else { return startISO8601 }
        var end = self
        (end.hour, end.minute, end.second, end.endHour, end.endMinute) = (endHour, endMinute ?? 0, nil, nil, nil)
        return startISO8601 + "/" + end.startISO8601
    }

    /// ``iso8601`` without a range of times' end.
    private var startISO8601: String {
        var parts = ""
        if let year, let month {
            parts = Self.pad(year, 4) + "-" + Self.pad(month, 2) + (day.map { "-" + Self.pad($0, 2) } ?? "")
        }
        if let endYear, let endMonth, let endDay, day != nil {
            return parts + "/" + Self.pad(endYear, 4) + "-" + Self.pad(endMonth, 2) + "-" + Self.pad(endDay, 2)
        }
        if let hour, parts.isEmpty || day != nil {
            if !parts.isEmpty { parts += "T" }
            parts += Self.pad(hour, 2) + ":" + Self.pad(minute ?? 0, 2)
            if let second { parts += ":" + Self.pad(second, 2) }
            if let utcOffset {
                if utcOffset == 0 {
                    parts += "Z"
                } else {
                    let minutes = abs(utcOffset) / 60
                    parts += (utcOffset < 0 ? "-" : "+") + Self.pad(minutes / 60, 2) + ":" + Self.pad(minutes % 60, 2)
                }
            }
        }
        return parts
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// A detected shipment tracking number.
public struct DetectedTrackingNumber: Hashable, Sendable {
    /// Who carries the shipment.
    public enum Carrier: String, Hashable, Sendable {
        /// UPS (`1Z…`).
        case ups
        /// FedEx (Express 12 and 34 digits, Ground 15, 18, 22 and 34 digits, SmartPost).
        case fedEx
        /// The United States Postal Service (20 digits, IMpb 22, 26, 30 and 34 digits).
        case usps
        /// A UPU S10 international postal item (`RR123456785GB`), carried by national posts.
        case postal
        /// DHL Express (10 or 11 digits).
        case dhl
        /// Amazon Logistics (`TBA…`).
        case amazon
        /// OnTrac (`C…`).
        case onTrac
    }
    /// The number without spaces, upper-cased.
    public var number: String
    /// The carrier the format belongs to.
    public var carrier: Carrier
    /// The carrier's product the format belongs to, as tracking_number_data names it
    /// (`FedEx Ground 96 (22)`, `USPS 20`, `S10`).
    public var product: String

    /// Creates a tracking number.
    package init(number: String, carrier: Carrier, product: String = "") {
        self.number = number
        self.carrier = carrier
        self.product = product
    }
}
