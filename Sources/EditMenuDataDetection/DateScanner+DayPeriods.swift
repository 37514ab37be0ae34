@_spi(Inlinable) import EditMenuText

/// Parts of the day: written with a day ("tomorrow morning", "Friday evening", "this afternoon",
/// "heute Abend", "demain soir", "mañana por la tarde", "завтра утром") they widen the date and put a
/// later hour written on a twelve-hour clock in that part ("tomorrow evening at 7" is 19:00); written
/// after an hour ("8 in the evening", "8 Uhr abends", "8 heures du soir", "8 de la tarde", "в 8 вечера")
/// they are its am or pm.
extension DateScanner {
    /// `day` (a relative day or a weekday) with the part of the day written after it, then the time
    /// after that (``withTime(after:)``), moved into that part when it has no am or pm.
    func withDayPeriod(after day: Match) -> Match {
        var day = day
        if day.date.dayPeriod == nil, let period = dayPeriod(after: day.end, dayWord: day.end - 1) {
            day.end = period.end
            day.date.dayPeriod = period.period
        }
        return withTime(after: day)
    }

    /// `8 tonight`, `8:30 this evening`, `9 tomorrow morning`, `7 demain soir`: an hour on a twelve-hour
    /// clock (no am or pm) right before a relative day written with its part of the day, which puts the
    /// hour in that part ("8 tonight" is 20:00), from the number at token `index`.
    ///
    /// Only where a clause starts (``startsClause(_:)``): after a word such a number is as often a
    /// count ("a table for 8 tonight", "we expect 9 tomorrow morning"); "at 8 tonight" is read as any
    /// introduced time is. A day without its part of the day ("9 tomorrow") says nothing of the hour, and
    /// is left alone.
    func hourBeforeDayPeriod(at index: Int) -> Match? {
        guard let hour = number(index), hour.digits <= 2, Self.isTwelveHour(hour), startsClause(index) else {
            return nil
        }
        var time = DateParts(isRelative: false)
        var end = index + 1
        if let clock = clock(at: index, requireGlued: false) {
            guard clock.second == nil else { return nil }
            time.minute = clock.minute
            end = clock.end
        } else {
            time.minute = 0
        }
        guard end < tokens.count, gap(before: end) == 1, let word = entry(end),
            word.relativeDay != nil || word.modifier == .this && !word.modifierFollows,
            let day = match(at: end), day.start == end, !day.date.hasTime, let period = day.date.dayPeriod,
            Self.hour(hour.value, in: period) != nil
        else { return nil }
        time.hour = hour.value
        time.hourIsTwelveHour = true
        return merge(day, Match(start: index, end: end, date: time), start: index)
    }

    /// Whether a clause starts at token `index`: it starts the text or a line, or follows punctuation
    /// that ends or opens one (`,` `;` `:` `.` `!` `?` `(`, a dash) — not a word or a number.
    func startsClause(_ index: Int) -> Bool {
        var offset = tokens[index].start - 1
        while Scalar.isSpace(text[offset]) { offset -= 1 }
        guard offset >= 0 else { return true }
        let value = text[offset]
        return Scalar.isNewline(value) || value == 0x2C || value == 0x3B || value == 0x3A || value == 0x2E
            || value == 0x21 || value == 0x3F || value == 0x28 || Scalar.isDash(value)
    }

    /// "this morning", "this evening", "last night", "esta noche", "ce soir", "cet après-midi": today's
    /// (yesterday's, for "last") part of the day, after the modifier at token `index`.
    func thisDayPeriod(at index: Int, modifier: DateLexicon.Modifier) -> Match? {
        guard modifier != .next,
            let period = periodNoun(at: index + 1, iberian: text.isWord(index, "esta") || text.isWord(index, "este"))
        else { return nil }
        // "last night", "last evening" are yesterday's; "last morning" is no phrase.
        if modifier == .last, period.period < DateLexicon.DayPeriod.evening.rawValue { return nil }
        guard var date = resolve(unit: .day, count: modifier == .last ? -1 : 0) else { return nil }
        date.dayPeriod = period.period
        return Match(start: index, end: period.end, date: date)
    }

    /// The part of the day written after a day whose last token is `dayWord`, starting at token `index`:
    /// a noun ("morning", "Abend", "soir", "sera", "вечером"), "après-midi", one after English "in the"
    /// or German "am" ("tomorrow in the morning", "Freitag am Abend"), or Spanish and Portuguese ones
    /// after "por la", "en la", "à", "de" ("mañana por la tarde", "amanhã à noite", "amanhã de manhã").
    func dayPeriod(after index: Int, dayWord: Int) -> (period: Int, end: Int)? {
        guard index < tokens.count, spaced(index), tokens[index].kind == .word else { return nil }
        if text.isWord(index, "in"), text.isWord(index + 1, "the"), spaced(index + 1) {
            return periodNoun(at: index + 2)
        }
        if text.isWord(index, "am"), index + 1 < tokens.count, Scalar.isUpper(text[tokens[index + 1].start]) {
            return periodNoun(at: index + 1)
        }
        if text.isWord(index, "por") || text.isWord(index, "en") || text.isWord(index, "à") {
            let article = text.isWord(index, "à") ? index : index + 1
            guard article == index || text.isWord(article, "la"), spaced(article + 1),
                let period = periodNoun(at: article + 1, iberian: true)
            else { return nil }
            return period
        }
        // Portuguese and Spanish "amanhã de manhã", "el sábado de noche"
        if text.isWord(index, "de") { return periodNoun(at: index + 1, iberian: true) }
        guard let period = periodNoun(at: index) else { return nil }
        // German "morgen" after a day is the morning as a noun ("Freitag Morgen") or after today or
        // yesterday ("heute morgen"); "Montag morgen" may be "tomorrow, Monday".
        if text.isWord(index, "morgen"), !Scalar.isUpper(text[tokens[index].start]),
            !text.isWord(dayWord, "heute") && !text.isWord(dayWord, "gestern")
        {
            return nil
        }
        return period
    }

