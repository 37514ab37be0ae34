@_spi(Inlinable) import EditMenuText

/// Ranges of whole days written as two dates: `10 August – 12 September 2013`, `Aug 10 - Nov 12, 2013`,
/// `17 August 2013 to 19 August 2013`, `du 24 août 2023 au 26 août 2023`, `dal 25/12/2012 al 30/12/2012`.
extension DateScanner {
    /// The words between the two days of a range (a dash, `〜`, `～` or `~` also joins them): English,
    /// German, French, Spanish, Italian, Portuguese, Dutch, Russian and Polish.
    static let dayRangeWords = ScalarLexicon(words: [
        "to", "till", "until", "through", "thru", "bis", "au", "al", "a", "hasta", "até", "tot", "до", "по", "do",
    ])

    /// Whether a range of days may go on at token `end`, after a date: a dash or a tilde, or a short word
    /// and a number or a lexicon word, told from the token facts, as most dates are followed by anything
    /// else (``dayRange(from:)``). Never inlined: the scanner's loop stays small for the tokens that
    /// start nothing, which are most.
    @inline(never)
    func mayGoOnToADay(at end: Int) -> Bool {
        guard end + 1 < facts.count else { return false }
        let joint = facts[end]
        if joint.kind == .symbol {
            let value = UInt32(bitPattern: joint.value)
            return Self.isRangeJoint(value)
        }
        // A word, then the second day's number, month or weekday.
        let after = facts[end + 1]
        return joint.kind == .word && joint.length <= 7 && (after.kind == .number || after.value >= 0)
    }

    /// The range that `first`, a date, starts: a dash or one of ``dayRangeWords`` and a second date after
    /// it, as one item from the first day to the second.
    ///
    /// - Both are days of a month, written without a time and neither relative nor a range already:
    ///   `Monday - Friday`, `today - next Friday` and `9:00 - 11:00` stay what they are.
    /// - A day written without its year takes the other's (`10 August - 12 September 2013`).
    /// - The second day comes after the first: `2020-05-01 - 2019-04-01` is two dates.
    func dayRange(from first: Match) -> Match? {
        guard Self.isWholeDay(first.date), first.end + 1 < tokens.count,
            first.endOffset == nil || first.endOffset == tokens[first.end - 1].end
        else { return nil }
        var next = first.end
        guard gap(before: next) <= 1 else { return nil }
        if let joint = symbol(next) {
            guard Self.isRangeJoint(joint) else { return nil }
        } else if tokens[next].kind != .word || !spaced(next) || !Self.dayRangeWords.contains(token: next, in: text) {
            return nil
        }
        next += 1
        // A CJK date glued to the dash (`2013年12月26日-2014年1月7日`) is read here: ``match(at:)`` takes no
        // number glued to a dash, a minus sign elsewhere.
        let afterCJKDay = Scalar.isUnspacedScript(text[tokens[first.end - 1].end - 1])
        guard next < tokens.count, gap(before: next) <= 1,
            let second = match(at: next) ?? (afterCJKDay ? cjkDate(at: next) : nil),
            second.start == next, second.startOffset == nil, Self.isWholeDay(second.date),
            var startYear = first.date.year, var endYear = second.date.year,
            let startMonth = first.date.month, let startDay = first.date.day,
            let endMonth = second.date.month, let endDay = second.date.day
        else { return nil }
        // A year written on one side only is the other's too.
        if first.date.yearInferred, !second.date.yearInferred {
            startYear = endYear
        } else if second.date.yearInferred, !first.date.yearInferred {
            endYear = startYear
        }
        guard isValid(year: startYear, month: startMonth, day: startDay),
            isValid(year: endYear, month: endMonth, day: endDay),
            (startYear, startMonth, startDay) < (endYear, endMonth, endDay)
        else { return nil }
        var date = first.date
        date.year = startYear
        date.yearInferred = first.date.yearInferred && second.date.yearInferred
        date.endDay = endDay
        date.monthsToEnd = (endYear - startYear) * 12 + endMonth - startMonth
        return Match(start: first.start, end: second.end, date: date, endOffset: second.endOffset)
    }

    /// Whether `date` is one whole day written as a date: a day of a month, no time, no range, not relative.
    private static func isWholeDay(_ date: DateParts) -> Bool {
        !date.isRelative && !date.hasTime && date.endDay == nil && date.day != nil && date.month != nil
    }
}
