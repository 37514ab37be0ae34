@_spi(Inlinable) import EditMenuText

/// An English day of the month written with its ordinal suffix and no month (`on the 15th`), with a
/// relative month (`the 20th of next month`), or after its month and "the" (`February the 15th`); a
/// French, Spanish or Italian day without its month before a time (`le 16 à 18h`).
extension DateScanner {
    /// `on the 15th`, `On 24th`, `on the 3rd at 3pm`: "on", optionally "the", and a day of the month with
    /// its English ordinal suffix, from the day's number at token `index` (the match starts at "on"):
    /// the first such day on or after today. Only where the phrase ends (the text ends, or `.` `,` `;`
    /// `:` `!` `?` `)` follows, not a comma before another number) or a time follows it: "on the 15th
    /// floor", "on the 3rd try" and "on the 1st, 2nd and 3rd floors" are no dates.
    func onTheDay(at index: Int) -> Match? {
        guard let day = number(index), day.digits <= 2, (1...31).contains(day.value), index > 0, spaced(index),
            isEnglishOrdinalSuffix(index + 1)
        else { return nil }
        var start = index - 1
        if text.isWord(start, "the"), spaced(start) { start -= 1 }
        guard text.isWord(start, "on"), freeStart(start), let date = nextDayOfMonth(day.value) else { return nil }
        let match = Match(start: start, end: index + 2, date: date)
        let timed = withTime(after: match)
        if timed.date.hasTime { return timed }
        return freeEnd(match.end) && endsPhrase(at: match.end) ? match : nil
    }

    /// `the 20th of next month`, `20th of this month`, `the 5th of last month`, `20th of the following
    /// month`: a day of the month with its English ordinal suffix, from its number at token `index`,
    /// "of", and a relative month (``relativeMonth(at:)``). A "the" before the day belongs to it. ("The
    /// 1st of the month" names no month: rent is due then every month.)
    func dayOfRelativeMonth(at index: Int) -> Match? {
        guard let day = number(index), day.digits <= 2, (1...31).contains(day.value), isEnglishOrdinalSuffix(index + 1),
            index + 4 < tokens.count, gap(before: index + 2) == 1, text.isWord(index + 2, "of"),
            gap(before: index + 3) == 1, let relative = relativeMonth(at: index + 3), freeEnd(relative.end)
        else { return nil }
        let count = today.year * 12 + today.month - 1 + relative.months
        let (year, month) = (count / 12, count % 12 + 1)
        guard isValid(year: year, month: month, day: day.value) else { return nil }
        var date = DateParts(isRelative: true)
        (date.year, date.month, date.day) = (year, month, day.value)
        let start = index > 0 && spaced(index) && text.isWord(index - 1, "the") ? index - 1 : index
        return Match(start: start, end: relative.end, date: date)
    }

    /// "this", "next" or "last" month, or "current", "following" or "previous" month (optionally after
    /// "the": `the following month`), from token `index`: the months from this month, and where it
    /// ends. "The month" alone is none.
    func relativeMonth(at index: Int) -> (months: Int, end: Int)? {
        var next = index
        let the = text.isWord(next, "the")
        if the {
            guard gap(before: next + 1) == 1 else { return nil }
            next += 1
        }
        guard next + 1 < tokens.count, gap(before: next + 1) == 1, text.isWord(next + 1, "month") else { return nil }
        let months: Int
        if text.isWord(next, "this") && !the || text.isWord(next, "current") {
            months = 0
        } else if text.isWord(next, "next") || text.isWord(next, "following") {
            months = 1
        } else if text.isWord(next, "last") || text.isWord(next, "previous") {
            months = -1
        } else {
            return nil
        }
        return (months, next + 2)
    }

    /// `February the 15th`, `March the 3rd, 2015`, `June the first`: an English month (``englishMonth(at:)``),
    /// "the" and a day with its ordinal suffix or an ordinal word, optionally a year, from the month at token
    /// `index`. Only where the phrase ends or a time follows (``onTheDay(at:)``): "in March the 3rd
    /// battalion moved" is no date.
    func monthTheDay(at index: Int) -> Match? {
        guard let month = englishMonth(at: index) else { return nil }
        var next = index + 1
        if entry(index)?.monthIsAbbreviation == true { next += 1 }
        guard next + 1 < tokens.count, gap(before: next) == 1, text.isWord(next, "the"), gap(before: next + 1) == 1
        else { return nil }
        let day: Int
        var end: Int
        if let value = number(next + 1), value.digits <= 2, isEnglishOrdinalSuffix(next + 2) {
            (day, end) = (value.value, next + 3)
        } else if let (ordinal, after) = ordinalDay(at: next + 1) {
            (day, end) = (ordinal, after)
        } else {
            return nil
        }
        var date = DateParts(isRelative: false)
        (date.month, date.day) = (month, day)
        end = year(after: end, into: &date)
        guard isValid(year: date.year, month: month, day: day), freeEnd(end) else { return nil }
        resolveYear(&date)
        let match = Match(start: index, end: end, date: date)
        let timed = withTime(after: match)
        if timed.date.hasTime { return timed }
        return endsPhrase(at: end) ? match : nil
    }

