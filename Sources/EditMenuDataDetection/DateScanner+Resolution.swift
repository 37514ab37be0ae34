import Foundation

/// Resolving what a date names against the reference date: whether a day exists, two-digit years,
/// the year of a date written without one, weekdays and spans relative to today.
extension DateScanner {
    func isValid(year: Int?, month: Int, day: Int) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        let lengths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        if month == 2, day == 29, let year {
            return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        }
        return day <= lengths[month - 1]
    }

    /// A two-digit year within 80 years before and 20 after the reference date's year (`79` → 1979,
    /// `30` → 2030 in 2026), as date parsers usually pivot.
    func expandTwoDigitYear(_ value: Int) -> Int {
        let reference = today.year
        var year = reference - reference % 100 + value
        if year > reference + 20 { year -= 100 } else if year <= reference - 80 { year += 100 }
        return year
    }

    /// A date without a year is the next one on or after the reference date.
    func resolveYear(_ date: inout DateParts) {
        guard date.year == nil, let month = date.month, let day = date.day else { return }
        date.yearInferred = true
        let (year, thisMonth, thisDay) = (today.year, today.month, today.day)
        var candidate = (month, day) < (thisMonth, thisDay) ? year + 1 : year
        if month == 2, day == 29 { while !isValid(year: candidate, month: 2, day: 29) { candidate += 1 } }
        date.year = candidate
    }

    func fill(_ date: inout DateParts, with day: Date) {
        let components = calendar.dateComponents([.year, .month, .day], from: day)
        date.year = components.year
        date.month = components.month
        date.day = components.day
    }

    func resolve(weekday: Int, modifier: DateLexicon.Modifier) -> DateParts? {
        let today = self.today.weekday
        var delta = (weekday - today + 7) % 7
        switch modifier {
        case .this: break
        case .next: if delta == 0 { delta = 7 }
        case .last: delta = delta == 0 ? -7 : delta - 7
        }
        guard let day = calendar.date(byAdding: .day, value: delta, to: referenceDate) else { return nil }
        var date = DateParts(isRelative: true)
        fill(&date, with: day)
        return date
    }

    /// The dates relative phrases name, resolved once per scan: the calendar's arithmetic costs more
    /// than all the scanning of the phrase, and a text names the same few relative dates again and again.
    final class Resolved {
        struct Key: Hashable {
            var unit: DateLexicon.Unit
            var count: Int
        }
        // Only ``resolve(unit:count:)`` touches these, never reentrantly (``resolveAnew(unit:count:)``
        // asks the calendar, not the cache), so the run-time exclusivity checks are left out.
        @exclusivity(unchecked) var dates: [Key: DateParts?] = [:]
        /// The key asked last and its answer: a text often names the same relative date again and
        /// again ("через 3 часа"), and comparing one key costs less than hashing it.
        @exclusivity(unchecked) var last: (key: Key, date: DateParts?)?
    }

    func resolve(unit: DateLexicon.Unit, count: Int) -> DateParts? {
        let key = Resolved.Key(unit: unit, count: count)
        if let last = resolved.last, last.key == key { return last.date }
        let date: DateParts?
        if let known = resolved.dates[key] {
            date = known
        } else {
            date = resolveAnew(unit: unit, count: count)
            resolved.dates[key] = date
        }
        resolved.last = (key, date)
        return date
    }

    private func resolveAnew(unit: DateLexicon.Unit, count: Int) -> DateParts? {
        let component: Calendar.Component
        var value = count
        switch unit {
        case .minute: component = .minute
        case .hour: component = .hour
        case .day: component = .day
        case .week:
            component = .day
            value = count * 7
        case .month: component = .month
        case .year: component = .year
        }
        guard let day = calendar.date(byAdding: component, value: value, to: referenceDate) else { return nil }
        var date = DateParts(isRelative: true)
        fill(&date, with: day)
        if unit == .hour || unit == .minute {
            // "in 3 hours": the time too, to the minute.
            let time = calendar.dateComponents([.hour, .minute], from: day)
            date.hour = time.hour
            date.minute = time.minute
        }
        return date
    }
}
