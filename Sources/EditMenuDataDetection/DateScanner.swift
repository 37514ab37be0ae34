@_spi(Inlinable) import EditMenuText
import Foundation

/// Finds dates and times in the 24 shipped languages (names from CLDR, ``DateLexicon``), for example:
///
/// - ISO 8601: `2026-12-05`, `2026-12-05T15:00:00Z`, `2026-12-05 15:00`;
/// - numeric: `05.12.2026`, `5.12.26`, `12/5/2026` (month first unless the first number is over 12),
///   `2026/12/05`;
/// - with month names: `December 5, 2026`, `Dec. 5th`, `5 December 2026`, `5th of December`,
///   `5. Dezember 2026`, `5 декабря 2026 г.`, `le 5 décembre 2026`, `5 de diciembre de 2026`,
///   `December 2026`, optionally after a weekday (`Monday, December 7`); a weekday with a day alone
///   (`Tuesday the 19th`); English ordinal words (`the first of March`, `June twenty-first`);
/// - relative: `today`, `tomorrow`, `завтра`, `übermorgen`, `après-demain`, `pasado mañana`,
///   `the day after tomorrow`, `next Friday`, `lundi prochain`, `next week`, `in 3 days`, `через 2 недели`, `vor 3 Tagen`,
///   `3 days ago`, weekdays (`Friday`);
/// - times, alone or after a date: `3:00 PM`, `3pm`, `15:30`, `15 Uhr`, `15h30`, `at 9:45`,
///   `a las 10`, `noon`; ranges of times (`9:00–11:00`, `from 2 to 4 pm`); with CJK hour and minute markers: `午後3時`, `10時30分`, `下午3点`, `오후 3시 30분`,
///   and after a CJK date (`2026年3月5日10時30分`, `3月5日 14:00`);
/// - any of these with full-width digits (`２０２６年３月５日`), as the detector folds them.
///
/// A bare `h:mm` with a one-digit hour ("John 3:16") is only a time after a word like "at" or with
/// a.m./p.m.; a ratio (`16:9`), a lap time (`1:23.456`) or a version (`10.15.7`) never is.
struct DateScanner {
    let text: ScannedText
    let calendar: Calendar
    let referenceDate: Date
    let lexicon = DateLexicon.shared
    let tokens: [ScannedText.Token]

    let numericDateOrder: NumericDateOrder
    /// ``resolve(unit:count:)``'s answers so far.
    let resolved = Resolved()

    /// The reference date's year, month, day and weekday, asked of the calendar once.
    let today: (year: Int, month: Int, day: Int, weekday: Int)

    init(text: ScannedText, calendar: Calendar, referenceDate: Date, numericDateOrder: NumericDateOrder = .monthFirst) {
        self.text = text
        self.tokens = text.tokens
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
        @PackedOptional<Int32> var endOffset: Int? = nil
        /// Where the match starts when it starts inside token `start` ("午後3時" of "会議は午後3時").
        @PackedOptional<Int32> var startOffset: Int? = nil
    }

    /// What the scanner asks of token `index` again and again, worked out once per scan by
    /// ``scan(into:)`` (see ``TokenFact``); empty before.
    private(set) var facts: [TokenFact] = []

    /// Appends the dates and times of the text to `found`. (Never inlined, so that a profile shows
    /// the scanner's whole cost under this name.)
    @inline(never)
    func scan(into found: inout [Candidate]) {
        // Every word is looked up and every number read once, here, rather than at each of the many
        // tentative matches that ask about the same token.
        var scanner = self
        scanner.facts = TokenFact.facts(of: text, lexicon: lexicon)
        scanner.scanTokens(into: &found)
    }

