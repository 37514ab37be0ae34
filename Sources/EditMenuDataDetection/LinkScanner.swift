@_spi(Inlinable) import EditMenuText

/// Finds web links (`https://…`, `http://…`, `ftp://…`, `www.…`, and bare host names whose top-level
/// domain is in the Public Suffix List, in any case: `apple.com`, `EXAMPLE.ORG`, `bbc.co.uk`) and
/// email addresses.
///
/// Boundaries: trailing sentence punctuation and quotes are not part of a link, nor is a closing
/// bracket the link did not open (`(see apple.com/ipad)` → `apple.com/ipad`), nor full-width
/// punctuation (`https://example.jp/info｜次`). `file:`, `javascript:` and any other scheme are never
/// links, and nothing inside them is detected; an address written as a `mailto:` URI is an email address
/// with its scheme.
struct LinkScanner {
    let text: ScannedText
    let links: Bool
    let emails: Bool

    static let maximumLinkLength = 2048

    func scan(into found: inout [Candidate]) {
        var index = 0
        let count = text.count
        while index < count {
            let value = text[index]
            // Spaces and ASCII punctuation but "@" (between most words) start nothing below: on, without
            // looking at what precedes them.
            if value < 0x80, value != 0x40, !Scalar.isASCIIAlphanumeric(value) {
                index += 1
                continue
            }
            let previous = text[index - 1]
            let atWordStart =
                (!Scalar.isWordCharacter(previous) || Scalar.isUnspacedScript(previous)) && previous != 0x2E
                && previous != 0x40 && previous != 0x2F && !Scalar.isDash(previous) && previous != 0x5F
            if atWordStart, Scalar.isASCIIAlphanumeric(value) {
                // Most words: ASCII letters and digits followed by what continues no scheme (`:`), host
                // (`.`), email (`@`) or word (`-`, `+`, `_`, a letter beyond ASCII) — a space, most
                // punctuation, the end. Nothing starts inside such a word: on after it, in one look.
                var end = index + 1
                while Scalar.isASCIIAlphanumeric(text[end]) { end += 1 }
                let next = text[end]
                if next < 0x80, next != 0x3A, next != 0x2E, next != 0x40, next != 0x2D, next != 0x2B, next != 0x5F {
                    index = end
                    continue
                }
            }
            // A scheme starts a word, or follows a dot written against it (`1.http://…`, `….https://…`).
            if Scalar.isASCIILetter(value), atWordStart || previous == 0x2E, let schemeEnd = schemeEnd(at: index) {
                // A scheme: http(s) and ftp links are detected; every other scheme is skipped whole.
                let scheme = text.lowercased(index..<schemeEnd)
                if links, scheme == "http" || scheme == "https" || scheme == "ftp",
                    let link = link(from: index, hostStart: schemeEnd + 3, scheme: scheme)
                {
                    found.append(link)
                    index = link.range.upperBound
                } else if !atWordStart {
                    // After a dot, only a web link starts: the rest of the word is read as before.
                    index += 1
                } else if scheme == "mailto" {
                    index = schemeEnd + 1
                } else {
                    index = runEnd(from: index)
                }
                continue
            }
            if value == 0x40 /* @ */ {
                if emails, let email = email(at: index) { found.append(email) }
                index += 1
                continue
            }
            // A host name in Hangul (`현금영수증.kr`, `도메인.한국`) starts where Korean's spaces or punctuation
            // show a word's start; one in kana or Han cannot be told from the unspaced text before it.
            let startsHangulWord = Self.isHangulSyllable(value) && !Scalar.isWordCharacter(previous)
            if links, atWordStart, !Scalar.isUnspacedScript(value) || startsHangulWord,
                Scalar.isLetter(value) || Scalar.isDigit(value)
            {
                // Only a word followed by ".label" can start a host name; one starting in Hangul is Hangul.
                var wordEnd = index
                while wordEnd < count, Scalar.isWordCharacter(text[wordEnd]) || text[wordEnd] == 0x2D {
                    if startsHangulWord, !Self.isHangulSyllable(text[wordEnd]), !Scalar.isDigit(text[wordEnd]),
                        text[wordEnd] != 0x2D
                    {
                        break
                    }
                    wordEnd += 1
                }
                guard text[wordEnd] == 0x2E, Scalar.isLetter(text[wordEnd + 1]) || Scalar.isDigit(text[wordEnd + 1])
                else {
                    index = max(wordEnd, index + 1)
                    continue
                }
                // A name glued to `#` or `$` is a hashtag, cashtag or variable (`#test.com`, `$t.co`).
                if previous == 0x23 || previous == 0x24 {
                    while index < count, Scalar.isWordCharacter(text[index]) { index += 1 }
                    continue
                }
                let isWWW = text.matchesASCII("www.", at: index)
                // A bare host ends in a known top-level domain, and every one has a letter: labels of
                // digits and hyphens alone ("3.14", "2.0.1", "33.123") are no host, whatever follows them.
                if !isWWW, !hasLetterInLaterLabels(after: wordEnd) {
                    while index < count, Scalar.isWordCharacter(text[index]) { index += 1 }
                    continue
                }
                if let link = link(from: index, hostStart: index, scheme: nil, requireKnownTLD: !isWWW) {
                    found.append(link)
                    index = link.range.upperBound
                    continue
                }
                // Skip the rest of this word: a host only starts at a word start.
                while index < count, Scalar.isWordCharacter(text[index]) { index += 1 }
                continue
            }
            index += 1
        }
    }

