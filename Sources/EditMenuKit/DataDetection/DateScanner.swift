import Foundation

/// Finds dates and times in English, Russian, German, French and Spanish:
///
/// - ISO 8601: `2026-12-05`, `2026-12-05T15:00:00Z`, `2026-12-05 15:00`;
/// - numeric: `05.12.2026`, `5.12.26`, `12/5/2026` (month first unless the first number is over 12),
///   `2026/12/05`;
/// - with month names: `December 5, 2026`, `Dec. 5th`, `5 December 2026`, `5th of December`,
///   `5. Dezember 2026`, `5 декабря 2026 г.`, `le 5 décembre 2026`, `5 de diciembre de 2026`,
///   `December 2026`, optionally after a weekday (`Monday, December 7`);
/// - relative: `today`, `tomorrow`, `завтра`, `übermorgen`, `après-demain`, `pasado mañana`,
///   `next Friday`, `lundi prochain`, `next week`, `in 3 days`, `через 2 недели`, `vor 3 Tagen`,
///   `3 days ago`, weekdays (`Friday`);
/// - times, alone or after a date: `3:00 PM`, `3pm`, `15:30`, `15 Uhr`, `15h30`, `at 9:45`,
///   `a las 10`, `noon`.
///
/// A bare `h:mm` with a one-digit hour ("John 3:16") is only a time after a word like "at" or with
/// a.m./p.m.; a ratio (`16:9`), a lap time (`1:23.456`) or a version (`10.15.7`) never is.
struct DateScanner {
    let text: ScannedText
    let calendar: Calendar
    let referenceDate: Date
    private let lexicon = DateLexicon.shared
    private var tokens: [ScannedText.Token] { text.tokens }

    let numericDateOrder: NumericDateOrder

    /// The reference date's year, month, day and weekday, asked of the calendar once.
    private let today: (year: Int, month: Int, day: Int, weekday: Int)

    init(text: ScannedText, calendar: Calendar, referenceDate: Date, numericDateOrder: NumericDateOrder = .monthFirst) {
        self.text = text
        self.calendar = calendar
        self.referenceDate = referenceDate
        self.numericDateOrder = numericDateOrder
        let components = calendar.dateComponents([.year, .month, .day, .weekday], from: referenceDate)
        today = (components.year ?? 2000, components.month ?? 1, components.day ?? 1, components.weekday ?? 1)
    }

    struct Match {
        var start: Int // token index
        var end: Int // token index, exclusive
        var date: DateParts
        /// Where the match ends when it ends inside token `end - 1` ("5日" of "5日です").
        var endOffset: Int? = nil
    }

    func scan(into found: inout [Candidate]) {
        var index = 0
        // The year of the last date written with one, until the sentence ends: "On 4 June 2015 … then
        // July 9th" is 9 July 2015.
        var sentenceYear: Int?
        var scanned = 0
        while index < tokens.count {
            if var match = match(at: index) {
                let range = tokens[match.start].start..<(match.endOffset ?? tokens[match.end - 1].end)
                if sentenceYear != nil, endsSentence(scanned..<range.lowerBound) { sentenceYear = nil }
                if match.date.yearInferred, !match.date.isRelative, let year = sentenceYear,
                    let month = match.date.month, let day = match.date.endDay ?? match.date.day,
                    isValid(year: year, month: month, day: day)
                {
                    match.date.year = year
                } else if !match.date.isRelative, !match.date.yearInferred, let year = match.date.year,
                    match.date.month != nil
                {
                    sentenceYear = year
                }
                scanned = range.upperBound
                found.append(Candidate(type: .date, range: range, value: .date(match.date.detected)))
                index = match.end
            } else {
                index += 1
            }
        }
    }

    /// Whether `range` holds the end of a sentence: `.`, `!`, `?` (or `。！？`) before a space and a capital
    /// letter — not the period of an ordinal day (`4. Juni`) — or an empty line.
    private func endsSentence(_ range: Range<Int>) -> Bool {
        var newlines = 0
        for offset in range {
            let value = text[offset]
            if Scalar.isNewline(value) {
                newlines += 1
                if newlines >= 2 { return true }
                continue
            }
            if !Scalar.isSpace(value) { newlines = 0 }
            if value == 0x3002 || value == 0xFF01 || value == 0xFF1F { return true }
            guard value == 0x2E || value == 0x21 || value == 0x3F else { continue }
            // "4. Juni": the period of a day number of one or two digits.
            if value == 0x2E, Scalar.isDigit(text[offset - 1]), !Scalar.isDigit(text[offset - 3]) { continue }
            var next = offset + 1
            while Scalar.isSpace(text[next]) || Scalar.isNewline(text[next]) { next += 1 }
            if next > offset + 1, next >= range.upperBound || Scalar.isUpper(text[next]) { return true }
        }
        return false
    }