    /// `le 16 à 18h`, `le 2 vers 5h du matin`, `el 16 a las 18:00`, `il 16 alle 18:00`: after French "le",
    /// Spanish "el" or Italian "il", a day of the month without its month (the first on or after today),
    /// from its number at token `index`, and the time "à", "vers", "a las" or "alle" introduces, one on
    /// its own (not a bare hour: `le 2 à 5`). Not a range of hours starting at the day's number (`16 à
    /// 18h` read 16:00–18:00 before; `de 16 à 18h` still does). The article is no part of the date, as
    /// in `le 2 mars`.
    func articleDayAtTime(at index: Int) -> Match? {
        guard let day = number(index), day.digits <= 2, (1...31).contains(day.value), index > 0,
            gap(before: index) == 1, index + 3 < tokens.count, gap(before: index + 1) == 1,
            text.isWord(index - 1, "le") || text.isWord(index - 1, "el") || text.isWord(index - 1, "il"),
            text.isWord(index + 1, "à") || text.isWord(index + 1, "vers") || text.isWord(index + 1, "a")
                || text.isWord(index + 1, "alle"),
            let time = introducedTime(at: index + 1), time.date.endHour == nil, let date = nextDayOfMonth(day.value)
        else { return nil }
        // The hour is the first number after the word ("a las 18:00"); something must follow it.
        let hour = number(index + 2) != nil ? index + 2 : index + 3
        guard time.end > hour + 1 else { return nil }
        return merge(Match(start: index, end: index + 1, date: date), time)
    }

    /// `Thursday 3/14`, `Thu 3/14 at 2pm`, `Sunday, 2/10`: after a weekday (at `weekdayIndex`), a month
    /// and day written with a slash and no year, in the locale's order (``monthAndDay(_:_:separator:)``),
    /// from the first number at token `index` — only when the weekday falls on that day: in the year
    /// it is next (``resolveYear(_:)``), or in the year before when that day is at most a week ago.
    /// Alone `3/14` is as often a fraction or a score; the weekday that agrees says it is a day.
    func weekdaySlashDate(at index: Int, start weekdayIndex: Int, weekday: Int) -> Match? {
        guard let first = number(index), first.digits <= 2, symbol(index + 1) == 0x2F, glued(index + 1),
            let second = number(index + 2), glued(index + 2), second.digits <= 2, freeEnd(index + 3)
        else { return nil }
        let (month, day) = monthAndDay(first.value, second.value, separator: 0x2F)
        guard isValid(year: nil, month: month, day: day) else { return nil }
        var date = DateParts(isRelative: false)
        (date.month, date.day) = (month, day)
        resolveYear(&date)
        guard var year = date.year else { return nil }
        if Self.weekday(year: year, month: month, day: day) != weekday {
            // Days apart, roughly (months of 31 days), as ``withWeekdayYear(_:weekday:)`` tells them.
            let ago = (today.year * 12 + today.month) * 31 + today.day - ((year - 1) * 12 + month) * 31 - day
            guard ago <= 7, isValid(year: year - 1, month: month, day: day),
                Self.weekday(year: year - 1, month: month, day: day) == weekday
            else { return nil }
            year -= 1
        }
        date.year = year
        return Match(start: weekdayIndex, end: index + 3, date: date)
    }

    /// Whether token `index` is the English ordinal suffix of the number glued before it (`1st`, `22nd`,
    /// `3rd`, `11th`; not `1th`).
    private func isEnglishOrdinalSuffix(_ index: Int) -> Bool {
        guard index < tokens.count, glued(index), entry(index)?.ordinalSuffix == true, let value = number(index - 1)
        else { return false }
        switch value.value % 100 / 10 == 1 ? 0 : value.value % 10 {
        case 1: return text.isWord(index, "st")
        case 2: return text.isWord(index, "nd")
        case 3: return text.isWord(index, "rd")
        default: return text.isWord(index, "th")
        }
    }

    /// Whether a phrase may end before token `index`: the text ends there, or `.` `,` `;` `:` `!` `?` `)`
    /// follows (a comma not before a number: "the 1st, 2nd and 3rd" goes on).
    private func endsPhrase(at index: Int) -> Bool {
        guard index < tokens.count else { return true }
        guard let value = symbol(index), glued(index) else { return false }
        switch value {
        case 0x2C: return number(index + 1) == nil
        case 0x2E, 0x3B, 0x3A, 0x21, 0x3F, 0x29: return true
        default: return false
        }
    }

    /// The first day `day` of a month on or after today (within a year), as a relative date.
    private func nextDayOfMonth(_ day: Int) -> DateParts? {
        var (year, month) = (today.year, today.month)
        if day < today.day { (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1) }
        for _ in 0..<12 {
            if isValid(year: year, month: month, day: day) {
                var date = DateParts(isRelative: true)
                (date.year, date.month, date.day) = (year, month, day)
                return date
            }
            (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
        }
        return nil
    }
}
