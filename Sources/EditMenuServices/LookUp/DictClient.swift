import EditMenuKit
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Where a dictionary server (RFC 2229, `dictd`) listens: a host name or address and a port.
///
/// ```swift
/// DictServer(parsing: "dict.example.org:2629")       // DictServer(host: "dict.example.org", port: 2629)
/// LanguageServices.discover(locale: .english, dictionaryServer: DictServer(host: "dict.example.org"))
/// ```
///
/// Without one, ``LanguageServices`` reads the user's own: `DICT_SERVER`, `~/.dictrc`,
/// `/etc/dictd/dict.conf`, else `localhost:2628`.
public struct DictServer: Hashable, Sendable, CustomStringConvertible {
    /// The host name or address.
    public var host: String
    /// The TCP port.
    package var port: UInt16

    /// The DICT protocol's port.
    public static let standardPort: UInt16 = 2628

    /// A server at `host`, `port`.
    public init(host: String, port: UInt16 = Self.standardPort) {
        self.host = host
        self.port = port
    }

    /// A server from `host`, `host:port`, `[v6]:port` or `dict://host:port/`; `nil` for anything else
    /// (an empty host, a port out of range, spaces or control characters).
    public init?(parsing text: String) {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        if rest.hasPrefix("dict://") { rest = rest.dropFirst("dict://".count) }
        if let slash = rest.firstIndex(of: "/") { rest = rest[..<slash] }
        var host = rest
        var port = Self.standardPort
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if after.hasPrefix(":") {
                guard let p = UInt16(after.dropFirst()), p > 0 else { return nil }
                port = p
            } else if !after.isEmpty {
                return nil
            }
        } else if let colon = rest.lastIndex(of: ":"), rest.firstIndex(of: ":") == colon {
            host = rest[..<colon]
            guard let p = UInt16(rest[rest.index(after: colon)...]), p > 0 else { return nil }
            port = p
        }
        guard !host.isEmpty, host.utf8.count <= 253,
            host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-_:".contains($0)) })
        else { return nil }
        self.init(host: String(host), port: port)
    }

    /// `host:port`, with an IPv6 address in brackets (`[::1]:2628`).
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// The server this user's DICT clients use: `DICT_SERVER`, else the first `server` of `~/.dictrc`,
    /// else of `/etc/dictd/dict.conf` (the `dict` client's files), else `localhost:2628`.
    package static func configured(
        environment: [String: String] = ProcessInfo.processInfo.environment, systemFile: String = "/etc/dictd/dict.conf"
    ) -> DictServer {
        if let named = environment["DICT_SERVER"], let server = DictServer(parsing: named) { return server }
        var files: [String] = []
        if let home = environment["HOME"], !home.isEmpty { files.append(home + "/.dictrc") }
        files.append(systemFile)
        for file in files {
            guard let data = FileManager.default.contents(atPath: file), data.count <= 64 << 10 else { continue }
            if let server = serverLine(in: String(decoding: data, as: UTF8.self)) { return server }
        }
        return DictServer(host: "localhost")
    }

    /// The first `server NAME [port N]` line of a `dict.conf` (comments start with `#`).
    static func serverLine(in configuration: String) -> DictServer? {
        for line in configuration.split(whereSeparator: \.isNewline) {
            let code = line.prefix { $0 != "#" }
            let words = code.split(whereSeparator: { $0 == " " || $0 == "\t" }).map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            guard words.first == "server", words.count >= 2, var server = DictServer(parsing: words[1]) else {
                continue
            }
            if let at = words.firstIndex(of: "port"), at + 1 < words.count, let port = UInt16(words[at + 1]), port > 0 {
                server.port = port
            }
            return server
        }
        return nil
    }
}