    // MARK: Token helpers

    private func entry(_ index: Int) -> DateLexicon.Entry? {
        guard index >= 0, index < tokens.count, tokens[index].kind == .word, tokens[index].length <= 14 else {
            return nil
        }
        return lexicon.entries.value(in: text, tokens[index].range)
    }

    private func word(_ index: Int) -> String? {
        guard index >= 0, index < tokens.count, tokens[index].kind == .word else { return nil }
        return text.lowercased(tokens[index])
    }

    private func number(_ index: Int) -> (value: Int, digits: Int)? {
        guard index >= 0, index < tokens.count, tokens[index].kind == .number, tokens[index].length <= 4 else {
            return nil
        }
        var value = 0
        for offset in tokens[index].range { value = value * 10 + Int(text[offset] - 0x30) }
        return (value, tokens[index].length)
    }

    private func symbol(_ index: Int) -> UInt32? {
        guard index >= 0, index < tokens.count, tokens[index].kind == .symbol else { return nil }
        return text[tokens[index].start]
    }

    /// The gap between token `index - 1` and token `index`: 0 = glued, 1 = spaces on one line,
    /// 2 = anything else (a line break, other characters, or no such token).
    private func gap(before index: Int) -> Int {
        guard index > 0, index < tokens.count else { return 2 }
        let from = tokens[index - 1].end
        let to = tokens[index].start
        if from == to { return 0 }
        if to - from > 3 { return 2 }
        for offset in from..<to where !Scalar.isSpace(text[offset]) { return 2 }
        return 1
    }

    private func glued(_ index: Int) -> Bool { gap(before: index) == 0 }
    private func spaced(_ index: Int) -> Bool { gap(before: index) <= 1 }

    /// Whether token `index` stands on its own: not glued to a letter, digit or number punctuation before it.
    private func freeStart(_ index: Int) -> Bool {
        guard index > 0 else { return true }
        if gap(before: index) != 0 { return true }
        let previous = text[tokens[index].start - 1]
        if Scalar.isUnspacedScript(previous) { return true }
        return
            !(Scalar.isWordCharacter(previous) || previous == 0x2E || previous == 0x2F || previous == 0x2D
            || previous == 0x3A || previous == 0x2C || previous == 0x24 || previous == 0x20AC || previous == 0x2B)
    }

    /// Whether what follows token `index - 1` ends an item: not a letter or digit, not more number punctuation.
    private func freeEnd(_ end: Int) -> Bool {
        guard end < tokens.count, glued(end) else { return true }
        let token = tokens[end]
        if Scalar.isUnspacedScript(text[token.start]) { return true }
        if token.kind != .symbol { return false }
        let value = text[token.start]
        if value == 0x2E || value == 0x2F || value == 0x3A || value == 0x2C || Scalar.isDash(value) || value == 0x25 {
            return !(end + 1 < tokens.count && tokens[end + 1].kind == .number && glued(end + 1))
        }
        return true
    }

    // MARK: Matching

