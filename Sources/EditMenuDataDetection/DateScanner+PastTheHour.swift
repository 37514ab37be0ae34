@_spi(Inlinable) import EditMenuText
import Foundation

/// English times told from the hour (`quarter past 3`, `a quarter to noon`, `half past 8 pm`,
/// `20 past 3pm`, `ten minutes to 2pm`, `at 20 past 3`) and ranges of times between two
/// (`between 2 and 4pm`); the half and quarters of Romance languages (`a las 10 y media`).
extension DateScanner {
    /// A part of an hour ("quarter", "half"), a number of minutes (`20`, `ten`, `20 minutes`) and
    /// "past", "after", "to" or "before" an hour, starting at token `index` (or at "a" before "quarter").
    ///
    /// The hour is read as after "at" when the phrase is `introduced` or names a part of the hour, or is
    /// "noon" or "midnight"; else it needs am or pm (`20 past 3pm`), so that `20 past 3` in a score or
    /// a count is none. Only minutes with their word (`20 minutes to 2pm`) or a quarter count back with
    /// "to": `10 to 2pm` is a range of hours. "Half" only goes past ("half to" is no English).
    func minutesFromHour(at index: Int, introduced: Bool) -> Match? {
        var next = index
        if text.isWord(next, "a") {
            guard next + 1 < tokens.count, spaced(next + 1), text.isWord(next + 1, "quarter") else { return nil }
            next += 1
        }
        guard next + 2 < tokens.count else { return nil }
        let minutes: Int
        var partOfHour = false
        if let part = entry(next)?.partOfHour {
            minutes = part
            partOfHour = true
        } else if let count = number(next), count.digits <= 2, (1...59).contains(count.value) {
            minutes = count.value
        } else if let count = entry(next)?.numberWord, tokens[next].length > 2 {
            minutes = count
        } else {
            return nil
        }
        next += 1
        var withUnit = false
        if !partOfHour, spaced(next), entry(next)?.unit == .minute {
            withUnit = true
            next += 1
        }
        guard next + 1 < tokens.count, spaced(next), spaced(next + 1), tokens[next].kind == .word else { return nil }
        let sign: Int
        if text.isWord(next, "past") || (partOfHour || withUnit) && text.isWord(next, "after") {
            sign = 1
        } else if partOfHour || withUnit, minutes != 30 || !partOfHour,
            text.isWord(next, "to") || text.isWord(next, "before")
        {
            sign = -1
        } else {
            return nil
        }
        let hourIndex = next + 1
        let clear = introduced || partOfHour || entry(hourIndex)?.fixedHour != nil
        guard let hour = time(at: hourIndex, introduced: clear), hour.date.endHour == nil,
            let written = hour.date.hour, (hour.date.minute ?? 0) == 0, hour.date.second == nil
        else { return nil }
        let total = (written * 60 + sign * minutes + 24 * 60) % (24 * 60)
        var date = hour.date
        date.hour = total / 60
        date.minute = total % 60
        return Match(start: index, end: hour.end, date: date)
    }

    /// `between 2 and 4pm`, `between 9:30 and 11:00`: a range of times after "between", joined by
    /// "and", one of whose times is a time on its own (as a range not introduced,
    /// ``timeRange(at:introduced:joinedByAnd:)``): "between 2 and 3 percent" is none.
    func betweenTimes(at index: Int) -> Match? {
        guard text.isWord(index, "between"), index + 1 < tokens.count, spaced(index + 1),
            let range = timeRange(at: index + 1, introduced: false, joinedByAnd: true)
        else { return nil }
        return Match(start: index, end: range.end, date: range.date)
    }

    /// The hour and minute that `minutes` past `hour` (``romancePartOfHour(at:)``'s, `-15` for a
    /// quarter to it) make: a quarter to the hour is in the hour before.
    static func time(_ minutes: Int, pastTheHour hour: Int) -> (hour: Int, minute: Int) {
        (minutes < 0 ? (hour + 23) % 24 : hour, (minutes + 60) % 60)
    }

    /// `y media`, `y cuarto`, `menos cuarto` (Spanish), `e meia` (Portuguese), `e mezza`, `e mezzo`
    /// (Italian), `et demie`, `et quart`, `moins le quart` (French) after an hour, from token `index`:
    /// the minutes past the hour (`-15` for a quarter to it) and where the phrase ends.
    func romancePartOfHour(at index: Int) -> (minutes: Int, end: Int)? {
        guard index + 1 < tokens.count, gap(before: index) == 1, gap(before: index + 1) == 1,
            tokens[index].kind == .word, tokens[index].length <= 5
        else { return nil }
        let result: (minutes: Int, end: Int)
        if text.isWord(index, "y") || text.isWord(index, "e") || text.isWord(index, "et") {
            if text.isWord(index + 1, "media") || text.isWord(index + 1, "meia") || text.isWord(index + 1, "mezza")
                || text.isWord(index + 1, "mezzo") || text.isWord(index + 1, "demie")
            {
                result = (30, index + 2)
            } else if text.isWord(index + 1, "cuarto") || text.isWord(index + 1, "quart") {
                result = (15, index + 2)
            } else {
                return nil
            }
        } else if text.isWord(index, "menos"), text.isWord(index + 1, "cuarto") {
            result = (-15, index + 2)
        } else if text.isWord(index, "moins"), text.isWord(index + 1, "le"), index + 2 < tokens.count,
            gap(before: index + 2) == 1, text.isWord(index + 2, "quart")
        {
            result = (-15, index + 3)
        } else {
            return nil
        }
        // "a las 10 y media hora" is no time of day.
        guard freeEnd(result.end), !(result.end < tokens.count && entry(result.end)?.unit != nil) else { return nil }
        return result
    }
}