    /// Whether a letter or mark comes in the host labels after the dot at `dot`: the run of letters,
    /// marks, digits, hyphens and dots that ``host(from:)`` reads its later labels from (no longer than a
    /// host may be).
    private func hasLetterInLaterLabels(after dot: Int) -> Bool {
        var offset = dot + 1
        while offset - dot <= 254 {
            let value = text[offset]
            if Scalar.isDigit(value) || value == 0x2E || value == 0x2D {
                offset += 1
            } else {
                return Scalar.isLetter(value) || Scalar.isMark(value)
            }
        }
        return false
    }

    /// Whether `value` is a Hangul syllable (U+AC00–U+D7A3).
    @inline(__always)
    private static func isHangulSyllable(_ value: UInt32) -> Bool { value >= 0xAC00 && value <= 0xD7A3 }

    /// The end of a URI scheme (`letters:` followed by `//`, or a known dangerous scheme) at `start`.
    private func schemeEnd(at start: Int) -> Int? {
        var index = start
        while index - start < 16,
            Scalar.isASCIIAlphanumeric(text[index]) || text[index] == 0x2B || text[index] == 0x2E || text[index] == 0x2D
        {
            index += 1
        }
        guard text[index] == 0x3A /* : */, index > start else { return nil }
        if text[index + 1] == 0x2F && text[index + 2] == 0x2F { return index }
        let scheme = text.lowercased(start..<index)
        return ["javascript", "file", "data", "vbscript", "mailto", "about", "blob"].contains(scheme) ? index : nil
    }

    /// The end of the run of non-space characters from `start`.
    private func runEnd(from start: Int) -> Int {
        var index = start
        while index < text.count, !Scalar.isSpace(text[index]), !Scalar.isNewline(text[index]) { index += 1 }
        return index
    }

    // MARK: Hosts

    /// A host name: where it ends, how many labels it has, its last two labels' ranges, and whether
    /// every label is an IPv4 address's number (1 to 3 digits, at most 255) — all its readers ask,
    /// found without keeping the labels (a host is tried at every word before a dot).
    struct HostName {
        var end: Int
        var labelCount: Int
        var last: Range<Int>
        /// The label before ``last`` (empty when there is one label).
        var secondLast: Range<Int>
        var labelsAreOctets: Bool
        /// Whether it is written as an IPv4 address: four numbers from 0 to 255.
        var isIPv4: Bool { labelCount == 4 && labelsAreOctets }
    }

