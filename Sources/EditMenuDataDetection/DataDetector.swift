@_spi(Inlinable) import EditMenuText
import Foundation
import Synchronization

/// Finds links, email addresses, phone numbers, postal addresses, dates, flight numbers and
/// shipment tracking numbers in text, with precise boundaries and parsed values (EDIT-MENU.md §6).
///
/// Detection is hand-written scanning over the text's Unicode scalars — no regular expressions —
/// and runs in time linear in the text's length. Run it on a selection (``detect(inCharacterRange:of:margin:)``),
/// never on a whole document.
///
/// ```swift
/// let detector = DataDetector()
/// for item in detector.detect(in: "Lunch with jane@example.com on December 5, 2026 at 3:00 PM") {
///     print(item.type, item.range, item.value.text)
/// }
/// // email 11..<27 jane@example.com
/// // date 31..<58 2026-12-05T15:00
/// ```
///
/// Relative dates ("tomorrow", "next Friday") are resolved against ``referenceDate`` in
/// ``timeZone``; pass both for reproducible results.
public struct DataDetector: Sendable {
    /// The kinds of data to look for (all by default).
    public var types: Set<DataType>
    /// "Today", for relative dates and dates without a year.
    public var referenceDate: Date
    /// The time zone dates without a UTC offset are in.
    public var timeZone: TimeZone
    /// How the actions' web addresses are built (map search, flight and shipment tracking).
    public var services: DataActionServices
    /// How `5/12/2026` reads when both numbers could be the month (`.monthFirst`: 12 May, as in the
    /// US). Dates with dots or dashes are always day first, and a first number over 12 is a day.
    public var numericDateOrder: NumericDateOrder
    /// The menu locale's region (ISO 3166, `GB`): phone numbers are first read in its national
    /// formats, and a national number it reads gets its calling code (`0161 496 0000` →
    /// `+441614960000`). `nil`: national numbers are read in the regions of the shipped languages,
    /// and get a calling code only when all the regions that read them share it.
    public var region: String?

    /// Creates a detector. The reference date defaults to now.
    public init(
        types: Set<DataType> = Set(DataType.allCases), referenceDate: Date = Date(),
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current,
        services: DataActionServices = DataActionServices(), numericDateOrder: NumericDateOrder = .monthFirst,
        region: String? = nil
    ) {
        self.region = region
        self.types = types
        self.numericDateOrder = numericDateOrder
        self.referenceDate = referenceDate
        self.timeZone = timeZone
        self.services = services
    }

    /// Every item found in `text`, in order, never overlapping. ``DetectedItem/characterRange`` counts
    /// Characters of `text`, ``DetectedItem/byteRange`` its UTF-8 bytes.
    public func detect(in text: String) -> [DetectedItem] {
        // The types asked for, as bits: a `Set`'s look-up hashes the type's name each time.
        var wanted: UInt8 = 0
        for type in types { wanted |= 1 << type.priority }
        func wants(_ type: DataType) -> Bool { wanted & 1 << type.priority != 0 }
        let scanned = ScannedText(text)
        // Numbers written in full width (`０３－１２３４－５６７８`, `２０２５年３月５日`) are read with
        // their digits folded to ASCII, at the same offsets; links and email addresses as written.
        let numbers = scanned.foldingFullWidth()
        var found: [Candidate] = []
        // Room for a candidate every eight tokens (the dense benchmark text has one every ten), so that
        // most texts never copy the list as it grows.
        found.reserveCapacity(scanned.tokens.count / 8)
        if wants(.link) || wants(.email) {
            LinkScanner(text: scanned, links: wants(.link), emails: wants(.email)).scan(into: &found)
        }
        if wants(.trackingNumber) { TrackingNumberScanner(text: numbers).scan(into: &found) }
        if wants(.phoneNumber) { PhoneNumberScanner(text: numbers, region: region).scan(into: &found) }
        if wants(.date) {
            DateScanner(
                text: numbers, calendar: calendar, referenceDate: referenceDate, numericDateOrder: numericDateOrder
            )
            .scan(into: &found)
        }
        if wants(.flightNumber) { FlightNumberScanner(text: numbers).scan(into: &found) }
        if wants(.address) { AddressScanner(text: numbers).scan(into: &found) }
        let chosen = Self.acceptedCandidates(found)
        let ranges = scanned.characterAligned(chosen.map { found[$0].range })
        // The matched texts are the text's own bytes (its scalars, encoded again, are the same bytes).
        // Each item takes its candidate's value straight from `found` (a value is copied once).
        func items(_ bytes: UnsafeBufferPointer<UInt8>?) -> [DetectedItem] {
            var items: [DetectedItem] = []
            items.reserveCapacity(chosen.count)
            for (position, index) in chosen.enumerated() {
                let range = ranges[position]
                items.append(
                    DetectedItem(
                        type: found[index].type, characterRange: range.characters, byteRange: range.bytes,
                        matchedText: bytes.map {
                            String(decoding: UnsafeBufferPointer(rebasing: $0[range.bytes]), as: UTF8.self)
                        }
                            ?? scanned.string(range.scalars),
                        value: found[index].value))
            }
            return items
        }
        return text.utf8.withContiguousStorageIfAvailable { items($0) } ?? items(nil)
    }