    private func scanTokens(into found: inout [Candidate]) {
        var index = 0
        // The year of the last date written with one, until the sentence ends: "On 4 June 2015 … then
        // July 9th" is 9 July 2015.
        var sentenceYear: Int?
        var scanned = 0
        while index < tokens.count {
            if mayStartMatch(index), var match = match(at: index) {
                if mayGoOnToADay(at: match.end), let range = dayRange(from: match) { match = range }
                let range =
                    (match.startOffset ?? tokens[match.start].start)..<(match.endOffset ?? tokens[match.end - 1].end)
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

    /// Whether ``match(at:)`` may find something at token `index`: `false` only where it surely
    /// finds nothing, told from the token facts alone, so that most tokens cost a few loads rather
    /// than a call of ``match(at:)`` (whose set-up alone costs more than these tests).
    ///
    /// - A symbol starts nothing.
    /// - A number starts something only with at most four digits (every reading of one asks
    ///   ``number(_:)``) and before a token that is not a number, which is one of: a word of the
    ///   lexicon (an ordinal suffix, "of", a month, a unit, a meridiem, "Uhr"), the start of a
    ///   relative time's suffix ("3 часа"), a one-letter word (`h` of `15h30`, `p` of `3 p.m.`, the
    ///   CJK year or month marker after the first number, which ``cjkDate(at:)`` requires to be one
    ///   scalar), a word starting with a CJK hour marker (``cjkTime(at:)``), or a symbol a date or time continues with (``mayContinue(after:with:)``).
    ///   Three digits are no day, month, hour or year, only a count ("3 days"), before a word.
    /// - A word that is not in the lexicon starts only a relative time (its number within three
    ///   tokens, then its suffix), or "après-demain" and "avant-hier".
    @inline(__always)
    private func mayStartMatch(_ index: Int) -> Bool {
        let fact = facts[index]
        switch fact.kind {
        case .symbol:
            return false
        case .number:
            guard fact.value >= 0, index + 1 < facts.count else { return false }
            let next = facts[index + 1]
            if fact.length == 3, next.kind != .word { return false }
            switch next.kind {
            case .number: return false
            case .word:
                return next.value >= 0 || next.relativeTimes >= 0 || next.length == 1
                    || Self.isCJKHourMarker(text[tokens[index + 1].start])
            case .symbol: return mayContinue(after: index, with: UInt32(bitPattern: next.value))
            }
        case .word:
            if fact.value >= 0 || fact.mayHoldCJKDay { return true }
            // A relative time's suffix starts two to four tokens on (``TokenFact/relativeTimes``).
            for suffix in (index + 2)...(index + 4) where suffix < facts.count && facts[suffix].relativeTimes >= 0 {
                return true
            }
            // Both five scalars starting with "a" (``ScannedText/isWord(_:_:)`` compares scalar by scalar).
            let start = tokens[index].start
            guard fact.length == 5, Scalar.lowercased(text[start]) == 0x61,
                Scalar.lowercased(text[start + 1]) == 0x70 || Scalar.lowercased(text[start + 1]) == 0x76
            else { return false }
            return text.isWord(index, "après") || text.isWord(index, "avant")
        }
    }

    /// Whether a date or time may start at the number at token `index`, followed by the symbol
    /// `separator` (``mayStartMatch(_:)``), told by what the readings that go on after a symbol need:
    ///
    /// - after a dash: a day range (`24–26 December`) or an ISO date: always tried;
    /// - after `.`, `/` or `:`, glued: a numeric date (`05.12.2026`, `12/5/2026`: a glued number, the
    ///   same separator and a glued number of the right length), a clock (`15:30`: a glued number),
    ///   `15.30 Uhr` (a glued number, then a lexicon word), or, after `.`, a day (`5. Dezember`,
    ///   `12.–14. März`: a lexicon word or a dash).
    @inline(__always)
    private func mayContinue(after index: Int, with separator: UInt32) -> Bool {
        if Scalar.isDash(separator) { return true }
        guard separator == 0x2E || separator == 0x2F || separator == 0x3A, facts[index + 1].gap == 0,
            index + 2 < facts.count
        else { return false }
        let after = facts[index + 2]
        if separator == 0x2E,
            after.kind == .word && after.value >= 0
                || after.kind == .symbol && Scalar.isDash(UInt32(bitPattern: after.value))
        {
            return true
        }
        guard after.kind == .number, after.gap == 0 else { return false }
        if separator == 0x3A { return true }
        guard index + 3 < facts.count else { return false }
        let third = facts[index + 3]
        if third.kind == .symbol, UInt32(bitPattern: third.value) == separator {
            // Only a numeric date, as ``numericDate(at:)`` reads one: a glued middle number of one or two
            // digits, then a glued last number of up to two digits after a year, else of two or four.
            guard after.length <= 2, third.gap == 0 else { return false }
            // `am 15.2.`: a day and month with their periods after a word (``dottedDayMonth(at:)``).
            if separator == 0x2E, facts[index].length <= 2, index > 0, facts[index - 1].kind == .word,
                index + 4 == facts.count || facts[index + 4].kind != .number || facts[index + 4].gap != 0
            {
                return true
            }
            guard index + 4 < facts.count else { return false }
            let last = facts[index + 4]
            guard last.kind == .number, last.gap == 0 else { return false }
            return facts[index].length == 4 ? last.length <= 2 : last.length == 2 || last.length == 4
        }
        if separator == 0x2F {
            // `4/25 at 4:00pm`, `4/25 @ 16h00` (``slashDayBeforeTime(at:)``).
            return third.gap == 1
                && (third.kind == .word && third.value >= 0 || third.kind == .symbol && third.value == 0x40)
        }
        return separator == 0x2E && third.kind == .word && third.value >= 0
    }

    /// Whether `range` holds the end of a sentence: `.`, `!`, `?` (or `。！？`) before a space and a capital
    /// letter — not the period of an ordinal day (`4. Juni`) — or an empty line.
    func endsSentence(_ range: Range<Int>) -> Bool {
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

    @inline(__always)
    func entry(_ index: Int) -> DateLexicon.Entry? {
        guard index >= 0, index < facts.count, facts[index].kind == .word, facts[index].value >= 0 else {
            return nil
        }
        return lexicon.entryValues[Int(facts[index].value)]
    }

    func word(_ index: Int) -> String? {
        guard index >= 0, index < tokens.count, tokens[index].kind == .word else { return nil }
        return text.lowercased(tokens[index])
    }

    @inline(__always)
    func number(_ index: Int) -> (value: Int, digits: Int)? {
        guard index >= 0, index < facts.count, facts[index].kind == .number, facts[index].value >= 0 else {
            return nil
        }
        return (Int(facts[index].value), Int(facts[index].length))
    }

    @inline(__always)
    func symbol(_ index: Int) -> UInt32? {
        guard index >= 0, index < facts.count, facts[index].kind == .symbol else { return nil }
        return UInt32(bitPattern: facts[index].value)
    }

    /// The gap between token `index - 1` and token `index`: 0 = glued, 1 = spaces on one line,
    /// 2 = anything else (a line break, other characters, or no such token).
    @inline(__always)
    func gap(before index: Int) -> Int {
        guard index > 0, index < facts.count else { return 2 }
        return Int(facts[index].gap)
    }

    @inline(__always)
    func glued(_ index: Int) -> Bool { gap(before: index) == 0 }
    @inline(__always)
    func spaced(_ index: Int) -> Bool { gap(before: index) <= 1 }

    /// Whether token `index` stands on its own: not glued to a letter, digit or number punctuation before it.
    func freeStart(_ index: Int) -> Bool {
        guard index > 0 else { return true }
        if gap(before: index) != 0 { return true }
        let previous = text[tokens[index].start - 1]
        if Scalar.isUnspacedScript(previous) { return true }
        return
            !(Scalar.isWordCharacter(previous) || previous == 0x2E || previous == 0x2F || previous == 0x2D
            || previous == 0x3A || previous == 0x2C || previous == 0x24 || previous == 0x20AC || previous == 0x2B)
    }

    /// Whether what follows token `index - 1` ends an item: not a letter or digit, not more number punctuation.
    func freeEnd(_ end: Int) -> Bool {
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

    func match(at index: Int) -> Match? {
        let token = tokens[index]
        // Dates and times start with a number or a word.
        guard token.kind != .symbol else { return nil }
        if token.kind == .number {
            // Every date or time that starts with a number has a word or a symbol after it ("12 34" is none).
            guard index + 1 < tokens.count, tokens[index + 1].kind != .number, freeStart(index) else { return nil }
            if let match = cjkDate(at: index) { return withCJKTime(after: match) }
            // (The marker is checked here: most numbers are followed by anything else.)
            if Self.isCJKHourMarker(text[tokens[index + 1].start]), let match = cjkTime(at: index) {
                return cjkTimeRange(after: match) ?? match
            }
            if let match = relativeTime(startingAt: index) { return match }
            if let match = minutesFromHour(at: index, introduced: false) { return withDate(after: match) }
            if let match = nthWeekdayOfMonth(at: index) { return withTime(after: match) }
            if let match = numericDate(at: index) ?? dayMonth(at: index, start: index) ?? span(at: index, start: index)
                ?? dottedDayMonth(at: index, afterWeekday: false)
            {
                return withTime(after: withWeekdayAfter(match))
            }
            if let match = dayOfRelativeMonth(at: index) { return withTime(after: match) }
            if let match = onTheDay(at: index) ?? articleDayAtTime(at: index) { return match }
            if let range = timeRange(at: index, introduced: false) { return withDate(after: range) }
            if let time = time(at: index, introduced: false) { return withDate(after: time) }
            return hourBeforeDayPeriod(at: index) ?? slashDayBeforeTime(at: index)
        }
        guard token.kind == .word else { return nil }
        let found = self.entry(index)
        if found == nil, facts[index].mayHoldCJKDay, let match = cjkDayWord(in: index) { return match }
        // Most words start no date: none of the lexicon's, without a number of up to three digits in the
        // three tokens after it (a relative time: "in 3 days", "через 2 недели"), and no "après" or "avant".
        if found == nil, Scalar.lowercased(text[token.start]) != 0x61 {
            var numberNear = false
            for numberIndex in (index + 1)...(index + 3)
            where numberIndex + 1 < tokens.count && tokens[numberIndex].kind == .number
                && tokens[numberIndex].length <= 3
            {
                numberNear = true
                break
            }
            guard numberNear else { return nil }
        }
        guard freeStart(index) else { return nil }
        if found == nil, let match = relativeTime(startingAt: index) { return match }
        // "après-demain", "avant-hier"
        if Scalar.lowercased(text[token.start]) == 0x61, text.isWord(index, "après") || text.isWord(index, "avant"),
            let dash = symbol(index + 1),
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
        guard let entry = found else { return nil }
        if let weekday = entry.weekday {
            if let match = germanNthWeekdayOfMonth(at: index) { return withTime(after: match) }
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
            // (A weekday's abbreviation of two letters names different days in different languages:
            // Turkish "Sa" is Tuesday, German "Sa" Saturday. Only a longer name says which day it is.)
            let named = !entry.weekdayIsAbbreviation || tokens[index].length >= 3
            if clear, next < tokens.count, spaced(next) || (glued(next) && next > afterName) {
                if let match = dayMonth(at: next, start: index) ?? monthDay(at: next, start: index)
                    ?? (numericDate(at: next) ?? dottedDayMonth(at: next, afterWeekday: true)).map({
                        Match(start: index, end: $0.end, date: $0.date)
                    })
                {
                    return withTime(after: named ? withWeekdayYear(match, weekday: weekday) : match)
                }
                if named, entry.month == nil, let match = weekdaySlashDate(at: next, start: index, weekday: weekday) {
                    return withTime(after: match)
                }
                // (Not after a word that is also a month's abbreviation: "Mar. 3rd" is March.)
                if entry.month == nil, named, let match = weekdayAndDay(at: next, start: index, weekday: weekday) {
                    return withTime(after: match)
                }
            }
            // An abbreviation ("Mo", "mar") is a weekday only before a date; else it may be a month ("mar 5").
            if entry.weekdayIsAbbreviation {
                // ... or, clear and named, before a time: "Thu 8am", "Fri, 3pm", "Thu at 8 GMT".
                if clear, named, entry.month == nil, let date = resolve(weekday: weekday, modifier: .this) {
                    let end = symbol(afterName) == 0x2E && glued(afterName) ? afterName + 1 : afterName
                    let timed = withTime(after: Match(start: index, end: end, date: date))
                    if timed.date.hasTime { return timed }
                }
                return entry.month != nil ? monthDay(at: index, start: index).map(withTime(after:)) : nil
            }
            // "Friday", "lundi prochain", "el lunes pasado"
            var end = index + 1
            var modifier: DateLexicon.Modifier = .this
            if let after = self.entry(end), after.modifierFollows, let m = after.modifier, spaced(end) {
                modifier = m
                end += 1
            } else if isQueViene(end) {
                // "el martes que viene"
                modifier = .next
                end += 2
            }
            // "Wednesday next week", "Monday of this week"
            if entry.month == nil, end == index + 1, named,
                let (date, weekEnd) = weekdayInWeek(at: afterName, weekday: weekday)
            {
                return withDayPeriod(after: Match(start: index, end: weekEnd, date: date))
            }
            if entry.month == nil, let date = resolve(weekday: weekday, modifier: modifier) {
                if end == index + 1, afterName > index + 1 { end = afterName }
                return withDayPeriod(after: Match(start: index, end: end, date: date))
            }
        }
        if entry.month != nil,
            let match = monthDay(at: index, start: index) ?? monthOrdinal(at: index) ?? monthYear(at: index)
                ?? monthTheDay(at: index)
        {
            return withTime(after: withWeekdayAfter(match))
        }
        if entry.dayOrdinal != nil, let match = ordinalOfMonth(at: index) ?? nthWeekdayOfMonth(at: index) {
            return withTime(after: match)
        }
        if entry.modifier == .last, let match = nthWeekdayOfMonth(at: index) { return withTime(after: match) }
        if entry.fixedHour == 12, let match = noonBeforeDay(at: index) { return match }
        if entry.unit == .day, let match = dayAfterTomorrow(at: index) { return withDayPeriod(after: match) }
        if let days = entry.relativeDay, let match = relativeDay(at: index, days: days) {
            return withDayPeriod(after: match)
        }
        if let modifier = entry.modifier, !entry.modifierFollows,
            let match = thisDayPeriod(at: index, modifier: modifier)
        {
            return withTime(after: match)
        }
        if let modifier = entry.modifier, !entry.modifierFollows, index + 1 < tokens.count, spaced(index + 1),
            let after = self.entry(index + 1)
        {
            if let weekday = after.weekday, let date = resolve(weekday: weekday, modifier: modifier) {
                return withDayPeriod(after: Match(start: index, end: index + 2, date: date))
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
        if let unit = entry.unit, unit == .week || unit == .month || unit == .year, isQueViene(index + 1),
            let date = resolve(unit: unit, count: 1)
        {
            // "la semana que viene", "el año que viene"
            return Match(start: index, end: index + 3, date: date)
        }
        if let match = relativeTime(startingAt: index) { return match }
        if entry.introducesFuture || entry.pastBefore,
            let match = span(at: index + 1, start: index, sign: entry.pastBefore ? -1 : 1)
        {
            return match
        }
        if entry.partOfHour != nil || entry.numberWord != nil,
            let time = minutesFromHour(at: index, introduced: false)
        {
            return withDate(after: time)
        }
        if entry.introducesTime, let time = introducedTime(at: index) { return withDate(after: time) }
        if let range = betweenTimes(at: index) { return withDate(after: range) }
        if entry.numberWord != nil, let match = span(at: index, start: index) { return match }
        return nil
    }
}

/// A date while it is being parsed: ``DetectedDate``'s fields packed in 16 bits each, so that the
/// scanner's many tentative matches are cheap to pass around.
struct DateParts {
    @PackedOptional<Int16> var year: Int? = nil
    @PackedOptional<Int16> var month: Int? = nil
    @PackedOptional<Int16> var day: Int? = nil
    @PackedOptional<Int16> var hour: Int? = nil
    @PackedOptional<Int16> var minute: Int? = nil
    @PackedOptional<Int16> var second: Int? = nil
    @PackedOptional<Int16> private var offsetMinutes: Int? = nil
    /// The last day of a day range ("March 3-5": 5), ``monthsToEnd`` months after the first's month
    /// (one field, not a month and a year: a date is copied often, and so stays a few words).
    @PackedOptional<Int16> var endDay: Int? = nil
    @PackedOptional<Int16> var monthsToEnd: Int? = nil
    /// The end of a range of times ("9:00–11:00": 11 and 0), on the same day.
    @PackedOptional<Int16> var endHour: Int? = nil
    @PackedOptional<Int16> var endMinute: Int? = nil
    var isRelative: Bool
    /// Whether ``year`` was not written but taken as the next such day on or after the reference date.
    var yearInferred = false
    /// The part of the day a day was written with ("tomorrow evening", "tonight"): its
    /// ``DateLexicon/DayPeriod``'s raw value.
    @PackedOptional<Int8> var dayPeriod: Int? = nil
    /// Whether ``hour`` was written on a twelve-hour clock without am, pm or a part of the day
    /// (`8`, `8:30`, not `08:00`, `20:00` or `8 pm`): a part of the day written with its day moves it.
    var hourIsTwelveHour = false

    init(isRelative: Bool) { self.isRelative = isRelative }

    /// The UTC offset in seconds (whole minutes).
    var utcOffset: Int? {
        get { offsetMinutes.map { $0 * 60 } }
        set { offsetMinutes = newValue.map { $0 / 60 } }
    }
    var hasTime: Bool { hour != nil }

    var detected: DetectedDate {
        var date = DetectedDate(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            utcOffset: utcOffset, isRelative: isRelative)
        if let endDay {
            let endMonths = (year ?? 0) * 12 + (month ?? 1) - 1 + (monthsToEnd ?? 0)
            (date.endYear, date.endMonth) = (endMonths / 12, endMonths % 12 + 1)
            date.endDay = endDay
        }
        date.endHour = endHour
        date.endMinute = endHour == nil ? nil : endMinute ?? 0
        return date
    }
}

extension DateScanner {
    /// What the date scanner asks of one token, worked out once per scan: a tentative match asks the
    /// same few questions (is it a lexicon word, which number is it, how is it spaced from the token
    /// before) of the same tokens many times, and answering from an array of 12-byte facts costs a load
    /// where a look-up, a parse or a walk over the gap cost dozens of instructions.
    struct TokenFact {
        /// A word: its position in ``DateLexicon/entryValues`` (-1: none, or longer than 14 scalars).
        /// A number: its value when it has at most four digits (-1: more). A symbol: its scalar.
        var value: Int32
        /// The token's length in scalars (clamped to `UInt16.max`: such a token is no part of a date).
        var length: UInt16
        /// For a word right after a number of at most three digits (where a relative time's suffix
        /// starts: "3 часа"), its position in ``DateLexicon/relativeTimeGroups``; else -1.
        var relativeTimes: Int16
        var kind: ScannedText.Token.Kind
        /// ``DateScanner/gap(before:)``: 0 glued to the token before, 1 spaces on one line, 2 anything else.
        var gap: UInt8
        /// A CJK word that may hold a relative day or weekday (``DateScanner/mayHoldCJKDayWord(_:_:_:)``).
        var mayHoldCJKDay = false

        /// The facts of every token of `text`, in one pass (over raw buffers: this runs once per token
        /// of every text, so it is kept to a few instructions a token).
        static func facts(of text: ScannedText, lexicon: DateLexicon) -> [TokenFact] {
            let tokens = text.tokens
            let count = tokens.count
            // No array is made in place for no tokens: one of capacity 0 writes its count into the
            // storage every empty array shares, which another thread may be reading (a data race).
            guard count > 0 else { return [] }
            return [TokenFact](unsafeUninitializedCapacity: count) { buffer, initialized in
                tokens.withUnsafeBufferPointer { tokens in
                    text.scalars.withUnsafeBufferPointer { scalars in
                        // The first token's gap is set to 2 ("no such token") after the loop, which
                        // is kept free of a test for it.
                        var previousEnd = tokens[0].start
                        var previousNumberLength = Int.max
                        var entryCache = LookUpCache()
                        var relativeTimesCache = LookUpCache()
                        for index in 0..<count {
                            let token = tokens[index]
                            let start = token.start
                            let end = token.end
                            let gap: UInt8
                            if previousEnd == start {
                                gap = 0
                            } else if start &- previousEnd == 1, scalars[previousEnd] == 0x20 {
                                gap = 1
                            } else {
                                gap = Self.gap(scalars, from: previousEnd, to: start)
                            }
                            var fact = TokenFact(
                                value: -1, length: UInt16(clamping: end - start), relativeTimes: -1, kind: token.kind,
                                gap: gap)
                            switch token.kind {
                            case .word:
                                if end - start <= 14, lexicon.entryFilter.mayContain(token.key) {
                                    fact.value = entryCache.value(index, tokens, scalars) {
                                        lexicon.entries.value(token: index, in: text) ?? -1
                                    }
                                }
                                if previousNumberLength <= 3, lexicon.relativeTimesFilter.mayContain(token.key) {
                                    let group = relativeTimesCache.value(index, tokens, scalars) {
                                        lexicon.relativeTimes.value(token: index, in: text) ?? -1
                                    }
                                    fact.relativeTimes = Int16(clamping: group)
                                }
                                previousNumberLength = .max
                                if scalars[start] >= 0x3040 {
                                    fact.mayHoldCJKDay = DateScanner.mayHoldCJKDayWord(scalars, start, end)
                                }
                            case .number:
                                if end - start <= 4 {
                                    var value: Int32 = 0
                                    for offset in start..<end { value = value &* 10 &+ Int32(scalars[offset] &- 0x30) }
                                    fact.value = value
                                }
                                previousNumberLength = end - start
                            case .symbol:
                                fact.value = Int32(bitPattern: scalars[start])
                                previousNumberLength = .max
                            }
                            (buffer.baseAddress! + index).initialize(to: fact)
                            previousEnd = end
                        }
                        buffer[0].gap = 2
                    }
                }
                initialized = count
            }
        }

        /// The last look-up of each of 128 slots, by the word's ``ScannedText/Token/key``: a text
        /// writes the same few date words again and again, and comparing a word with the one looked
        /// up last, scalar by scalar as written, costs less than looking it up (which lower-cases
        /// every scalar). Scalars that are the same as written get the same answer, so a hit is exact.
        private struct LookUpCache {
            /// Per slot: the index of the token looked up last whose key falls in it (-1: none), and the answer.
            private var slots = [(token: Int, value: Int32)](repeating: (-1, -1), count: 128)

            /// The answer for word token `index`: the cached one when the slot's token has the same
            /// scalars, else `lookUp()`'s, which replaces it.
            @inline(__always)
            mutating func value(
                _ index: Int, _ tokens: UnsafeBufferPointer<ScannedText.Token>, _ scalars: UnsafeBufferPointer<UInt32>,
                lookUp: () -> Int32
            ) -> Int32 {
                let token = tokens[index]
                let slot = Int(truncatingIfNeeded: token.key) & 127
                let cached = slots[slot]
                if cached.token >= 0 {
                    let other = tokens[cached.token]
                    if other.end - other.start == token.end - token.start {
                        var offset = 0
                        while offset < token.end - token.start,
                            scalars[token.start + offset] == scalars[other.start + offset]
                        {
                            offset += 1
                        }
                        if offset == token.end - token.start { return cached.value }
                    }
                }
                let value = lookUp()
                slots[slot] = (index, value)
                return value
            }
        }

        /// The gap between a token ending at `from` and the next one, starting at `to` (neither glued
        /// nor one space apart), as ``DateScanner/gap(before:)`` reads it.
        private static func gap(_ scalars: UnsafeBufferPointer<UInt32>, from: Int, to: Int) -> UInt8 {
            if to - from > 3 { return 2 }
            for offset in from..<to where !Scalar.isSpace(scalars[offset]) { return 2 }
            return 1
        }
    }
}
