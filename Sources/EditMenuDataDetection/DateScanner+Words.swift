@_spi(Inlinable) import EditMenuText
import Foundation

/// The date scanner's dates written with words: month names (`5 December 2026`, `December 5th`,
/// `5 декабря`), CJK dates (`2026年12月5日`) and relative dates (`tomorrow`, `next Friday`, `in 3 days`).
extension DateScanner {
    // MARK: Month names

    /// `5 December 2026`, `5th of December`, `5. Dezember`, `5 декабря 2026 г.`, `5 de diciembre de 2026`,
    /// and day ranges: `24–26 December 2026`, `12.–14. März 2027`, `8–10 June`.
    func dayMonth(at index: Int, start: Int) -> Match? {
        guard let day = number(index), day.digits <= 2, (1...31).contains(day.value) else { return nil }
        var next = dayEnd(index + 1)
        var lastDay = day.value
        if let range = rangeEnd(at: next), range.day > day.value {
            lastDay = range.day
            next = dayEnd(range.next)
        }
        if let joiner = entry(next), joiner.joins, spaced(next) { next += 1 }
        guard next < tokens.count, spaced(next), let monthEntry = entry(next), let month = monthEntry.month else {
            return nil
        }
        var end = next + 1
        let period = symbol(end) == 0x2E && glued(end)
        if period, tokens[next].length <= 6 { end += 1 }
        var date = DateParts(isRelative: false)
        date.month = month
        date.day = day.value
        end = year(after: end, into: &date)
        guard isValid(year: date.year, month: month, day: lastDay) else { return nil }
        // "5 may be enough": lower-case "may" without a year is the verb.
        if text.isWord(next, "may"), !Scalar.isUpper(text[tokens[next].start]), date.year == nil { return nil }
        // After a day, an abbreviation needs its period or a year ("iPhone 11 Pro" is no Czech December),
        // or a capital when a language writing the month first abbreviates so: English writes both
        // orders ("Jan 15", "15 Jan"), and its abbreviations are no other word.
        if monthEntry.monthIsAbbreviation, !period, date.year == nil,
            !(monthEntry.monthFirstAbbreviation && Scalar.isUpper(text[tokens[next].start]))
        {
            return nil
        }
        resolveYear(&date)
        if lastDay != day.value { date.endDay = lastDay }
        guard freeEnd(end) else { return nil }
        return Match(start: start, end: end, date: date)
    }

    /// After a day number: its ordinal suffix (`5th`) or period (`5.`).
    func dayEnd(_ next: Int) -> Int {
        if next < tokens.count, glued(next), let suffix = entry(next), suffix.ordinalSuffix { return next + 1 }
        if symbol(next) == 0x2E, glued(next) { return next + 1 }
        return next
    }

    /// The end of a day range at token `index`: a dash (`-`, `–`, spaced or not) or, between spaces, one of
    /// ``dayRangeWords`` (`10 to 22 August`, `10. bis 22. Oktober`, `August 10 to 22`), and a day number;
    /// after English "to", optionally "the" before it (`13th to the 15th of July`).
    func rangeEnd(at index: Int) -> (day: Int, next: Int)? {
        guard index + 1 < tokens.count else { return nil }
        var dayIndex = index + 1
        if let dash = symbol(index) {
            guard Scalar.isDash(dash), glued(index) == glued(index + 1) || spaced(index),
                spaced(index + 1) || glued(index + 1)
            else { return nil }
        } else {
            if text.isWord(index + 1, "the"), text.isWord(index, "to"), gap(before: index + 2) == 1 { dayIndex += 1 }
            // The number first: most words after a day are its month, no range word.
            guard number(dayIndex) != nil, gap(before: index) == 1, gap(before: index + 1) == 1,
                tokens[index].kind == .word, Self.dayRangeWords.contains(token: index, in: text),
                // `10 to 11 am` is a range of hours.
                meridiem(at: dayIndex + 1) == nil, entry(dayIndex + 1)?.oClock != true,
                !text.isWord(dayIndex + 1, "h")
            else { return nil }
        }
        guard let day = number(dayIndex), day.digits <= 2, (1...31).contains(day.value) else { return nil }
        // Not a time range or a score: no colon or further digits glued after it.
        if symbol(dayIndex + 1) == 0x3A, glued(dayIndex + 1) { return nil }
        return (day.value, dayIndex + 1)
    }

    /// Before a day, an abbreviation (`Dec`, `set`, `mag`) reads as a month with its period or a year,
    /// or capitalized when its language writes the month first (`Dec 5`): "set 5 items" and "Mag 5"
    /// are no dates, "Set. 5" and "Dec 5" are.
    func abbreviationIsClear(_ entry: DateLexicon.Entry, at index: Int, period: Bool, year: Bool) -> Bool {
        guard entry.monthIsAbbreviation else { return true }
        if period || year || !Scalar.isASCIILetter(text[tokens[index].start]) { return true }
        return entry.monthFirstAbbreviation && Scalar.isUpper(text[tokens[index].start])
    }