    /// A host name from `start`: labels of letters (any script), digits and inner hyphens, joined
    /// by dots; with `underscores`, a label before the last two may also hold `_` inside it
    /// (`http://sub_domain.example.com`: DNS names hold it, browsers open it).
    func host(from start: Int, underscores: Bool = false) -> HostName? {
        var host = HostName(
            end: start, labelCount: 0, last: start..<start, secondLast: start..<start, labelsAreOctets: true)
        var index = start
        while true {
            let labelStart = index
            var digits = true
            var ascii = true
            var number = 0
            while index - labelStart <= 63 {
                let value = text[index]
                if Scalar.isDigit(value) {
                    number = number &* 10 &+ Int(value &- 0x30)
                } else if Scalar.isLetter(value) || Scalar.isMark(value) || (value == 0x2D && index > labelStart) {
                    if value >= 0x80 {
                        // `example.com中国語`: an unspaced script after the Latin letters of a later label is
                        // the text after the host (a first label may mix them: `http://exampleこれは.com`).
                        if host.labelCount > 0, isScriptBoundary(at: index) { break }
                        ascii = false
                    }
                    digits = false
                } else if value == 0x5F, underscores, index > labelStart {
                    digits = false
                } else {
                    break
                }
                index += 1
            }
            // A label does not end with a hyphen: one that does ends the host, or, with more labels after
            // it (`trailingdash.twitter-.com`), there is no host.
            if index > labelStart, text[index - 1] == 0x2D {
                if text[index] == 0x2E, Scalar.isLetter(text[index + 1]) || Scalar.isDigit(text[index + 1]) {
                    return nil
                }
                while index > labelStart, text[index - 1] == 0x2D { index -= 1 }
                digits = (labelStart..<index).allSatisfy { Scalar.isDigit(text[$0]) }
                number = 0
                for offset in labelStart..<min(index, labelStart + 3) {
                    number = number * 10 + Int(text[offset] &- 0x30)
                }
            }
            guard index > labelStart, index - labelStart <= 63, text[index - 1] != 0x5F else { return nil }
            // An `xn--` label is the ASCII form of an internationalized one (RFC 5890): nothing else.
            if !ascii, text.matchesASCII("xn--", at: labelStart) { return nil }
            host.secondLast = host.last
            host.last = labelStart..<index
            host.labelCount += 1
            if !(digits && index - labelStart <= 3 && number <= 255) { host.labelsAreOctets = false }
            let next = text[index + 1]
            if text[index] == 0x2E, Scalar.isLetter(next) || Scalar.isDigit(next) {
                index += 1
                continue
            }
            break
        }
        guard index - start <= 253 else { return nil }
        if underscores, (host.secondLast.lowerBound..<index).contains(where: { text[$0] == 0x5F }) { return nil }
        host.end = index
        return host
    }

    /// Whether a host written without a scheme or `www.` is a registrable name: its top-level domain
    /// is in the Public Suffix List, it is more than a suffix (`co.uk` alone is not), and — unless a
    /// path follows — a two-label name is not a file name (`README.md`), a member access ending in a
    /// generic top-level domain newer than the classic ones (`Array.map`, `user.email`), or a short
    /// name in capitals (`ASP.NET`, `VB.NET`: technology names).
    private func isBareHost(_ host: HostName) -> Bool {
        let tld = host.last
        guard let index = PublicSuffixes.topLevel.value(in: text, tld) else { return false }
        let second = host.secondLast
        let rules = PublicSuffixes.secondLevel[index]
        if host.labelCount == 2 {
            let isSuffix =
                (rules.wildcard && !rules.exceptions.contains(second, in: text))
                || rules.names.contains(second, in: text)
            if isSuffix { return false }
            let hasPath = text[host.end] == 0x2F
            if !hasPath {
                if PublicSuffixes.fileExtensions.contains(tld, in: text) { return false }
                if tld.count >= 3, !PublicSuffixes.legacyGeneric.contains(tld, in: text) { return false }
                if second.count <= 3, second.allSatisfy({ Scalar.isUpper(text[$0]) || Scalar.isDigit(text[$0]) }),
                    tld.allSatisfy({ Scalar.isUpper(text[$0]) })
                {
                    return false
                }
            }
        }
        return true
    }

    /// Whether a letter of an unspaced script (kana, Han, Hangul) at `offset` follows an ASCII letter or
    /// digit: where a Latin host name or path ends and the text written against it begins
    /// (`twitter.comです`, `naver.com에서`, `example.com/newsをご覧ください`). A label after the first
    /// mixing the two is not read as one.
    @inline(__always)
    private func isScriptBoundary(at offset: Int) -> Bool {
        Scalar.isUnspacedScript(text[offset]) && Scalar.isASCIIAlphanumeric(text[offset - 1])
    }

    private func isAlphabetic(_ range: Range<Int>) -> Bool {
        range.count >= 2 && range.allSatisfy { Scalar.isLetter(text[$0]) || Scalar.isMark(text[$0]) }
    }