/// A client of the DICT protocol (RFC 2229) — how Look Up reads `dictd` and Debian's `dict-*`
/// dictionaries. A question reuses an open connection when one is idle (copies of a client share
/// them; at most `idleConnectionLimit` are kept, and one the server closed is replaced), asks every
/// database at once (the `DEFINE` commands pipelined, the answers read in order), and is bounded in
/// time (``timeout`` for the whole exchange) and in size (lines of at most 8 KiB, answers of at most
/// 1 MiB). The server's text is untrusted: control characters are removed and hosts show it through
/// their safe-text path.
///
/// ```swift
/// let client = try DictClient.connect(to: .configured())     // reads the server's databases once
/// client.databases.map(\.name)                                // ["gcide", "wn", "fd-deu-eng", …]
/// try client.define("Katze", in: ["fd-deu-eng"])
/// // [DictClient.Definition(word: "Katze", database: "fd-deu-eng", description: "German-English FreeDict …", text: …)]
/// ```
package struct DictClient: Sendable {
    /// A database the server offers.
    package struct Database: Hashable, Sendable {
        /// Its name (`fd-deu-eng`, `gcide`).
        package var name: String
        /// Its description, as the server gives it (`German-English FreeDict Dictionary ver. 1.9-fd1`).
        package var description: String
    }

    /// One database's entry for a word.
    package struct Definition: Hashable, Sendable {
        /// The headword the server matched.
        package var word: String
        /// The database's name.
        package var database: String
        /// The database's description.
        package var description: String
        /// The entry's text (untrusted; control characters removed).
        package var text: String
    }

    /// The server.
    package let server: DictServer
    /// The databases it offers, in its order (read once, by ``connect(to:timeout:)``).
    package let databases: [Database]
    /// How long one exchange (connect, ask, read the answer) may take, in seconds.
    package var timeout: Double
    /// Connections open between questions.
    private let idle: DictConnectionPool

    /// The most connections kept open between questions.
    package static let idleConnectionLimit = 2

    /// The longest line read, in bytes.
    static let lineLimit = 8 << 10
    /// The most an answer may hold, in bytes.
    static let answerLimit = 1 << 20

    /// A client of `server` whose databases are already known (for tests).
    package init(server: DictServer, databases: [Database], timeout: Double = 2) {
        self.server = server
        self.databases = databases
        self.timeout = timeout
        idle = DictConnectionPool()
    }

    private init(server: DictServer, databases: [Database], timeout: Double, keeping connection: DictConnection) {
        self.init(server: server, databases: databases, timeout: timeout)
        idle.put(connection)
    }

    /// Connects to `server` and reads its databases (`SHOW DB`).
    ///
    /// - Throws: `ServiceError` when the server cannot be reached in `timeout` seconds or does not
    ///   speak DICT.
    package static func connect(to server: DictServer, timeout: Double = 2) throws(ServiceError) -> DictClient {
        let connection = try DictConnection(server: server, timeout: timeout)
        let (status, _) = try connection.command("SHOW DB")
        var databases: [Database] = []
        if status == 110 {
            for line in try connection.textBlock() {
                guard let space = line.firstIndex(of: " ") else { continue }
                let name = String(line[..<space])
                let description = line[line.index(after: space)...].trimmingCharacters(
                    in: CharacterSet(charactersIn: "\" "))
                databases.append(Database(name: name, description: description))
            }
            _ = try connection.status()
        } else if status != 554 {
            throw ServiceError("Look Up: the dictionary server \(server) answered SHOW DB with \(status)")
        }
        return DictClient(server: server, databases: databases, timeout: timeout, keeping: connection)
    }

    /// How many connections are open between questions (for tests).
    var idleConnectionCount: Int { idle.count }

    /// Shuts the idle connections' sockets down, as a server that ends idle clients does (for tests).
    func shutDownIdleConnections() { idle.shutDownAll() }

    /// The database called `name`, when the server has it.
    package func database(_ name: String) -> Database? {
        databases.first { $0.name == name }
    }

    /// The entries `databases` (names, asked in this order) have for `word`; empty when none has one.
    /// Words the protocol cannot carry (quotes, backslashes, control characters, over 200 characters)
    /// have no entry.
    ///
    /// - Throws: `ServiceError` when the server cannot be reached, times out or answers out of
    ///   protocol.
    package func define(_ word: String, in databases: [String]) throws(ServiceError) -> [Definition] {
        guard let quoted = Self.quoted(word) else { return [] }
        let names = databases.filter(Self.isDatabaseName)
        guard !names.isEmpty else { return [] }
        // Kept for the next question when it answered, closed when it failed.
        func ask(on connection: DictConnection) throws(ServiceError) -> [Definition] {
            do {
                let definitions = try define(quoted, word, in: names, on: connection)
                idle.put(connection)
                return definitions
            } catch {
                connection.close()
                throw error
            }
        }
        if let connection = idle.take() {
            connection.begin(timeout: timeout)
            do {
                return try ask(on: connection)
            } catch {
                // A connection the server closed while it was idle: ask again on a new one.
                guard connection.closedByServer else { throw error }
            }
        }
        return try ask(on: try DictConnection(server: server, timeout: timeout))
    }

    /// The `DEFINE` commands for every database sent at once, their answers read in order.
    private func define(_ quoted: String, _ word: String, in databases: [String], on connection: DictConnection)
        throws(ServiceError) -> [Definition]
    {
        try connection.send(databases.map { "DEFINE \($0) \(quoted)" })
        var definitions: [Definition] = []
        for database in databases {
            let (status, _) = try connection.status()
            guard status == 150 else {
                // 552 no match, 550 no such database: nothing from this one.
                if status == 552 || status == 550 { continue }
                throw ServiceError("Look Up: the dictionary server \(server) answered DEFINE with \(status)")
            }
            while true {
                let (code, line) = try connection.status()
                if code == 250 { break }
                guard code == 151 else {
                    throw ServiceError("Look Up: the dictionary server \(server) sent \(code) within a definition")
                }
                let (headword, name, description) = Self.definitionHeader(line)
                let text = try connection.textBlock().joined(separator: "\n")
                definitions.append(
                    Definition(word: headword ?? word, database: name ?? database, description: description, text: text)
                )
            }
        }
        return definitions
    }

    /// `word` in the protocol's double quotes, or `nil` when it cannot be sent.
    static func quoted(_ word: String) -> String? {
        guard !word.isEmpty, word.count <= 200, word.utf8.count <= 1000,
            !word.unicodeScalars.contains(where: { $0 == "\"" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        return "\"\(word)\""
    }

    /// Whether `name` can be a database name on a command line (no spaces, quotes or controls).
    static func isDatabaseName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0 != "\"" && $0 != "\\" }
    }

    /// The parts of `"word" database "description"` (the text after a 151 code).
    static func definitionHeader(_ line: Substring) -> (word: String?, database: String?, description: String) {
        var parts: [String] = []
        var rest = line[...]
        while !rest.isEmpty, parts.count < 3 {
            rest = rest.drop { $0 == " " }
            if rest.hasPrefix("\"") {
                let body = rest.dropFirst()
                let end = body.firstIndex(of: "\"") ?? body.endIndex
                parts.append(String(body[..<end]))
                rest = end < body.endIndex ? body[body.index(after: end)...] : ""
            } else {
                let end = rest.firstIndex(of: " ") ?? rest.endIndex
                parts.append(String(rest[..<end]))
                rest = rest[end...]
            }
        }
        return (parts.first, parts.count > 1 ? parts[1] : nil, parts.count > 2 ? parts[2] : "")
    }
}

