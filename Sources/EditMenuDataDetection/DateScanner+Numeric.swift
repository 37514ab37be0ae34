@_spi(Inlinable) import EditMenuText
import Foundation

/// The date scanner's dates and times written in digits: ISO 8601 and numeric dates with their UTC
/// offsets, clock times (`3:00 PM`, `15h30`, `15 Uhr`) and how a time joins a date before or after it.
extension DateScanner {
    // MARK: Numeric dates

    /// `2026-12-05[T15:00[:00][Z|±hh:mm]]`, `05.12.2026`, `12/5/2026`, `2026/12/05`, `5.12.26`.
    func numericDate(at index: Int) -> Match? {
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
            (date.month, date.day) = monthAndDay(first.value, second.value, separator: separator)
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
    func zone(at index: Int, into date: inout DateParts, requireGlued: Bool = true) -> Int {
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

    // MARK: Times

    /// A time after a word that introduces one: "at 5", "um 10 Uhr", "à 15h", "в 15:00", "a las 10".
    func introducedTime(at index: Int) -> Match? {
        var next = index + 1
        if text.isWord(index, "a") {
            guard text.isWord(next, "las") || text.isWord(next, "la"), spaced(next) else { return nil }
            next += 1
        }
        guard next < tokens.count, spaced(next),
            let time = timeRange(at: next, introduced: true) ?? minutesFromHour(at: next, introduced: true)
                ?? time(at: next, introduced: true)
        else { return nil }
        // Italian "alle" is also German "all": "alle 6:00" is a time, "alle 3" may be three people.
        if time.end == next + 1, time.date.endHour == nil, text.isWord(index, "alle") || text.isWord(index, "dalle") {
            return nil
        }
        return Match(start: index, end: time.end, date: time.date)
    }

    /// A time after `@` written as "at" (`@ 3:20`, `@ 10`, `@ 2-4pm`), with a space on either side (an
    /// address or a handle has none), from the `@` at token `index`.
    func timeAfterAtSign(at index: Int) -> Match? {
        guard gap(before: index) == 1, gap(before: index + 1) == 1, tokens[index + 1].kind == .number,
            let time = timeRange(at: index + 1, introduced: true) ?? time(at: index + 1, introduced: true)
        else { return nil }
        return Match(start: index, end: time.end, date: time.date)
    }

    /// The month and the day of two numbers written `first`, `separator`, `second`: a number above 12 is
    /// the day; otherwise a slash reads in the locale's order (``numericDateOrder``) and any other
    /// separator (`.`, `-`) puts the day first.
    func monthAndDay(_ first: Int, _ second: Int, separator: UInt32) -> (month: Int, day: Int) {
        let monthFirst: Bool
        if first > 12 {
            monthFirst = false
        } else if second > 12 {
            monthFirst = true
        } else {
            monthFirst = separator == 0x2F && numericDateOrder == .monthFirst
        }
        return monthFirst ? (first, second) : (second, first)
    }

    /// "at" in the languages that write a day and month with a slash before it: `4/25 at 4pm`,
    /// `le 2/3 à 5h`, `il 2/3 alle 17:00`, `dia 2/3 às 17h`.
    static let slashDayAtWords: [StaticString] = ["at", "à", "alle", "às"]

    /// `4/25 at 4:00pm`, `25/4 @ 16h00`, `le 2/3 à 5h`: a month and a day written with a slash (in the
    /// order of the locale, as ``numericDate(at:)`` reads them) followed by "at" (``slashDayAtWords``) or
    /// `@` and a time that is one on its own (minutes, am or pm, `h`, o'clock). Without that time,
    /// `4/25` is as often a fraction or a score ("4/25 at home"), and stays none.
    func slashDayBeforeTime(at index: Int) -> Match? {
        guard let first = number(index), first.digits <= 2, symbol(index + 1) == 0x2F, glued(index + 1),
            let second = number(index + 2), glued(index + 2), second.digits <= 2, index + 4 < tokens.count,
            gap(before: index + 3) == 1,
            Self.slashDayAtWords.contains(where: { text.isWord(index + 3, $0) }) || symbol(index + 3) == 0x40,
            gap(before: index + 4) == 1,
            let time = time(at: index + 4, introduced: false)
        else { return nil }
        var date = DateParts(isRelative: false)
        (date.month, date.day) = monthAndDay(first.value, second.value, separator: 0x2F)
        guard isValid(year: nil, month: date.month!, day: date.day!) else { return nil }
        resolveYear(&date)
        return merge(Match(start: index, end: index + 3, date: date), time)
    }

    /// `3:00 PM`, `3pm`, `15:30`, `15 Uhr`, `15h30`, `15.30 Uhr`; a bare `3` or `3:16` only when `introduced`.
    func time(at index: Int, introduced: Bool) -> Match? {
        // Not introduced, only a number is a time ("noon" needs "at"), and only with something after
        // it that makes it one: `:` (`15:30`), `.` (`15.30 Uhr`), `h`, `p` (`3 p.m.`) or a lexicon word
        // (`pm`, `Uhr`). A bare hour is one only when introduced. Checked first, from the token facts,
        // as most numbers are followed by anything else.
        if !introduced {
            guard number(index) != nil, index + 1 < facts.count else { return nil }
            let next = facts[index + 1]
            switch next.kind {
            case .number: return nil
            case .word: guard next.value >= 0 || next.length == 1 else { return nil }
            case .symbol:
                // `15:30` needs the minutes after the colon, `15.30 Uhr` the minutes and a lexicon word.
                guard index + 2 < facts.count, facts[index + 2].kind == .number else { return nil }
                if next.value == 0x2E {
                    guard index + 3 < facts.count, facts[index + 3].kind == .word, facts[index + 3].value >= 0 else {
                        return nil
                    }
                } else if next.value != 0x3A {
                    return nil
                }
            }
        }
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
        } else if let french = frenchMinutes(at: end) {
            minute = french.minute
            end = french.end
            strong = true
        } else if symbol(end) == 0x2E, glued(end), let minutes = number(end + 1), minutes.digits == 2, glued(end + 1),
            minutes.value < 60, end + 2 < tokens.count,
            spaced(end + 2) && entry(end + 2)?.oClock == true
                || hour.value <= 12 && meridiem(at: end + 2) != nil
                    && !(text.isWord(end + 2, "am") && !Scalar.isUpper(text[tokens[end + 2].start]) && !glued(end + 2))
        {
            // German: 15.30 Uhr; British: 9.30am, 3.15 pm, 9.30 a.m. (the meridiem read below). A spaced
            // lower-case "am" after a period's digits is German "on the" after a price ("3.30 am
            // Automaten", "4.20 am Tag"): no time.
            minute = minutes.value
            end += 2
        }
        var hourValue = hour.value
        // "a las 10 y media", "às 3 e meia", "alle 3 e mezza", "à 10h et demie", "a las 12 menos cuarto":
        // after an introduced hour or one with `h`, not a bare number ("5 y cuarto" may be counts).
        if minute == 0, introduced || strong && frenchMinutes(at: index + 1) != nil,
            let part = romancePartOfHour(at: end), (1...24).contains(hourValue)
        {
            (hourValue, minute) = Self.time(part.minutes, pastTheHour: hourValue)
            end = part.end
            strong = true
        }
        var twelveHour = Self.isTwelveHour(hour)
        if let period = hourPeriod(at: end, introduced: introduced), let moved = Self.hour(hourValue, in: period.period)
        {
            // "8 in the evening", "8 am Abend" (before "am" is read as a.m.)
            hourValue = moved
            end = period.end
            strong = true
            twelveHour = false
        } else if let meridiem = meridiem(at: end) {
            guard hourValue >= 1, hourValue <= 12 else { return nil }
            hourValue = hourValue % 12 + meridiem.offset
            end = meridiem.end
            strong = true
            twelveHour = false
        } else if end < tokens.count, spaced(end), entry(end)?.oClock == true || introduced && isHoursWord(end) {
            // `15 Uhr`; after "à", "в", "a las": `8 heures`, `8 часов`, `8 horas` (else a duration)
            let isHours = entry(end)?.oClock != true
            end += 1
            strong = true
            if let period = hourPeriod(at: end, introduced: introduced),
                let moved = Self.hour(hourValue, in: period.period)
            {
                // "8 Uhr abends", "8 heures du soir", "в 8 часов вечера"
                hourValue = moved
                end = period.end
                twelveHour = false
            } else if !isHours, minute == 0, (1...12).contains(hourValue), !text.isWord(end - 1, "uhr"),
                let meridiem = meridiem(at: end)
            {
                // "3 o'clock pm" (German "3 Uhr am Montag" is on Monday)
                hourValue = hourValue % 12 + meridiem.offset
                end = meridiem.end
                twelveHour = false
            } else if isHours, text.isWord(end, "de") || text.isWord(end, "du") || text.isWord(end, "des") {
                // "à 3 heures de Paris", "à 2 heures de route": how far, not when.
                return nil
            } else if minute == 0, isHours, let part = romancePartOfHour(at: end) {
                // "à 10 heures et demie", "a las 3 horas y cuarto"
                (hourValue, minute) = Self.time(part.minutes, pastTheHour: hourValue)
                end = part.end
            } else if minute == 0, isHours || text.isWord(end - 1, "uhr"), let minutes = number(end),
                minutes.digits == 2, minutes.value < 60, spaced(end), freeEnd(end + 1)
            {
                // French "15 heures 30", German "15 Uhr 30" (not English: "at 8 o'clock 30 people")
                minute = minutes.value
                end += 1
            }
        }
        guard hourValue <= 23 || (hourValue == 24 && minute == 0) else { return nil }
        // A time zone makes "9:30 GMT+2" a time; after a bare hour ("at 5 UTC") it is read only once the
        // hour is one.
        let zoneEnd = end > index + 1 ? timeZone(after: end, into: &date) : nil
        if let zoneEnd, zoneEnd > end { strong = true }
        guard strong || (introduced && hour.value <= 23) else { return nil }
        // "at 8 GMT", "at 5 EST": a zone of three letters or more after an introduced bare hour makes it
        // one ("at 5 PT" may be physical therapy).
        var zoned = DateParts(isRelative: false)
        if !strong, end == index + 1, end < tokens.count, tokens[end].kind == .word, facts[end].length >= 3,
            timeZone(after: end, into: &zoned) > end
        {
            strong = true
        }
        // A bare hour ("at 5") is not one when a word follows that is not about time ("at 5 stores").
        if !strong, end == index + 1, end < tokens.count, tokens[end].kind == .word, spaced(end) {
            guard let next = entry(end),
                next.relativeDay != nil || (next.weekday != nil && !next.weekdayIsAbbreviation) || next.joins
                    || next.fixedHour != nil
            else { return nil }
            // "from 3 June": a day, not 3 o'clock.
            if next.month != nil { return nil }
        }
        // "bis 15. August": a day with its period, not 15 o'clock.
        if !strong, end == index + 1, symbol(end) == 0x2E, glued(end), spaced(end + 1), entry(end + 1)?.month != nil {
            return nil
        }
        guard freeEnd(end) else { return nil }
        date.hour = hourValue % 24
        date.minute = minute
        date.hourIsTwelveHour = twelveHour
        end = zoneEnd ?? timeZone(after: end, into: &date)
        return Match(start: index, end: end, date: date)
    }

    /// Whether token `index` is the word for hours French, Russian, Spanish and Portuguese write after
    /// an hour of the clock: `heure(s)`, `час(а, ов)`, `hora(s)`.
    func isHoursWord(_ index: Int) -> Bool {
        guard entry(index)?.unit == .hour else { return false }
        return text.isWord(index, "heure") || text.isWord(index, "heures") || text.isWord(index, "час")
            || text.isWord(index, "часа") || text.isWord(index, "часов") || text.isWord(index, "hora")
            || text.isWord(index, "horas")
    }

    /// French hours' `h` at token `index` and the minutes after it (`15h30`, `15 h 30`, `15h`): the minutes
    /// (0 when none) and where they end; `nil` when no `h` is there.
    func frenchMinutes(at index: Int) -> (minute: Int, end: Int)? {
        guard text.isWord(index, "h"), glued(index) || spaced(index) else { return nil }
        if let minutes = number(index + 1), minutes.digits == 2, minutes.value < 60, spaced(index + 1) {
            return (minutes.value, index + 2)
        }
        return (0, index + 1)
    }

    /// A time zone after a time: `UTC`, `GMT+2`, `UTC+01:00`, `+0200`, `-05:00` (`utc` and `gmt` in
    /// any case), or an abbreviation in capitals from CLDR (`PST`, `CET`, `PT`; a generic one takes its
    /// zone's offset on that date).
    func timeZone(after end: Int, into date: inout DateParts) -> Int {
        guard end < tokens.count, spaced(end) else { return end }
        var next = end
        var offset: Int?
        if tokens[next].kind == .word, tokens[next].length <= 5,
            tokens[next].range.allSatisfy({ Scalar.isUpperASCII(text[$0]) })
                // "gmt" and "utc" are no word of any language in lower case either ("est", "cet" are).
                || text.isWord(next, "gmt") || text.isWord(next, "utc")
        {
            // The token is all ASCII capitals, so comparing it lower-cased is comparing it as written.
            if text.isWord(next, "utc") || text.isWord(next, "gmt") || text.isWord(next, "z") {
                offset = 0
            } else if let position = lexicon.zoneIndex.value(token: next, in: text) {
                let zone = lexicon.zoneValues[Int(position)]
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

    func followsDurationWord(_ index: Int) -> Bool {
        var back = index - 1
        if symbol(back) == 0x3A { back -= 1 }
        return Self.durationWords.contains(token: back, in: text)
    }

    /// `h:mm[:ss]` from the hour token at `index`.
    func clock(at index: Int, requireGlued: Bool) -> (hour: Int, minute: Int, second: Int?, end: Int)? {
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
    func meridiem(at index: Int) -> (offset: Int, end: Int)? {
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
    func withTime(after match: Match) -> Match {
        var next = match.end
        guard next < tokens.count, !match.date.hasTime, match.endOffset == nil else { return match }
        if let comma = symbol(next), comma == 0x2C || Scalar.isDash(comma) { next += 1 }
        guard next < tokens.count, spaced(next) || glued(next) && next > match.end else { return match }
        // "tonight @ 3:20", "this morning @ 10": `@` between spaces is "at".
        if symbol(next) == 0x40, let time = timeAfterAtSign(at: next) { return merge(match, time) }
        if let word = entry(next) {
            if let noon = noonAfterDay(match) { return noon }
            if word.introducesTime, let time = introducedTime(at: next) { return merge(match, time) }
            if let range = betweenTimes(at: next) { return merge(match, range) }
            // French, Spanish and Portuguese "de" is "from" before a range of times: "le 5 mars de 9h30 à 11h".
            // (Only a range: "5 de marzo de 2026" is a year, read before.)
            if word.joins, text.isWord(next, "de"), next + 1 < tokens.count, spaced(next + 1),
                let range = timeRange(at: next + 1, introduced: true)
            {
                return merge(match, range)
            }
            return match
        }
        // Not introduced, a time starts with a number of up to four digits (``time(at:introduced:)``
        // reads a word, "noon", only after "at"): anything else is no time, without asking.
        guard number(next) != nil, next + 1 < tokens.count else { return match }
        // A CJK time after a relative day or weekday written as a word of its own: `明日 10時から12時まで`.
        if facts[next + 1].kind == .word, Self.isCJKHourMarker(text[tokens[next + 1].start]),
            let time = cjkTime(at: next).map({ cjkTimeRange(after: $0) ?? $0 }), time.start == next
        {
            var merged = merge(match, time)
            merged.endOffset = time.endOffset
            return merged
        }
        if let time = timeRange(at: next, introduced: false) ?? time(at: next, introduced: false) {
            return merge(match, time)
        }
        // After a whole day, `h:mm` is its time ("Jan 1 2025, 9:30"), as after "at": no verse or ratio
        // follows a day.
        if match.date.day != nil, clock(at: next, requireGlued: false) != nil,
            let time = time(at: next, introduced: true)
        {
            return merge(match, time)
        }
        return match
    }

    /// A time followed by a date: "3 PM on Friday", "15:00, 5 декабря".
    func withDate(after time: Match) -> Match {
        var next = time.end
        if let comma = symbol(next), comma == 0x2C { next += 1 }
        if joinsTimeToDay(next), spaced(next) {
            next += 1
            // "3pm on the 15th" (``onTheDay(at:)``).
            let day = text.isWord(next, "the") ? next + 1 : next
            if text.isWord(next - 1, "on"), let date = onTheDay(at: day), date.start == next - 1, !date.date.hasTime {
                return merge(date, time, start: time.start)
            }
        }
        guard next < tokens.count, spaced(next), freeStart(next) else { return time }
        let date: Match?
        if tokens[next].kind == .number {
            date = numericDate(at: next) ?? dayMonth(at: next, start: next)
        } else if namesDay(next) {
            date = match(at: next)
        } else {
            date = nil
        }
        guard let date, !date.date.hasTime else { return time }
        return merge(date, time, start: time.start)
    }

    /// Whether token `index` is the word between a time and its day: `on`, `am`, `le`, `el`.
    func joinsTimeToDay(_ index: Int) -> Bool {
        text.isWord(index, "on") || text.isWord(index, "am") || text.isWord(index, "le") || text.isWord(index, "el")
    }

    /// Whether token `index` is a word that names a day: a month, a weekday or a relative day.
    func namesDay(_ index: Int) -> Bool {
        guard let entry = entry(index) else { return false }
        return entry.month != nil || entry.weekday != nil || entry.relativeDay != nil
    }

    func merge(_ date: Match, _ time: Match, start: Int? = nil) -> Match {
        // A time belongs to a day: "June 2019" at 3:00 is no ISO 8601 value.
        guard date.date.day != nil else { return start == nil ? date : time }
        var merged = date.date
        merged.hour = time.date.hour
        merged.minute = time.date.minute
        merged.second = time.date.second
        merged.utcOffset = time.date.utcOffset
        merged.endHour = time.date.endHour
        merged.endMinute = time.date.endMinute
        // "tomorrow evening at 7", "at 8 tonight": the day's part of the day puts a twelve-hour clock's
        // hours in it (a range only when it stays in order).
        if let period = date.date.dayPeriod, time.date.hourIsTwelveHour, let hour = time.date.hour,
            let moved = Self.hour(hour, in: period)
        {
            let movedEnd = time.date.endHour.map { Self.hour($0, in: period) ?? $0 }
            if movedEnd.map({ moved * 60 + (merged.minute ?? 0) < $0 * 60 + (merged.endMinute ?? 0) }) ?? true {
                merged.hour = moved
                merged.endHour = movedEnd
            }
        }
        return Match(start: start ?? date.start, end: max(date.end, time.end), date: merged)
    }
}
