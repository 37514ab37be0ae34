import EditMenuKit
import Foundation
import Synchronization

/// Finds spelling suggestions in the background for words as soon as they are marked misspelled, so a
/// menu opened on one of them (Replace…, the mac context menu's inline suggestions, the Spelling
/// panel) finds them ready instead of waiting for a dictionary search of tens of milliseconds.
///
/// One thread of its own (the shared `BackgroundQueue` marks the screen; this work must not delay
/// the marks), the newest word first (what was just drawn is what the person is about to click), at
/// most ``limit`` words waiting (older ones are dropped: a page of foreign text must not queue minutes
/// of work). A search starts only when the checker has had no check of its own for ``quietInterval``
/// seconds: a search holds the dictionary for its whole length, and marking a screen must not wait
/// behind a queue of them.
final class SuggestionPrefetchQueue: Sendable {
    /// A misspelled word and the language it was judged in.
    struct Word: Hashable, Sendable {
        var word: String
        var language: String
    }

    private struct State {
        /// Waiting words, the newest last.
        var waiting: [Word] = []
        /// Whether the worker is running (or about to).
        var working = false
    }

    /// The most words waiting.
    let limit: Int
    /// How long the checker must have been quiet before a search starts, seconds.
    let quietInterval: Double
    private let state = Mutex(State())
    /// When the checker last asked the dictionary itself, nanoseconds on the monotonic clock.
    private let lastCheck = Atomic<Int>(0)

    /// The thread every prefetch runs on (one for the process).
    private static let queue = BackgroundQueue(name: "EditMenuKit.suggestions")

    init(limit: Int = 64, quietInterval: Double = 0.005) {
        self.limit = limit
        self.quietInterval = quietInterval
    }

    /// Queues `word` (moving it to the front when it waits already); the worker calls `find` for each
    /// word in turn, newest first.
    func add(_ word: Word, find: @escaping @Sendable (Word) -> Void) {
        let starts = state.withLock { state -> Bool in
            if let index = state.waiting.firstIndex(of: word) { state.waiting.remove(at: index) }
            state.waiting.append(word)
            if state.waiting.count > limit { state.waiting.removeFirst(state.waiting.count - limit) }
            guard !state.working else { return false }
            state.working = true
            return true
        }
        if starts { Self.queue.async { [self] in drain(find) } }
    }

    /// Notes that the checker asked its dictionary now (a search waits until it has been quiet).
    func noteCheck() {
        lastCheck.store(Self.nanoseconds(), ordering: .relaxed)
    }

    /// Whether words are waiting or being searched.
    var isBusy: Bool { state.withLock { $0.working } }

    /// Waits until every queued word has been searched, or `timeout` seconds; whether it finished.
    func waitUntilIdle(timeout: Double) -> Bool {
        let deadline = Self.nanoseconds() + Int(timeout * 1e9)
        while isBusy {
            guard Self.nanoseconds() < deadline else { return false }
            usleep(1000)
        }
        return true
    }

    private func drain(_ find: @Sendable (Word) -> Void) {
        let quiet = Int(quietInterval * 1e9)
        while true {
            // Let a burst of checks (a screen being marked) finish first.
            while true {
                let since = Self.nanoseconds() - lastCheck.load(ordering: .relaxed)
                if since >= quiet { break }
                usleep(useconds_t(max(200, (quiet - since) / 1000)))
            }
            let next = state.withLock { state -> Word? in
                guard let word = state.waiting.popLast() else {
                    state.working = false
                    return nil
                }
                return word
            }
            guard let next else { return }
            find(next)
        }
    }

    private static func nanoseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time.tv_sec * 1_000_000_000 + time.tv_nsec
    }
}