    /// A part of the day after an hour, starting at token `index` (the token after the hour, its `Uhr`
    /// or `heures`): English "in the morning", "in the afternoon", "in the evening", "at night";
    /// German "abends", "am Abend", "in der Nacht"; French "du matin", "du soir", "de l'après-midi";
    /// Italian "di sera", "del pomeriggio"; Spanish "de la tarde"; Portuguese "da noite"; Russian
    /// "утра", "вечера" — these only after a word that introduces the time ("в 3 дня"; "3 дня" is also
    /// three days).
    func hourPeriod(at index: Int, introduced: Bool) -> (period: Int, end: Int)? {
        guard index < tokens.count, spaced(index), tokens[index].kind == .word else { return nil }
        if let period = entry(index)?.hourPeriod {
            guard introduced || text[tokens[index].start] < 0x400 else { return nil }
            return (period, index + 1)
        }
        // The phrases start with a word of two or three letters: in, at, am, du, de, da, di, del (most
        // words are none).
        guard facts[index].length == 2 || facts[index].length == 3 else { return nil }
        func next(_ offset: Int, _ word: StaticString) -> Bool {
            index + offset < tokens.count && spaced(index + offset) && text.isWord(index + offset, word)
        }
        if text.isWord(index, "in"), next(1, "the") || next(1, "der") { return periodNoun(at: index + 2) }
        if text.isWord(index, "at"), next(1, "night") { return (DateLexicon.DayPeriod.night.rawValue, index + 2) }
        if text.isWord(index, "am"), index + 1 < tokens.count, Scalar.isUpper(text[tokens[index + 1].start]) {
            return periodNoun(at: index + 1)
        }
        // French "du soir", Italian "di sera", "del pomeriggio"
        if text.isWord(index, "du") || text.isWord(index, "di") || text.isWord(index, "del") {
            return periodNoun(at: index + 1)
        }
        if text.isWord(index, "de") || text.isWord(index, "da") {
            // "de la tarde", "de l'après-midi", "da noite"
            if next(1, "la") { return periodNoun(at: index + 2, iberian: true) }
            if text.isWord(index, "da") { return periodNoun(at: index + 1, iberian: true) }
            return frenchAfternoon(at: index + 1).map { (DateLexicon.DayPeriod.afternoon.rawValue, $0) }
        }
        return nil
    }

    /// The part of the day a noun at token `index` names, and where it ends: a noun of the lexicon
    /// (with `iberian`, also Spanish and Portuguese ones, which otherwise mean "late" or "tomorrow"), or
    /// French "après-midi".
    func periodNoun(at index: Int, iberian: Bool = false) -> (period: Int, end: Int)? {
        guard index < tokens.count, spaced(index) else { return nil }
        guard let period = entry(index)?.dayPeriod else {
            return frenchAfternoon(at: index).map { (DateLexicon.DayPeriod.afternoon.rawValue, $0) }
        }
        if !iberian, Self.iberianPeriods.contains(where: { text.isWord(index, $0) }) { return nil }
        return (period, index + 1)
    }

    /// The Spanish and Portuguese nouns for parts of the day, which are read only after "por la",
    /// "de la", "esta" or "da": on their own "tarde" is "late" and "mañana" "tomorrow".
    static let iberianPeriods: [StaticString] = ["mañana", "madrugada", "manhã", "tarde", "noche", "noite"]

    /// Where French "après-midi" (`après` or `l'après`, a hyphen, `midi`, glued) starting at token
    /// `index` ends.
    func frenchAfternoon(at index: Int) -> Int? {
        guard index < tokens.count, tokens[index].kind == .word, facts[index].length >= 5,
            text.isWord(index, "après") || text.isWord(index, "l'après") || text.isWord(index, "l’après"),
            let dash = symbol(index + 1), Scalar.isDash(dash), glued(index + 1),
            glued(index + 2), text.isWord(index + 2, "midi")
        else { return nil }
        return index + 3
    }

    /// Whether an hour written as `hour` may be on a twelve-hour clock, for a part of the day to move:
    /// 1–12, without a 24-hour clock's leading zero (`8`, not `08` or `20`).
    static func isTwelveHour(_ hour: (value: Int, digits: Int)) -> Bool {
        (1...12).contains(hour.value) && !(hour.digits == 2 && hour.value < 10)
    }

    /// `hour` (0–23) in `period` (``DateLexicon/DayPeriod``'s raw value): 1–11 in the afternoon or
    /// evening are after noon, 6–11 at night too (2 at night is 2:00), 12 at night is midnight, and
    /// an hour after noon stays in any part but the morning. `nil` where the two disagree ("15 in the
    /// morning") or the hour is 12 in the morning or evening, which people read both ways.
    static func hour(_ hour: Int, in period: Int) -> Int? {
        guard let period = DateLexicon.DayPeriod(rawValue: period) else { return nil }
        switch (period, hour) {
        case (.morning, 1...11): return hour
        case (.morning, _): return nil
        case (.afternoon, 1...11), (.evening, 1...11): return hour + 12
        case (.afternoon, 12): return 12
        case (.night, 6...11): return hour + 12
        case (.night, 12): return 0
        case (.night, 0...5): return hour
        case (_, 13...23): return hour
        default: return nil
        }
    }
}