/// Idle connections to one server, shared by copies of a ``DictClient``; closed when the last copy
/// goes.
private final class DictConnectionPool: Sendable {
    private let connections = Mutex<[DictConnection]>([])

    /// An idle connection the server has not closed, if there is one.
    func take() -> DictConnection? {
        while let connection = connections.withLock({ $0.popLast() }) {
            if connection.isUsable { return connection }
            connection.close()
        }
        return nil
    }

    var count: Int { connections.withLock { $0.count } }

    func shutDownAll() {
        connections.withLock { $0.forEach { $0.shutDown() } }
    }

    /// Keeps `connection` for the next question (or closes it, beyond the limit).
    func put(_ connection: DictConnection) {
        let kept = connections.withLock { connections -> Bool in
            guard connections.count < DictClient.idleConnectionLimit else { return false }
            connections.append(connection)
            return true
        }
        if !kept { connection.close() }
    }
}

/// One connection to a DICT server: a socket read a line at a time against a deadline. Used by one
/// thread at a time (a question takes it from the pool and puts it back).
final class DictConnection: @unchecked Sendable {
    private var socket: Int32 = -1
    private var buffer: [UInt8] = []
    private var received = 0
    private var deadline: Date
    private let server: DictServer
    /// Whether the server closed the connection (or reset it) during the last exchange.
    private(set) var closedByServer = false

    /// Connects and reads the banner (220).
    init(server: DictServer, timeout: Double) throws(ServiceError) {
        self.server = server
        deadline = Date().addingTimeInterval(timeout)
        socket = try Self.open(server, deadline: deadline)
        let (status, _) = try self.status()
        guard status == 220 else {
            close()
            throw ServiceError("Look Up: \(server) is not a DICT server (its greeting was \(status))")
        }
    }

    deinit { close() }

    /// Ends both directions of the socket, leaving it open (for tests: a server that closed it).
    func shutDown() {
        if socket >= 0 { _ = Glibc.shutdown(socket, Int32(SHUT_RDWR)) }
    }

    /// Starts a new exchange: `timeout` seconds from now, a fresh answer limit.
    func begin(timeout: Double) {
        deadline = Date().addingTimeInterval(timeout)
        received = 0
        closedByServer = false
    }

