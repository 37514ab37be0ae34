import EditMenuKit
import EditMenuServices
@_spi(Testing) import EditMenuTerminal
import Foundation

/// How the demo runs.
package struct DemoOptions: Sendable {
    /// The idiom to emulate; `nil` is the default: the compact style for press and double click, the
    /// vertical style for right click and the keyboard (as on iPad).
    package var idiom: Idiom?
    /// The language of the menus.
    package var locale: MenuLocale
    /// A file to edit instead of the built-in sample.
    package var filePath: String?
    /// A file the demo appends its event log to (gestures, presentations, commands), for tests.
    package var logPath: String?
    /// What the left mouse button stands for (default: a touch, except on the mac idiom).
    package var primaryButton: TerminalEditMenu.PrimaryButton?
    /// Where the Substitutions ▸ toggles, the search engine and the text replacements are remembered
    /// (`nil`: the defaults, not remembered).
    package var settingsFile: SettingsFile?
    /// Where Share ▸ Save to File writes (`nil`: no Save to File); whether Share ▸ Mail can use
    /// `xdg-email` is `mailer`.
    package var documentsFolder: String?
    /// `xdg-email`, for Share ▸ Mail (`nil`: no Mail).
    package var mailer: String?
    /// The language Translate translates into (`--translate-to`); `nil`: the menu's language.
    package var translateTo: String?
    /// Which guidance the menus follow (EDIT-MENU.md §13): `editmenu demo` picks ``EditMenuRelease/current``
    /// unless `--release 2023` says otherwise.
    package var release: EditMenuRelease = .release2023
    /// The language services the menu offers (Look Up, Translate, Speech, spelling): what
    /// ``LanguageServices/discover(locale:translateTo:speechOutput:environment:)`` found; none by default.
    package var languageServices: LanguageServices

    package init(
        idiom: Idiom? = nil, locale: MenuLocale = .english, filePath: String? = nil, logPath: String? = nil,
        primaryButton: TerminalEditMenu.PrimaryButton? = nil, translateTo: String? = nil,
        languageServices: LanguageServices = LanguageServices()
    ) {
        self.idiom = idiom
        self.locale = locale
        self.filePath = filePath
        self.logPath = logPath
        self.primaryButton = primaryButton
        self.translateTo = translateTo
        self.languageServices = languageServices
    }
}

/// What the demo asks its runner to do.
package enum DemoRequest: Hashable, Sendable {
    /// End the program.
    case quit
}