    /// `December 5, 2026`, `Dec. 5th`, and day ranges: `March 3-5, 2027`, `Dec 10 - 12, 2026`.
    func monthDay(at index: Int, start: Int) -> Match? {
        guard let monthEntry = entry(index), let month = monthEntry.month else { return nil }
        var next = index + 1
        let period = symbol(next) == 0x2E && glued(next)
        if period, tokens[index].length <= 6 { next += 1 }
        guard next < tokens.count, spaced(next), let day = number(next), day.digits <= 2, (1...31).contains(day.value)
        else {
            return nil
        }
        var end = next + 1
        if end < tokens.count, glued(end), let suffix = entry(end), suffix.ordinalSuffix { end += 1 }
        var lastDay = day.value
        if let range = rangeEnd(at: end), range.day > day.value {
            lastDay = range.day
            end = range.next
            if end < tokens.count, glued(end), let suffix = entry(end), suffix.ordinalSuffix { end += 1 }
        }
        var date = DateParts(isRelative: false)
        date.month = month
        date.day = day.value
        if symbol(end) == 0x2C, let year = number(end + 1), year.digits == 4, spaced(end + 1),
            (1000...2999).contains(year.value)
        {
            date.year = year.value
            end += 2
        } else {
            end = self.year(after: end, into: &date)
        }
        guard isValid(year: date.year, month: month, day: lastDay) else { return nil }
        // "May 5" needs the capital: "may 5" is more often the verb.
        if text.isWord(index, "may"), !Scalar.isUpper(text[tokens[index].start]) { return nil }
        guard abbreviationIsClear(monthEntry, at: index, period: period, year: date.year != nil) else { return nil }
        resolveYear(&date)
        if lastDay != day.value { date.endDay = lastDay }
        guard freeEnd(end) else { return nil }
        return Match(start: start, end: end, date: date)
    }

    /// `2026年12月5日`, `12月5日`, `2026년 12월 5일`: numbers followed by the markers of the long date
    /// format of Chinese, Japanese and Korean (CLDR), glued to what follows as those languages write.
    func cjkDate(at index: Int) -> Match? {
        guard !lexicon.cjkMarkers.isEmpty, let first = number(index) else { return nil }
        func marker(_ token: Int) -> UInt32? {
            guard token < tokens.count, tokens[token].kind == .word, gap(before: token) <= 1 else { return nil }
            return text[tokens[token].start]
        }
        // The first marker (of the year, or of the month) is always a one-scalar word: checked first,
        // as most numbers are followed by anything else.
        guard index + 1 < facts.count, facts[index + 1].kind == .word, facts[index + 1].length == 1,
            let firstMarker = marker(index + 1)
        else { return nil }
        for markers in lexicon.cjkMarkers {
            var date = DateParts(isRelative: false)
            var next = index
            if firstMarker == markers.year {
                guard first.digits == 4, (1000...2999).contains(first.value), tokens[index + 1].length == 1 else {
                    continue
                }
                date.year = first.value
                next = index + 2
                guard next < tokens.count, gap(before: next) <= 1 else { continue }
            }
            guard let month = number(next), (1...12).contains(month.value), month.digits <= 2,
                marker(next + 1) == markers.month, tokens[next + 1].length == 1,
                let day = number(next + 2), gap(before: next + 2) <= 1, (1...31).contains(day.value), day.digits <= 2,
                let written = marker(next + 3),
                // Chinese also writes the day with 号 (號) after a month: 9月3号.
                written == markers.day || markers.day == 0x65E5 && (written == 0x53F7 || written == 0x865F)
            else { continue }
            date.month = month.value
            date.day = day.value
            guard isValid(year: date.year, month: month.value, day: day.value) else { return nil }
            resolveYear(&date)
            let dayMarker = tokens[next + 3].start
            return Match(start: index, end: next + 4, date: date, endOffset: dayMarker + 1)
        }
        return nil
    }

    /// `December 2026`, `Sep. 2026`, `diciembre de 2026`, `декабрь 2026 г.`
    func monthYear(at index: Int) -> Match? {
        guard let month = entry(index)?.month else { return nil }
        var date = DateParts(isRelative: false)
        // An abbreviation's period: `Sep. 2012`, `Dec. 2021`.
        let period = symbol(index + 1) == 0x2E && glued(index + 1) && tokens[index].length <= 6
        let end = year(after: period ? index + 2 : index + 1, into: &date)
        guard date.year != nil, freeEnd(end) else { return nil }
        date.month = month
        return Match(start: index, end: end, date: date)
    }

