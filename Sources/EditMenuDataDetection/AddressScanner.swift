@_spi(Inlinable) import EditMenuText

/// Finds postal addresses written by the conventions of the US, Canada, Australia, the UK, Germany,
/// France, Russia and Japan. Lines may be separated by commas or line breaks.
///
/// - US: `1 Infinite Loop, Cupertino, CA 95014` — number, street with its suffix, city, state, ZIP;
///   also highways and routes (`4500 US Highway 1`, `8921 Route 66`), hyphenated and ranged house
///   numbers (`91-1010 Fort Weaver Rd`, `123-125 Main Street`).
/// - CA: `290 Bremner Blvd, Toronto, ON M5V 3L9` — a province and a postal code; Quebec's
///   `405, rue Sainte-Catherine Est Montréal (Québec) H2L 2C4` (``canadianTerminal(at:)``).
/// - AU: `Level 5, 1 Martin Place, Sydney NSW 2000` — a state and a four-digit postcode.
/// - UK: `10 Downing Street, London SW1A 2AA` — number, street, town, postcode; a building's name or
///   a flat may lead (`Ivy Cottage, 4 Mill Lane, Ashford TN25 4BG`, `The Old Rectory, Church Lane, …`).
/// - DE: `Unter den Linden 77, 10117 Berlin` — street, number, postcode, town.
/// - FR: `55 Rue du Faubourg Saint-Honoré, 75008 Paris` — number, street type, name, postcode, town.
/// - RU: `ул. Тверская, д. 7, Москва, 125009` — street type and name, house, town, index, in any
///   order that starts or ends with the street or index.
/// - JP: `〒100-0005 東京都千代田区丸の内1-1-1` — postal code, prefecture, city, block numbers, in
///   Arabic or kanji numerals (`一丁目1番1号`).
///
/// An address needs its street and its town with a state or postal code; a street alone is not
/// detected.
struct AddressScanner {
    let text: ScannedText
    var tokens: [ScannedText.Token] { text.tokens }

