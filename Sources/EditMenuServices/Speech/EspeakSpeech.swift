import EditMenuKit
import Foundation
import Synchronization

/// Speech with espeak-ng: Speech ▸ Start Speaking speaks the selection in a voice for its language
/// (from its script and the menu's language), Stop Speaking stops. Speaking runs in its own process:
/// starting returns at once, so input never waits for it.
///
/// ```swift
/// let speech = EspeakSpeech.system()            // nil without espeak-ng (or, to play, an audio output)
/// try speech?.speak("Hello world", language: "en")        // espeak-ng plays it
/// speech?.isSpeaking                                       // true
/// speech?.stop()
/// try speech?.synthesize("Hello world", language: "en")   // SpokenText(…, seconds: 0.9), nothing played
/// ```
package final class EspeakSpeech: Sendable {
    /// Where speech goes.
    package enum Output: Hashable, Sendable {
        /// The audio device (espeak-ng plays it as it synthesizes).
        case speaker
        /// Nothing is played: speech is synthesized to measure it (`editmenu perform`'s `spoken`).
        case none
        /// Synthesized into a WAV file at this path.
        case waveFile(String)
    }

    /// The `espeak-ng` program.
    package let executable: String
    /// The voices' languages, as espeak-ng lists them (`en-us`, `de`, `cmn` …).
    package let voiceLanguages: [String]
    /// Where speech goes.
    package let output: Output
    /// The primary language codes there are voices for (`en`, `de`, `zh` …), in
    /// `TextLanguage.preferredOrder(_:)`.
    package let languages: [String]
    /// How long synthesizing may take when it is measured, at least (plus a second per KiB of text).
    package let timeout: Double

    private let current = Mutex<ProcessRunner.RunningProcess?>(nil)

    /// The espeak-ng installed on this system, with its voices; `nil` when it is not installed, has no
    /// voice, or — for the speaker — when there is no audio output to play to.
    package static func system(
        output: Output = .speaker, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> EspeakSpeech? {
        guard let executable = ProcessRunner.find("espeak-ng") else { return nil }
        if output == .speaker, !hasAudioOutput(environment: environment) { return nil }
        guard let voices = try? ProcessRunner.run(executable, ["--voices"], timeout: 3), voices.status == 0 else {
            return nil
        }
        let languages = parseVoices(voices.output)
        guard !languages.isEmpty else { return nil }
        return EspeakSpeech(executable: executable, voiceLanguages: languages, output: output)
    }

    /// A synthesizer running `executable` with voices for `voiceLanguages`.
    package init(executable: String, voiceLanguages: [String], output: Output, timeout: Double = 10) {
        self.executable = executable
        self.voiceLanguages = voiceLanguages
        self.languages = TextLanguage.preferredOrder(voiceLanguages.map(Self.primaryCode(of:)))
        self.output = output
        self.timeout = timeout
    }

    /// Whether this machine has somewhere to play sound: a PulseAudio or PipeWire server, or an ALSA
    /// playback device.
    package static func hasAudioOutput(environment: [String: String]) -> Bool {
        if let server = environment["PULSE_SERVER"], !server.isEmpty { return true }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            for socket in ["pulse/native", "pipewire-0"]
            where FileManager.default.fileExists(atPath: "\(runtime)/\(socket)") {
                return true
            }
        }
        let devices = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/snd")) ?? []
        return devices.contains { $0.hasPrefix("pcmC") && $0.hasSuffix("p") }
    }

    /// The languages of `espeak-ng --voices` output (its second column), each once.
    static func parseVoices(_ listing: String) -> [String] {
        var languages: [String] = []
        for line in listing.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            guard columns.count >= 2 else { continue }
            let language = String(columns[1])
            guard language.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }),
                !languages.contains(language)
            else { continue }
            languages.append(language)
        }
        return languages
    }

    /// The voice for `language` (a primary code), as `-v` takes it: the language itself (espeak-ng
    /// picks its best voice for `en`, `fr` …; Chinese is `cmn`); `nil` when no voice speaks it.
    package func voice(for language: String) -> String? {
        guard voiceLanguages.contains(where: { Self.primaryCode(of: $0) == language }) else { return nil }
        return language == "zh" ? "cmn" : language
    }

    private static func primaryCode(of voice: String) -> String {
        let code = TextLanguage.primaryLanguage(of: voice)
        return code == "cmn" ? "zh" : code
    }

    // MARK: Speaking

    /// Starts speaking `text` in the voice for `language`, stopping anything spoken before, and
    /// returns at once (for ``Output/none`` it synthesizes and measures instead: see
    /// ``synthesize(_:language:)``).
    ///
    /// - Throws: `ServiceError` when there is no voice for `language` or espeak-ng cannot start.
    @discardableResult
    package func speak(_ text: String, language: String) throws(ServiceError) -> SpokenText {
        let voice = try requiredVoice(for: language)
        switch output {
        case .none:
            return try synthesize(text, voice: voice)
        case .speaker, .waveFile:
            stop()
            var arguments = ["-v", voice, "-b", "1"]
            if case .waveFile(let path) = output { arguments += ["-w", path] }
            do {
                let process = try ProcessRunner.start(executable, arguments, input: Data(text.utf8))
                current.withLock { $0 = process }
            } catch {
                throw ServiceError("Speech: \(error.description)")
            }
            return SpokenText(engine: "espeak-ng", voice: voice)
        }
    }

    /// Whether speech started with ``speak(_:language:)`` is still going on.
    package var isSpeaking: Bool { current.withLock { $0?.isRunning ?? false } }

    /// Stops speaking (the synthesizer is ended at once).
    package func stop() {
        let process = current.withLock { current -> ProcessRunner.RunningProcess? in
            defer { current = nil }
            return current
        }
        process?.terminate()
    }

    /// Synthesizes `text` in the voice for `language` without playing it and returns the audio's
    /// length.
    ///
    /// - Throws: `ServiceError` when there is no voice, or espeak-ng fails or times out.
    package func synthesize(_ text: String, language: String) throws(ServiceError) -> SpokenText {
        try synthesize(text, voice: requiredVoice(for: language))
    }

    /// The voice for `language`, or the error that there is none.
    private func requiredVoice(for language: String) throws(ServiceError) -> String {
        guard let voice = voice(for: language) else {
            throw ServiceError("Speech: espeak-ng has no voice for \(language)")
        }
        return voice
    }

    private func synthesize(_ text: String, voice: String) throws(ServiceError) -> SpokenText {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "editmenu-speech-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ServiceError("Speech: cannot make a folder for the audio: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let wave = folder.appendingPathComponent("speech.wav").path
        let result = try ProcessRunner.run(
            for: "Speech", executable, ["-v", voice, "-b", "1", "-w", wave], input: Data(text.utf8),
            timeout: ProcessRunner.timeout(timeout, for: text))
        guard result.status == 0, let seconds = Self.waveSeconds(atPath: wave) else {
            throw ServiceError("Speech: espeak-ng failed (\(result.status)) and wrote no audio")
        }
        return SpokenText(engine: "espeak-ng", voice: voice, seconds: seconds)
    }

    /// The length in seconds of the PCM WAV file at `path`, from its header and its data chunk's size
    /// (bounded by the file's size); `nil` when it is not one.
    static func waveSeconds(atPath path: String) -> Double? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 4096), header.count >= 44,
            header.prefix(4) == Data("RIFF".utf8), header[8..<12] == Data("WAVE".utf8),
            let size = try? handle.seekToEnd()
        else { return nil }
        func le(_ offset: Int, _ count: Int) -> Int {
            (0..<count).reduce(0) { $0 | Int(header[offset + $1]) << (8 * $1) }
        }
        var offset = 12
        var byteRate = 0
        while offset + 8 <= header.count {
            let id = header[offset..<(offset + 4)]
            let length = le(offset + 4, 4)
            if id == Data("fmt ".utf8), offset + 16 <= header.count { byteRate = le(offset + 8 + 8, 4) }
            if id == Data("data".utf8) {
                guard byteRate > 0 else { return nil }
                let available = Int(size) - (offset + 8)
                return Double(max(0, min(length, available))) / Double(byteRate)
            }
            offset += 8 + length + (length & 1)
        }
        return nil
    }
}

