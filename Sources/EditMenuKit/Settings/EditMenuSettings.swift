import Foundation

/// What people choose once and expect to be remembered: the Substitutions ▸ toggles, the search
/// engine of Search With, and their text replacements.
///
/// ```swift
/// let file = SettingsFile(environment: ProcessInfo.processInfo.environment)
/// var (settings, problems) = file.load()        // defaults where the files are missing or wrong
/// settings.substitutions.toggle(.smartQuotes)
/// try file.save(settings)                       // ~/.config/editmenukit/settings.json
/// ```
public struct EditMenuSettings: Hashable, Sendable {
    /// The Substitutions ▸ toggles.
    public var substitutions: SubstitutionSettings
    /// The engine Search With (Search Web) searches.
    public var searchEngine: WebSearchService.Engine
    /// The text replacements typed shortcuts expand to (Substitutions ▸ Text Replacement).
    public var textReplacements: [TextReplacement]

    /// Settings with the platform's defaults: Smart Quotes, Smart Dashes, Text Replacement, Smart
    /// Copy/Paste and Data Detectors on, Smart Links off, Google, no text replacements.
    public init(
        substitutions: SubstitutionSettings = SubstitutionSettings(),
        searchEngine: WebSearchService.Engine = .google, textReplacements: [TextReplacement] = []
    ) {
        self.substitutions = substitutions
        self.searchEngine = searchEngine
        self.textReplacements = textReplacements
    }
}

/// The Substitutions ▸ toggles, as macOS has them.
public struct SubstitutionSettings: Hashable, Sendable {
    /// Typed straight quotes become the language's own quotation marks (“ ” „ “ « » 「 」).
    public var smartQuotes = true
    /// Two hyphens typed become an em dash (-- → —).
    public var smartDashes = true
    /// Typed shortcuts expand to their phrases from the user's table.
    public var textReplacement = true
    /// Cutting a word takes a space with it; pasting a word between words adds one.
    public var smartCopyPaste = true
    /// Typed addresses become links (rich text only).
    public var smartLinks = false
    /// Detected data (addresses, dates, phone numbers…) gets its actions in the edit menu.
    public var dataDetectors = true

    /// Every toggle on except Smart Links, as macOS ships them (and Data Detectors, which this
    /// package's menus use).
    public init() {}

    /// The toggle commands, in menu order.
    package static let commands: [EditCommand.ID] = [
        .smartCopyPaste, .smartQuotes, .smartDashes, .smartLinks, .dataDetectors, .textReplacement,
    ]

    /// The setting's key in `settings.json` (the command's id).
    static func key(_ command: EditCommand.ID) -> String { command.rawValue }

    /// Whether the toggle `command` is on; `nil` when `command` is not a toggle.
    package func isOn(_ command: EditCommand.ID) -> Bool? {
        switch command {
        case .smartQuotes: smartQuotes
        case .smartDashes: smartDashes
        case .textReplacement: textReplacement
        case .smartCopyPaste: smartCopyPaste
        case .smartLinks: smartLinks
        case .dataDetectors: dataDetectors
        default: nil
        }
    }

    /// Sets the toggle `command`; returns whether `command` is one.
    @discardableResult
    package mutating func set(_ command: EditCommand.ID, _ on: Bool) -> Bool {
        switch command {
        case .smartQuotes: smartQuotes = on
        case .smartDashes: smartDashes = on
        case .textReplacement: textReplacement = on
        case .smartCopyPaste: smartCopyPaste = on
        case .smartLinks: smartLinks = on
        case .dataDetectors: dataDetectors = on
        default: return false
        }
        return true
    }

    /// Turns the toggle `command` over; returns whether `command` is one.
    @discardableResult
    package mutating func toggle(_ command: EditCommand.ID) -> Bool {
        guard let on = isOn(command) else { return false }
        return set(command, !on)
    }
}

/// A typed shortcut and the phrase it expands to ("omw" → "On my way!").
public struct TextReplacement: Hashable, Sendable {
    /// What people type (no spaces).
    public var shortcut: String
    /// What it becomes.
    public var phrase: String

    /// Creates a replacement.
    public init(shortcut: String, phrase: String) {
        self.shortcut = shortcut
        self.phrase = phrase
    }
}

/// Something wrong in a settings or text-replacement file: where, and what. The rest of the file
/// still counts; the wrong part takes its default.
public struct SettingsProblem: Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// Where in it (`substitutions.smartQuotes`, `line 4`), or empty for the whole file.
    public var location: String
    /// What is wrong.
    public var message: String

    /// Creates a problem.
    package init(path: String, location: String, message: String) {
        self.path = path
        self.location = location
        self.message = message
    }

    public var description: String {
        location.isEmpty ? "\(path): \(message)" : "\(path): \(location): \(message)"
    }
}