    static let usStreetSuffixes = ScalarLexicon(words: [
        "street", "st", "avenue", "ave", "av", "road", "rd", "boulevard", "blvd", "drive", "dr", "lane", "ln",
        "way", "court", "ct", "place", "pl", "loop", "parkway", "pkwy", "highway", "hwy", "circle", "cir",
        "terrace", "ter", "square", "sq", "plaza", "trail", "trl", "crescent", "close", "gardens", "grove",
        "hill", "row", "mews", "walk", "parade", "green", "park", "broadway", "alley", "pike", "expressway",
        "turnpike", "embankment", "wharf", "route", "rte", "freeway", "fwy", "turn",
        "crt",
    ])
    /// Streets named by a number after them: `US Highway 1`, `Route 66`, `County Road 42`.
    static let routeWords = ScalarLexicon(words: [
        "highway", "hwy", "route", "rte", "road", "rd", "interstate", "freeway", "fwy", "pike", "byway", "sr", "cr",
        "rt",
        "us", "fm", "rr",
    ])
    /// Words a building's name ends with in British and Australian addresses (`Ivy Cottage`).
    static let buildingWords = ScalarLexicon(words: [
        "house", "cottage", "court", "rectory", "vicarage", "farm", "lodge", "hall", "manor", "barn", "mill", "villa",
        "tower", "towers", "building", "buildings", "centre", "center", "chambers", "mansions", "works", "studios",
        "wharf", "point", "grange", "hotel", "barracks", "estate", "quay",
    ])
    /// A flat, unit or floor that leads a line: `Flat 3`, `Unit 2`, `Level 5`.
    static let leadingUnitWords = ScalarLexicon(words: [
        "flat", "unit", "level", "suite", "apartment", "apt", "floor", "shop", "room", "studio",
    ])
    /// Canada's province and territory codes, as strings (for codes written with periods, `B.C.`) and as
    /// a lexicon of tokens.
    static let canadianProvinceCodes: Set<String> = [
        "AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT",
    ]
    static let canadianProvinces = ScalarLexicon(words: canadianProvinceCodes.sorted())
    static let australianStates = ScalarLexicon(words: ["NSW", "VIC", "QLD", "SA", "WA", "TAS", "NT", "ACT"])
    static let directions = ScalarLexicon(words: [
        "n", "s", "e", "w", "ne", "nw", "se", "sw", "north", "south", "east", "west",
    ])
    static let unitWords = ScalarLexicon(words: [
        "suite", "ste", "apt", "apartment", "unit", "floor", "fl", "room", "rm", "flat", "building", "bldg",
        "bureau", "pmb",
    ])
    static let usStates = ScalarLexicon(words: [
        "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY",
        "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH",
        "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "PR",
    ])
    static let usStateNames: Set<String> = [
        "alabama", "alaska", "arizona", "arkansas", "california", "colorado", "connecticut", "delaware", "florida",
        "georgia", "hawaii", "idaho", "illinois", "indiana", "iowa", "kansas", "kentucky", "louisiana", "maine",
        "maryland", "massachusetts", "michigan", "minnesota", "mississippi", "missouri", "montana", "nebraska",
        "nevada", "ohio", "oklahoma", "oregon", "pennsylvania", "tennessee", "texas", "utah", "vermont",
        "virginia", "washington", "wisconsin", "wyoming",
    ]
    /// State codes that are also words in a line of capitals (`… NOW, OK`, `… IT, OR`): they never close
    /// an all-caps address without a ZIP code.
    static let wordLikeStates = ScalarLexicon(words: ["in", "me", "ok", "or", "hi", "oh", "id"])
    /// ``usStateNames``, looked up by a token's scalars.
    static let usStateNameWords = ScalarLexicon(words: Array(usStateNames))
    /// The first words of the states named in two (as written, in capitals).
    static let usStateNameStarts: Set<String> = ["New", "North", "South", "West", "Rhode"]
    static let countries: Set<String> = [
        "usa", "us", "uk", "england", "scotland", "wales", "deutschland", "germany", "france", "россия", "japan",
        "united", "great", "états-unis", "canada", "australia", "österreich", "austria", "schweiz", "switzerland",
        "suisse",
    ]
    /// Countries that write addresses as Germany does (street, number, postcode, town).
    static let germanCountries: Set<String> = [
        "deutschland", "germany", "österreich", "austria", "schweiz", "switzerland", "suisse", "liechtenstein",
    ]
    static let frenchStreetTypes = ScalarLexicon(words: [
        "rue", "avenue", "av", "bd", "boul", "boulevard", "place", "pl", "allée", "allee", "chemin", "quai", "impasse",
        "route", "cours", "square", "passage", "faubourg", "esplanade", "voie", "rond-point",
    ])
    /// Lower-case words inside a street's or a town's name: German, and the articles and prepositions of
    /// the other languages that write the street before its number (`Via del Corso`, `Rua dos Fanqueiros`,
    /// `Burgemeester van Walsumweg`, `Frankfurt am Main`).
    static let germanConnectors = ScalarLexicon(words: [
        "am", "an", "der", "den", "dem", "im", "in", "ob", "auf", "bei", "vor", "unter", "zum", "zur", "de", "la", "le",
        "del", "della", "delle", "dei", "degli", "di", "da", "do", "dos", "das", "du", "des", "van", "het", "ten",
        "ter",
    ])
    static let germanStreetSuffixes = [
        "straße", "strasse", "str", "platz", "weg", "allee", "gasse", "ring", "damm", "ufer",
        "markt", "chaussee", "steig", "pfad", "hof", "berg", "graben", "wall", "zeile", "kai",
    ]
    /// Street types written in lower case after the name (`Karl Johans gate`, `Václavské náměstí`).
    static let lowercaseStreetTypes = ScalarLexicon(words: [
        "gate", "gata", "gatan", "vei", "veien", "vej", "gade", "vägen", "väg", "allé", "plass", "plads", "torg",
        "torget", "náměstí", "třída", "nábřeží", "ulice",
    ])
    /// What street names end with, or are, where postcodes have four digits (Austria, Switzerland,
    /// Belgium, the Netherlands, Denmark, Norway …): with a postcode of four digits alone, the street must
    /// say it is one (`2020 Edition` after `Chapter 5,` is no town).
    static let fourDigitStreetWords =
        germanStreetSuffixes + [
            "gate", "gata", "gade", "vej", "veien", "vegen", "stræde", "torv", "straat", "laan", "gracht", "plein",
            "kade", "dijk", "singel", "rue", "avenue", "boulevard", "chaussée", "place", "quai", "via", "viale",
            "piazza", "corso",
        ]
    static let russianStreetTypes = ScalarLexicon(words: [
        "ул", "улица", "пр", "пр-т", "просп", "проспект", "пер", "переулок", "ш", "шоссе", "наб", "набережная",
        "бул", "бульвар", "б-р", "пл", "площадь", "проезд", "туп", "тупик", "аллея", "мкр", "микрорайон",
    ])
    static let japanesePrefectures: [String] = [
        "北海道", "青森県", "岩手県", "宮城県", "秋田県", "山形県", "福島県", "茨城県", "栃木県", "群馬県", "埼玉県", "千葉県",
        "東京都", "神奈川県", "新潟県", "富山県", "石川県", "福井県", "山梨県", "長野県", "岐阜県", "静岡県", "愛知県", "三重県",
        "滋賀県", "京都府", "大阪府", "兵庫県", "奈良県", "和歌山県", "鳥取県", "島根県", "岡山県", "広島県", "山口県", "徳島県",
        "香川県", "愛媛県", "高知県", "福岡県", "佐賀県", "長崎県", "熊本県", "大分県", "宮崎県", "鹿児島県", "沖縄県",
    ]