    private func match(at index: Int) -> Match? {
        let token = tokens[index]
        guard freeStart(index) else { return nil }
        if token.kind == .number {
            if let match = cjkDate(at: index) { return withTime(after: match) }
            if let match = relativeTime(startingAt: index) { return match }
            if let match = numericDate(at: index) ?? dayMonth(at: index, start: index) ?? span(at: index, start: index)
            {
                return withTime(after: match)
            }
            if let time = time(at: index, introduced: false) { return withDate(after: time) }
            return nil
        }
        guard token.kind == .word else { return nil }
        if self.entry(index) == nil, let match = relativeTime(startingAt: index) { return match }
        // "après-demain", "avant-hier"
        if text.isWord(index, "après") || text.isWord(index, "avant"), let dash = symbol(index + 1),
            Scalar.isDash(dash),
            glued(index + 1), glued(index + 2)
        {
            if text.isWord(index, "après"), text.isWord(index + 2, "demain"), let date = resolve(unit: .day, count: 2) {
                return withTime(after: Match(start: index, end: index + 3, date: date))
            }
            if text.isWord(index, "avant"), text.isWord(index + 2, "hier"), let date = resolve(unit: .day, count: -2) {
                return withTime(after: Match(start: index, end: index + 3, date: date))
            }
        }
        guard let entry = self.entry(index) else { return nil }
        if let weekday = entry.weekday {
            // "Monday, December 7", "lundi 5 décembre", "el lunes 5 de diciembre", "Wed, 02 Oct 2002",
            // "segunda-feira, 7 de dezembro", "Mon 12/07/2026"
            var next = index + 1
            if let dash = symbol(next), Scalar.isDash(dash), glued(next), glued(next + 1),
                self.entry(next + 1)?.weekdaySuffix == true
            {
                next += 2
            }
            let afterName = next
            var punctuated = false
            if symbol(next) == 0x2E, glued(next) {
                next += 1
                punctuated = true
            }
            if symbol(next) == 0x2C {
                next += 1
                punctuated = true
            }
            // An abbreviation ("Mo", "Sat") needs its period or a comma, or a capital and three letters:
            // "on 5 March" is no Danish Wednesday.
            let clear =
                !entry.weekdayIsAbbreviation || punctuated
                || (Scalar.isUpper(text[tokens[index].start]) && tokens[index].length >= 3)
            if clear, next < tokens.count, spaced(next) || (glued(next) && next > afterName) {
                if let match = dayMonth(at: next, start: index) ?? monthDay(at: next, start: index)
                    ?? numericDate(at: next).map({ Match(start: index, end: $0.end, date: $0.date) })
                {
                    return withTime(after: match)
                }
            }
            // An abbreviation ("Mo", "mar") is a weekday only before a date; else it may be a month ("mar 5").
            if entry.weekdayIsAbbreviation {
                return entry.month != nil ? monthDay(at: index, start: index).map(withTime(after:)) : nil
            }
            // "Friday", "lundi prochain", "el lunes pasado"
            var end = index + 1
            var modifier: DateLexicon.Modifier = .this
            if let after = self.entry(end), after.modifierFollows, let m = after.modifier, spaced(end) {
                modifier = m
                end += 1
            }
            if entry.month == nil, let date = resolve(weekday: weekday, modifier: modifier) {
                if end == index + 1, afterName > index + 1 { end = afterName }
                return withTime(after: Match(start: index, end: end, date: date))
            }
        }
        if entry.month != nil, let match = monthDay(at: index, start: index) ?? monthYear(at: index) {
            return withTime(after: match)
        }
        if let days = entry.relativeDay, let match = relativeDay(at: index, days: days) {
            return withTime(after: match)
        }
        if let modifier = entry.modifier, !entry.modifierFollows, index + 1 < tokens.count, spaced(index + 1),
            let after = self.entry(index + 1)
        {
            if let weekday = after.weekday, let date = resolve(weekday: weekday, modifier: modifier) {
                return withTime(after: Match(start: index, end: index + 2, date: date))
            }
            // "next week", "last month"; "last day" is the final day, not yesterday.
            if let unit = after.unit, unit != .day,
                let date = resolve(unit: unit, count: modifier == .next ? 1 : modifier == .last ? -1 : 0)
            {
                return Match(start: index, end: index + 2, date: date)
            }
        }
        if let unit = entry.unit, unit != .day, index + 1 < tokens.count, spaced(index + 1),
            let after = self.entry(index + 1),
            after.modifierFollows, let modifier = after.modifier,
            let date = resolve(unit: unit, count: modifier == .next ? 1 : -1)
        {
            // "la semaine prochaine"
            return Match(start: index, end: index + 2, date: date)
        }
        if let match = relativeTime(startingAt: index) { return match }
        if entry.introducesFuture || entry.pastBefore,
            let match = span(at: index + 1, start: index, sign: entry.pastBefore ? -1 : 1)
        {
            return match
        }
        if entry.introducesTime, let time = introducedTime(at: index) { return withDate(after: time) }
        if entry.numberWord != nil, let match = span(at: index, start: index) { return match }
        return nil
    }

    // MARK: Numeric dates