    /// An optional year after a day and month: ` 2026`, `, 2026`, ` de 2026`, ` 2026 г.`
    func year(after index: Int, into date: inout DateParts) -> Int {
        var next = index
        if symbol(next) == 0x2C { next += 1 }
        if let joiner = entry(next), joiner.joins, spaced(next) { next += 1 }
        // "2 марта в 2001 году": a preposition, the year, and a word that says it is a year.
        var needsMarker = false
        if let word = entry(next), word.introducesTime, spaced(next), tokens[next].length <= 2,
            number(next + 1)?.digits == 4
        {
            next += 1
            needsMarker = true
        }
        guard next < tokens.count, spaced(next), let year = number(next), year.digits == 4,
            (1000...2999).contains(year.value)
        else { return index }
        var end = next + 1
        if end < tokens.count, spaced(end), let marker = entry(end), marker.yearMarker {
            end += 1
            if symbol(end) == 0x2E, glued(end) { end += 1 }
        } else if needsMarker {
            return index
        }
        date.year = year.value
        // A year followed by ":" and digits is a time ("5 May 10:30"), not a year.
        if symbol(end) == 0x3A, glued(end) {
            date.year = nil
            return index
        }
        return end
    }

    // MARK: Relative dates

    func relativeDay(at index: Int, days: Int) -> Match? {
        let word = text.lowercased(tokens[index])
        var start = index
        var total = days
        // "pasado mañana", "après-demain", "avant-hier"
        if index >= 1, let before = self.word(index - 1) {
            if word == "mañana", before == "pasado", spaced(index) {
                start = index - 1
                total = 2
            }
            if word == "mañana", ["la", "por", "esta"].contains(before) { return nil }
            if word == "morgen", ["guten", "am", "den", "jeden", "heute", "einen", "schönen"].contains(before) {
                return nil
            }
        }
        if index >= 2, let before = self.word(index - 2), symbol(index - 1).map(Scalar.isDash) == true, glued(index),
            glued(index - 1)
        {
            if before == "après", word == "demain" {
                start = index - 2
                total = 2
            }
            if before == "avant", word == "hier" {
                start = index - 2
                total = -2
            }
        }
        // German "Morgen" capitalized mid-sentence is the noun (morning).
        if word == "morgen", Scalar.isUpper(text[tokens[index].start]), index > 0, symbol(index - 1) == nil {
            return nil
        }
        var date = DateParts(isRelative: true)
        guard let day = calendar.date(byAdding: .day, value: total, to: referenceDate) else { return nil }
        fill(&date, with: day)
        if word == "tonight" { date.dayPeriod = DateLexicon.DayPeriod.evening.rawValue }
        var match = Match(start: start, end: index + 1, date: date)
        // French "hier" is also German for "here": only with a time, after "avant-", or before a French
        // part of the day ("hier soir", "hier matin"; not German "hier morgen", here tomorrow), which
        // the caller adds.
        if word == "hier", total == -1 {
            let timed = withTime(after: match)
            if timed.date.hasTime {
                match = timed
            } else {
                let next = index + 1
                guard next < tokens.count, spaced(next),
                    ["soir", "matin", "après", "nuit"].contains(where: { text.isWord(next, $0) })
                else { return nil }
            }
        }
        return match
    }

    /// A relative time of CLDR's patterns starting at token `index`: `in 3 hours`, `через 3 часа`,
    /// `dans 30 minutes`, `3 days ago`, `vor 2 Stunden`, `3時間後`.
    func relativeTime(startingAt index: Int) -> Match? {
        let isNumber = tokens[index].kind == .number
        // Every pattern needs the first word of its suffix right after a number of up to three digits,
        // which is what ``TokenFact/relativeTimes`` records: without one, no pattern is worth trying.
        var suffixFollows = false
        for numberIndex in index...(index + (isNumber ? 0 : 3))
        where numberIndex + 1 < facts.count && facts[numberIndex + 1].relativeTimes >= 0 {
            suffixFollows = true
            break
        }
        guard suffixFollows else { return nil }
        for prefixLength in isNumber ? 0...0 : 1...3 {
            let numberIndex = index + prefixLength
            guard numberIndex + 1 < tokens.count, let count = number(numberIndex), count.digits <= 3 else {
                if isNumber { return nil }
                continue
            }
            // The suffix's first word was looked up once per scan (``TokenFact/relativeTimes``).
            let group = Int(facts[numberIndex + 1].relativeTimes)
            guard group >= 0 else { continue }
            for candidate in lexicon.relativeTimeGroups[group] {
                let pattern = lexicon.relativeTimePatterns[candidate]
                guard pattern.prefix.count == prefixLength else { continue }
                var matches = true
                for (offset, word) in pattern.prefix.enumerated() where !tokenIs(index + offset, word) {
                    matches = false
                    break
                }
                guard matches, numberIndex == index || spaced(numberIndex) else { continue }
                for (offset, word) in pattern.suffix.enumerated() {
                    let token = numberIndex + 1 + offset
                    guard tokenIs(token, word), gap(before: token) <= 1 else {
                        matches = false
                        break
                    }
                }
                let end = numberIndex + 1 + pattern.suffix.count
                // "in 24 minutes 30 seconds" is a duration.
                if end < tokens.count, tokens[end].kind == .number, spaced(end) { return nil }
                // "in 2 hours and a half": half an hour more.
                if matches, pattern.unit == .hour, pattern.suffix.count == 1, let half = andAHalf(at: end),
                    let date = resolve(unit: .minute, count: pattern.sign * (count.value * 60 + 30))
                {
                    return Match(start: index, end: half, date: date)
                }
                guard matches, freeEnd(end), let date = resolve(unit: pattern.unit, count: pattern.sign * count.value)
                else { continue }
                return Match(start: index, end: end, date: date)
            }
        }
        return nil
    }

