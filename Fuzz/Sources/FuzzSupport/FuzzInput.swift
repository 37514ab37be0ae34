#if canImport(Glibc)
import Glibc
#endif

/// Reads a fuzzer's bytes as a stream of small decisions (numbers, choices, strings), so one input
/// drives a whole sequence of operations. Reading past the end yields zeros, never traps.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    /// Wraps the fuzzer's input.
    public init(_ data: UnsafePointer<UInt8>?, _ count: Int) {
        bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    }

    /// Wraps bytes (tests, corpus replay).
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position >= bytes.count }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number in `0..<bound` (0 when `bound` ≤ 0), from two bytes.
    public mutating func int(below bound: Int) -> Int {
        guard bound > 0 else { return 0 }
        return (Int(byte()) << 8 | Int(byte())) % bound
    }

    /// One of `choices`.
    public mutating func pick<T>(_ choices: [T]) -> T { choices[int(below: choices.count)] }

    /// Up to `maxBytes` bytes (length from one byte), decoded as UTF-8 with repairs.
    public mutating func string(maxBytes: Int = 64) -> String {
        let length = min(maxBytes, Int(byte()))
        var chunk: [UInt8] = []
        while chunk.count < length, !isAtEnd { chunk.append(byte()) }
        return String(decoding: chunk, as: UTF8.self)
    }

    /// The bytes not read yet.
    public mutating func rest() -> [UInt8] {
        defer { position = bytes.count }
        return position < bytes.count ? Array(bytes[position...]) : []
    }
}

/// Stops the fuzzer with a message naming the broken property (a finding, like a crash).
public func fuzzCheck(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition() { fatalError("property violated: \(message())", file: file, line: line) }
}

/// One fuzzer iteration: libFuzzer's `LLVMFuzzerTestOneInput` signature.
public typealias FuzzOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: FuzzOneInput
) -> Int32

/// Runs libFuzzer's driver with the process's arguments (`-max_total_time=`, corpus directories …)
/// and `body` as the target. The targets are ordinary executables whose `main` calls this: SwiftPM
/// names the entry point itself, so libFuzzer's own `main` cannot be used.
public func runFuzzer(_ body: FuzzOneInput) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, body))
}