    /// The items in and around a selection (``detect(inCharacterRange:of:margin:)`` without the
    /// actions): those inside it, and the one it is or lies inside (`actionable`).
    ///
    /// `selectedUTF8`: the selection in UTF-8 bytes of `text` when the caller knows them (the same
    /// Characters as `selection`, on their boundaries), so that only the margins' Characters are walked;
    /// `nil`: the Characters are walked from the text's start.
    package func items(
        inCharacterRange selection: Range<Int>, of text: String, selectedUTF8: Range<Int>? = nil, margin: Int = 64
    ) -> (items: [DetectedItem], actionable: DetectedItem?) {
        guard !selection.isEmpty, selection.lowerBound >= 0, selection.count <= Self.maximumSelectionLength else {
            return ([], nil)
        }
        let windowStart = max(0, selection.lowerBound - max(0, margin))
        let windowEnd = selection.upperBound + max(0, margin)
        // One pass over the Characters up to the window's end (or, when the selection's bytes are
        // known, over the margins' only), over UTF-8 bytes, stepping by Unicode scalars where a
        // Character boundary is certain (most text) and asking String's grapheme breaking elsewhere.
        var walk = CharacterWalk(
            windowStart: windowStart, windowEnd: windowEnd, selection: selection)
        func run(_ bytes: UnsafeBufferPointer<UInt8>) {
            if let selectedUTF8, walk.run(around: selectedUTF8, text, bytes) { return }
            walk = CharacterWalk(windowStart: windowStart, windowEnd: windowEnd, selection: selection)
            walk.run(text, bytes)
        }
        if text.utf8.withContiguousStorageIfAvailable(run) == nil {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer(run)
        }
        func stringIndex(_ byte: Int) -> String.Index { text.utf8.index(text.utf8.startIndex, offsetBy: byte) }
        let offset = walk.offset
        let index = stringIndex(walk.end)
        let lower = stringIndex(walk.lower)
        let selectionStart = stringIndex(walk.selectionStart)
        let selectionEnd = stringIndex(walk.selectionEnd)
        let spaceBefore = walk.spaceBefore
        let spaceAfter = walk.spaceAfter
        // The selection's core: without the spaces and punctuation around it.
        var selectedCore: Range<Int>?
        var coreStart = selection.lowerBound
        var start = selectionStart
        while start < selectionEnd, Self.isIgnorable(text[start]) {
            text.formIndex(after: &start)
            coreStart += 1
        }
        if start < selectionEnd {
            var coreEnd = min(offset, selection.upperBound)
            var end = selectionEnd
            while end > start {
                let before = text.index(before: end)
                guard Self.isIgnorable(text[before]) else { break }
                end = before
                coreEnd -= 1
            }
            selectedCore = coreStart..<coreEnd
        }
        let window = String(text[lower..<index])
        let windowByte = walk.lower
        let detected = detect(in: window)
        // A window at the text's start needs no shift (and its items no copy).
        let found =
            windowStart == 0 && windowByte == 0
            ? detected
            : detected.map { item -> DetectedItem in
                var shifted = item
                shifted.characterRange =
                    (item.characterRange.lowerBound + windowStart)..<(item.characterRange.upperBound + windowStart)
                shifted.byteRange = (item.byteRange.lowerBound + windowByte)..<(item.byteRange.upperBound + windowByte)
                return shifted
            }
        guard let core = selectedCore else { return ([], nil) }
        let containing = found.first {
            $0.characterRange.lowerBound <= core.lowerBound && core.upperBound <= $0.characterRange.upperBound
        }
        func isListed(_ item: DetectedItem) -> Bool {
            (selection.lowerBound <= item.characterRange.lowerBound
                && item.characterRange.upperBound <= selection.upperBound) || item == containing
        }
        // Usually all of them (a selection of whole items): then the found list itself, uncopied.
        let items = found.allSatisfy(isListed) ? found : found.filter(isListed)
        // An item that reaches a cut edge of the window may continue beyond it (a long link): look again, wider.
        let cutAtStart = windowStart > 0
        let cutAtEnd = index < text.endIndex
        // So may the word the selection is in, when no space separates it from a cut edge.
        let reachesEdge =
            items.contains {
                (cutAtStart && $0.characterRange.lowerBound == windowStart)
                    || (cutAtEnd && $0.characterRange.upperBound == offset)
            }
            || (cutAtStart && !spaceBefore) || (cutAtEnd && !spaceAfter)
        if margin < Self.maximumMargin, reachesEdge {
            return self.items(
                inCharacterRange: selection, of: text, selectedUTF8: selectedUTF8,
                margin: min(Self.maximumMargin, max(margin, 16) * 8))
        }
        return (items, containing)
    }

