@_spi(Inlinable) import EditMenuText
import Foundation

/// A weekday written with the day it names: with a day of the month alone (`Tuesday the 19th`,
/// `Thu 15th`), and a weekday's say in the year of a month and day written without one
/// (`Sunday, Feb 10`).
extension DateScanner {
    /// The weekday of a day of the Gregorian calendar, 1 = Sunday … 7 = Saturday (as
    /// ``DateLexicon/Entry/weekday``), told by arithmetic (Sakamoto's method) rather than the calendar.
    static func weekday(year: Int, month: Int, day: Int) -> Int {
        let offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
        let y = month < 3 ? year - 1 : year
        return (y + y / 4 - y / 100 + y / 400 + offsets[month - 1] + day) % 7 + 1
    }

    /// `Tuesday the 19th`, `Tuesday 19th`, `Thu 15th`: after a weekday (at `weekdayIndex`), a day of the
    /// month with its ordinal suffix, optionally after "the", and no month: the first such day on or
    /// after today that falls on the weekday (within four years; none: no date). Without the suffix a
    /// number after a weekday is a count ("Tuesday 19 people"), so it is required.
    func weekdayAndDay(at index: Int, start weekdayIndex: Int, weekday: Int) -> Match? {
        var next = index
        if text.isWord(next, "the"), next + 1 < tokens.count, spaced(next + 1) {
            next += 1
            // "Tuesday the 19th of March"
            if let match = dayMonth(at: next, start: weekdayIndex) { return withWeekdayYear(match, weekday: weekday) }
        }
        guard let day = number(next), day.digits <= 2, (1...31).contains(day.value),
            next + 1 < tokens.count, glued(next + 1), entry(next + 1)?.ordinalSuffix == true
        else { return nil }
        let end = next + 2
        // "Tuesday 19th of March", "Friday 13th December": a month after it is the day's (read elsewhere).
        var after = end
        if let joiner = entry(after), joiner.joins { after += 1 }
        if entry(after)?.month != nil { return nil }
        guard freeEnd(end) else { return nil }
        var (year, month) = (today.year, today.month)
        for _ in 0..<48 {
            if isValid(year: year, month: month, day: day.value),
                (month, day.value) >= (today.month, today.day) || year > today.year,
                Self.weekday(year: year, month: month, day: day.value) == weekday
            {
                var date = DateParts(isRelative: true)
                (date.year, date.month, date.day) = (year, month, day.value)
                return Match(start: weekdayIndex, end: end, date: date)
            }
            month += 1
            if month == 13 { (year, month) = (year + 1, 1) }
        }
        return nil
    }

    /// A month and day written without a year after a weekday (`Sunday, Feb 10`, `Fri, Jul 18`): the
    /// year is the one nearest the reference date in which the day falls on that weekday (within
    /// eleven years after and one before), not simply the next such day; with none, the date is kept
    /// as read.
    func withWeekdayYear(_ match: Match, weekday: Int) -> Match {
        guard match.date.yearInferred, match.date.endDay == nil, let month = match.date.month,
            let day = match.date.day, let read = match.date.year,
            Self.weekday(year: read, month: month, day: day) != weekday
        else { return match }
        // Days apart, roughly (months of 31 days): enough to tell the nearer of two years.
        let todayOrdinal = (today.year * 12 + today.month) * 31 + today.day
        var best: (year: Int, distance: Int) = (read, Int.max)
        for year in (today.year - 1)...(today.year + 11)
        where isValid(year: year, month: month, day: day) && Self.weekday(year: year, month: month, day: day) == weekday
        {
            let distance = abs((year * 12 + month) * 31 + day - todayOrdinal)
            if distance < best.distance { best = (year, distance) }
        }
        var adjusted = match
        adjusted.date.year = best.year
        return adjusted
    }
}

