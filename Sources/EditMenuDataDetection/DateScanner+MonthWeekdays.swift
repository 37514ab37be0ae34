@_spi(Inlinable) import EditMenuText

/// The nth weekday of a month (`the first Monday of March`, `last Friday of next month`) and noon
/// written with its day (`noon tomorrow`, `Friday noon`).
extension DateScanner {
    /// `the first Monday of March`, `last Friday of next month`, `3rd Tuesday in October 2014`, `the
    /// second Wednesday of next month`: from the ordinal at token `index` (an English ordinal word up
    /// to "fifth", `1st` … `5th`, "last", German "letzter"), a weekday's full name, "of" or "in", and an
    /// English month (with or without a year) or "this", "next" or "last" month (German: "im" and a
    /// month, ``nthWeekday(_:at:start:)``). A "the" before the ordinal belongs to it. A month written
    /// without a year is this year's from this month on, else next year's; a fifth weekday the month
    /// does not have is no date. The ordinal, weekday and month are all required: "first Monday"
    /// alone, "last Friday in the office" and "the first Monday of the month" (every month's) name no
    /// such day.
    func nthWeekdayOfMonth(at index: Int) -> Match? {
        // 1 … 5, or -1 for the last.
        let nth: Int
        var next = index + 1
        if let value = number(index) {
            guard value.digits == 1, (1...5).contains(value.value), glued(next), entry(next)?.ordinalSuffix == true
            else { return nil }
            nth = value.value
            next += 1
        } else if let ordinal = entry(index)?.dayOrdinal, ordinal <= 5 {
            nth = ordinal
        } else if text.isWord(index, "last") || text.isWord(index, "letzte") || text.isWord(index, "letzter")
            || text.isWord(index, "letzten")
        {
            nth = -1
        } else {
            return nil
        }
        let start = index > 0 && spaced(index) && text.isWord(index - 1, "the") ? index - 1 : index
        return nthWeekday(nth, at: next, start: start)
    }

    /// `erster Dienstag im Oktober`, `am dritten Mittwoch im September 2014`: a German ordinal word up
    /// to "fünfter" before the weekday at token `index`, "im" and a month's full name (the ordinal's
    /// "letzter" is read from it, ``nthWeekdayOfMonth(at:)``).
    func germanNthWeekdayOfMonth(at index: Int) -> Match? {
        guard index > 0, gap(before: index) == 1, tokens[index - 1].kind == .word, tokens[index - 1].length >= 5,
            let nth = Self.germanOrdinals.firstIndex(where: { words in words.contains { text.isWord(index - 1, $0) } })
        else { return nil }
        return nthWeekday(nth + 1, at: index, start: index - 1)
    }

    /// The German ordinal words "erster" … "fünfter" in their three endings.
    private static let germanOrdinals: [[StaticString]] = [
        ["erste", "erster", "ersten"], ["zweite", "zweiter", "zweiten"], ["dritte", "dritter", "dritten"],
        ["vierte", "vierter", "vierten"], ["fünfte", "fünfter", "fünften"],
    ]

    /// The `nth` (-1: last) weekday named at token `next` of the month written after it (after "of" or
    /// "in" an English month or "this", "next", "last" month; after German "im" a month's full name),
    /// the match starting at token `start`.
    private func nthWeekday(_ nth: Int, at next: Int, start: Int) -> Match? {
        guard next + 2 < tokens.count, spaced(next), spaced(next + 1), spaced(next + 2), let day = entry(next),
            let weekday = day.weekday, !day.weekdayIsAbbreviation, day.month == nil
        else { return nil }
        let german = text.isWord(next + 1, "im")
        guard german || text.isWord(next + 1, "of") || text.isWord(next + 1, "in") else { return nil }
        let monthIndex = next + 2
        var date = DateParts(isRelative: true)
        var end: Int
        let named: Int?
        if german {
            guard let word = entry(monthIndex), let month = word.month, !word.monthIsAbbreviation else { return nil }
            named = month
        } else {
            named = englishMonth(at: monthIndex)
        }
        if let month = named {
            end = monthIndex + 1
            if entry(monthIndex)?.monthIsAbbreviation == true { end += 1 }
            end = year(after: end, into: &date)
            if date.year != nil {
                date.isRelative = false
            } else {
                date.year = month >= today.month ? today.year : today.year + 1
            }
            date.month = month
        } else {
            guard !german, let relative = relativeMonth(at: monthIndex) else { return nil }
            let count = today.year * 12 + today.month - 1 + relative.months
            (date.year, date.month) = (count / 12, count % 12 + 1)
            end = relative.end
        }
        guard let year = date.year, let month = date.month, freeEnd(end) else { return nil }
        if nth > 0 {
            let first = Self.weekday(year: year, month: month, day: 1)
            date.day = 1 + (weekday - first + 7) % 7 + 7 * (nth - 1)
        } else {
            var last = 31
            while !isValid(year: year, month: month, day: last) { last -= 1 }
            date.day = last - (Self.weekday(year: year, month: month, day: last) - weekday + 7) % 7
        }
        guard let dayOfMonth = date.day, isValid(year: year, month: month, day: dayOfMonth) else { return nil }
        return Match(start: start, end: end, date: date)
    }

    /// `noon tomorrow`, `noon on Friday`, `noon, March 5`: noon (a word for it: "midday", "Mittag",
    /// "midi" …) written right before a day, without "at", from the word at token `index`. Alone, or
    /// before anything else, it is no time ("noon" is as often a word of its own: "by noon we had …"
    /// is read only after "at").
    func noonBeforeDay(at index: Int) -> Match? {
        guard entry(index)?.fixedHour == 12, index + 1 < tokens.count else { return nil }
        var time = DateParts(isRelative: false)
        (time.hour, time.minute) = (12, 0)
        let noon = Match(start: index, end: index + 1, date: time)
        let dated = withDate(after: noon)
        return dated.date.day != nil ? dated : nil
    }

    /// `tomorrow noon`, `Friday noon`, `demain midi`, `morgen Mittag`: after a day that has no time yet
    /// (ending before token `index`), a word for noon, right after it; the day's time is 12:00.
    func noonAfterDay(_ day: Match) -> Match? {
        let index = day.end
        guard day.date.day != nil, !day.date.hasTime, day.endOffset == nil, index < tokens.count,
            gap(before: index) == 1, entry(index)?.fixedHour == 12, freeEnd(index + 1)
        else { return nil }
        var noon = day
        (noon.date.hour, noon.date.minute) = (12, 0)
        noon.end = index + 1
        return noon
    }

    /// Whether Spanish "que viene" ("that comes": next) is written from token `index`, a space before
    /// each word (`la semana que viene`, `el martes que viene`).
    func isQueViene(_ index: Int) -> Bool {
        index + 1 < tokens.count && gap(before: index) == 1 && gap(before: index + 1) == 1
            && text.isWord(index, "que") && text.isWord(index + 1, "viene") && freeEnd(index + 2)
    }
}