    /// `2026-12-05[T15:00[:00][Z|±hh:mm]]`, `05.12.2026`, `12/5/2026`, `2026/12/05`, `5.12.26`.
    private func numericDate(at index: Int) -> Match? {
        guard let first = number(index), let separator = symbol(index + 1), glued(index + 1),
            separator == 0x2E || separator == 0x2F || separator == 0x2D,
            let second = number(index + 2), glued(index + 2), second.digits <= 2,
            symbol(index + 3) == separator, glued(index + 3),
            let third = number(index + 4), glued(index + 4)
        else { return nil }
        var date = DateParts(isRelative: false)
        if first.digits == 4 {
            guard third.digits <= 2, (1000...2999).contains(first.value) else { return nil }
            if separator == 0x2E, second.digits != 2 || third.digits != 2 { return nil }
            date.year = first.value
            date.month = second.value
            date.day = third.value
        } else {
            guard first.digits <= 2, third.digits == 4 || third.digits == 2 else { return nil }
            if third.digits == 2, separator == 0x2D { return nil }
            let year = third.digits == 4 ? third.value : expandTwoDigitYear(third.value)
            guard (1000...2999).contains(year) else { return nil }
            date.year = year
            let monthFirst: Bool
            if first.value > 12 {
                monthFirst = false
            } else if second.value > 12 {
                monthFirst = true
            } else {
                monthFirst = separator == 0x2F && numericDateOrder == .monthFirst
            }
            date.month = monthFirst ? first.value : second.value
            date.day = monthFirst ? second.value : first.value
        }
        guard isValid(year: date.year, month: date.month!, day: date.day!) else { return nil }
        var end = index + 5
        // ISO 8601 time: "T15:00…" glued, or " 15:00".
        if first.digits == 4, separator == 0x2D, end < tokens.count {
            if glued(end), let word = word(end), word.hasPrefix("t") {
                if word == "t", let time = clock(at: end + 1, requireGlued: true) {
                    date.hour = time.hour
                    date.minute = time.minute
                    date.second = time.second
                    end = time.end
                    end = zone(at: end, into: &date)
                } else {
                    return nil
                }
            }
        }
        guard freeEnd(end) else { return nil }
        return Match(start: index, end: end, date: date)
    }

    /// An ISO 8601 zone glued after a time: `Z`, `+02:00`, `-0500`.
    private func zone(at index: Int, into date: inout DateParts, requireGlued: Bool = true) -> Int {
        guard index < tokens.count, !requireGlued || glued(index) else { return index }
        if word(index) == "z" {
            date.utcOffset = 0
            return index + 1
        }
        if let sign = symbol(index), sign == 0x2B || Scalar.isDash(sign), let hours = number(index + 1),
            glued(index + 1)
        {
            let direction = sign == 0x2B ? 1 : -1
            if hours.digits == 4 {
                date.utcOffset = direction * ((hours.value / 100) * 3600 + (hours.value % 100) * 60)
                return index + 2
            }
            if hours.digits == 2, symbol(index + 2) == 0x3A, let minutes = number(index + 3), minutes.digits == 2 {
                date.utcOffset = direction * (hours.value * 3600 + minutes.value * 60)
                return index + 4
            }
        }
        return index
    }

    // MARK: Month names

    /// `5 December 2026`, `5th of December`, `5. Dezember`, `5 декабря 2026 г.`, `5 de diciembre de 2026`,
    /// and day ranges: `24–26 December 2026`, `12.–14. März 2027`, `8–10 June`.
    private func dayMonth(at index: Int, start: Int) -> Match? {
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
        // After a day, an abbreviation needs its period or a year: "iPhone 11 Pro" is no Czech December.
        if monthEntry.monthIsAbbreviation, !period, date.year == nil { return nil }
        resolveYear(&date)
        if lastDay != day.value { date.endDay = lastDay }
        guard freeEnd(end) else { return nil }
        return Match(start: start, end: end, date: date)
    }

    /// After a day number: its ordinal suffix (`5th`) or period (`5.`).
    private func dayEnd(_ next: Int) -> Int {
        if next < tokens.count, glued(next), let suffix = entry(next), suffix.ordinalSuffix { return next + 1 }
        if symbol(next) == 0x2E, glued(next) { return next + 1 }
        return next
    }

    /// The end of a day range at token `index`: a dash (`-`, `–`, spaced or not) and a day number.
    private func rangeEnd(at index: Int) -> (day: Int, next: Int)? {
        guard let dash = symbol(index), Scalar.isDash(dash), index + 1 < tokens.count,
            glued(index) == glued(index + 1) || spaced(index), spaced(index + 1) || glued(index + 1),
            let day = number(index + 1), day.digits <= 2, (1...31).contains(day.value)
        else { return nil }
        // Not a time range or a score: no colon or further digits glued after it.
        if symbol(index + 2) == 0x3A, glued(index + 2) { return nil }
        return (day.value, index + 2)
    }

