import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The few functions of libenchant-2 the spell checker calls, looked up with `dlopen` when the program
/// runs — so building needs no Enchant headers, and a machine without Enchant simply has no spell
/// checker. Immutable once loaded; Enchant itself is not thread-safe: ``EnchantBroker`` serializes
/// the calls on its broker, ``EnchantDictionary`` those on each dictionary.
final class EnchantLibrary: @unchecked Sendable {
    typealias Broker = OpaquePointer
    typealias Dict = OpaquePointer
    typealias Describe =
        @convention(c) (
            UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
            UnsafeMutableRawPointer?
        ) -> Void

    let brokerInit: @convention(c) () -> Broker?
    let setOrdering: @convention(c) (Broker, UnsafePointer<CChar>, UnsafePointer<CChar>) -> Void
    let listDicts: @convention(c) (Broker, Describe, UnsafeMutableRawPointer?) -> Void
    let requestDict: @convention(c) (Broker, UnsafePointer<CChar>) -> Dict?
    let requestPersonalDict: @convention(c) (Broker, UnsafePointer<CChar>) -> Dict?
    let check: @convention(c) (Dict, UnsafePointer<CChar>, Int) -> Int32
    let suggest:
        @convention(c) (Dict, UnsafePointer<CChar>, Int, UnsafeMutablePointer<Int>?) -> UnsafeMutablePointer<
            UnsafeMutablePointer<CChar>?
        >?
    let freeStringList: @convention(c) (Dict, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Void
    let add: @convention(c) (Dict, UnsafePointer<CChar>, Int) -> Void
    private let handle: UnsafeMutableRawPointer

    /// The library's file name (Debian's `libenchant-2-2`).
    static let soname = "libenchant-2.so.2"

    /// Loads the library; `nil` when it is not installed or lacks a function.
    init?(path: String = EnchantLibrary.soname) {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else { return nil }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            guard let pointer = dlsym(handle, name) else { return nil }
            return unsafeBitCast(pointer, to: type)
        }
        guard let brokerInit = symbol("enchant_broker_init", as: (@convention(c) () -> Broker?).self),
            let setOrdering = symbol(
                "enchant_broker_set_ordering",
                as: (@convention(c) (Broker, UnsafePointer<CChar>, UnsafePointer<CChar>) -> Void).self),
            let listDicts = symbol(
                "enchant_broker_list_dicts",
                as: (@convention(c) (Broker, Describe, UnsafeMutableRawPointer?) -> Void).self),
            let requestDict = symbol(
                "enchant_broker_request_dict", as: (@convention(c) (Broker, UnsafePointer<CChar>) -> Dict?).self),
            let requestPersonalDict = symbol(
                "enchant_broker_request_pwl_dict",
                as: (@convention(c) (Broker, UnsafePointer<CChar>) -> Dict?).self),
            let check = symbol(
                "enchant_dict_check", as: (@convention(c) (Dict, UnsafePointer<CChar>, Int) -> Int32).self),
            let suggest = symbol(
                "enchant_dict_suggest",
                as: (@convention(c) (Dict, UnsafePointer<CChar>, Int, UnsafeMutablePointer<Int>?) ->
                    UnsafeMutablePointer<
                        UnsafeMutablePointer<CChar>?
                    >?).self),
            let freeStringList = symbol(
                "enchant_dict_free_string_list",
                as: (@convention(c) (Dict, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Void).self),
            let add = symbol("enchant_dict_add", as: (@convention(c) (Dict, UnsafePointer<CChar>, Int) -> Void).self)
        else {
            dlclose(handle)
            return nil
        }
        self.handle = handle
        self.brokerInit = brokerInit
        self.setOrdering = setOrdering
        self.listDicts = listDicts
        self.requestDict = requestDict
        self.requestPersonalDict = requestPersonalDict
        self.check = check
        self.suggest = suggest
        self.freeStringList = freeStringList
        self.add = add
    }

    deinit {
        dlclose(handle)
    }

    /// Every dictionary the broker's providers offer: its tag (`en_US`) and provider (`hunspell`).
    func dictionaries(_ broker: Broker) -> [(tag: String, provider: String)] {
        final class Box { var found: [(String, String)] = [] }
        let box = Box()
        let describe: Describe = { tag, provider, _, _, context in
            guard let tag, let provider, let context else { return }
            let box = Unmanaged<Box>.fromOpaque(context).takeUnretainedValue()
            box.found.append((String(cString: tag), String(cString: provider)))
        }
        withExtendedLifetime(box) {
            listDicts(broker, describe, Unmanaged.passUnretained(box).toOpaque())
        }
        return box.found
    }

    /// Whether `dict` knows `word` (0 from Enchant); a negative answer (an error) counts as known, so
    /// nothing is marked on a failure.
    func isCorrect(_ dict: Dict, _ word: String) -> Bool {
        guard !word.isEmpty else { return true }
        var word = word
        return word.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { check(dict, $0.baseAddress!, bytes.count) <= 0 }
        }
    }

    /// `dict`'s suggestions for `word`.
    func suggestions(_ dict: Dict, _ word: String) -> [String] {
        guard !word.isEmpty else { return [] }
        var word = word
        return word.withUTF8 { bytes -> [String] in
            bytes.withMemoryRebound(to: CChar.self) { pointer -> [String] in
                var count = 0
                guard let list = suggest(dict, pointer.baseAddress!, bytes.count, &count) else { return [] }
                defer { freeStringList(dict, list) }
                return (0..<count).compactMap { list[$0].map { String(cString: $0) } }
            }
        }
    }

    /// Adds `word` to `dict` (a personal word list: appended to its file).
    func add(_ dict: Dict, _ word: String) {
        guard !word.isEmpty else { return }
        var word = word
        word.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { add(dict, $0.baseAddress!, bytes.count) }
        }
    }
}
