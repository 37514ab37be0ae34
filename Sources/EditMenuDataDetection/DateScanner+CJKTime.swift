@_spi(Inlinable) import EditMenuText

/// Times written with Chinese, Japanese and Korean hour and minute markers, and after a CJK date.
extension DateScanner {
    /// The hour markers: 時 (Japanese), 点 and 點 (Chinese), 시 (Korean).
    @inline(__always)
    static func isCJKHourMarker(_ value: UInt32) -> Bool {
        value == 0x6642 || value == 0x70B9 || value == 0x9EDE || value == 0xC2DC
    }

    /// The minute markers: 分 (Chinese, Japanese), 분 (Korean).
    static func isCJKMinuteMarker(_ value: UInt32) -> Bool { value == 0x5206 || value == 0xBD84 }

    /// Whether two scalars are a day period written before the hour, as CLDR's abbreviated `am`/`pm`
    /// (午前/午後 in Japanese, 上午/下午 in Chinese, 오전/오후 in Korean) or its other Chinese day periods
    /// of two characters (凌晨 and 早上 in the morning, 中午 at noon, 晚上 in the evening): `true` for
    /// the afternoon and evening, `false` for the morning, `nil` for anything else.
    static func cjkDayPeriod(_ first: UInt32, _ second: UInt32) -> Bool? {
        switch (first, second) {
        case (0x5348, 0x524D), (0x4E0A, 0x5348), (0xC624, 0xC804): false // 午前 上午 오전
        case (0x5348, 0x5F8C), (0x4E0B, 0x5348), (0xC624, 0xD6C4): true // 午後 下午 오후
        case (0x51CC, 0x6668), (0x65E9, 0x4E0A): false // 凌晨 早上
        case (0x4E2D, 0x5348), (0x665A, 0x4E0A): true // 中午 晚上
        default: nil
        }
    }

    /// A time at the number at token `index` written with an hour marker: `10時30分`, `3時半`,
    /// `午後3時` (Japanese); `10点30分`, `3点半`, `下午3点`, `3点钟` (Chinese); `3시 30분`, `오후 3시` (Korean).
    ///
    /// - 時間 and 시간 after a number are hours of a duration (`3時間後`), no time.
    /// - 点 is also a point (`3点建议`): a Chinese hour needs its minutes, 半, 钟 or a day period.
    /// - A day period before the hour (``cjkDayPeriod(_:_:)``) belongs to the time, which then starts
    ///   inside the word before the number (``Match/startOffset``); the hour is then 1 to 12.
    /// - `afterTime`: the second time of a range after a time (``cjkTimeRange(after:)``), where a bare
    ///   Chinese hour is one (`下午5点-7点`).
    func cjkTime(at index: Int, afterTime: Bool = false) -> Match? {
        guard index + 1 < tokens.count, tokens[index + 1].kind == .word, glued(index + 1),
            let hour = number(index), hour.digits <= 2, hour.value <= 24
        else { return nil }
        let marker = tokens[index + 1]
        let hourMarker = text[marker.start]
        guard Self.isCJKHourMarker(hourMarker) else { return nil }
        // The scalar after the marker, when the marker's word goes on (0 when it does not).
        let after = marker.length > 1 ? text[marker.start + 1] : 0
        // 時間 / 时间 / 시간: a duration.
        if after == 0x9593 || after == 0x95F4 || after == 0xAC04 { return nil }
        var definite = afterTime || hourMarker == 0x6642 || hourMarker == 0xC2DC
        var minute = 0
        var end = index + 2
        var endOffset = marker.start + 1
        if marker.length == 1, let minutes = number(index + 2), minutes.digits <= 2, minutes.value < 60,
            gap(before: index + 2) <= 1, index + 3 < tokens.count, tokens[index + 3].kind == .word, glued(index + 3),
            Self.isCJKMinuteMarker(text[tokens[index + 3].start])
        {
            minute = minutes.value
            end = index + 4
            endOffset = tokens[index + 3].start + 1
            definite = true
        } else if after == 0x534A { // 半: half past
            minute = 30
            endOffset += 1
            definite = true
        } else if after == 0x949F || after == 0x9418 { // 钟 鐘: o'clock
            endOffset += 1
            definite = true
        }
        var hourValue = hour.value
        var start = index
        var startOffset: Int?
        if index > 0, tokens[index - 1].kind == .word, gap(before: index) <= 1, tokens[index - 1].length >= 2 {
            let wordEnd = tokens[index - 1].end
            if let afternoon = Self.cjkDayPeriod(text[wordEnd - 2], text[wordEnd - 1]) {
                // 晚上12点 is midnight, not noon: left unread.
                guard (1...12).contains(hourValue), hourValue < 12 || text[wordEnd - 2] != 0x665A else { return nil }
                hourValue = hourValue % 12 + (afternoon ? 12 : 0)
                start = index - 1
                startOffset = wordEnd - 2
                definite = true
            }
        }
        guard definite, hourValue <= 23 || (hourValue == 24 && minute == 0) else { return nil }
        var date = DateParts(isRelative: false)
        date.hour = hourValue % 24
        date.minute = minute
        return Match(start: start, end: end, date: date, endOffset: endOffset, startOffset: startOffset)
    }

