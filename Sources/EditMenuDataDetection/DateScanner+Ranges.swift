@_spi(Inlinable) import EditMenuText

/// Ranges of times: `9:00–11:00`, `from 2 to 4 pm`, `10am-12pm`, `von 9 bis 11 Uhr`, `14:00〜15:00`.
extension DateScanner {
    /// Whether `value` joins the two ends of a range of times or days: a dash, `〜` (U+301C), `～` (U+FF5E)
    /// or `~`.
    @inline(__always)
    static func isRangeJoint(_ value: UInt32) -> Bool {
        Scalar.isDash(value) || value == 0x301C || value == 0xFF5E || value == 0x7E
    }

    /// The words between the two times of a range (a dash, `〜` or `~` also joins them): English, German,
    /// French, Spanish, Italian and Portuguese (`a`, `alle`, `às`), Russian, Dutch, Polish and Czech (`do`).
    static let timeRangeWords = ScalarLexicon(words: [
        "to", "till", "til", "until", "through", "thru", "bis", "à", "au", "a", "hasta", "alle", "às", "до", "по",
        "tot", "do",
    ])

    /// Whether a range's joint may follow the time at the number at token `index`, told from the token
    /// facts: the tokens a first time is written with (numbers, `:` and `.`, and short words: `am`,
    /// `h`, `Uhr`) and then a dash, `〜`, `~` or one of ``timeRangeWords``. Most numbers are followed by
    /// anything else, and cost a few loads rather than the first time's reading.
    @inline(__always)
    private func mayJoinTimes(after index: Int, joinedByAnd: Bool) -> Bool {
        var token = index + 1
        while token < facts.count, token <= index + 7 {
            let fact = facts[token]
            switch fact.kind {
            case .number:
                break
            case .symbol:
                let value = UInt32(bitPattern: fact.value)
                if Self.isRangeJoint(value) { return true }
                guard value == 0x3A || value == 0x2E else { return false }
            case .word:
                guard fact.length <= 7 else { return false }
                // The range words start with one of these letters (lower-cased): a à b d h p t u д п.
                switch Scalar.lowercased(text[tokens[token].start]) {
                case 0x61, 0xE0, 0x62, 0x64, 0x68, 0x70, 0x74, 0x75, 0x434, 0x43F:
                    if Self.timeRangeWords.contains(token: token, in: text) { return true }
                    if joinedByAnd, text.isWord(token, "and") { return true }
                default:
                    break
                }
                // A word of the first time (`am`, `p`, `m`, `h`, `Uhr`) is short.
                guard fact.length <= 3 else { return false }
            }
            token += 1
        }
        return false
    }

    /// A bare hour (`11`) followed by the word that joins a time to its day (`on`, `am`, `le`, `el`) and
    /// the day: the end of an introduced range, `from 9 to 11 on Monday`, which ``time(at:introduced:)``
    /// does not read (`at 5 on` could be anything).
    private func hourBeforeItsDay(at index: Int) -> Match? {
        guard let hour = number(index), hour.digits <= 2, hour.value <= 24, index + 1 < tokens.count, spaced(index + 1),
            joinsTimeToDay(index + 1), index + 2 < tokens.count, spaced(index + 2),
            // The day must follow: a number, or a weekday, month or relative day.
            number(index + 2) != nil || namesDay(index + 2)
        else { return nil }
        var date = DateParts(isRelative: false)
        date.hour = hour.value % 24
        date.minute = 0
        return Match(start: index, end: index + 1, date: date)
    }

    /// Whether a month follows at token `index`, after a space and optionally "of", "de" or "del".
    private func precedesMonth(_ index: Int) -> Bool {
        guard index < tokens.count, spaced(index), let word = entry(index) else { return false }
        if word.month != nil { return true }
        return word.joins && index + 1 < tokens.count && spaced(index + 1) && entry(index + 1)?.month != nil
    }