    /// Whether the last label of a host written with a scheme, `www.` or `@` can be a top-level domain:
    /// two letters or more (any script: `.com`, `.рф`), or an internationalized one in its ASCII form
    /// (`xn--p1ai`, `xn--wgbh1c`: RFC 3492 punycode after the `xn--` prefix, letters and digits).
    private func isTopLevelLabel(_ range: Range<Int>) -> Bool {
        if isAlphabetic(range) { return true }
        guard range.count >= 5, text.matchesASCII("xn--", at: range.lowerBound) else { return false }
        return (range.lowerBound + 4..<range.upperBound).allSatisfy {
            Scalar.isASCIIAlphanumeric(text[$0]) || text[$0] == 0x2D
        }
    }

    /// Whether the last label of a host written with `www.` or `@` is a top-level domain in the Public
    /// Suffix List, or one in its punycode form (the list writes internationalized ones as they read):
    /// `www.example.baz` and `fake@gmail.comf` are no names.
    private func isKnownTopLevelLabel(_ range: Range<Int>) -> Bool {
        isTopLevelLabel(range) && (!isAlphabetic(range) || PublicSuffixes.topLevel.value(in: text, range) != nil)
    }

    /// Whether `value` may be written in a URI's user information (RFC 3986 §3.2.1): unreserved
    /// characters (letters and digits of any script, `-._~`), `%`, the sub-delimiters `!$&'()*+,;=`
    /// and `:`.
    @inline(__always)
    private static func isUserInfoCharacter(_ value: UInt32) -> Bool {
        if value >= 0x80 { return Scalar.isLetter(value) || Scalar.isDigit(value) || Scalar.isMark(value) }
        if Scalar.isASCIIAlphanumeric(value) { return true }
        switch value {
        case 0x2D, 0x2E, 0x5F, 0x7E, 0x25, 0x21, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3D, 0x3A:
            return true
        default:
            return false
        }
    }

    // MARK: Links

    private func link(from start: Int, hostStart: Int, scheme: String?, requireKnownTLD: Bool = false) -> Candidate? {
        var hostBegin = hostStart
        var hasUserInfo = false
        if scheme != nil {
            // user:password@host: remembered, never opened. User information is unreserved characters,
            // percent escapes, sub-delimiters and colons (RFC 3986 §3.2.1): an "@" after anything else
            // (`https://a.com)[b](mailto:c@d.com)`) belongs to something after the link.
            var probe = hostStart
            while probe - hostStart < 256, probe < text.count,
                Self.isUserInfoCharacter(text[probe]) || text[probe] == 0x40
            {
                if text[probe] == 0x40 {
                    hasUserInfo = true
                    hostBegin = probe + 1
                }
                probe += 1
            }
        }
        guard let host = host(from: hostBegin, underscores: scheme != nil) else { return nil }
        let hostEnd = host.end
        let lastLabel = host.last
        if requireKnownTLD {
            guard host.labelCount >= 2, isBareHost(host) else { return nil }
            // Not the start of an email address's local part (`name.al@…`, `name.al+news@example.com`):
            // with email detection off, the address is still no link.
            var localPartEnd = hostEnd
            while localPartEnd - hostEnd < 64, Self.isLocalPartCharacter(text[localPartEnd]) { localPartEnd += 1 }
            if text[localPartEnd] == 0x40 { return nil }
        } else if scheme == nil {
            // www.host.tld: `www.example.baz` is no link.
            guard host.labelCount >= 3, isKnownTopLevelLabel(lastLabel) else { return nil }
        } else {
            let single = host.labelCount == 1 && text.lowercased(lastLabel) == "localhost"
            guard single || host.isIPv4 || (host.labelCount >= 2 && isTopLevelLabel(lastLabel)) else { return nil }
        }
        var index = hostEnd
        // A fully qualified name's closing dot (`https://example.com.:8080/`, `http://example.com./`).
        if scheme != nil, text[index] == 0x2E,
            text[index + 1] == 0x2F || (text[index + 1] == 0x3A && Scalar.isDigit(text[index + 2]))
        {
            index += 1
        }
        var port: Int?
        if text[index] == 0x3A, Scalar.isDigit(text[index + 1]) {
            var end = index + 1
            while Scalar.isDigit(text[end]), end - index <= 6 { end += 1 }
            guard let number = Int(text.string((index + 1)..<end)), number <= 65535, !Scalar.isWordCharacter(text[end])
            else {
                return nil
            }
            port = number
            index = end
        }
        let restStart = index
        if text[index] == 0x2F || text[index] == 0x3F || text[index] == 0x23 {
            index = pathEnd(from: index)
        } else if (Scalar.isWordCharacter(text[index]) && !isScriptBoundary(at: index)) || text[index] == 0x40
            || text[index] == 0x5F
        {
            return nil
        }
        guard index - start <= Self.maximumLinkLength else { return nil }
        let value = DetectedLink(
            scheme: scheme ?? "https", host: text.lowercased(hostBegin..<hostEnd), port: port,
            rest: text.string(restStart..<index), hasUserInfo: hasUserInfo,
            userInfo: hasUserInfo ? text.string(hostStart..<(hostBegin - 1)) : nil)
        return Candidate(type: .link, range: start..<index, value: .link(value))
    }

