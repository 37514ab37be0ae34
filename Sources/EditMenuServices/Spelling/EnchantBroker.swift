import EditMenuKit
import Foundation
import Synchronization

/// The one Enchant broker of the process and every dictionary it opened, shared by all
/// ``EnchantSpellChecker``s and kept for the life of the process.
///
/// Dictionaries are never freed. Hunspell keeps one character table for all its dictionaries and
/// frees it when it counts the last of them gone; the count is neither atomic nor balanced (a
/// dictionary that is not UTF-8 takes one away it never added), so freeing a dictionary can pull
/// the table from under a check with another one, on another thread (a crash seen in
/// `editmenu-bench`). Kept, a dictionary is also read once however many checkers a process makes.
///
/// Loading and listing (which change the broker) are serialized by one lock; checks, searches and
/// additions by each dictionary's own (``EnchantDictionary``), so checking with a loaded dictionary
/// never waits for another one to load.
final class EnchantBroker: Sendable {
    /// The broker; `nil` without libenchant-2.
    static let shared: EnchantBroker? = EnchantBroker()

    /// The broker pointer, used only under its lock (``broker``).
    private struct Broker: @unchecked Sendable {
        let pointer: EnchantLibrary.Broker
    }

    private struct Opened {
        /// Each dictionary requested, `nil` when Enchant had none for the tag.
        var dictionaries: [String: EnchantDictionary?] = [:]
        /// Each personal word list opened, by path.
        var personal: [String: EnchantDictionary] = [:]
    }

    private let library: EnchantLibrary
    private let broker: Mutex<Broker>
    /// What is open: apart from ``broker``'s lock, so a loaded dictionary is found while another loads.
    private let opened = Mutex(Opened())
    /// Every dictionary's tag (`en_US`), as Enchant listed them when the broker was made.
    let tags: [String]

    private init?() {
        guard let library = EnchantLibrary(), let broker = library.brokerInit() else { return nil }
        library.setOrdering(broker, "*", EnchantSpellChecker.providerOrder)
        let tags = library.dictionaries(broker).map(\.tag)
        // Hunspell first for every dictionary: the system's ordering file names other providers for
        // some languages (hspell for Hebrew), and a per-language entry outranks "*".
        for tag in Set(tags + tags.map { TextLanguage.primaryLanguage(of: $0) }) {
            library.setOrdering(broker, tag, EnchantSpellChecker.providerOrder)
        }
        self.library = library
        self.broker = Mutex(Broker(pointer: broker))
        self.tags = tags
    }

    /// The dictionary for `tag` if it has been requested: `.some(nil)` when Enchant has none; `nil`
    /// when it has not been requested yet. Never waits for a dictionary being loaded.
    func loadedDictionary(_ tag: String) -> EnchantDictionary?? {
        opened.withLock { $0.dictionaries[tag] }
    }

    /// The dictionary for `tag`, loaded the first time it is asked for (Hunspell takes a few hundred
    /// milliseconds); `nil` when Enchant has none.
    func dictionary(_ tag: String) -> EnchantDictionary? {
        if let known = loadedDictionary(tag) { return known }
        return broker.withLock { broker -> EnchantDictionary? in
            if let known = loadedDictionary(tag) { return known }
            let dict = library.requestDict(broker.pointer, tag).map { EnchantDictionary(library: library, handle: $0) }
            opened.withLock { $0.dictionaries[tag] = .some(dict) }
            return dict
        }
    }

    /// The personal word list at `path` if it has been opened; never waits.
    func openedPersonalList(at path: String) -> EnchantDictionary? {
        opened.withLock { $0.personal[path] }
    }

    /// The personal word list at `path` (an existing file), opened once.
    func personalList(at path: String) -> EnchantDictionary? {
        if let known = openedPersonalList(at: path) { return known }
        return broker.withLock { broker -> EnchantDictionary? in
            if let known = openedPersonalList(at: path) { return known }
            guard let handle = library.requestPersonalDict(broker.pointer, path) else { return nil }
            let dict = EnchantDictionary(library: library, handle: handle)
            opened.withLock { $0.personal[path] = dict }
            return dict
        }
    }
}

/// One dictionary Enchant opened (a language's, or a personal word list). Enchant is not
/// thread-safe: every call on the dictionary holds its lock.
final class EnchantDictionary: Sendable {
    /// The calls on a dictionary, made while its lock is held.
    struct Calls: @unchecked Sendable {
        fileprivate let library: EnchantLibrary
        fileprivate let handle: EnchantLibrary.Dict

        /// Whether the dictionary knows `word`.
        func isCorrect(_ word: String) -> Bool { library.isCorrect(handle, word) }
        /// The dictionary's suggestions for `word`.
        func suggestions(_ word: String) -> [String] { library.suggestions(handle, word) }
        /// Adds `word` (to a personal word list: appended to its file).
        func add(_ word: String) { library.add(handle, word) }
    }

    private let calls: Mutex<Calls>

    fileprivate init(library: EnchantLibrary, handle: EnchantLibrary.Dict) {
        calls = Mutex(Calls(library: library, handle: handle))
    }

    /// Runs `body` with the dictionary, waiting for any other call on it to finish.
    func withLock<Result>(_ body: (Calls) -> Result) -> Result {
        calls.withLock { body($0) }
    }

    /// Runs `body` with the dictionary if no other call holds it; `nil` when one does.
    func withLockIfAvailable<Result>(_ body: (Calls) -> Result) -> Result? {
        calls.withLockIfAvailable { body($0) }
    }
}
