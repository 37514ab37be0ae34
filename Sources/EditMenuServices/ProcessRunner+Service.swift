import EditMenuKit
import Foundation

extension ProcessRunner {
    /// ``run(_:_:input:environment:timeout:captureOutput:)`` for a service: a tool that cannot start or
    /// does not finish in time is a `ServiceError` prefixed with the service's name (`Translate: …`).
    static func run(
        for service: String, _ executable: String, _ arguments: [String], input: Data = Data(),
        environment: [String: String]? = nil, timeout: Double
    ) throws(ServiceError) -> Result {
        do {
            return try run(executable, arguments, input: input, environment: environment, timeout: timeout)
        } catch {
            throw ServiceError("\(service): \(error.description)")
        }
    }

    /// A service's timeout for `text`: `base` seconds plus one per KiB of it.
    static func timeout(_ base: Double, for text: String) -> Double {
        base + Double(text.utf8.count) / 1024
    }
}
