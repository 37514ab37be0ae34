import Dispatch
import Synchronization

/// The spell-marking policy every host shares (Check Spelling While Typing): the misspelled words of
/// the part of a text on screen, found off the input path — a view asks for the marks of its visible
/// bytes when it draws; if they are not known yet for this version of the
/// text, a check of just those bytes starts on `BackgroundQueue.shared` (below the host's priority),
/// and the view draws what is still valid meanwhile (marks whose word is unchanged), the rest on a
/// later frame.
///
/// ```swift
/// let marks = SpellingMarks(checker: checker, locale: .english)
/// marks.marks(in: 0..<4096, of: storage, version: version)   // [] at first: the check has started
/// // … a moment later
/// marks.marks(in: 0..<4096, of: storage, version: version)   // [2..<9] ("recieve")
/// ```
package final class SpellingMarks: Sendable {
    /// A version of a text: its storage and how many changes it has seen.
    package struct Version: Hashable, Sendable {
        /// ``TextStorage/identity``.
        package var storage: UInt64
        /// A count that changes with every edit (the undo history's `changeCount`).
        package var changes: Int
        /// The spell checker's ``SpellChecker/generation`` (a word ignored or learned).
        package var checker: Int

        /// Creates a version.
        package init(storage: UInt64, changes: Int, checker: Int) {
            self.storage = storage
            self.changes = changes
            self.checker = checker
        }
    }

    /// A misspelled word: where it is and its bytes (to tell whether an edit moved it).
    struct Mark: Sendable {
        var range: Range<Int>
        var bytes: [UInt8]
    }

    private struct State {
        var version: Version?
        var range: Range<Int> = 0..<0
        var marks: [Mark] = []
        /// The check asked for last; only the newest one runs (scrolling fast asks for many).
        var inFlight: (version: Version, range: Range<Int>)?
        var pending: (version: Version, range: Range<Int>, text: String)?
        /// The earlier marks found still valid for a version not yet checked.
        var carried: (version: Version, range: Range<Int>, marks: [Range<Int>])?
        /// When the last check started, and whether one waits for its turn.
        var lastStart: DispatchTime?
        var deferred = false
    }

    /// The least time between two checks: marks follow the text at most 20 times a second, so a fast
    /// run of keys or scrolling never keeps a core busy checking screens no one sees.
    package static let minimumInterval = 0.05

    /// The spell checker.
    package let checker: any SpellChecker
    /// The menu's language (which dictionary reads which script).
    package let locale: MenuLocale
    /// The host's language for its text (``EditMenuConfiguration/textLanguage``): words in its script
    /// are checked in it.
    package let hint: String?
    private let state = Mutex(State())

    /// Marks with `checker` for a menu in `locale`, text in `hint`'s language where it is in its script.
    /// The dictionary for Latin-script text (`hint`'s or the menu's language) is read at once on
    /// `BackgroundQueue.shared` (``SpellChecker/prepare(language:)``): a host attaching gets it ready
    /// before the first screen is marked or the first menu asks about a word.
    package init(checker: any SpellChecker, locale: MenuLocale, hint: String? = nil) {
        self.checker = checker
        self.locale = locale
        self.hint = hint
        if let language = checker.language(of: "a", locale: locale, hint: hint) {
            BackgroundQueue.shared.async { checker.prepare(language: language) }
        }
    }

    /// Whether a check is running (a host redraws soon to show its marks).
    package var isChecking: Bool { state.withLock { $0.inFlight != nil || $0.deferred } }

    /// The marks within `range` of `storage` at `version`: those checked for this very version, or —
    /// while a check for it runs — the earlier marks whose words are still where they were. Starts the
    /// check when needed; never waits for one. Reads only `range`'s bytes (a screenful).
    package func marks(in range: Range<Int>, of storage: TextStorage, version: Version) -> [Range<Int>] {
        marks(in: range, of: storage, version: version, caret: nil)
    }

    /// ``marks(in:of:version:)`` without the word being typed: a mark ending at `caret` (the caret of
    /// focused text) is left out — it is marked once people move on, as macOS does.
    package func marks(in range: Range<Int>, of storage: TextStorage, version: Version, caret: Int?) -> [Range<Int>] {
        let found = allMarks(in: range, of: storage, version: version)
        guard let caret else { return found }
        return found.filter { $0.upperBound != caret }
    }

    private func allMarks(in range: Range<Int>, of storage: TextStorage, version: Version) -> [Range<Int>] {
        let (known, knownVersion, knownRange, running) = state.withLock {
            ($0.marks, $0.version, $0.range, $0.inFlight)
        }
        if knownVersion == version, knownRange.contains(range) {
            return known.filter { $0.range.overlaps(range) }.map(\.range)
        }
        if !(running.map { $0.version == version && $0.range.contains(range) } ?? false) {
            let due = state.withLock { state -> Bool in
                let now = DispatchTime.now()
                let ready =
                    state.lastStart.map {
                        Double(now.uptimeNanoseconds &- $0.uptimeNanoseconds) / 1e9 >= Self.minimumInterval
                    } ?? true
                state.deferred = !ready
                if ready { state.lastStart = now }
                return ready
            }
            if due { check(range, of: storage, version: version) }
        }
        // Meanwhile, earlier marks hold where their words are unchanged — worked out once per version and
        // range (one read of the visible bytes), not on every frame until the check is done.
        guard knownVersion?.storage == version.storage else { return [] }
        if let memo = state.withLock({ $0.carried }), memo.version == version, memo.range == range { return memo.marks }
        let window = range.upperBound <= storage.byteCount ? storage.bytes(in: range) : []
        let carried = known.filter { mark in
            guard mark.range.lowerBound >= range.lowerBound, mark.range.upperBound <= range.lowerBound + window.count
            else { return false }
            let local = (mark.range.lowerBound - range.lowerBound)..<(mark.range.upperBound - range.lowerBound)
            return window[local].elementsEqual(mark.bytes)
        }.map(\.range)
        state.withLock { $0.carried = (version, range, carried) }
        return carried
    }

    private func check(_ range: Range<Int>, of storage: TextStorage, version: Version) {
        let text = storage.string(in: range)
        state.withLock { state in
            state.inFlight = (version, range)
            state.pending = (version, range, text)
        }
        BackgroundQueue.shared.async { [self] in
            guard
                let job = state.withLock({ state -> (version: Version, range: Range<Int>, text: String)? in
                    defer { state.pending = nil }
                    return state.pending
                })
            else { return }
            let bytes = Array(job.text.utf8)
            let found = checker.misspellings(in: job.text, locale: locale, hint: hint).map { local in
                Mark(
                    range: (job.range.lowerBound + local.lowerBound)..<(job.range.lowerBound + local.upperBound),
                    bytes: Array(bytes[local]))
            }
            state.withLock { state in
                state.version = job.version
                state.range = job.range
                state.marks = found
                if let running = state.inFlight, running.version == job.version, running.range == job.range {
                    state.inFlight = nil
                }
            }
        }
    }
}