    /// The region of a BCP 47 or POSIX language tag: its region subtag (`en-GB` → `GB`, `de_AT.UTF-8` →
    /// `AT`), else the language's likely region from CLDR (`de` → `DE`, `ja` → `JP`); `nil` when unknown.
    ///
    /// ```swift
    /// var detector = DataDetector()
    /// detector.region = DataDetector.region(languageTag: "en-GB")   // "GB"
    /// ```
    package static func region(languageTag: String) -> String? {
        let parts = subtags(languageTag: languageTag)
        for part in parts.dropFirst() where part.count == 2 && part.allSatisfy(\.isLetter) {
            return part.uppercased()
        }
        guard let language = parts.first?.lowercased() else { return nil }
        return PhoneMetadata.likelyRegions[language]
    }

    /// Reads text as people writing in `languageTag` (BCP 47 or POSIX) do: slash dates in the order of
    /// CLDR's short date format for that locale (of its language when CLDR has no such locale), national
    /// phone numbers in its region first — the tag's region subtag (`en-GB` → `GB`, `de_AT.UTF-8` →
    /// `AT`), else the language's likely region from CLDR (`de` → `DE`, `ja` → `JP`).
    ///
    /// ```swift
    /// var detector = DataDetector()
    /// detector.adopt(languageTag: "en_GB.UTF-8")   // .dayFirst, "GB"
    /// ```
    public mutating func adopt(languageTag: String) {
        // A host's controller adopts its one language for every menu: what the last tag gave is kept
        // (reading a tag's subtags and CLDR's likely region costs more than a menu's layout).
        if let last = Self.lastAdopted.withLock({ $0 }), last.tag == languageTag {
            numericDateOrder = last.order
            region = last.region
            return
        }
        numericDateOrder = NumericDateOrder(languageTag: languageTag)
        region = Self.region(languageTag: languageTag)
        let adopted = (tag: languageTag, order: numericDateOrder, region: region)
        Self.lastAdopted.withLock { $0 = adopted }
    }

    /// The last tag ``adopt(languageTag:)`` read, and what it gave.
    private static let lastAdopted = Mutex<(tag: String, order: NumericDateOrder, region: String?)?>(nil)

    /// A BCP 47 or POSIX language tag's subtags, the language first, without the encoding and modifier
    /// POSIX names carry (`en_GB.UTF-8@euro` → `en`, `GB`). The POSIX locales `C` and `POSIX` (`C.UTF-8`)
    /// read as English, as the menu's language does (`MenuLocale.fromEnvironment`): slash dates month
    /// first and national phone numbers North American, not the best fit among every region.
    static func subtags(languageTag: String) -> [Substring] {
        let parts = languageTag.prefix { $0 != "." && $0 != "@" }.split(whereSeparator: { $0 == "-" || $0 == "_" })
        if parts.count == 1, ["c", "posix"].contains(parts[0].lowercased()) { return ["en"] }
        return parts
    }