/// Speech ▸ Start Speaking and Stop Speaking as an edit-menu service, with espeak-ng.
///
/// ```swift
/// configuration.services.append(SpeechService(speech: speech))
/// ```
package struct SpeechService: EditMenuService {
    /// The synthesizer.
    package let speech: EspeakSpeech

    /// Speech with `speech`.
    package init(speech: EspeakSpeech) {
        self.speech = speech
    }

    package var commands: Set<EditCommand.ID> { Self.handledCommands }
    /// Made once: a menu asks every service for its commands several times.
    private static let handledCommands: Set<EditCommand.ID> = [.startSpeaking, .stopSpeaking]

    package func canPerform(_ command: EditCommand.ID, on request: ServiceRequest) -> Bool {
        switch command {
        case .startSpeaking: return language(of: request) != nil
        case .stopSpeaking: return speech.isSpeaking
        default: return false
        }
    }

    package func perform(_ command: EditCommand.ID, on request: ServiceRequest) throws(ServiceError) -> ServiceResult {
        switch command {
        case .stopSpeaking:
            speech.stop()
            return .done
        case .startSpeaking:
            guard let language = language(of: request) else {
                throw ServiceError("Speech: espeak-ng has no voice for this text")
            }
            let text = request.text
            if speech.output == .none {
                // Measured, not played: in the background like any synthesis.
                let speech = speech
                return .later(
                    ServiceTask { () throws(ServiceError) in .spoke(try speech.synthesize(text, language: language)) })
            }
            return .spoke(try speech.speak(text, language: language))
        default:
            throw ServiceError("Speech: \(command.rawValue) is not a speech command")
        }
    }

    /// The text's language (`ServiceRequest.textLanguage`) when espeak-ng has its voice, else the
    /// language of a voice for the text's script.
    private func language(of request: ServiceRequest) -> String? {
        let language = request.textLanguage
        if speech.languages.contains(language) { return language }
        return TextLanguage.language(of: request.text, locale: request.locale, candidates: speech.languages)
    }
}