    /// A CJK date (``cjkDate(at:)``) with the time written after it, if any: `2026年3月5日10時30分`,
    /// `3月5日 14:00`, `3月5日午後3時`.
    func withCJKTime(after date: Match) -> Match {
        guard let dayEnd = date.endOffset, date.end < tokens.count else { return date }
        let dayToken = tokens[date.end - 1]
        let next = date.end
        var time: Match?
        if dayEnd == dayToken.end {
            guard gap(before: next) <= 1 else { return date }
            if number(next) != nil {
                // The day's marker is a word of its own: a number after it may start the time.
                time =
                    cjkTime(at: next).map { cjkTimeRange(after: $0) ?? $0 } ?? timeRange(at: next, introduced: false)
                    ?? self.time(at: next, introduced: false)
                if let found = time, found.startOffset != nil || found.start != next { time = nil }
            } else if tokens[next].kind == .word, tokens[next].length == 2, next + 1 < tokens.count,
                Self.cjkDayPeriod(text[tokens[next].start], text[tokens[next].start + 1]) != nil
            {
                // A day period written as a word of its own: `5일 오후 3시`.
                time = cjkTime(at: next + 1)
                if let found = time, found.start != next { time = nil }
            }
        } else if dayToken.end - dayEnd == 2, glued(next), number(next) != nil {
            // A day period right after the day's marker: `5日午後3時`.
            time = cjkTime(at: next).map { cjkTimeRange(after: $0) ?? $0 }
            if let found = time, found.startOffset != dayEnd { time = nil }
        }
        guard let time, date.date.day != nil else { return date }
        var merged = merge(date, time)
        merged.endOffset = time.endOffset
        return merged
    }

    /// A range of two CJK times (``cjkTime(at:)``) from `first`: `10時から12時まで`, `1点到3点`, `9点至11点`,
    /// `下午5点-7点`, `3시~5시`. The joint is the word after the first hour's marker (から, 到, 至: "from …
    /// to", "to"), or a dash, `〜`, `～` or `~`; まで ("until") after the second is part of the range.
    /// A second hour without its day period takes the first's afternoon when that keeps it after the
    /// first (`午後1時から3時` is 13:00–15:00); the range ends after it starts, on the same day.
    func cjkTimeRange(after first: Match) -> Match? {
        guard let firstEnd = first.endOffset, let startHour = first.date.hour, let startMinute = first.date.minute
        else { return nil }
        let marker = tokens[first.end - 1]
        var next = first.end
        if firstEnd == marker.end {
            guard let joint = symbol(next), gap(before: next) <= 1, Self.isRangeJoint(joint) else { return nil }
            next += 1
        } else {
            // から, 到, 至: the rest of the marker's word.
            let rest = marker.end - firstEnd
            let isJoint =
                rest == 2 && text[firstEnd] == 0x304B && text[firstEnd + 1] == 0x3089
                || rest == 1 && (text[firstEnd] == 0x5230 || text[firstEnd] == 0x81F3)
            guard isJoint else { return nil }
        }
        guard next < tokens.count, gap(before: next) <= 1, number(next) != nil,
            next + 1 < tokens.count, Self.isCJKHourMarker(text[tokens[next + 1].start]),
            let second = cjkTime(at: next, afterTime: true), second.start == next, var endHour = second.date.hour,
            let endMinute = second.date.minute, var endOffset = second.endOffset
        else { return nil }
        if startHour >= 12, endHour < 12, second.startOffset == nil,
            (endHour + 12) * 60 + endMinute > startHour * 60 + startMinute
        {
            endHour += 12
        }
        guard startHour * 60 + startMinute < endHour * 60 + endMinute else { return nil }
        // まで: "until".
        let last = tokens[second.end - 1]
        if last.end - endOffset >= 2, text[endOffset] == 0x307E, text[endOffset + 1] == 0x3067 { endOffset += 2 }
        var date = first.date
        date.endHour = endHour
        date.endMinute = endMinute
        return Match(
            start: first.start, end: second.end, date: date, endOffset: endOffset, startOffset: first.startOffset)
    }
}