    /// Whether the connection can carry a question: open, nothing unread (an idle connection the
    /// server closed reads as its end).
    var isUsable: Bool {
        guard socket >= 0, buffer.isEmpty else { return false }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) == 0
    }

    func close() {
        if socket >= 0 {
            _ = try? send("QUIT")
            _ = Glibc.close(socket)
            socket = -1
        }
    }

    /// Sends `line` and reads the status that answers it.
    func command(_ line: String) throws(ServiceError) -> (Int, Substring) {
        try send(line)
        return try status()
    }

    /// Reads a status line: its code and the text after it. Informational lines the server may send
    /// first are skipped.
    func status() throws(ServiceError) -> (Int, Substring) {
        while true {
            let line = try readLine()
            let digits = line.prefix(3)
            guard digits.count == 3, let code = Int(digits), digits.allSatisfy(\.isASCII) else {
                throw ServiceError("Look Up: \(server) sent a line that is not a DICT status")
            }
            return (code, line.dropFirst(3).drop { $0 == " " })
        }
    }

    /// Reads text lines up to the lone `.` that ends them, undoing dot-stuffing.
    func textBlock() throws(ServiceError) -> [String] {
        var lines: [String] = []
        while true {
            let line = try readLine()
            if line == "." { return lines }
            lines.append(String(line.hasPrefix("..") ? line.dropFirst() : line[...]))
        }
    }

    /// Sends `lines` at once (pipelined commands).
    func send(_ lines: [String]) throws(ServiceError) {
        try send(lines.joined(separator: "\r\n"))
    }

    private func send(_ line: String) throws(ServiceError) {
        let bytes = Array((line + "\r\n").utf8)
        var sent = 0
        while sent < bytes.count {
            try wait(for: Int16(POLLOUT))
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                closedByServer = errno == EPIPE || errno == ECONNRESET
                throw ServiceError("Look Up: writing to \(server) failed: \(String(cString: strerror(errno)))")
            }
            sent += n
        }
    }

    /// One line without its CR LF, decoded as UTF-8 with control characters (but tabs) removed.
    private func readLine() throws(ServiceError) -> String {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                var end = newline
                if end > 0, buffer[end - 1] == 13 { end -= 1 }
                let line = Self.clean(String(decoding: buffer[..<end], as: UTF8.self))
                buffer.removeSubrange(...newline)
                return line
            }
            guard buffer.count <= DictClient.lineLimit else {
                throw ServiceError("Look Up: \(server) sent a line over \(DictClient.lineLimit) bytes")
            }
            try wait(for: Int16(POLLIN))
            // Acknowledge at once (Linux clears the flag after a while, so it is set before each read).
            var on: Int32 = 1
            _ = setsockopt(socket, Int32(IPPROTO_TCP), Int32(TCP_QUICKACK), &on, socklen_t(MemoryLayout<Int32>.size))
            var chunk = [UInt8](repeating: 0, count: 16 << 10)
            let n = chunk.withUnsafeMutableBytes { Glibc.recv(socket, $0.baseAddress, $0.count, 0) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                closedByServer = errno == ECONNRESET
                throw ServiceError("Look Up: reading from \(server) failed: \(String(cString: strerror(errno)))")
            }
            guard n > 0 else {
                closedByServer = true
                throw ServiceError("Look Up: \(server) closed the connection mid-answer")
            }
            received += n
            guard received <= DictClient.answerLimit else {
                throw ServiceError("Look Up: \(server) sent more than \(DictClient.answerLimit >> 20) MiB")
            }
            buffer += chunk[..<n]
        }
    }

    private static func clean(_ line: String) -> String {
        guard
            line.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || (0x7F..<0xA0).contains($0.value) })
        else { return line }
        var scalars = String.UnicodeScalarView()
        for scalar in line.unicodeScalars
        where !((scalar.value < 0x20 && scalar != "\t") || (0x7F..<0xA0).contains(scalar.value)) {
            scalars.append(scalar)
        }
        return String(scalars)
    }

    private func wait(for events: Int16) throws(ServiceError) {
        try Self.wait(socket, for: events, deadline: deadline, server: server)
    }

    private static func wait(_ socket: Int32, for events: Int16, deadline: Date, server: DictServer)
        throws(ServiceError)
    {
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw ServiceError("Look Up: \(server) did not answer in time") }
            var descriptor = pollfd(fd: socket, events: events, revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            if ready < 0 { throw ServiceError("Look Up: waiting for \(server) failed") }
            if ready > 0 { return }
        }
    }

    /// A non-blocking TCP socket connected to `server` (each of its addresses in turn).
    private static func open(_ server: DictServer, deadline: Date) throws(ServiceError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(server.host, String(server.port), &hints, &list)
        guard resolved == 0, let first = list else {
            throw ServiceError("Look Up: the dictionary server \(server) cannot be found")
        }
        defer { freeaddrinfo(first) }
        var failure = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let fd = Glibc.socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard fd >= 0 else { continue }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            // The protocol is small requests answered in several segments: without these, Nagle's
            // algorithm and delayed acknowledgements add 40 ms to every answer.
            var on: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            if Glibc.connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return fd }
            guard errno == EINPROGRESS else {
                failure = String(cString: strerror(errno))
                _ = Glibc.close(fd)
                continue
            }
            do {
                try wait(fd, for: Int16(POLLOUT), deadline: deadline, server: server)
            } catch {
                _ = Glibc.close(fd)
                throw error
            }
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
            if code == 0 { return fd }
            failure = String(cString: strerror(code))
            _ = Glibc.close(fd)
        }
        throw ServiceError("Look Up: the dictionary server \(server) cannot be reached (\(failure))")
    }
}