/// Why settings could not be saved.
public struct SettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message, naming the file.
    public var message: String
    /// Creates an error.
    package init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Where settings live, the XDG way: `settings.json` in `$XDG_CONFIG_HOME/editmenukit/` (default
/// `~/.config/editmenukit/`) and the text replacements, one `shortcut<TAB>phrase` per line, in
/// `$XDG_DATA_HOME/editmenukit/text-replacements.tsv` (default `~/.local/share/editmenukit/`).
///
/// `settings.json`:
/// ```json
/// {"searchEngine": "DuckDuckGo",
///  "substitutions": {"smartQuotes": true, "smartDashes": false, "textReplacement": true,
///                    "smartCopyPaste": true, "smartLinks": false, "dataDetectors": true}}
/// ```
/// `searchEngine` is a known engine's name (Google, DuckDuckGo, Bing, Ecosia, Yahoo) or
/// `{"name": "Startpage", "template": "https://www.startpage.com/do/search?q={query}"}`.
///
/// `text-replacements.tsv` (`#` starts a comment; `\t`, `\n` and `\\` in a phrase are a tab, a line
/// break and a backslash):
/// ```
/// omw	On my way!
/// addr	1 Infinite Loop\nCupertino
/// ```
public struct SettingsFile: Hashable, Sendable {
    /// The settings file.
    package var settingsPath: String
    /// The text replacements file.
    package var replacementsPath: String

    /// The files at explicit paths.
    public init(settingsPath: String, replacementsPath: String) {
        self.settingsPath = settingsPath
        self.replacementsPath = replacementsPath
    }

    /// The files where `environment`'s XDG variables (else `HOME`) put them.
    public init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func directory(_ variable: String, _ fallback: String) -> String {
            // The XDG spec: a relative path in the variable is invalid and ignored.
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        settingsPath = directory("XDG_CONFIG_HOME", ".config") + "/editmenukit/settings.json"
        replacementsPath = directory("XDG_DATA_HOME", ".local/share") + "/editmenukit/text-replacements.tsv"
    }

    /// The longest file read (a settings file is a few hundred bytes).
    package static let maximumFileBytes = 1 << 20

    /// The settings in the files, with the defaults for what is missing, and what was wrong. A file
    /// that does not exist is not a problem.
    public func load() -> (settings: EditMenuSettings, problems: [SettingsProblem]) {
        var settings = EditMenuSettings()
        var problems: [SettingsProblem] = []
        if let data = read(settingsPath, &problems) {
            Self.parseSettings(data, path: settingsPath, into: &settings, problems: &problems)
        }
        if let data = read(replacementsPath, &problems) {
            settings.textReplacements = Self.parseReplacements(
                String(decoding: data, as: UTF8.self), path: replacementsPath, problems: &problems)
        }
        return (settings, problems)
    }

    /// Writes `settings`' toggles and engine to `settingsPath` (atomically, creating the folder);
    /// the text replacements file is the user's and is not written.
    ///
    /// - Throws: ``SettingsError`` naming the file and the system's reason.
    public func save(_ settings: EditMenuSettings) throws(SettingsError) {
        var substitutions: [String: Bool] = [:]
        for command in SubstitutionSettings.commands {
            substitutions[SubstitutionSettings.key(command)] = settings.substitutions.isOn(command)
        }
        let engine = settings.searchEngine
        let engineValue: Any =
            WebSearchService.Engine.named(engine.name) == engine
            ? engine.name : ["name": engine.name, "template": engine.template]
        let object: [String: Any] = ["searchEngine": engineValue, "substitutions": substitutions]
        let data: Data
        do {
            data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        } catch {
            throw SettingsError("could not encode the settings: \(error.localizedDescription)")
        }
        let folder = (settingsPath as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try (data + Data("\n".utf8)).write(to: URL(fileURLWithPath: settingsPath), options: .atomic)
        } catch {
            throw SettingsError("could not save \(settingsPath): \(error.localizedDescription)")
        }
    }

    private func read(_ path: String, _ problems: inout [SettingsProblem]) -> Data? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            problems.append(SettingsProblem(path: path, location: "", message: "cannot be read"))
            return nil
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: Self.maximumFileBytes + 1)) ?? Data()
        if data.count > Self.maximumFileBytes {
            problems.append(
                SettingsProblem(path: path, location: "", message: "is larger than 1 MiB; it was not read"))
            return nil
        }
        return data
    }

    static func parseSettings(
        _ data: Data, path: String, into settings: inout EditMenuSettings, problems: inout [SettingsProblem]
    ) {
        func problem(_ location: String, _ message: String) {
            problems.append(SettingsProblem(path: path, location: location, message: message))
        }
        guard let parsed = try? JSONDecoder().decode(SettingsJSON.self, from: data), case .object(let root) = parsed
        else {
            problem("", "is not a JSON object; the defaults are used")
            return
        }
        for key in root.keys.sorted() where key != "searchEngine" && key != "substitutions" {
            problem(key, "unknown setting (known: searchEngine, substitutions)")
        }
        if let value = root["searchEngine"] {
            switch parseEngine(value) {
            case .success(let engine): settings.searchEngine = engine
            case .failure(let error): problem("searchEngine", error.message)
            }
        }
        if let value = root["substitutions"] {
            guard case .object(let object) = value else {
                problem("substitutions", "expected an object of true/false toggles, got \(value.described)")
                return
            }
            let known = SubstitutionSettings.commands.map(SubstitutionSettings.key)
            for (key, value) in object.sorted(by: { $0.key < $1.key }) {
                guard known.contains(key) else {
                    problem("substitutions.\(key)", "unknown toggle (known: \(known.joined(separator: ", ")))")
                    continue
                }
                guard case .bool(let on) = value else {
                    problem("substitutions.\(key)", "expected true or false, got \(value.described)")
                    continue
                }
                settings.substitutions.set(EditCommand.ID(key), on)
            }
        }
    }

    static func parseEngine(_ value: SettingsJSON) -> Result<WebSearchService.Engine, SettingsError> {
        if case .string(let name) = value {
            guard let engine = WebSearchService.Engine.named(name) else {
                let known = WebSearchService.Engine.known.map(\.name).joined(separator: ", ")
                return .failure(
                    SettingsError(
                        "unknown engine \"\(name.prefix(40))\" (known: \(known); or {\"name\": …, \"template\": …})"))
            }
            return .success(engine)
        }
        guard case .object(let object) = value, case .string(let name)? = object["name"],
            case .string(let template)? = object["template"]
        else {
            return .failure(SettingsError("expected an engine's name or {\"name\": …, \"template\": …}"))
        }
        return WebSearchService.Engine.custom(name: name, template: template)
    }

    /// Parses a text replacements table: `shortcut<TAB>phrase` lines.
    static func parseReplacements(_ text: String, path: String, problems: inout [SettingsProblem])
        -> [TextReplacement]
    {
        var replacements: [TextReplacement] = []
        var seen: [String: Int] = [:]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let number = index + 1
            if line.allSatisfy(\.isWhitespace) || line.hasPrefix("#") { continue }
            func problem(_ message: String) {
                problems.append(SettingsProblem(path: path, location: "line \(number)", message: message))
            }
            guard let tab = line.firstIndex(of: "\t") else {
                problem("expected “shortcut<TAB>phrase”, found no tab")
                continue
            }
            let shortcut = String(line[..<tab])
            let phrase = unescape(line[line.index(after: tab)...])
            guard !shortcut.isEmpty, !shortcut.contains(where: { $0.isWhitespace || $0.isNewline }) else {
                problem("the shortcut must be a word without spaces")
                continue
            }
            guard !phrase.isEmpty else {
                problem("the phrase for “\(shortcut.prefix(40))” is empty")
                continue
            }
            if let earlier = seen[shortcut] {
                problem("“\(shortcut.prefix(40))” is already defined on line \(earlier); this line replaces it")
                replacements.removeAll { $0.shortcut == shortcut }
            }
            seen[shortcut] = number
            replacements.append(TextReplacement(shortcut: shortcut, phrase: phrase))
        }
        return replacements
    }

    private static func unescape(_ text: Substring) -> String {
        var out = ""
        var escaping = false
        for c in text {
            if escaping {
                switch c {
                case "n": out.append("\n")
                case "t": out.append("\t")
                default: out.append(c)
                }
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else {
                out.append(c)
            }
        }
        if escaping { out.append("\\") }
        return out
    }
}

/// A JSON value, as a settings file holds it (true and false stay booleans, never numbers).
indirect enum SettingsJSON: Decodable, Hashable, Sendable {
    case bool(Bool)
    case number(Double)
    case string(String)
    case object([String: SettingsJSON])
    case array([SettingsJSON])
    case null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([String: SettingsJSON].self) {
            self = .object(value)
        } else {
            self = .array(try container.decode([SettingsJSON].self))
        }
    }

    /// The value for a message: `"yes"`, `1`, `null`, `an object`.
    var described: String {
        switch self {
        case .bool(let value): "\(value)"
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
        case .string(let value): "\"\(value.prefix(40))\""
        case .object: "an object"
        case .array: "an array"
        case .null: "null"
        }
    }
}