/// A weekday written with the week it falls in (`Wednesday next week`), or after the day it names
/// (`Jul 18, Fri`).
extension DateScanner {
    /// `Wednesday next week`, `Monday of this week`, `Friday of last week`, `mercredi de la semaine
    /// prochaine`, `miércoles de la próxima semana`: after a weekday (ending before token `index`), the
    /// week it falls in — "this", "next" or "last" and the word for week (or the word and a modifier
    /// that follows it), optionally after "of" or "de" and "la". Weeks start on Monday (ISO 8601), so
    /// "Monday of this week" may be past. The date and where the phrase ends.
    func weekdayInWeek(at index: Int, weekday: Int) -> (date: DateParts, end: Int)? {
        guard index + 1 < tokens.count, spaced(index), tokens[index].kind == .word else { return nil }
        var next = index
        if text.isWord(next, "of") || text.isWord(next, "de") {
            next += 1
            if text.isWord(next, "la"), spaced(next + 1) { next += 1 }
        }
        guard next + 1 < tokens.count, spaced(next), spaced(next + 1) else { return nil }
        let modifier: DateLexicon.Modifier
        // "que viene" after the week is two words ("el miércoles de la semana que viene").
        var after = next + 2
        if let word = entry(next), let written = word.modifier, !word.modifierFollows,
            entry(next + 1)?.unit == .week, !text.isWord(next, "coming")
        {
            modifier = written
        } else if entry(next)?.unit == .week, let word = entry(next + 1), let written = word.modifier,
            word.modifierFollows
        {
            modifier = written
        } else if entry(next)?.unit == .week, isQueViene(next + 1) {
            modifier = .next
            after += 1
        } else {
            return nil
        }
        // One week, in the singular ("Monday next weeks" is no phrase).
        let unit = entry(next)?.unit == .week ? next : next + 1
        guard Self.singularWeeks.contains(token: unit, in: text) else { return nil }
        let weeks = modifier == .next ? 1 : modifier == .last ? -1 : 0
        // Days from today to Monday of this week, then to the weekday of that week (1 = Sunday … 7 = Saturday).
        let toMonday = -((today.weekday + 5) % 7)
        guard let date = resolve(unit: .day, count: toMonday + 7 * weeks + (weekday + 5) % 7) else { return nil }
        guard freeEnd(after) else { return nil }
        return (date, after)
    }

    /// The singular of the word for week in English, German, French and Spanish (``weekdayInWeek(at:weekday:)``).
    static let singularWeeks = ScalarLexicon(words: ["week", "woche", "semaine", "semana"])

    /// `Jul 18, Fri`, `18 July, Friday`: a month and day written without a year, then a comma and the
    /// weekday it falls on, which picks the year as a weekday before it does (``withWeekdayYear(_:weekday:)``).
    /// A weekday that falls on the day in no nearby year is left out of the date.
    func withWeekdayAfter(_ match: Match) -> Match {
        let comma = match.end
        guard symbol(comma) == 0x2C, match.date.yearInferred, match.date.endDay == nil, !match.date.hasTime,
            match.endOffset == nil, comma + 1 < tokens.count, glued(comma), spaced(comma + 1),
            let entry = entry(comma + 1), let weekday = entry.weekday, entry.month == nil,
            !entry.weekdayIsAbbreviation
                || Scalar.isUpper(text[tokens[comma + 1].start]) && tokens[comma + 1].length >= 3
        else { return match }
        var end = comma + 2
        if entry.weekdayIsAbbreviation, symbol(end) == 0x2E, glued(end) { end += 1 }
        guard freeEnd(end) else { return match }
        var dated = withWeekdayYear(match, weekday: weekday)
        guard let year = dated.date.year, let month = dated.date.month, let day = dated.date.day,
            Self.weekday(year: year, month: month, day: day) == weekday
        else { return match }
        dated.end = end
        return dated
    }
}

/// English days of the month written as ordinal words (`the first of March`, `March twenty-first`)
/// and the day after tomorrow and before yesterday.
extension DateScanner {
    /// The English month names and their abbreviations: an ordinal word names a day only with an
    /// English month ("the first of Mars" is a planet's first, not French March).
    static let englishMonths = ScalarLexicon(words: [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
    ])

    /// An English ordinal word at token `index` that may be a day of the month: `first` … `thirtieth`, or
    /// `twenty-first` … `thirty-first` written with a hyphen; the day and the token after it. Not before a
    /// hyphen or a letter ("first-time", "second-hand").
    func ordinalDay(at index: Int) -> (day: Int, next: Int)? {
        guard let value = entry(index)?.dayOrdinal else { return nil }
        var day = value
        var next = index + 1
        if text.isWord(index, "twenty") || text.isWord(index, "thirty") {
            guard let dash = symbol(next), Scalar.isDash(dash), glued(next), glued(next + 1),
                let unit = entry(next + 1)?.dayOrdinal, unit <= 9, value + unit <= 31
            else { return nil }
            day += unit
            next += 2
        }
        if next < tokens.count, glued(next), symbol(next).map(Scalar.isDash) != false { return nil }
        return (day, next)
    }