    /// Before a day, an abbreviation (`Dec`, `set`, `mag`) reads as a month with its period or a year,
    /// or capitalized when its language writes the month first (`Dec 5`): "set 5 items" and "Mag 5"
    /// are no dates, "Set. 5" and "Dec 5" are.
    private func abbreviationIsClear(_ entry: DateLexicon.Entry, at index: Int, period: Bool, year: Bool) -> Bool {
        guard entry.monthIsAbbreviation else { return true }
        if period || year || !Scalar.isASCIILetter(text[tokens[index].start]) { return true }
        return entry.monthFirstAbbreviation && Scalar.isUpper(text[tokens[index].start])
    }

    /// `December 5, 2026`, `Dec. 5th`, and day ranges: `March 3-5, 2027`, `Dec 10 - 12, 2026`.
    private func monthDay(at index: Int, start: Int) -> Match? {
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
    private func cjkDate(at index: Int) -> Match? {
        guard !lexicon.cjkMarkers.isEmpty, let first = number(index) else { return nil }
        func marker(_ token: Int) -> UInt32? {
            guard token < tokens.count, tokens[token].kind == .word, gap(before: token) <= 1 else { return nil }
            return text[tokens[token].start]
        }
        guard let firstMarker = marker(index + 1) else { return nil }
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
                marker(next + 3) == markers.day
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

    /// `December 2026`, `diciembre de 2026`, `декабрь 2026 г.`
    private func monthYear(at index: Int) -> Match? {
        guard let month = entry(index)?.month else { return nil }
        var date = DateParts(isRelative: false)
        let end = year(after: index + 1, into: &date)
        guard date.year != nil, freeEnd(end) else { return nil }
        date.month = month
        return Match(start: index, end: end, date: date)
    }

    /// An optional year after a day and month: ` 2026`, `, 2026`, ` de 2026`, ` 2026 г.`
    private func year(after index: Int, into date: inout DateParts) -> Int {
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

    private func relativeDay(at index: Int, days: Int) -> Match? {
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
        var match = Match(start: start, end: index + 1, date: date)
        // French "hier" is also German for "here": only with a time, or after "avant-".
        if word == "hier", total == -1 {
            let timed = withTime(after: match)
            guard timed.date.hasTime else { return nil }
            match = timed
        }
        return match
    }

    /// A relative time of CLDR's patterns starting at token `index`: `in 3 hours`, `через 3 часа`,
    /// `dans 30 minutes`, `3 days ago`, `vor 2 Stunden`, `3時間後`.
    private func relativeTime(startingAt index: Int) -> Match? {
        let isNumber = tokens[index].kind == .number
        for prefixLength in isNumber ? 0...0 : 1...3 {
            let numberIndex = index + prefixLength
            guard numberIndex + 1 < tokens.count, let count = number(numberIndex), count.digits <= 3 else {
                if isNumber { return nil }
                continue
            }
            guard let candidates = lexicon.relativeTimes.value(token: numberIndex + 1, in: text) else { continue }
            for candidate in candidates {
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
                guard matches, freeEnd(end), let date = resolve(unit: pattern.unit, count: pattern.sign * count.value)
                else { continue }
                return Match(start: index, end: end, date: date)
            }
        }
        return nil
    }

    /// Whether token `index` is the word `word` (lower-case scalars).
    private func tokenIs(_ index: Int, _ word: [UInt32]) -> Bool {
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
    private func span(at index: Int, start: Int, sign: Int = 0) -> Match? {
        guard index < tokens.count, index == start || spaced(index) else { return nil }
        let count: Int
        if let value = number(index), value.digits <= 3 {
            count = value.value
        } else if let word = entry(index)?.numberWord {
            count = word
        } else {
            return nil
        }
        guard index + 1 < tokens.count, spaced(index + 1), let unit = entry(index + 1)?.unit else { return nil }
        var end = index + 2
        var direction = sign
        if end < tokens.count, spaced(end), let after = entry(end), after.pastAfter {
            direction = -1
            end += 1
        }
        // "in 24 minutes 30 seconds" is a duration.
        if end < tokens.count, tokens[end].kind == .number, spaced(end) { return nil }
        guard direction != 0, let date = resolve(unit: unit, count: direction * count) else { return nil }
        return Match(start: start, end: end, date: date)
    }

    // MARK: Times

    /// A time after a word that introduces one: "at 5", "um 10 Uhr", "à 15h", "в 15:00", "a las 10".
    private func introducedTime(at index: Int) -> Match? {
        var next = index + 1
        if text.isWord(index, "a") {
            guard text.isWord(next, "las") || text.isWord(next, "la"), spaced(next) else { return nil }
            next += 1
        }
        guard next < tokens.count, spaced(next), let time = time(at: next, introduced: true) else { return nil }
        return Match(start: index, end: time.end, date: time.date)
    }

    /// `3:00 PM`, `3pm`, `15:30`, `15 Uhr`, `15h30`, `15.30 Uhr`; a bare `3` or `3:16` only when `introduced`.
    private func time(at index: Int, introduced: Bool) -> Match? {
        if let fixed = entry(index)?.fixedHour {
            guard introduced else { return nil }
            var date = DateParts(isRelative: false)
            date.hour = fixed
            date.minute = 0
            return Match(start: index, end: index + 1, date: date)
        }
        guard let hour = number(index), hour.digits <= 2, hour.value <= 24 else { return nil }
        var date = DateParts(isRelative: false)
        var end = index + 1
        var minute = 0
        var strong = false
        if let clock = clock(at: index, requireGlued: false) {
            if !introduced, followsDurationWord(index) { return nil }
            minute = clock.minute
            date.second = clock.second
            end = clock.end
            strong = hour.digits == 2
        } else if text.isWord(end, "h"), glued(end) || spaced(end) {
            // French: 15h30, 15 h 30, 15h
            end += 1
            if let minutes = number(end), minutes.digits == 2, minutes.value < 60, spaced(end) {
                minute = minutes.value
                end += 1
            }
            strong = true
        } else if symbol(end) == 0x2E, glued(end), let minutes = number(end + 1), minutes.digits == 2, glued(end + 1),
            minutes.value < 60, end + 2 < tokens.count, spaced(end + 2), entry(end + 2)?.oClock == true
        {
            // German: 15.30 Uhr
            minute = minutes.value
            end += 2
        }
        var hourValue = hour.value
        if let meridiem = meridiem(at: end) {
            guard hourValue >= 1, hourValue <= 12 else { return nil }
            hourValue = hourValue % 12 + meridiem.offset
            end = meridiem.end
            strong = true
        } else if end < tokens.count, spaced(end), entry(end)?.oClock == true {
            end += 1
            strong = true
        }
        guard hourValue <= 23 || (hourValue == 24 && minute == 0) else { return nil }
        // A time zone makes "9:30 GMT+2" a time; after a bare hour ("at 5 UTC") it is read only once the
        // hour is one.
        let zoneEnd = end > index + 1 ? timeZone(after: end, into: &date) : nil
        if let zoneEnd, zoneEnd > end { strong = true }
        guard strong || (introduced && hour.value <= 23) else { return nil }
        // A bare hour ("at 5") is not one when a word follows that is not about time ("at 5 stores").
        if !strong, end == index + 1, end < tokens.count, tokens[end].kind == .word, spaced(end) {
            guard let next = entry(end),
                next.relativeDay != nil || (next.weekday != nil && !next.weekdayIsAbbreviation) || next.joins
                    || next.fixedHour != nil
            else { return nil }
            // "from 3 June": a day, not 3 o'clock.
            if next.month != nil { return nil }
        }
        guard freeEnd(end) else { return nil }
        date.hour = hourValue % 24
        date.minute = minute
        end = zoneEnd ?? timeZone(after: end, into: &date)
        return Match(start: index, end: end, date: date)
    }

    /// A time zone after a time: `UTC`, `GMT+2`, `UTC+01:00`, `+0200`, `-05:00`, or an abbreviation
    /// in capitals from CLDR (`PST`, `CET`, `PT`; a generic one takes its zone's offset on that date).
    private func timeZone(after end: Int, into date: inout DateParts) -> Int {
        guard end < tokens.count, spaced(end) else { return end }
        var next = end
        var offset: Int?
        if tokens[next].kind == .word, tokens[next].length <= 5,
            tokens[next].range.allSatisfy({ Scalar.isUpperASCII(text[$0]) })
        {
            let name = text.string(tokens[next].range)
            if name == "UTC" || name == "GMT" || name == "Z" {
                offset = 0
            } else if let zone = lexicon.zones[name] {
                switch zone {
                case .fixed(let seconds): offset = seconds
                case .named(let identifier):
                    offset = TimeZone(identifier: identifier)?.secondsFromGMT(for: referenceDate)
                }
            } else {
                return end
            }
            next += 1
            // "GMT+2", "UTC+01:00"
            if offset == 0, let sign = symbol(next), sign == 0x2B || Scalar.isDash(sign), glued(next),
                let hours = number(next + 1), glued(next + 1), hours.digits <= 2 || hours.digits == 4
            {
                var zoned = DateParts(isRelative: false)
                if hours.digits <= 2, hours.value <= 14 {
                    var minutes = 0
                    var after = next + 2
                    if symbol(after) == 0x3A, glued(after), let m = number(after + 1), m.digits == 2, glued(after + 1) {
                        minutes = m.value
                        after += 2
                    }
                    offset = (sign == 0x2B ? 1 : -1) * (hours.value * 3600 + minutes * 60)
                    next = after
                } else {
                    let after = zone(at: next, into: &zoned)
                    if after > next, let seconds = zoned.utcOffset {
                        offset = seconds
                        next = after
                    }
                }
            }
        } else if let sign = symbol(next), sign == 0x2B || Scalar.isDash(sign) {
            var zoned = DateParts(isRelative: false)
            let after = zone(at: next, into: &zoned, requireGlued: false)
            guard after > next, let seconds = zoned.utcOffset else { return end }
            offset = seconds
            next = after
        }
        guard let offset, abs(offset) <= 14 * 3600, freeEnd(next) else { return end }
        date.utcOffset = offset
        return next
    }

    /// Words after which `12:34` is a duration, not a time of day.
    static let durationWords = ScalarLexicon(words: [
        "length", "duration", "runtime", "took", "lasted", "lap", "time", "elapsed", "dauer", "laufzeit",
        "длительность", "продолжительность", "durée", "duración", "tiempo",
    ])

    private func followsDurationWord(_ index: Int) -> Bool {
        var back = index - 1
        if symbol(back) == 0x3A { back -= 1 }
        return Self.durationWords.contains(token: back, in: text)
    }

    /// `h:mm[:ss]` from the hour token at `index`.
    private func clock(at index: Int, requireGlued: Bool) -> (hour: Int, minute: Int, second: Int?, end: Int)? {
        guard let hour = number(index), hour.digits <= 2, hour.value <= 24, !requireGlued || glued(index),
            symbol(index + 1) == 0x3A, glued(index + 1), let minute = number(index + 2), glued(index + 2),
            minute.digits == 2, minute.value < 60
        else { return nil }
        var end = index + 3
        var second: Int?
        if symbol(end) == 0x3A, glued(end), let seconds = number(end + 1), glued(end + 1), seconds.digits == 2,
            seconds.value < 61
        {
            second = seconds.value
            end += 2
            // fractions of a second
            if symbol(end) == 0x2E, glued(end), number(end + 1) != nil, glued(end + 1) { end += 2 }
        }
        return (hour.value, minute.value, second, end)
    }

    /// `am`, `PM`, `a.m.`, `p.m.` at token `index` (glued or after a space).
    private func meridiem(at index: Int) -> (offset: Int, end: Int)? {
        guard index < tokens.count, spaced(index), tokens[index].kind == .word, tokens[index].length <= 2 else {
            return nil
        }
        if let offset = entry(index)?.meridiem { return (offset, index + 1) }
        let isA = text.isWord(index, "a")
        if isA || text.isWord(index, "p"), symbol(index + 1) == 0x2E, glued(index + 1), text.isWord(index + 2, "m"),
            glued(index + 2)
        {
            var end = index + 3
            if symbol(end) == 0x2E, glued(end) { end += 1 }
            return (isA ? 0 : 12, end)
        }
        return nil
    }

    /// A date followed by a time: "December 5, 2026 at 3:00 PM", "завтра в 15:00", "05.12.2026, 14:30".
    private func withTime(after match: Match) -> Match {
        var next = match.end
        guard next < tokens.count, !match.date.hasTime, match.endOffset == nil else { return match }
        if let comma = symbol(next), comma == 0x2C || Scalar.isDash(comma) { next += 1 }
        guard next < tokens.count, spaced(next) || glued(next) && next > match.end else { return match }
        if let introducer = entry(next), introducer.introducesTime, let time = introducedTime(at: next) {
            return merge(match, time)
        }
        if let time = time(at: next, introduced: false) { return merge(match, time) }
        return match
    }

    /// A time followed by a date: "3 PM on Friday", "15:00, 5 декабря".
    private func withDate(after time: Match) -> Match {
        var next = time.end
        if let comma = symbol(next), comma == 0x2C { next += 1 }
        if ["on", "am", "le", "el"].contains(where: { text.isWord(next, $0) }), spaced(next) { next += 1 }
        guard next < tokens.count, spaced(next), freeStart(next) else { return time }
        let date: Match?
        if tokens[next].kind == .number {
            date = numericDate(at: next) ?? dayMonth(at: next, start: next)
        } else if let entry = entry(next), entry.month != nil || entry.weekday != nil || entry.relativeDay != nil {
            date = match(at: next)
        } else {
            date = nil
        }
        guard let date, !date.date.hasTime else { return time }
        return merge(date, time, start: time.start)
    }

    private func merge(_ date: Match, _ time: Match, start: Int? = nil) -> Match {
        // A time belongs to a day: "June 2019" at 3:00 is no ISO 8601 value.
        guard date.date.day != nil else { return start == nil ? date : time }
        var merged = date.date
        merged.hour = time.date.hour
        merged.minute = time.date.minute
        merged.second = time.date.second
        merged.utcOffset = time.date.utcOffset
        return Match(start: start ?? date.start, end: max(date.end, time.end), date: merged)
    }

    // MARK: Resolution

    private func isValid(year: Int?, month: Int, day: Int) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        let lengths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        if month == 2, day == 29, let year {
            return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        }
        return day <= lengths[month - 1]
    }

    /// A two-digit year within 80 years before and 20 after the reference date's year (`79` → 1979,
    /// `30` → 2030 in 2026), as date parsers usually pivot.
    private func expandTwoDigitYear(_ value: Int) -> Int {
        let reference = today.year
        var year = reference - reference % 100 + value
        if year > reference + 20 { year -= 100 } else if year <= reference - 80 { year += 100 }
        return year
    }

    /// A date without a year is the next one on or after the reference date.
    private func resolveYear(_ date: inout DateParts) {
        guard date.year == nil, let month = date.month, let day = date.day else { return }
        date.yearInferred = true
        let (year, thisMonth, thisDay) = (today.year, today.month, today.day)
        var candidate = (month, day) < (thisMonth, thisDay) ? year + 1 : year
        if month == 2, day == 29 { while !isValid(year: candidate, month: 2, day: 29) { candidate += 1 } }
        date.year = candidate
    }

    private func fill(_ date: inout DateParts, with day: Date) {
        let components = calendar.dateComponents([.year, .month, .day], from: day)
        date.year = components.year
        date.month = components.month
        date.day = components.day
    }

    private func resolve(weekday: Int, modifier: DateLexicon.Modifier) -> DateParts? {
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

    private func resolve(unit: DateLexicon.Unit, count: Int) -> DateParts? {
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

/// A date while it is being parsed: ``DetectedDate``'s fields packed in 16 bits each, so that the
/// scanner's many tentative matches are cheap to pass around.
struct DateParts {
    private static let none: Int16 = .min
    private var storage:
        (
            year: Int16, month: Int16, day: Int16, hour: Int16, minute: Int16, second: Int16,
            offsetMinutes: Int16, endDay: Int16
        ) = (none, none, none, none, none, none, none, none)
    var isRelative: Bool
    /// Whether ``year`` was not written but taken as the next such day on or after the reference date.
    var yearInferred = false

    init(isRelative: Bool) { self.isRelative = isRelative }

    private static func get(_ value: Int16) -> Int? { value == none ? nil : Int(value) }
    private static func set(_ value: Int?) -> Int16 { value.map { Int16(clamping: $0) } ?? none }

    var year: Int? {
        get { Self.get(storage.year) }
        set { storage.year = Self.set(newValue) }
    }
    var month: Int? {
        get { Self.get(storage.month) }
        set { storage.month = Self.set(newValue) }
    }
    var day: Int? {
        get { Self.get(storage.day) }
        set { storage.day = Self.set(newValue) }
    }
    var hour: Int? {
        get { Self.get(storage.hour) }
        set { storage.hour = Self.set(newValue) }
    }
    var minute: Int? {
        get { Self.get(storage.minute) }
        set { storage.minute = Self.set(newValue) }
    }
    var second: Int? {
        get { Self.get(storage.second) }
        set { storage.second = Self.set(newValue) }
    }
    /// The UTC offset in seconds (whole minutes).
    var utcOffset: Int? {
        get { Self.get(storage.offsetMinutes).map { $0 * 60 } }
        set { storage.offsetMinutes = Self.set(newValue.map { $0 / 60 }) }
    }
    /// The last day of a day range ("March 3-5": 5), in the same month and year.
    var endDay: Int? {
        get { Self.get(storage.endDay) }
        set { storage.endDay = Self.set(newValue) }
    }
    var hasTime: Bool { storage.hour != Self.none }

    var detected: DetectedDate {
        var date = DetectedDate(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            utcOffset: utcOffset, isRelative: isRelative)
        if let endDay {
            date.endYear = year
            date.endMonth = month
            date.endDay = endDay
        }
        return date
    }
}