    static let prefectureLexicon = ScalarLexicon(words: japanesePrefectures)

    func scan(into found: inout [Candidate]) {
        var index = 0
        // The first word token after the current one (moves forward only).
        var nextWord = 0
        while index < tokens.count {
            // Addresses start with a number, a capitalized word, or a Russian street word ("ул.", "г.").
            let token = tokens[index]
            let first = text[token.start]
            guard
                token.kind == .number
                    || (token.kind == .word && (Scalar.isUpper(first) || (first >= 0x400 && first <= 0x4FF)))
            else {
                index += 1
                continue
            }
            // A house number's street is a capitalized or lower-case ASCII word within ``streetReach``
            // tokens (``numberFirst(at:)``): in a run of numbers and symbols ("12 34 56 78", "3.14 $19.99")
            // or before words of other kinds ("5 грудня 2026"), no number starts an address.
            if token.kind == .number, token.length <= 5 {
                if nextWord <= index { nextWord = index + 1 }
                while nextWord < tokens.count, nextWord - index <= Self.streetReach, !isStreetCased(nextWord) {
                    nextWord += 1
                }
                if nextWord - index > Self.streetReach || nextWord >= tokens.count {
                    index += 1
                    continue
                }
            }
            if let match = match(at: index) {
                found.append(match.candidate)
                index = match.endToken
            } else {
                index += 1
            }
        }
        scanJapanese(into: &found)
    }

    struct Match {
        var candidate: Candidate
        var endToken: Int
    }

    // MARK: Token helpers

    func word(_ index: Int) -> String? {
        guard index >= 0, index < tokens.count, tokens[index].kind == .word, tokens[index].length <= 20 else {
            return nil
        }
        return text.lowercased(tokens[index])
    }

    func symbol(_ index: Int) -> UInt32? {
        guard index >= 0, index < tokens.count, tokens[index].kind == .symbol else { return nil }
        return text[tokens[index].start]
    }

    /// A two-letter US state code in capitals (`CA`, `NY`).
    func isStateCode(_ index: Int) -> Bool {
        guard index < tokens.count, tokens[index].kind == .word, tokens[index].length == 2,
            Scalar.isUpperASCII(text[tokens[index].start]), Scalar.isUpperASCII(text[tokens[index].start + 1])
        else { return false }
        return Self.usStates.contains(token: index, in: text)
    }