    /// Whether token `index` is an English month: a full name, or an abbreviation with its period.
    func englishMonth(at index: Int) -> Int? {
        guard index < tokens.count, let entry = entry(index), let month = entry.month,
            Self.englishMonths.contains(token: index, in: text)
        else { return nil }
        if entry.monthIsAbbreviation, !(symbol(index + 1) == 0x2E && glued(index + 1)) { return nil }
        // "may" and "march" in lower case are more often the verbs.
        if text.isWord(index, "may") || text.isWord(index, "march"), !Scalar.isUpper(text[tokens[index].start]) {
            return nil
        }
        return month
    }

    /// `first of March`, `the twenty-first of June 2027` (from the ordinal: "the" is no part of it).
    func ordinalOfMonth(at index: Int) -> Match? {
        guard let (day, next) = ordinalDay(at: index), next + 1 < tokens.count, spaced(next),
            text.isWord(next, "of"), spaced(next + 1), let month = englishMonth(at: next + 1)
        else { return nil }
        return ordinalDate(start: index, month: month, day: day, monthIndex: next + 1, after: next + 2)
    }

    /// `March first`, `June twenty-first, 2027`: an English month and an ordinal word after it.
    func monthOrdinal(at index: Int) -> Match? {
        guard let month = englishMonth(at: index) else { return nil }
        var next = index + 1
        if symbol(next) == 0x2E, glued(next) { next += 1 }
        guard next < tokens.count, spaced(next), let (day, after) = ordinalDay(at: next) else { return nil }
        return ordinalDate(start: index, month: month, day: day, monthIndex: index, after: after)
    }

    private func ordinalDate(start: Int, month: Int, day: Int, monthIndex: Int, after: Int) -> Match? {
        var end = after
        if monthIndex + 1 == end, symbol(end) == 0x2E, glued(end) { end += 1 }
        var date = DateParts(isRelative: false)
        (date.month, date.day) = (month, day)
        end = year(after: end, into: &date)
        guard isValid(year: date.year, month: month, day: day), freeEnd(end) else { return nil }
        resolveYear(&date)
        return Match(start: start, end: end, date: date)
    }

    /// `the day after tomorrow`, `day before yesterday`: two days from today.
    func dayAfterTomorrow(at index: Int) -> Match? {
        guard text.isWord(index, "day"), index + 2 < tokens.count, spaced(index + 1), spaced(index + 2),
            let days = entry(index + 2)?.relativeDay
        else { return nil }
        let count: Int
        if text.isWord(index + 1, "after"), days == 1, text.isWord(index + 2, "tomorrow") {
            count = 2
        } else if text.isWord(index + 1, "before"), days == -1, text.isWord(index + 2, "yesterday") {
            count = -2
        } else {
            return nil
        }
        guard let date = resolve(unit: .day, count: count) else { return nil }
        let start = index > 0 && spaced(index) && text.isWord(index - 1, "the") ? index - 1 : index
        return Match(start: start, end: index + 3, date: date)
    }
}

/// A day and month written with their periods and no year, as German writes them.
extension DateScanner {
    /// `am 15.2.`, `vom 14.10.`, `zum 1.3.`, `Freitag, 18.7.`: a day and a month of one or two digits,
    /// each with its period, no year, after German "am", "vom" or "zum" or after a weekday. Alone (or
    /// after any other word) `1.2.` is as often a version or a section ("siehe 3.4."), so it is none.
    func dottedDayMonth(at index: Int, afterWeekday: Bool) -> Match? {
        guard let day = number(index), day.digits <= 2, symbol(index + 1) == 0x2E, glued(index + 1),
            let month = number(index + 2), glued(index + 2), month.digits <= 2, symbol(index + 3) == 0x2E,
            glued(index + 3), isValid(year: nil, month: month.value, day: day.value)
        else { return nil }
        // Digits after the second period are a year's (``numericDate(at:)``) or a version's.
        if index + 4 < tokens.count, glued(index + 4), tokens[index + 4].kind != .symbol { return nil }
        if !afterWeekday {
            guard index > 0, spaced(index),
                text.isWord(index - 1, "am") || text.isWord(index - 1, "vom")
                    || text.isWord(index - 1, "zum"),
                // English "I am 1.2. …" is the verb.
                !(index > 1 && text.isWord(index - 2, "i") && spaced(index - 1))
            else { return nil }
        }
        guard freeEnd(index + 4) else { return nil }
        var date = DateParts(isRelative: false)
        (date.month, date.day) = (month.value, day.value)
        resolveYear(&date)
        return Match(start: index, end: index + 4, date: date)
    }
}