    /// Whether token `index` is the word `word` (lower-case scalars).
    func tokenIs(_ index: Int, _ word: [UInt32]) -> Bool {
        guard index >= 0, index < tokens.count, tokens[index].kind == .word, tokens[index].length == word.count else {
            return false
        }
        var offset = tokens[index].start
        for value in word {
            guard Scalar.lowercased(text[offset]) == value else { return false }
            offset += 1
        }
        return true
    }

    /// `3 days` (after "in", "через", "dans", "en", or before "ago", "назад"), `a week`.
    func span(at index: Int, start: Int, sign: Int = 0) -> Match? {
        guard index < tokens.count, index == start || spaced(index) else { return nil }
        if let half = halfAnHour(at: index) { return spanEnd(half, unit: .minute, count: 30, start: start, sign: sign) }
        var count: Int
        if let value = number(index), value.digits <= 3 {
            count = value.value
        } else if let word = entry(index)?.numberWord {
            count = word
        } else {
            return nil
        }
        guard index + 1 < tokens.count, spaced(index + 1) else { return nil }
        var unit: DateLexicon.Unit
        if let word = entry(index + 1)?.unit {
            unit = word
        } else if sign == 1, glued(index + 1), text.isWord(index + 1, "h"), number(index) != nil {
            // "in 1h", "dans 2h": an hour's symbol glued to its number after "in" ("1h30" is no span: its
            // end is not free).
            unit = .hour
        } else {
            return nil
        }
        var end = index + 2
        if unit == .hour, glued(index + 1), text.isWord(index + 1, "h"), !freeEnd(end) { return nil }
        // "in an hour and a half": half an hour more.
        if unit == .hour, let half = andAHalf(at: end) { (unit, count, end) = (.minute, count * 60 + 30, half) }
        return spanEnd(end, unit: unit, count: count, start: start, sign: sign)
    }

    /// `and a half` after hours (`in 2 hours and a half`): where it ends, from token `index`.
    func andAHalf(at index: Int) -> Int? {
        guard index + 2 < tokens.count, gap(before: index) == 1, text.isWord(index, "and"), gap(before: index + 1) == 1,
            text.isWord(index + 1, "a"), gap(before: index + 2) == 1, text.isWord(index + 2, "half"), freeEnd(index + 3)
        else { return nil }
        return index + 3
    }

    /// `half an hour`, `a half hour`: where it ends, from token `index`.
    private func halfAnHour(at index: Int) -> Int? {
        guard index + 2 < tokens.count, gap(before: index + 1) == 1, gap(before: index + 2) == 1,
            text.isWord(index + 2, "hour")
        else { return nil }
        if text.isWord(index, "half"), text.isWord(index + 1, "an") { return index + 3 }
        if text.isWord(index, "a"), text.isWord(index + 1, "half") { return index + 3 }
        return nil
    }

    /// A span's direction and end after its unit, which ends before token `end`: "ago", "from now".
    private func spanEnd(_ end: Int, unit: DateLexicon.Unit, count: Int, start: Int, sign: Int) -> Match? {
        var end = end
        var direction = sign
        if end < tokens.count, spaced(end), let after = entry(end), after.pastAfter {
            direction = -1
            end += 1
        } else if sign == 0, end + 1 < tokens.count, spaced(end), spaced(end + 1), text.isWord(end, "from"),
            text.isWord(end + 1, "now")
        {
            // English "from now" is "ago"'s future: "3 days from now" is "in 3 days".
            direction = 1
            end += 2
        }
        // "in 24 minutes 30 seconds" is a duration.
        if end < tokens.count, tokens[end].kind == .number, spaced(end) { return nil }
        guard direction != 0, let date = resolve(unit: unit, count: direction * count) else { return nil }
        return Match(start: start, end: end, date: date)
    }
}