    func isNumber(_ index: Int, digits: ClosedRange<Int>) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .number && digits.contains(tokens[index].length)
    }

    func isCapitalized(_ index: Int) -> Bool {
        index < tokens.count && tokens[index].kind == .word && Scalar.isUpper(text[tokens[index].start])
    }

    /// The gap before token `index`: 0 glued, 1 spaces, 2 a line break (with optional spaces), 3 other.
    func gap(before index: Int) -> Int {
        guard index > 0, index < tokens.count else { return 3 }
        let from = tokens[index - 1].end
        let to = tokens[index].start
        if from == to { return 0 }
        if to - from == 1, text.scalars[from] == 0x20 { return 1 }
        if to - from > 6 { return 3 }
        var newlines = 0
        for offset in from..<to {
            if Scalar.isNewline(text[offset]) { newlines += 1 } else if !Scalar.isSpace(text[offset]) { return 3 }
        }
        return newlines == 0 ? 1 : newlines <= 2 ? 2 : 3
    }

    func spaced(_ index: Int) -> Bool { gap(before: index) == 1 }

    /// A line separator after token `index - 1`: a comma (then spaces or a line break) or a line break.
    /// Returns the index of the token after it.
    func separator(at index: Int) -> Int? {
        guard index < tokens.count else { return nil }
        if symbol(index) == 0x2C, gap(before: index) == 0, index + 1 < tokens.count,
            [1, 2].contains(gap(before: index + 1))
        {
            return index + 1
        }
        if gap(before: index) == 2 { return index }
        return nil
    }

    /// Words of a place name: 1–4 capitalized words (lower-case connectors inside), hyphens allowed.
    func placeName(at index: Int, maxWords: Int = 4) -> Int? {
        guard isCapitalized(index), !isStateCode(index) else { return nil }
        var end = index + 1
        var words = 1
        while end < tokens.count, words < maxWords {
            if symbol(end) == 0x2D, gap(before: end) == 0, end + 1 < tokens.count, tokens[end + 1].kind == .word,
                gap(before: end + 1) == 0
            {
                end += 2
                continue
            }
            if symbol(end) == 0x2E, gap(before: end) == 0, tokens[end - 1].length <= 3, end + 1 < tokens.count,
                isCapitalized(end + 1), spaced(end + 1)
            {
                end += 1 // "St. Louis"
                continue
            }
            if let quote = symbol(end), quote == 0x27 || quote == 0x2019, gap(before: end) == 0,
                text.isWord(end + 1, "s"),
                gap(before: end + 1) == 0
            {
                end += 2 // "St. James's", "King's Lynn"
                continue
            }
            guard spaced(end), tokens[end].kind == .word, ukPostcode(at: end) == nil else { break }
            if isCapitalized(end) {
                if isStateCode(end) || isProvinceOrStateAbroad(end) { break }
                end += 1
                words += 1
            } else if Self.germanConnectors.contains(token: end, in: text) || text.isWord(end, "upon")
                || text.isWord(end, "sur"),
                isCapitalized(end + 1), spaced(end + 1)
            {
                end += 2
                words += 2
            } else {
                break
            }
        }
        return end
    }

    /// The address's lines: the text between commas and line breaks, without surrounding spaces.
    func lines(_ range: Range<Int>) -> [String] {
        var lines: [String] = []
        lines.reserveCapacity(4)
        var start = range.lowerBound
        for offset in range.lowerBound...range.upperBound {
            let value = offset < range.upperBound ? text[offset] : 0x2C
            guard value == 0x2C || Scalar.isNewline(value) else { continue }
            var lower = start
            var upper = offset
            while lower < upper, Scalar.isSpace(text[lower]) { lower += 1 }
            while upper > lower, Scalar.isSpace(text[upper - 1]) { upper -= 1 }
            if lower < upper { lines.append(text.string(lower..<upper)) }
            start = offset + 1
        }
        return lines
    }

    func candidate(_ start: Int, _ end: Int, region: String, postalCode: String?) -> Match {
        let range = tokens[start].start..<tokens[end - 1].end
        let address = DetectedAddress(lines: lines(range), region: region, postalCode: postalCode)
        return Match(candidate: Candidate(type: .address, range: range, value: .address(address)), endToken: end)
    }

    // MARK: Dispatch

    func match(at index: Int) -> Match? {
        let token = tokens[index]
        if index > 0, gap(before: index) == 0, let previous = symbol(index - 1), previous != 0x28, previous != 0x22 {
            return nil
        }
        if index > 0, gap(before: index) == 0, tokens[index - 1].kind != .symbol { return nil }
        if token.kind == .number {
            if token.length <= 5, let match = numberFirst(at: index) { return withNumberWord(match, number: index) }
            if token.length == 6, let match = russian(at: index) { return match }
            return nil
        }
        guard token.kind == .word else { return nil }
        if Self.russianStreetTypes.contains(token: index, in: text) || text.isWord(index, "г")
            || text.isWord(index, "город")
        {
            return russian(at: index)
        }
        if isCapitalized(index) {
            return german(at: index) ?? (isCyrillicCapitalized(index) ? russian(at: index) : nil)
                ?? buildingLed(at: index) ?? postOfficeBox(at: index)
        }
        return nil
    }

    /// The match with `No.` before its house number, when written: "No. 22 The Light, The Headrow, …".
    func withNumberWord(_ match: Match, number index: Int) -> Match {
        guard index >= 2, symbol(index - 1) == 0x2E, spaced(index), gap(before: index - 1) == 0,
            text.isWord(index - 2, "no"), isCapitalized(index - 2), case .address(let address) = match.candidate.value
        else { return match }
        return candidate(index - 2, match.endToken, region: address.region, postalCode: address.postalCode)
    }

    // MARK: Post office boxes

    /// `P.O. Box 1234, Springfield, IL 62701`, `PO Box 55, Austin, TX 78701`, `Post Office Box 7, …`:
    /// the box takes the street's place; a town and a state with a ZIP (or a postcode) close it.
    func postOfficeBox(at start: Int) -> Match? {
        // Every way of writing it starts with a "p".
        guard start < tokens.count, Scalar.lowercased(text[tokens[start].start]) == 0x70 else { return nil }
        var index = start
        if text.isWord(index, "po") || text.isWord(index, "pob") {
            index += 1
        } else if text.isWord(index, "p"), symbol(index + 1) == 0x2E, gap(before: index + 1) == 0,
            text.isWord(index + 2, "o")
        {
            index += 3
            if symbol(index) == 0x2E, gap(before: index) == 0 { index += 1 }
        } else if text.isWord(index, "post"), text.isWord(index + 1, "office"), spaced(index + 1) {
            index += 2
        } else {
            return nil
        }
        guard text.isWord(index, "box"), spaced(index), isNumber(index + 1, digits: 1...6), spaced(index + 1) else {
            return nil
        }
        return anglophone(at: start, street: index + 1, requirePostcode: true, boxNumberEnd: index + 2)
    }

    // MARK: US, UK, FR (number first)

    /// How far after a house number (in tokens) ``numberFirst(at:)`` may find its street's first word:
    /// the number, then at most a range's dash and number (2), a fraction's digit, slash and digit (3),
    /// and the street word itself (1), or the number and the suffix of an ordinal ("34th", 2). A number
    /// with no ``isStreetCased(_:)`` word that close starts no address, which ``scan(into:)`` checks
    /// before trying it.
    static let streetReach = 7

    /// A word a street after a house number can start with: capitalized, or starting with a lower-case
    /// ASCII letter. ``anglophone(at:street:requirePostcode:boxNumberEnd:)`` reads a street only from
    /// such a word (or an ordinal, whose suffix is one), and every French street type starts with an
    /// ASCII letter.
    func isStreetCased(_ index: Int) -> Bool {
        guard tokens[index].kind == .word else { return false }
        let first = text[tokens[index].start]
        return (first >= 0x61 && first <= 0x7A) || Scalar.isUpper(first)
    }

    func numberFirst(at index: Int) -> Match? {
        // A run of zeros ("000", "00") is a placeholder, not a house number ("0" alone is one).
        if text[tokens[index].start] == 0x30, tokens[index].length > 1,
            tokens[index].range.allSatisfy({ text[$0] == 0x30 })
        {
            return nil
        }
        var next = index + 1
        // 91-1010 (Hawaii), 20-24 and 123-125 (ranges)
        if let dash = symbol(next), Scalar.isDash(dash), gap(before: next) == 0, isNumber(next + 1, digits: 1...5),
            gap(before: next + 1) == 0
        {
            next += 2
        } else if let dash = symbol(next), dash == 0x2D, spaced(next), isNumber(next + 1, digits: 1...5),
            spaced(next + 1), next + 2 < tokens.count, spaced(next + 2), tokens[next + 2].kind == .word
        {
            // A unit before the house number, as Canada writes it: "108 - 1550 Hartley Avenue".
            next += 2
        } else if let dash = symbol(next), dash == 0x2D, spaced(next), isNumber(next + 1, digits: 1...3),
            spaced(next + 1), isOrdinalSuffix(next + 2)
        {
            // A unit before a numbered street: "718 - 8th Avenue SW" (the street starts at "8th").
            next += 1
        }
        // 221B, 12a; 35-B
        if next < tokens.count, tokens[next].kind == .word, tokens[next].length == 1, gap(before: next) == 0 {
            next += 1
        } else if let dash = symbol(next), dash == 0x2D, gap(before: next) == 0, next + 1 < tokens.count,
            tokens[next + 1].kind == .word, tokens[next + 1].length == 1, gap(before: next + 1) == 0,
            Scalar.isUpperASCII(text[tokens[next + 1].start])
        {
            next += 2
        }
        // A fractional house number: "1418 1/2", "37 ½"
        if isNumber(next, digits: 1...1), spaced(next), symbol(next + 1) == 0x2F, gap(before: next + 1) == 0,
            isNumber(next + 2, digits: 1...1), gap(before: next + 2) == 0
        {
            next += 3
        } else if let fraction = symbol(next), fraction == 0xBC || fraction == 0xBD || fraction == 0xBE,
            gap(before: next) <= 1
        {
            next += 1
        }
        // French "bis", "ter", and "12, rue …"
        if text.isWord(next, "bis") || text.isWord(next, "ter"), spaced(next) { next += 1 }
        if symbol(next) == 0x2C, gap(before: next) == 0 {
            // "12, rue …" reads on; any other comma after the number is Quebec's or no address.
            guard Self.frenchStreetTypes.contains(token: next + 1, in: text) else {
                return quebecAfterComma(at: index, comma: next)
            }
            next += 1
        }
        guard next < tokens.count, gap(before: next) == 1 else { return nil }
        if Self.frenchStreetTypes.contains(token: next, in: text), let match = french(at: index, streetType: next) {
            return match
        }
        return anglophone(at: index, street: next)
    }

    /// The suffix of an ordinal glued to the number before it: `th` of `8th`, `ST` of `91ST`.
    func isOrdinalSuffix(_ index: Int) -> Bool {
        index < tokens.count && gap(before: index) == 0
            && (["st", "nd", "rd", "th"] as [StaticString]).contains(where: { text.isWord(index, $0) })
    }

    /// An address whose house number is followed by a comma and not by a French street type, as Quebec
    /// writes it (`comma` is the comma's token). With an English street ("4260, Still Creek Drive
    /// Burnaby (Colombie-Britannique) V5C 6C6") a Canadian province and postal code must close it; a
    /// numbered street is an ordinal and a French type ("1401, 18e rue Québec (Québec)", "25, 1re
    /// Avenue").
    func quebecAfterComma(at index: Int, comma: Int) -> Match? {
        guard comma + 1 < tokens.count, spaced(comma + 1) else { return nil }
        if isCapitalized(comma + 1) {
            guard let match = anglophone(at: index, street: comma + 1),
                case .address(let address) = match.candidate.value, address.region == "CA", address.postalCode != nil
            else { return nil }
            return match
        }
        guard isNumber(comma + 1, digits: 1...3), isFrenchOrdinalSuffix(comma + 2), spaced(comma + 3),
            Self.frenchStreetTypes.contains(token: comma + 3, in: text)
        else { return nil }
        return french(at: index, streetType: comma + 3)
    }

    /// A word starting with a lower-case ASCII letter (`main`, `st`).
    func isLowerWord(_ index: Int) -> Bool {
        guard index < tokens.count, tokens[index].kind == .word else { return false }
        let first = text[tokens[index].start]
        return first >= 0x61 && first <= 0x7A
    }

    /// A street suffix of USPS Publication 28 (`Xing`, `Hts`, `Turn`); `common` for the everyday ones
    /// (`St`, `Road`), which end a street on their own.
    func streetSuffix(_ index: Int) -> (common: Bool, found: Bool) {
        if Self.usStreetSuffixes.contains(token: index, in: text) { return (true, true) }
        return (false, StreetSuffixes.suffixes.contains(token: index, in: text))
    }

    func anglophone(at start: Int, street: Int, requirePostcode: Bool = false, boxNumberEnd: Int? = nil)
        -> Match?
    {
        // Written all in lower case ("200 main street se decatur al 35601"): a suffix and a ZIP code close it.
        let lower = boxNumberEnd == nil && isLowerWord(street)
        func cased(_ index: Int) -> Bool { lower ? isLowerWord(index) : isCapitalized(index) }
        // Street name words then a suffix: "Infinite Loop", "W 34th St.", "Pennsylvania Avenue NW".
        var index = boxNumberEnd ?? street
        var words = 0
        var suffixEnd: Int? = boxNumberEnd
        // A street named by a suffix of Publication 28 that is not an everyday one ("Quail Run", "Sunset
        // Hts"), or a line of capitals ("5 BIG DR"), needs a ZIP code or a postcode, not a state alone.
        var needsCode = lower
        var shouting = boxNumberEnd == nil
        while boxNumberEnd == nil, index < tokens.count, words < (lower ? 4 : 6), index == street || spaced(index) {
            let token = tokens[index]
            if token.kind == .number, token.length <= 3, index + 1 < tokens.count, gap(before: index + 1) == 0,
                (["st", "nd", "rd", "th"] as [StaticString]).contains(where: { text.isWord(index + 1, $0) })
            {
                index += 2 // 34th
                words += 1
                continue
            }
            // A street numbered without an ordinal's suffix, before an everyday suffix: "W. 207 St.", "52 AVE",
            // "121a Ave" (a letter glued to the number).
            if token.kind == .number, token.length <= 3 {
                let lettered = gap(before: index + 1) == 0 && isLowerWord(index + 1) && tokens[index + 1].length == 1
                let suffix = lettered ? index + 2 : index + 1
                if suffix < tokens.count, spaced(suffix), cased(suffix) || isAllCaps(suffix),
                    Self.usStreetSuffixes.contains(token: suffix, in: text)
                {
                    index = suffix
                    words += 1
                    continue
                }
            }
            guard token.kind == .word else { break }
            if !isAllCaps(index) { shouting = false }
            // "US Highway 1", "Route 66", "County Road 42", "SR 9", "route 9 w": the route's number (and a
            // direction) ends the street.
            if Self.routeWords.contains(token: index, in: text), cased(index), spaced(index + 1),
                isNumber(index + 1, digits: 1...4)
            {
                index += 2
                if index < tokens.count, gap(before: index) == 0, tokens[index].kind == .word, tokens[index].length == 1
                {
                    index += 1
                }
                if spaced(index), index < tokens.count, tokens[index].length <= 2, cased(index) || isAllCaps(index),
                    Self.directions.contains(token: index, in: text)
                {
                    index += 1
                }
                suffixEnd = index
                break
            }
            let suffix = words > 0 ? streetSuffix(index) : (common: false, found: false)
            // A suffix in lower case after a capitalized name ("Jill hollow", "Hilary road") is a street only
            // when a ZIP code or postcode closes the address.
            let lowerSuffix = !lower && suffix.found && isLowerWord(index)
            if suffix.found, cased(index) || isAllCaps(index) || lowerSuffix {
                if lowerSuffix { needsCode = true }
                // "Bear Creek Xing", "Eagle Ridge Turn": a rarer suffix followed by another suffix is part of the name;
                // so is an everyday one followed by another everyday one ("N Court Sq", "Park Ave").
                let nextCased = spaced(index + 1) && (cased(index + 1) || isAllCaps(index + 1))
                let continues =
                    nextCased
                    && (suffix.common
                        ? Self.usStreetSuffixes.contains(token: index + 1, in: text)
                        : streetSuffix(index + 1).found)
                if !continues {
                    if !suffix.common { needsCode = true }
                    index += 1
                    if symbol(index) == 0x2E, gap(before: index) == 0 { index += 1 }
                    if Self.directions.contains(token: index, in: text), spaced(index), cased(index) || isAllCaps(index)
                    {
                        index += 1
                        if symbol(index) == 0x2E, gap(before: index) == 0 { index += 1 }
                    }
                    suffixEnd = index
                    break
                }
            }
            guard cased(index) else { break }
            index += 1
            words += 1
            if symbol(index) == 0x2E, gap(before: index) == 0, tokens[index - 1].length <= 2 { index += 1 }
        }
        // A line of capitals needs a ZIP code or postcode, or a state alone after a town and a comma that
        // ends the address's line ("1720 HARDING HWY NEWFIELD, NJ"): ``shoutingState``.
        let shoutingState = shouting && !needsCode && suffixEnd != nil
        if shouting { needsCode = true }
        // A street without a suffix ("30 St Mary Axe", "1 Deansgate") counts only before a line break or
        // comma and only when a postcode or ZIP code closes the address.
        let weak = suffixEnd == nil || requirePostcode
        if weak { guard !lower, words >= 1 || suffixEnd != nil, separator(at: index) != nil else { return nil } }
        guard var end = suffixEnd ?? (weak ? index : nil) else { return nil }
        end = unitsEnd(after: end)
        if lower { return lowerCaseTown(at: start, after: end) }
        // Up to three place lines, then a state (+ ZIP) or a UK postcode. A state without a ZIP
        // ("…, New York") may also be the town of a longer address ("New York, NY 10118").
        var lineStart = end
        var fallback: Match?
        for _ in 0..<3 {
            guard let next = separator(at: lineStart) ?? (spaced(lineStart) ? lineStart : nil) else { break }
            if let postcode = ukPostcode(at: next), !weak || lineStart != end {
                return withCountry(candidate(start, postcode.end, region: "GB", postalCode: postcode.code))
            }
            if let terminal = usTerminal(at: next), !weak || (terminal.zip != nil && lineStart != end) {
                let match = withCountry(
                    candidate(start, terminal.end, region: terminal.region, postalCode: terminal.zip))
                if terminal.zip != nil { return match }
                let afterTownComma =
                    shoutingState && lineStart != end && next != lineStart && isAllCaps(next)
                    && !Self.wordLikeStates.contains(token: next, in: text)
                if fallback == nil, !needsCode || afterTownComma { fallback = match }
            }
            guard let placeEnd = placeName(at: next) else { break }
            // "London SW1A 2AA", "Cupertino CA 95014", "Sydney NSW 2000"
            if spaced(placeEnd), let postcode = ukPostcode(at: placeEnd) {
                return withCountry(candidate(start, postcode.end, region: "GB", postalCode: postcode.code))
            }
            if spaced(placeEnd), let terminal = usTerminal(at: placeEnd),
                terminal.zip != nil || !(weak || needsCode)
            {
                return withCountry(candidate(start, terminal.end, region: terminal.region, postalCode: terminal.zip))
            }
            if let terminal = stateInsidePlace(from: next, to: placeEnd) {
                return withCountry(candidate(start, terminal.end, region: terminal.region, postalCode: terminal.zip))
            }
            if !weak, separator(at: lineStart) != nil, let code = zipWithoutState(at: placeEnd) {
                return withCountry(candidate(start, code.end, region: "US", postalCode: code.zip))
            }
            lineStart = placeEnd
        }
        return requirePostcode ? nil : fallback
    }

    /// Secondary units after a street: ", Suite 100", " Apt 4B", " #200", " Unit 4 rear", " Bldg 2 Ste 5".
    func unitsEnd(after street: Int) -> Int {
        var end = street
        var probe = end
        if symbol(probe) == 0x2C, gap(before: probe) == 0 { probe += 1 }
        for round in 0..<3 {
            // A comma between units: "Building 2, Suite 2".
            if round > 0, symbol(probe) == 0x2C, gap(before: probe) == 0, spaced(probe + 1) { probe += 1 }
            if StreetSuffixes.unitsWithoutNumber.contains(token: probe, in: text), spaced(probe) {
                end = probe + 1
            } else if Self.unitWords.contains(token: probe, in: text)
                || StreetSuffixes.units.contains(token: probe, in: text), probe + 1 < tokens.count
            {
                var after = probe + 1
                if symbol(after) == 0x2E { after += 1 }
                // "Suite #205"
                if symbol(after) == 0x23, spaced(after), isNumber(after + 1, digits: 1...6), gap(before: after + 1) == 0
                {
                    after += 1
                    end = after + 1
                    if end < tokens.count, gap(before: end) == 0, tokens[end].kind == .word, tokens[end].length == 1 {
                        end += 1
                    }
                    probe = end
                    continue
                }
                // Its number or letter: "Suite 100", "Apt B" — not the town's first word ("Building Ann Arbor").
                guard spaced(after),
                    tokens[after].kind == .number || (tokens[after].kind == .word && tokens[after].length <= 2)
                else { break }
                after += 1
                if after < tokens.count, gap(before: after) == 0, tokens[after].kind != .symbol { after += 1 }
                end = after
            } else if symbol(probe) == 0x23, probe + 1 < tokens.count, gap(before: probe + 1) == 0,
                tokens[probe + 1].kind == .number
            {
                end = probe + 2
                // "#31A"
                if end < tokens.count, gap(before: end) == 0, tokens[end].kind == .word, tokens[end].length == 1 {
                    end += 1
                }
            } else {
                break
            }
            probe = end
        }
        return end
    }

    /// The town, state and ZIP code of an address written in lower case: `decatur al 35601`,
    /// `mountain view, ca 94043-1351`. Place words run until a state code followed by a ZIP code.
    func lowerCaseTown(at start: Int, after street: Int) -> Match? {
        var index = street
        var placeWords = 0
        for _ in 0..<5 {
            guard let next = separator(at: index) ?? (spaced(index) ? index : nil), isLowerWord(next) else {
                return nil
            }
            if placeWords > 0, tokens[next].length == 2, Self.usStates.contains(token: next, in: text),
                isNumber(next + 1, digits: 5...5), spaced(next + 1)
            {
                var end = next + 2
                var zip = text.string(tokens[next + 1].range)
                if let dash = symbol(end), Scalar.isDash(dash), gap(before: end) == 0, isNumber(end + 1, digits: 4...4),
                    gap(before: end + 1) == 0
                {
                    zip += "-" + text.string(tokens[end + 1].range)
                    end += 2
                }
                if end < tokens.count, gap(before: end) == 0, tokens[end].kind != .symbol { return nil }
                return candidate(start, end, region: "US", postalCode: zip)
            }
            index = next + 1
            placeWords += 1
        }
        return nil
    }
}