/// The terminal edit-menu demo, without the terminal: feed it ``TerminalEvent``s, draw its ``render()``.
/// It is one client of ``TerminalEditMenu``: the menu, its gestures and commands are the component's;
/// the demo adds the sample's fields, a title and a status line, files, and its own keys (Tab moves
/// the focus, Ctrl+S saves, Ctrl+Q quits).
package final class DemoApp: EditMenuControllerDelegate {
    package let options: DemoOptions
    package let fields: [DemoField]
    package internal(set) var columns: Int
    package internal(set) var rows: Int
    /// The status line's message.
    package internal(set) var status: String
    /// One line per presentation and command, for tests and `--log`.
    package internal(set) var log: [String] = []
    /// Whether the file has changes not yet saved.
    package internal(set) var isModified = false
    /// The edit menu over the fields.
    package let editMenu: TerminalEditMenu

    let strings: MenuStrings
    var requests: [DemoRequest] = []
    var quitArmed = false
    var saveOverwriteArmed = false
    var file: DemoFile?
    /// Unsaved changes found in the document's recovery file at start, until restored or saved over.
    var offeredRecovery: TextStorage?
    /// How Save and the recovery file write bytes (tests inject failures).
    var saveWriter: DemoFile.Writer = .system
    /// The document's change count when it was last saved (file mode).
    var savedChangeCount = 0

    /// Creates the demo. `openURL` opens what the edit menu's opening policy let through (a safe URI,
    /// or an event or contact card written into the policy's private folder) and says whether it could.
    package init(
        options: DemoOptions, columns: Int, rows: Int, pasteboard: any Pasteboard, clock: any InteractionClock,
        openURL: @escaping (String) -> Bool
    ) throws {
        self.options = options
        self.columns = columns
        self.rows = rows
        strings = MenuStrings(locale: options.locale)
        var configuration = EditMenuConfiguration.terminal(idiom: options.idiom ?? .pad, locale: options.locale)
        configuration.release = options.release
        var problems: [SettingsProblem] = []
        if let file = options.settingsFile {
            (configuration.settings, problems) = file.load()
            configuration.settingsFile = file
        }
        configuration.services = [WebSearchService(engine: configuration.settings.searchEngine)]
        if options.documentsFolder != nil || options.mailer != nil {
            configuration.services.append(
                ShareService(documentsFolder: options.documentsFolder ?? "/nonexistent", mailer: options.mailer))
        }
        options.languageServices.install(into: &configuration)
        editMenu = TerminalEditMenu(
            configuration: configuration, pasteboard: pasteboard, clock: clock, primaryButton: options.primaryButton,
            opener: openURL)
        if let path = options.filePath {
            let opened = try DemoFile.open(path)
            file = opened
            fields = [
                DemoField(
                    label: path,
                    target: TerminalTextView(
                        editor: TextEditor(storage: opened.storage),
                        frame: CellRect(column: 0, row: 1, width: 1, height: 1)),
                    isSingleLine: false)
            ]
            status = opened.repairNote ?? "Opened \(path) — Ctrl+S saves, Ctrl+Q quits"
            if let recovered = DemoFile.recovery(for: path) {
                offeredRecovery = recovered
                status =
                    "Ctrl+R restores the unsaved changes (\(recovered.byteCount) bytes) kept from an earlier session; saving discards them"
            }
        } else {
            fields = DemoField.sample()
            status = "Double-click or press and hold a word · right-click · Menu key · Ctrl+Q quits"
        }
        if let problem = problems.first {
            status = "Settings: \(problem)" + (problems.count > 1 ? " (and \(problems.count - 1) more)" : "")
        }
        for field in fields { editMenu.attach(field.target) }
        for case let button as DemoButton in fields.map(\.target) {
            button.onPress = { [weak self] button in
                self?.setStatus(
                    "“\(button.title)” pressed (\(button.presses)) — a button activates; it never shows edit options")
                self?.record("button \(button.title) pressed")
            }
        }
        editMenu.controller.delegate = self
        editMenu.log = { [weak self] line in self?.record(line) }
        arrange()
    }

    /// The idiom menus are built for.
    var idiom: Idiom { options.idiom ?? .pad }

    /// The focused field's index.
    package var focus: Int { editMenu.focusedIndex }

    /// The menu on screen.
    package var menu: PresentedMenu? { editMenu.controller.presentedMenu }

    /// The terminal has a new size.
    package func resize(columns: Int, rows: Int) {
        self.columns = max(20, columns)
        self.rows = max(8, rows)
        arrange()
        editMenu.controller.updatePosition()
    }

    private func arrange() {
        editMenu.screenSize = (columns, rows)
        if file != nil {
            fields[0].setFrame(CellRect(column: 0, row: 1, width: columns, height: max(1, rows - 2)))
        } else {
            DemoField.arrange(fields, columns: columns, rows: rows)
        }
    }

    /// When the runner must call ``tick()`` next (a long press completing, scrolling ending), if ever.
    package var nextDeadline: Double? { editMenu.nextDeadline }

    /// Lets time-driven gestures complete.
    package func tick() -> [DemoRequest] {
        editMenu.tick()
        return takeRequests()
    }

    /// Handles one terminal event.
    package func handle(_ event: TerminalEvent) -> [DemoRequest] {
        if case .key(let key, let modifiers) = event {
            handleKey(key, modifiers)
        } else {
            editMenu.handle(event)
            noteChanges()
        }
        return takeRequests()
    }

    private func takeRequests() -> [DemoRequest] {
        defer { requests.removeAll() }
        return requests
    }

    /// How many log lines were dropped from the front of ``log`` (it keeps the last 1000).
    package internal(set) var logDropped = 0

    func record(_ line: String) {
        log.append(line)
        if log.count > 1000 {
            logDropped += log.count - 1000
            log.removeFirst(log.count - 1000)
        }
    }

    func setStatus(_ text: String) { status = text }

    /// Marks the file modified when the document's text changed.
    func noteChanges() {
        guard file != nil, let view = fields[0].textView else { return }
        if view.changeCount != savedChangeCount { isModified = true }
    }

    // MARK: Keyboard

    func handleKey(_ key: Key, _ modifiers: KeyModifiers) {
        if key == .character("q") && modifiers == .control || key == .character("c") && modifiers == .control {
            requestQuit()
            return
        }
        quitArmed = false
        switch (key, modifiers) {
        case (.character("s"), .control):
            save()
            return
        case (.character("r"), .control):
            restoreRecovery()
            return
        case (.tab, []) where !editMenu.isMenuVisible && !editMenu.hasOpenBarOrPicker:
            moveFocus(by: 1)
            return
        case (.tab, .shift) where !editMenu.isMenuVisible && !editMenu.hasOpenBarOrPicker:
            moveFocus(by: -1)
            return
        default:
            break
        }
        if !editMenu.handle(.key(key, modifiers)), key == .function(10), modifiers.isEmpty {
            setStatus("F10 opens the menu bar's Edit menu with --idiom mac")
        }
        noteChanges()
    }

    func requestQuit() {
        if isModified && !quitArmed {
            quitArmed = true
            setStatus("Unsaved changes — Ctrl+S saves; Ctrl+Q again quits without saving")
            return
        }
        requests.append(.quit)
    }

    func moveFocus(by delta: Int) {
        editMenu.focus((focus + delta + fields.count) % fields.count)
        setStatus("Focus: \(fields[focus].label)")
    }

    // MARK: EditMenuControllerDelegate

    package func editMenuController(_ controller: EditMenuController, willPresent menu: PresentedMenu) {
        let layout = menu.layout
        record(
            "menu \(layout.style.rawValue) \(layout.placement.side.rawValue) page \(layout.page + 1)/\(max(1, layout.pages.count)): "
                + layout.items.map(\.id.rawValue).joined(separator: ","))
    }

    package func editMenuController(_ controller: EditMenuController, didNotPresentFor reason: NotPresentedReason) {
        record("menu not presented: \(reason.rawValue)")
        if reason == .notSelectable { setStatus("A button never shows edit options") }
    }

    package func editMenuController(_ controller: EditMenuController, didFailEditing message: String) {
        record("editing failed: \(message)")
        setStatus(message)
        noteChanges()
    }

    package func editMenuController(
        _ controller: EditMenuController, didPerform id: EditCommand.ID, outcome: PerformOutcome
    ) {
        record("perform \(id.rawValue)")
        if let status = documentStatus(id, outcome) {
            setStatus(status)
            noteChanges()
            return
        }
        let title = strings.title(for: id, idiom: idiom)
        switch outcome {
        case .done:
            switch id {
            case .copy, .cut: setStatus("\(title) — the text is on the clipboard")
            case .undo: setStatus("Undone")
            case .redo: setStatus("Redone")
            default: setStatus(title)
            }
        case .opened(let uri): setStatus("Opened \(uri)")
        case .showedPanel(let panel): setStatus(panel.title)
        case .started: setStatus("\(title)…")
        case .spoke(let spoken): setStatus("\(title) — \(spoken.engine), voice \(spoken.voice)")
        case .failed(let message):
            // "paste: the pasteboard has …" → "Paste: the pasteboard has …", in the menu's words.
            let prefix = id.rawValue + ": "
            setStatus(message.hasPrefix(prefix) ? title + ": " + message.dropFirst(prefix.count) : message)
        }
        noteChanges()
    }
}