    /// Selections longer than this (in Characters) are not examined: no single item is that long, and
    /// listing everything in a whole document is not what a menu is for.
    public static let maximumSelectionLength = 65_536

    /// The widest margin a selection's detection grows to when an item reaches the window's edge.
    static let maximumMargin = 4096

    /// Spaces and punctuation a selection may carry around an item.
    static func isIgnorable(_ character: Character) -> Bool {
        // ASCII (most of any text) without Unicode property look-ups, which dominate a menu's cost.
        if let ascii = character.singleASCIIByte {
            switch ascii {
            case 0x09...0x0D, 0x20: return true // White_Space
            case 0x21...0x23, 0x25...0x2A, 0x2C...0x2F, 0x3A, 0x3B, 0x3F, 0x40,
                0x5B...0x5D, 0x5F, 0x7B, 0x7D:
                return true // P* (not $ + < = > ^ ` | ~)
            default: return false
            }
        }
        return character.isWhitespace || character.isPunctuation || character.isNewline
    }

    /// `Character.isWhitespace`, without a property look-up for ASCII.
    static func isSpace(_ character: Character) -> Bool {
        if let ascii = character.singleASCIIByte { return (0x09...0x0D).contains(ascii) || ascii == 0x20 }
        return character.isWhitespace
    }

    package var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    // MARK: Overlaps

    /// Keeps the longest candidates; on equal length, the type that comes first in ``DataType``,
    /// except that a tracking number (its check digit verified) wins over a phone number.
    static func resolveOverlaps(_ candidates: [Candidate]) -> [Candidate] {
        acceptedCandidates(candidates).map { candidates[$0] }
    }

    /// ``resolveOverlaps(_:)``'s choice as the indices of the kept candidates, in text order (nothing
    /// copied).
    ///
    /// The candidates are swept in text order and cut into clusters: runs in which each overlaps one
    /// before it. Candidates of two clusters never overlap, so the longest-first choice made over all of
    /// them is the one made in each cluster alone: a cluster of one (most items) is kept as it is, and
    /// only the others are ranked. Sorting by start is cheap, as each scanner reports in text order.
    static func acceptedCandidates(_ candidates: [Candidate]) -> [Int] {
        // Non-empty candidates by start, then as found, as one integer key each (start, index).
        var keys: [UInt64] = []
        keys.reserveCapacity(candidates.count)
        for index in candidates.indices {
            let range = candidates[index].range
            guard !range.isEmpty else { continue }
            guard range.lowerBound >= 0, range.lowerBound <= Int(UInt32.max), index <= Int(UInt32.max) else {
                return rankedGreedily(candidates, Array(candidates.indices))
            }
            keys.append(UInt64(range.lowerBound) << 32 | UInt64(index))
        }
        keys.sort()
        var accepted: [Int] = []
        accepted.reserveCapacity(keys.count)
        var first = 0
        while first < keys.count {
            let index = Int(keys[first] & 0xFFFF_FFFF)
            var end = candidates[index].range.upperBound
            var next = first + 1
            while next < keys.count {
                let range = candidates[Int(keys[next] & 0xFFFF_FFFF)].range
                guard range.lowerBound < end else { break }
                end = max(end, range.upperBound)
                next += 1
            }
            if next == first + 1 {
                accepted.append(index)
            } else {
                accepted += rankedGreedily(candidates, keys[first..<next].map { Int($0 & 0xFFFF_FFFF) })
            }
            first = next
        }
        return accepted
    }