    /// Where a path, query and fragment starting at `start` ends: at a space, a control character, a
    /// character URLs never contain, a closing bracket the link did not open (`(http://a.org/)(…)`) or an
    /// unspaced script written against ASCII letters or digits, minus trailing punctuation, opening
    /// brackets and quotes the link did not open.
    private func pathEnd(from start: Int) -> Int {
        var index = start
        var inQuery = false
        // Brackets opened in the link and not yet closed: `(`, `[`, `{` (templates: `/users/{id}`).
        var open = (parentheses: 0, squares: 0, braces: 0)
        while index < text.count {
            let value = text[index]
            if Scalar.isSpace(value) || Scalar.isNewline(value) || value < 0x20 || (value >= 0x7F && value <= 0x9F) {
                break
            }
            if value == 0x3F || value == 0x23 {
                inQuery = true
            } else if value == 0x3C || value == 0x3E || value == 0x22 || value == 0x60 || value == 0x5C {
                break
            } else if value == 0x28 {
                open.parentheses += 1
            } else if value == 0x5B {
                open.squares += 1
            } else if value == 0x7B {
                open.braces += 1
            } else if value == 0x29 {
                guard open.parentheses > 0 else { break }
                open.parentheses -= 1
            } else if value == 0x5D {
                guard open.squares > 0 else { break }
                open.squares -= 1
            } else if value == 0x7D {
                guard open.braces > 0 else { break }
                open.braces -= 1
            } else if value == 0x7C || value == 0x5E {
                // `|` and `^` are no URI characters (RFC 3986), but a query or fragment holds them as
                // written (`?param=P1|0||P2|0`, `?q=repo:^services`): only there are they read on.
                guard inQuery, Self.isQueryContinuation(text[index + 1]) else { break }
            }
            if value >= 0x80,
                value == 0xAB || value == 0xBB || value == 0x201C || value == 0x201D || Self.isWidePunctuation(value)
                    || Self.isInvisibleFormatting(value) || isScriptBoundary(at: index)
            {
                break
            }
            index += 1
        }
        while index > start {
            let last = text[index - 1]
            // A quote the link opened stays (`/a'b'`); one it did not is the text's (`'apple.com/x'`).
            if last == 0x27 {
                var quotes = 0
                for offset in start..<(index - 1) where text[offset] == 0x27 { quotes += 1 }
                if quotes % 2 == 1 { break }
                index -= 1
                continue
            }
            // Sentence punctuation, and an opening bracket with nothing after it.
            if [0x2E, 0x2C, 0x3B, 0x3A, 0x21, 0x3F, 0x2019, 0x2A, 0x7C, 0x5E, 0x28, 0x5B, 0x7B].contains(last) {
                index -= 1
                continue
            }
            break
        }
        return index
    }

    /// Whether `value`, after a `|` or `^` in a query, goes on with it: an ASCII letter or digit, or one
    /// of `|^%=&_-~.+*$` (not a space, a quote, a bracket or sentence punctuation).
    @inline(__always)
    private static func isQueryContinuation(_ value: UInt32) -> Bool {
        Scalar.isASCIIAlphanumeric(value)
            || [0x7C, 0x5E, 0x25, 0x3D, 0x26, 0x5F, 0x2D, 0x7E, 0x2E, 0x2B, 0x2A, 0x24].contains(value)
    }

    /// CJK and full-width punctuation (`、` `。` `「` `｜` `，` `）` …): never part of a URL as written.
    static func isWidePunctuation(_ value: UInt32) -> Bool {
        (value >= 0x3000 && value <= 0x303F) || (value >= 0xFF01 && value <= 0xFF0F)
            || (value >= 0xFF1A && value <= 0xFF20) || (value >= 0xFF3B && value <= 0xFF40)
            || (value >= 0xFF5B && value <= 0xFF65) || value == 0x30FB
    }

