import Foundation

/// iCalendar text for a detected date (RFC 5545), every text value escaped.
package enum ICalendar {
    /// One VEVENT: a timed event lasts an hour (a range of times, as long as it says), a date without a
    /// time is an all-day event, a range
    /// of days ("March 3-5") one event over all its days. A time with a UTC offset (from the text:
    /// `+02:00`, `PST`) is written in UTC.
    package static func event(for date: DetectedDate, summary: String, calendar: Calendar, stamp: Date) -> String? {
        guard let year = date.year, let month = date.month else { return nil }
        guard summary.utf8.count <= SafeURI.maximumValueLength else { return nil }
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
            // A range of times ends when it says (the same day); a time alone lasts an hour.
            var length = 3600.0
            if let endHour = date.endHour {
                let startMinutes: Int = hour * 60 + (date.minute ?? 0)
                let endMinutes: Int = endHour * 60 + (date.endMinute ?? 0)
                length = Double((endMinutes - startMinutes) * 60 - (date.second ?? 0))
                guard length > 0 else { return nil }
            }
            lines.append(
                "DTEND:" + stampText(utc.dateComponents(in: utc.timeZone, from: start.addingTimeInterval(length)))
                    + suffix)
        } else {
            // A range of days ends after its last day (DTEND is exclusive).
            let last = DateComponents(
                year: date.endYear ?? year, month: date.endMonth ?? month, day: date.endDay ?? day)
            guard let lastDate = calendar.date(from: last),
                let next = calendar.date(byAdding: .day, value: 1, to: lastDate)
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

    package static func stampText(_ c: DateComponents) -> String {
        DetectedDate.pad(c.year ?? 0, 4) + DetectedDate.pad(c.month ?? 1, 2) + DetectedDate.pad(c.day ?? 1, 2) + "T"
            + DetectedDate.pad(c.hour ?? 0, 2) + DetectedDate.pad(c.minute ?? 0, 2) + DetectedDate.pad(c.second ?? 0, 2)
    }

    /// RFC 5545 TEXT: backslash, semicolon, comma and newlines escaped; control characters dropped.
    package static func escapeText(_ value: String) -> String {
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
    package static func fold(_ line: String) -> String {
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
