import EditMenuKit
import EditMenuServices
import Foundation

/// The tests' own dictionary server: scripts/start-dictd.sh on a free port with the Debian
/// dictionaries scripts/setup.sh installs (dictd, dict-gcide, dict-wn, dict-freedict-*), started once
/// per test process and stopped when the process ends — never a dictd someone started by hand.
package enum TestDictServer {
    /// The tests' dictd, started once for the test process (it stops when the process ends).
    package static let shared: Result<DictClient, ServiceError> = start()

    /// A client of the server (its databases read), or the error saying why it did not start.
    package static func client() throws -> DictClient {
        try shared.get()
    }

    private static func start() -> Result<DictClient, ServiceError> {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/start-dictd.sh").path
        guard let port = freePort() else { return .failure(ServiceError("no free port for dictd")) }
        do {
            _ = try ProcessRunner.start(
                "/bin/bash", [script, String(port), "--parent", String(getpid())], input: Data())
        } catch {
            return .failure(ServiceError("\(script) could not start: \(error)"))
        }
        let server = DictServer(host: "127.0.0.1", port: port)
        let deadline = Date().addingTimeInterval(20)
        var last = ServiceError("dictd did not start")
        while Date() < deadline {
            do {
                let client = try DictClient.connect(to: server)
                if !client.databases.isEmpty { return .success(client) }
            } catch {
                last = error
            }
            usleep(100_000)
        }
        return .failure(
            ServiceError("the tests' dictd on \(server) did not answer (scripts/setup.sh installs dictd): \(last)"))
    }

    /// A TCP port nothing listens on now.
    private static func freePort() -> UInt16? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { return nil }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return named == 0 ? UInt16(bigEndian: address.sin_port) : nil
    }
}