    /// A range of times from the number at token `index`: the first time (a clock, a bare hour, with
    /// its `am`/`pm`), a dash, `〜` or one of ``timeRangeWords``, and the second time.
    ///
    /// - One of them must be a time on its own (``time(at:introduced:)`` not introduced: a two-digit
    ///   clock, `pm`, `Uhr` …), unless a word introduces the range (`from 9 to 11`): `John 3:16-18` and
    ///   `3-5 players` are no ranges.
    /// - A first time without `am`/`pm` takes the second's `pm` when that keeps it before the second
    ///   (`2 to 4 pm` is 14:00–16:00, `11 to 1 pm` 11:00–13:00).
    /// - The range ends after it starts, on the same day; the second time's zone is the range's.
    func timeRange(at index: Int, introduced: Bool, joinedByAnd: Bool = false) -> Match? {
        guard facts[index].length <= 2, mayJoinTimes(after: index, joinedByAnd: joinedByAnd), let hour = number(index),
            hour.value <= 24
        else {
            return nil
        }
        // The first time, read here: a bare hour followed by "to" is no time on its own.
        var end = index + 1
        var minute = 0
        var isClock = false
        if let clock = clock(at: index, requireGlued: false) {
            minute = clock.minute
            end = clock.end
            isClock = true
        }
        var firstMeridiem: Int?
        if !isClock, let french = frenchMinutes(at: end) {
            // French: 9h, 9h30, 9 h 30 — a 24-hour clock.
            minute = french.minute
            end = french.end
            isClock = true
            firstMeridiem = -1
        } else if let meridiem = meridiem(at: end) {
            guard (1...12).contains(hour.value) else { return nil }
            firstMeridiem = meridiem.offset
            end = meridiem.end
        } else if end < tokens.count, spaced(end), entry(end)?.oClock == true {
            end += 1
            firstMeridiem = -1 // `9 Uhr`: a 24-hour clock, nothing to take from the second time
        }
        // A zone after a first time of its own is the range's ("15:00 GMT - 18:00 GMT").
        var firstZone = DateParts(isRelative: false)
        if firstMeridiem != nil || isClock, end < tokens.count, tokens[end].kind == .word {
            end = timeZone(after: end, into: &firstZone)
        }
        // The joint.
        guard end < tokens.count else { return nil }
        var next = end
        if let joint = symbol(next), Self.isRangeJoint(joint) {
            next += 1
        } else if tokens[next].kind == .word, spaced(next),
            joinedByAnd ? text.isWord(next, "and") : Self.timeRangeWords.contains(token: next, in: text)
        {
            next += 1
        } else {
            return nil
        }
        guard next < tokens.count, gap(before: next) <= 1, let secondHour = number(next) else { return nil }
        let firstIsTime =
            firstMeridiem != nil || (isClock && hour.digits == 2) || time(at: index, introduced: false) != nil
        guard
            let second = time(at: next, introduced: false)
                ?? (introduced || firstIsTime ? time(at: next, introduced: true) : nil)
                    ?? (introduced ? hourBeforeItsDay(at: next) : nil),
            let endHour = second.date.hour, let endMinute = second.date.minute
        else { return nil }
        // A bare second hour needs the first to be a time ("from 9:00 to 11", not "from 3 to 5").
        guard introduced || firstIsTime || second.end > next + 1 else { return nil }
        // Two bare numbers before a month are days: "from 13 to 15 of July", "from 13 to 15 July".
        if !firstIsTime, second.end == next + 1, precedesMonth(second.end) { return nil }
        var startHour = hour.value
        if let firstMeridiem, firstMeridiem >= 0 {
            startHour = startHour % 12 + firstMeridiem
        } else if firstMeridiem == nil, secondHour.value < 12, endHour >= 12, (1...11).contains(startHour),
            (startHour + 12) * 60 + minute < endHour * 60 + endMinute
        {
            // "2 to 4 pm": the second's afternoon is the first's too.
            startHour += 12
        }
        guard startHour <= 23, startHour * 60 + minute < endHour * 60 + endMinute else { return nil }
        var date = DateParts(isRelative: false)
        date.hour = startHour
        date.minute = minute
        date.endHour = endHour
        date.endMinute = endMinute
        // Both ends in one zone: a zone written after the first is the second's too.
        if let zone = firstZone.utcOffset, second.date.utcOffset.map({ $0 != zone }) ?? false { return nil }
        date.utcOffset = second.date.utcOffset ?? firstZone.utcOffset
        // "tonight from 7 to 9": both ends on a twelve-hour clock, so the day's part of the day moves them.
        date.hourIsTwelveHour = second.date.hourIsTwelveHour && startHour == hour.value && Self.isTwelveHour(hour)
        return Match(start: index, end: second.end, date: date)
    }
}
