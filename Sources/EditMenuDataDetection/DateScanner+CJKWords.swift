@_spi(Inlinable) import EditMenuText

/// Relative days and weekdays inside Chinese and Japanese text, which is written without spaces:
/// `我明天要打游戏`, `明日の天気`, `土曜日に`, `今天下午5点`.
extension DateScanner {
    /// Whether the word of scalars `start..<end`, written in Chinese characters or kana, may hold one of
    /// ``DateLexicon/cjkDayWords``: some scalar of it has its first-scalar bit set. Told once per word
    /// (``TokenFact/mayHoldCJKDay``) for words starting at U+3040 or above, as most CJK words hold none.
    @inline(never)
    static func mayHoldCJKDayWord(_ scalars: UnsafeBufferPointer<UInt32>, _ start: Int, _ end: Int) -> Bool {
        guard end - start >= 2, scalars[start] < 0xAC00, Scalar.isUnspacedScript(scalars[start]) else { return false }
        let starts = DateLexicon.shared.cjkDayWordStarts
        for offset in start..<(end - 1) where starts & (1 << UInt64(scalars[offset] & 63)) != 0 { return true }
        return false
    }

    /// The first relative day or weekday (``DateLexicon/cjkDayWords``) inside the CJK word at token
    /// `index`, with the time written after it, if any: `明天` of `我明天要打游戏`, `今天下午5点`, `明日10時`.
    ///
    /// The longer word wins where two start at one place (`明後日` over `明後`, `一昨日` over `昨日`).
    /// Korean is left out: it writes spaces, and its words go on inside longer ones (`오늘날`, "nowadays").
    func cjkDayWord(in index: Int) -> Match? {
        let token = tokens[index]
        let starts = lexicon.cjkDayWordStarts
        for offset in token.start..<(token.end - 1) where starts & (1 << UInt64(text[offset] & 63)) != 0 {
            for length in [3, 2] where offset + length <= token.end {
                guard let position = lexicon.cjkDayWords.value(in: text, offset..<(offset + length)) else { continue }
                let entry = lexicon.entryValues[Int(position)]
                let date: DateParts?
                if let days = entry.relativeDay {
                    date = resolve(unit: .day, count: days)
                } else if let weekday = entry.weekday {
                    date = resolve(weekday: weekday, modifier: .this)
                } else {
                    date = nil
                }
                guard let date else { continue }
                let end = offset + length
                // Japanese (a word with kana) writes a particle, a time or nothing after a day: `明日香` is a name.
                if end < token.end, Self.isHan(text[end]),
                    end + 1 == token.end || Self.cjkDayPeriod(text[end], text[end + 1]) == nil,
                    token.range.contains(where: { Self.isKana(text[$0]) })
                {
                    continue
                }
                let day = Match(
                    start: index, end: index + 1, date: date, endOffset: end == token.end ? nil : end,
                    startOffset: offset)
                return withCJKTime(afterDay: day, endingAt: end)
            }
        }
        return nil
    }

    /// `day`, a day word ending at scalar `end` inside token `day.start`, with the CJK time written right
    /// after it: glued (`明日10時`), or after a day period that ends the word (`今天下午5点`).
    private func withCJKTime(afterDay day: Match, endingAt end: Int) -> Match {
        let index = day.start
        let token = tokens[index]
        guard index + 1 < tokens.count, number(index + 1) != nil, gap(before: index + 1) <= 1,
            end == token.end || token.end - end == 2 && Self.cjkDayPeriod(text[end], text[end + 1]) != nil,
            let time = cjkTime(at: index + 1).map({ cjkTimeRange(after: $0) ?? $0 }),
            (time.startOffset ?? token.end) == end
        else { return day }
        var merged = merge(day, time)
        merged.startOffset = day.startOffset
        merged.endOffset = time.endOffset
        return merged
    }

    /// Chinese characters (the CJK unified ideographs and their extensions and compatibility forms).
    private static func isHan(_ value: UInt32) -> Bool {
        (0x3400...0x4DBF).contains(value) || (0x4E00...0x9FFF).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0x20000...0x2FFFF).contains(value)
    }

    /// Hiragana and katakana.
    private static func isKana(_ value: UInt32) -> Bool { (0x3040...0x30FF).contains(value) }
}