    /// The zero-width space, directional marks, embeddings, overrides and isolates (U+200B, U+200E–U+200F,
    /// U+202A–U+202E, U+2060–U+2069) and the byte order mark: invisible, never part of a URL as written;
    /// right-to-left text puts them around a link (`\u{2066}http://twitter.com/\u{2069}`). The joiners
    /// U+200C and U+200D are not among them: words of some scripts and emoji hold them.
    static func isInvisibleFormatting(_ value: UInt32) -> Bool {
        value == 0x200B || value == 0x200E || value == 0x200F || (value >= 0x202A && value <= 0x202E)
            || (value >= 0x2060 && value <= 0x2069) || value == 0xFEFF
    }

    // MARK: Email

    private static func isLocalPartCharacter(_ value: UInt32) -> Bool {
        Scalar.isASCIIAlphanumeric(value) || value == 0x2E || value == 0x5F || value == 0x25 || value == 0x2B
            || value == 0x2D || value == 0x27 || (value >= 0x80 && Scalar.isLetter(value))
    }

    /// An email address around the `@` at `at`.
    private func email(at: Int) -> Candidate? {
        guard let start = text[at - 1] == 0x22 ? quotedLocalPartStart(before: at) : localPartStart(before: at) else {
            return nil
        }
        guard let host = host(from: at + 1), host.labelCount >= 2, isKnownTopLevelLabel(host.last) else {
            return nil
        }
        let end = host.end
        if (Scalar.isWordCharacter(text[end]) && !isScriptBoundary(at: end)) || text[end] == 0x40 || text[end] == 0x5F {
            return nil
        }
        let address = text.string(start..<at) + "@" + text.lowercased((at + 1)..<end)
        // Written as a mailto: URI, the address is detected with its scheme, so that selecting the whole
        // URI still selects the item.
        var itemStart = start
        if text[start - 1] == 0x3A, text.matchesASCII("mailto:", at: start - 7),
            !Scalar.isWordCharacter(text[start - 8])
        {
            itemStart = start - 7
        }
        return Candidate(type: .email, range: itemStart..<end, value: .email(address))
    }

    /// Where the local part (a dot-atom: `jane.o'neil+news`) ending before the `@` at `at` starts.
    private func localPartStart(before at: Int) -> Int? {
        var start = at
        // `連絡はjane@example.com`: an unspaced script before Latin letters is the text before the address.
        while at - start < 64, Self.isLocalPartCharacter(text[start - 1]),
            !(Scalar.isUnspacedScript(text[start - 1]) && Scalar.isASCIIAlphanumeric(text[start]))
        {
            start -= 1
        }
        // Trim leading dots; the local part may not start or end with one, nor contain "..". What the dots
        // follow is no part of it (`.jane@example.com` at a line's start), but for a quoted part
        // (`test."foo".bar@…` is one address or none).
        let trimmedFrom = start
        while start < at, text[start] == 0x2E || text[start] == 0x27 { start += 1 }
        // Nor may another "@" come right before it (`email@android@android.com` is one address or none).
        guard start < at, text[at - 1] != 0x2E, text[start - 1] != 0x40,
            !Self.isLocalPartCharacter(text[start - 1]) || text[start - 1] == 0x27
                || (text[start - 1] == 0x2E && text[trimmedFrom - 1] != 0x22)
                || (Scalar.isUnspacedScript(text[start - 1]) && Scalar.isASCIIAlphanumeric(text[start]))
        else { return nil }
        for offset in start..<(at - 1) where text[offset] == 0x2E && text[offset + 1] == 0x2E { return nil }
        guard Scalar.isASCIIAlphanumeric(text[start]) || Scalar.isLetter(text[start]) || text[start] == 0x5F else {
            return nil
        }
        return start
    }

    /// Where a quoted local part (`"john doe"@example.com`, RFC 5321 §4.1.2) that closes right before the
    /// `@` at `at` starts: its opening quote, after no local-part character, around 1 to 64 printable
    /// ASCII characters other than `"` and `\`, not all spaces.
    private func quotedLocalPartStart(before at: Int) -> Int? {
        var offset = at - 2
        var printable = false
        while at - 2 - offset < 64 {
            let value = text[offset]
            if value == 0x22 { break }
            guard value >= 0x20, value <= 0x7E, value != 0x5C else { return nil }
            if value != 0x20 { printable = true }
            offset -= 1
        }
        guard text[offset] == 0x22, printable, !Self.isLocalPartCharacter(text[offset - 1]) else { return nil }
        return offset
    }
}
