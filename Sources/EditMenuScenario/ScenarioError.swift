import EditMenuKit

/// Why a scenario was refused: the JSON path of the offending value and what is wrong with it.
///
/// ```
/// error: content.selection: end 40 is past the end of the text (12 characters)
/// ```
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The JSON path (`content.selection`, `custom[1].title`), or `""` for the whole input.
    public var path: String
    /// The problem, in a sentence fragment that quotes the user's input.
    public var message: String

    /// Creates an error.
    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    /// The path and the message, as `editmenu` prints them.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Reads one JSON object, remembering its path and which keys were used, so unknown keys and wrong
/// types become ``ScenarioError``s that name where they are.
struct ObjectReader {
    let path: String
    private let members: [(key: String, value: JSONValue)]

    init(_ value: JSONValue, path: String) throws(ScenarioError) {
        guard case .object(let members) = value else {
            throw ScenarioError(path: path, "expected an object, got \(value.typeDescription)")
        }
        self.path = path
        self.members = members
    }

    func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// Refuses any key not in `allowed`, suggesting the closest allowed key for a typo.
    func rejectUnknownKeys(_ allowed: [String]) throws(ScenarioError) {
        for (key, _) in members where !allowed.contains(key) {
            var message = "unknown key \"\(key)\""
            if let guess = closest(to: key, in: allowed) {
                message += "; did you mean \"\(guess)\"?"
            } else {
                message += "; allowed keys: \(allowed.joined(separator: ", "))"
            }
            throw ScenarioError(path: child(key), message)
        }
    }

    /// The value for `key`; `nil` when absent. JSON `null` counts as absent unless `keepNull`.
    func value(_ key: String, keepNull: Bool = false) -> JSONValue? {
        guard let v = members.first(where: { $0.key == key })?.value else { return nil }
        if case .null = v, !keepNull { return nil }
        return v
    }

    func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    func string(_ key: String) throws(ScenarioError) -> String? {
        guard let v = value(key) else { return nil }
        guard case .string(let s) = v else { throw typeError(key, "a string", v) }
        return s
    }

    func bool(_ key: String) throws(ScenarioError) -> Bool? {
        guard let v = value(key) else { return nil }
        guard case .bool(let b) = v else { throw typeError(key, "true or false", v) }
        return b
    }

    func array(_ key: String) throws(ScenarioError) -> [JSONValue]? {
        guard let v = value(key) else { return nil }
        guard case .array(let a) = v else { throw typeError(key, "an array", v) }
        return a
    }

    /// A string that must be one of `choices`.
    func choice(_ key: String, _ choices: [String]) throws(ScenarioError) -> String? {
        guard let s = try string(key) else { return nil }
        try Self.checkChoice(s, choices, path: child(key))
        return s
    }

    static func checkChoice(_ s: String, _ choices: [String], path: String) throws(ScenarioError) {
        guard !choices.contains(s) else { return }
        var message = "unknown value \"\(s)\"; expected one of \(choices.joined(separator: ", "))"
        if let guess = closest(to: s, in: choices) { message = "unknown value \"\(s)\"; did you mean \"\(guess)\"?" }
        throw ScenarioError(path: path, message)
    }

    private func typeError(_ key: String, _ expected: String, _ got: JSONValue) -> ScenarioError {
        ScenarioError(path: child(key), "expected \(expected), got \(got.typeDescription)")
    }
}

/// Reads an integer that must be a whole number (`3`, not `3.5` or `"3"`).
func integer(_ value: JSONValue, path: String) throws(ScenarioError) -> Int {
    guard case .number(let d, let text) = value else {
        throw ScenarioError(path: path, "expected an integer, got \(value.typeDescription)")
    }
    guard d.rounded() == d, abs(d) <= 1e15 else {
        throw ScenarioError(path: path, "expected an integer, got \(text)")
    }
    return Int(d)
}

/// Reads a finite number.
func number(_ value: JSONValue, path: String) throws(ScenarioError) -> Double {
    guard case .number(let d, _) = value else {
        throw ScenarioError(path: path, "expected a number, got \(value.typeDescription)")
    }
    return d
}

/// The allowed word closest to a typo, when it is close enough to be a likely mistake: a few
/// edits away (transpositions count once), or one word the start of the other ("formatting" → "format").
func closest(to word: String, in candidates: [String]) -> String? {
    let lower = word.lowercased()
    var best: (String, Int)?
    for c in candidates {
        let candidate = c.lowercased()
        var d = editDistance(lower, candidate)
        if min(lower.count, candidate.count) >= 3, lower.hasPrefix(candidate) || candidate.hasPrefix(lower) {
            d = min(d, 1)
        }
        let limit = candidate.count >= 5 ? max(2, candidate.count / 3) : 1
        if d <= limit, d < (best?.1 ?? .max) { best = (c, d) }
    }
    return best?.0
}

/// Optimal-string-alignment distance: insertions, deletions, substitutions and adjacent transpositions.
private func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
            }
        }
    }
    return d[a.count][b.count]
}