    /// The longest-first choice among `indices` of `candidates`: ranked longest first, then by type (a
    /// tracking number first, then as ``DataType`` declares them), then by start, then as found, each
    /// kept when it overlaps none kept before it; returned in text order.
    private static func rankedGreedily(_ candidates: [Candidate], _ indices: [Int]) -> [Int] {
        func rank(_ type: DataType) -> Int { type == .trackingNumber ? -1 : type.priority }
        let ranked = indices.sorted { a, b in
            let x = candidates[a].range, y = candidates[b].range
            if x.count != y.count { return x.count > y.count }
            let (p, q) = (rank(candidates[a].type), rank(candidates[b].type))
            if p != q { return p < q }
            if x.lowerBound != y.lowerBound { return x.lowerBound < y.lowerBound }
            return a < b
        }
        var kept: [Int] = [] // sorted by start
        for index in ranked where !candidates[index].range.isEmpty {
            let range = candidates[index].range
            var low = 0
            var high = kept.count
            while low < high {
                let middle = (low + high) / 2
                if candidates[kept[middle]].range.lowerBound < range.lowerBound {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            if low > 0, candidates[kept[low - 1]].range.upperBound > range.lowerBound { continue }
            if low < kept.count, candidates[kept[low]].range.lowerBound < range.upperBound { continue }
            kept.insert(index, at: low)
        }
        return kept
    }
}

/// Which number comes first in a numeric date written with slashes.
public enum NumericDateOrder: String, Hashable, Sendable {
    /// `12/5/2026` is December 5 (United States, Philippines, Canada in English).
    case monthFirst
    /// `12/5/2026` is 12 May (most of the world).
    case dayFirst

    /// The order people writing in `languageTag` use, from CLDR's short date format of that locale
    /// (of its language when CLDR has no such locale): month first for English in the US, Canada and
    /// the Philippines, and for Chinese, Japanese and Korean; day first in most of the world.
    ///
    /// ```swift
    /// NumericDateOrder(languageTag: "en-US")   // .monthFirst
    /// NumericDateOrder(languageTag: "en-GB")   // .dayFirst
    /// NumericDateOrder(languageTag: "fr")      // .dayFirst
    /// ```
    package init(languageTag: String) {
        let parts = DataDetector.subtags(languageTag: languageTag)
        let language = parts.first?.lowercased() ?? ""
        let region = parts.dropFirst().first { $0.count == 2 }?.uppercased()
        let orders = DateLexicon.shared.numericOrders
        self = region.flatMap { orders[language + "-" + $0] } ?? orders[language] ?? .dayFirst
    }
}

/// One pass over a text's Characters up to a selection's window end, in UTF-8 byte offsets: where the
/// window and the selection start and end, and whether the margins hold white space.
struct CharacterWalk {
    let windowStart: Int
    let windowEnd: Int
    let selection: Range<Int>
    /// Characters walked.
    var offset = 0
    /// Byte offsets.
    var end = 0
    var lower = 0
    var selectionStart = 0
    var selectionEnd = 0
    var spaceBefore = false
    var spaceAfter = false

    init(windowStart: Int, windowEnd: Int, selection: Range<Int>) {
        self.windowStart = windowStart
        self.windowEnd = windowEnd
        self.selection = selection
    }

    /// An ASCII scalar that never joins a grapheme cluster (`Scalar.isSimple(_:)`): printable, tab or
    /// line feed.
    @inline(__always)
    static func isSimpleASCII(_ byte: UInt8) -> Bool { byte &- 0x20 < 0x5F || byte == 0x0A || byte == 0x09 }

    /// The most scalars up to a certain boundary handed to grapheme breaking as a string of their
    /// own; a longer run is broken within the whole text.
    static let longestStretch = 32

    /// The Character starting at byte `index` (a Character boundary). Grapheme breaking runs on the
    /// scalars up to the next certain boundary (``Scalar/isCertainBoundary(_:_:)``) as a string of their
    /// own: an index made from a byte offset into `text` makes String search back for a Character
    /// boundary, at a cost growing with the text before it.
    static func character(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Character {
        let lead = Scalar.decode(bytes, at: index)
        var end = index + lead.length
        var previous = lead.value
        var scalars = 1
        while end < bytes.count, scalars <= longestStretch {
            let next = Scalar.decode(bytes, at: end)
            if Scalar.isCertainBoundary(previous, next.value) { break }
            previous = next.value
            end += next.length
            scalars += 1
        }
        if scalars <= longestStretch {
            let stretch = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
            if let first = stretch.first { return first }
        }
        return text[text.utf8.index(text.utf8.startIndex, offsetBy: index)]
    }

    /// ``run(_:_:)`` for a selection whose UTF-8 bytes are known (`selected`: the Characters of
    /// ``selection``, on their boundaries): only the margins are walked, back from the selection's start
    /// and on from its end. `false`, with nothing recorded worth keeping, when the bytes and the
    /// Character offsets disagree or scalars that join run longer than ``longestStretch``: then
    /// ``run(_:_:)`` walks from the start.
    mutating func run(around selected: Range<Int>, _ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard selected.lowerBound >= 0, selected.upperBound <= bytes.count, !selected.isEmpty else { return false }
        let wanted = selection.lowerBound - windowStart
        guard let before = Self.back(from: selected.lowerBound, characters: wanted, bytes), before.count == wanted
        else { return false }
        run(text, bytes, from: selected.upperBound, offset: selection.upperBound)
        lower = before.byte
        selectionStart = selected.lowerBound
        spaceBefore = before.space
        return true
    }

    /// The first byte of the scalar that ends at byte `index` of valid UTF-8 `bytes`.
    @inline(__always)
    static func scalarStart(before index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var lead = index - 1
        while lead > 0, index - lead < 4, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        return lead
    }

    /// The Characters before byte `start` (a Character boundary), back over `limit` of them at most:
    /// the byte where they begin, how many there are (fewer at the text's start), and whether one of
    /// them is white space. `nil` when scalars that join run longer than ``longestStretch``.
    static func back(from start: Int, characters limit: Int, _ bytes: UnsafeBufferPointer<UInt8>)
        -> (byte: Int, count: Int, space: Bool)?
    {
        var index = start
        var count = 0
        var space = false
        while count < limit, index > 0 {
            // Most text: a printable ASCII scalar, tab or line feed after another (or at the start) is a
            // Character of one byte (the one after it starts a Character).
            let byte = bytes[index - 1]
            if isSimpleASCII(byte), index == 1 || isSimpleASCII(bytes[index - 2]) {
                if byte == 0x20 || byte == 0x09 || byte == 0x0A { space = true }
                index -= 1
                count += 1
                continue
            }
            // Elsewhere: back to a boundary no rule can move (between two scalars that never join),
            // and String's grapheme breaking on the scalars from there, as a string of their own.
            var lower = scalarStart(before: index, bytes)
            var value = Scalar.decode(bytes, at: lower).value
            var scalars = 1
            while lower > 0 {
                let previousStart = scalarStart(before: lower, bytes)
                let previous = Scalar.decode(bytes, at: previousStart).value
                if Scalar.isCertainBoundary(previous, value) { break }
                scalars += 1
                guard scalars <= longestStretch else { return nil }
                lower = previousStart
                value = previous
            }
            if scalars == 1, Scalar.isSimple(value) {
                // One scalar between two certain boundaries (`é`, `中`, `…`): a Character of its own, white
                // space when the scalar is.
                if Unicode.Scalar(value)?.properties.isWhitespace == true { space = true }
                index = lower
                count += 1
                continue
            }
            let stretch = String(decoding: UnsafeBufferPointer(rebasing: bytes[lower..<index]), as: UTF8.self)
            for character in stretch.reversed() {
                guard count < limit else { break }
                if character.isWhitespace { space = true }
                index -= character.utf8.count
                count += 1
            }
        }
        return (index, count, space)
    }

    mutating func run(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) {
        run(text, bytes, from: 0, offset: 0)
    }

    /// Walks from byte `start`, the start of Character `startOffset` (0 and 0: the whole text; the
    /// selection's end: its after margin only, which records nothing before it).
    private mutating func run(
        _ text: String, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, offset startOffset: Int
    ) {
        var index = start
        offset = startOffset
        let count = bytes.count
        var current = index < count ? Scalar.decode(bytes, at: index) : (value: UInt32(0), length: 0)
        lower = count
        selectionStart = count
        selectionEnd = count
        // Inside the selection and before the window, Characters are only counted: runs of scalars that
        // are Characters of their own are skipped up to the next offset that is looked at.
        let stops = [windowStart, selection.lowerBound, selection.upperBound, windowEnd]
        while index < count, offset < windowEnd {
            if offset < windowStart || (offset >= selection.lowerBound && offset < selection.upperBound) {
                // The Characters before the next offset that is recorded (this one's too, when it is).
                var limit = windowEnd
                for stop in stops where stop >= offset && stop < limit { limit = stop }
                // A scalar followed by one it never joins is a Character of its own.
                var skipped = index
                var characters = 0
                var scalar = current
                // Whether `scalar` is simple (``Scalar/isCertainBoundary(_:_:)`` asks it of both sides:
                // each scalar is asked once, as the following one, and remembered).
                var isSimple = Scalar.isSimple(scalar.value)
                while offset + characters < limit {
                    // Sixteen bytes of simple scalars whose boundaries are all certain: a Character each.
                    if limit - offset - characters >= 16, let run = Scalar.simpleRun(bytes, at: skipped) {
                        skipped += 16
                        characters += run
                        scalar = Scalar.decode(bytes, at: skipped)
                        isSimple = true // the next scalar's lead byte is one of a simple scalar
                        continue
                    }
                    // Eight printable ASCII bytes: the first seven are Characters of one byte each.
                    if scalar.value < 0x80, skipped + 8 <= count, limit - offset - characters >= 7,
                        Scalar.arePrintableASCII(bytes, at: skipped)
                    {
                        skipped += 7
                        characters += 7
                        scalar = (value: UInt32(bytes[skipped]), length: 1)
                        isSimple = true // the eighth printable byte
                        continue
                    }
                    guard isSimple else { break }
                    let next = skipped + scalar.length
                    guard next < count else { break }
                    let following = Scalar.decode(bytes, at: next)
                    isSimple = Scalar.isSimple(following.value)
                    guard isSimple else { break }
                    skipped = next
                    scalar = following
                    characters += 1
                }
                if characters > 0 {
                    offset += characters
                    index = skipped
                    current = scalar
                    continue
                }
            }
            // Most text: a printable ASCII scalar, tab or line feed followed by another (or the end) is a
            // Character of one byte.
            let byte = bytes[index]
            if Self.isSimpleASCII(byte), index + 1 == count || Self.isSimpleASCII(bytes[index + 1]) {
                if offset == windowStart { lower = index }
                if offset == selection.lowerBound { selectionStart = index }
                if offset == selection.upperBound { selectionEnd = index }
                if offset >= windowStart, offset < selection.lowerBound || offset >= selection.upperBound,
                    byte == 0x20 || (0x09...0x0D).contains(byte)
                {
                    if offset < selection.lowerBound { spaceBefore = true } else { spaceAfter = true }
                }
                index += 1
                offset += 1
                if index < count { current = Scalar.decode(bytes, at: index) }
                continue
            }
            if offset == windowStart { lower = index }
            if offset == selection.lowerBound { selectionStart = index }
            if offset == selection.upperBound { selectionEnd = index }
            var next = index + current.length
            var following = next < count ? Scalar.decode(bytes, at: next) : (value: UInt32(0), length: 0)
            var character: Character?
            if next < count, !Scalar.isCertainBoundary(current.value, following.value) {
                character = Self.character(text, bytes, at: index)
                next = index + character!.utf8.count
                following = next < count ? Scalar.decode(bytes, at: next) : (value: UInt32(0), length: 0)
            }
            if offset >= windowStart, offset < selection.lowerBound || offset >= selection.upperBound {
                // Only the margins' Characters are looked at here.
                let isSpace: Bool
                if next - index == 1 {
                    isSpace = (0x09...0x0D).contains(current.value) || current.value == 0x20
                } else {
                    isSpace = (character ?? Self.character(text, bytes, at: index)).isWhitespace
                }
                if isSpace {
                    if offset < selection.lowerBound { spaceBefore = true } else { spaceAfter = true }
                }
            }
            index = next
            current = following
            offset += 1
        }
        end = index
        if offset <= windowStart { lower = index }
        if offset <= selection.lowerBound { selectionStart = index }
        if offset <= selection.upperBound { selectionEnd = index }
    }
}

/// A detector's finding before overlaps are resolved: a scalar range.
struct Candidate {
    var type: DataType
    var range: Range<Int>
    var value: DetectedValue
}
