import Foundation

/// The edit menu of one piece of content — UIKit's `UIEditMenuInteraction` and the selection gestures
/// of `UITextInteraction` in one object that every host stands on.
///
/// A host feeds it raw input (``handle(_:)``, ``handleKey(_:)``, ``scrollBegan()``,
/// ``contentDidChange()`` …) and implements ``EditMenuHost``: facts about its content, where things
/// are, drawing, and performing on its own widget. The controller does the rest, the same way for
/// every host:
///
/// - recognizes long press, double and triple tap, tap, secondary click and the Menu key
///   (``GestureRecognizer``) and has the host select what each selects;
/// - runs the presentation state machine (``EditMenuInteraction``): show, toggle, hide while
///   scrolling or dragging and come back, dismiss on typing, page;
/// - evaluates the rules (``EditMenuRules``) over the host's facts, its pasteboard types, the services
///   it has and the data detected in the selection, and lets the delegate change the menu;
/// - lays out and pages the menu (``EditMenuLayoutEngine``), runs keyboard navigation
///   (``MenuKeyboardNavigation``) and describes the menu for accessibility (``MenuAccessibility``);
/// - performs what is chosen: standard commands on the host's widget, spelling replacements, data
///   actions and services through one ``OpeningPolicy``, the app's commands through the delegate.
///
/// ```swift
/// let controller = EditMenuController(host: widget, configuration: EditMenuConfiguration(idiom: .pad))
/// controller.handle(InputEvent(.touchDown, at: point, time: clock.now))     // press…
/// controller.poll()                                                        // …0.5 s later: word selected
/// controller.handle(InputEvent(.touchUp, at: point, time: clock.now))       // host.showMenu(…) compact
/// controller.choose(.copy)                                                 // host.perform(.copy), menu gone
/// ```
///
/// The controller holds its host weakly (hosts usually own their controller) and is used from the
/// host's one thread or actor.
public final class EditMenuController {
    /// The content's host.
    public private(set) weak var host: (any EditMenuHost)?
    /// The app's say in the menu.
    public weak var delegate: (any EditMenuControllerDelegate)?
    /// Platform, language, custom commands, services, measuring. Changes apply from the next
    /// presentation (``reload()`` applies them to a menu on screen).
    public var configuration: EditMenuConfiguration {
        didSet {
            recognizer.thresholds = configuration.gestureThresholds
            engine = EditMenuLayoutEngine(measurer: configuration.measurer, shortcutStyle: configuration.shortcutStyle)
        }
    }

    private var recognizer: GestureRecognizer
    private let clock: any InteractionClock
    private var interaction = EditMenuInteraction()
    /// Service work going on in the background, with the command that started it.
    private var tasks: [(id: EditCommand.ID, task: ServiceTask)] = []
    private var engine: EditMenuLayoutEngine
    /// The menu being presented (on screen, or hidden for now while something moves).
    private var current: Presentation?
    /// How the last raw input event was made (touch, pointer, keyboard).
    private var lastInput: InputMethod

    /// What Find ▸ looks for: the find field's text (a host's find bar edits it; Use Selection for Find
    /// sets it). Shared by every text the controller's host shows, as macOS shares its find string.
    public var findQuery = FindQuery("")
    /// The replace field's text (Find and Replace…).
    public var replacement = ""
    /// What the last Find Next, Find Previous or Replace found (`nil`: nothing, or not searched yet),
    /// for a find bar's status ("Wrapped", "Not found").
    public internal(set) var lastFindResult: FindResult?
    /// What Share… was chosen for: its panel's targets share it (the selection may change meanwhile).
    var sharedRequest: ServiceRequest?
    /// The text substitutions of ``EditMenuConfiguration/settings`` in the menu's language, cached.
    var cachedSubstitutions: (SubstitutionSettings, [TextReplacement], MenuLocale, TextSubstitutions)?

    /// A presentation: the menu as built, and how it is shown now.
    private struct Presentation {
        var context: EditMenuContext
        var content: EditMenuContent
        var menu: EditMenu
        /// The compact style's submenu, shown in the menu's place.
        var submenu: EditCommand.ID?
        var input: InputMethod
        var surface: Surface
        var source: PlacementSource
        var layout: EditMenuLayout?
        var navigation: MenuKeyboardNavigation?
        var focused: EditCommand.ID?
        /// The list styles' submenus, open beside the menu, outermost first.
        var opened: [Level] = []

        /// A submenu open beside its parent item.
        struct Level {
            var id: EditCommand.ID
            var title: String
            var commands: [EditCommand]
            var layout: EditMenuLayout?
            var navigation: MenuKeyboardNavigation?
            var focused: EditCommand.ID?

            /// Its commands as a list menu of their own.
            var menu: EditMenu {
                EditMenu(style: .contextMenu, sections: [EditMenuSection(id: .standardEdit, commands: commands)])
            }
        }

        /// Whether submenus open beside their parent item (list styles) rather than in its place.
        var opensBeside: Bool { menu.style != .compact }

        /// The commands of the menu's own level, as a menu (the compact style's open submenu in its
        /// place).
        var displayed: EditMenu {
            guard let submenu, let parent = menu.command(submenu), parent.isSubmenu else { return menu }
            return EditMenu(
                style: menu.style, sections: [EditMenuSection(id: .standardEdit, commands: parent.children)])
        }

        /// The menu shown at `level` (0: the menu's own level; n: the n-th submenu open beside it).
        func menu(at level: Int) -> EditMenu {
            level == 0 ? displayed : opened[level - 1].menu
        }

        /// The top-level commands at `level`.
        func commands(at level: Int) -> [EditCommand] {
            level == 0 ? displayed.commands : opened[level - 1].commands
        }

        /// The innermost level (0 when no submenu is open beside the menu).
        var deepest: Int { opened.count }

        func navigation(at level: Int) -> MenuKeyboardNavigation? {
            level == 0 ? navigation : opened[level - 1].navigation
        }

        mutating func setNavigation(_ navigation: MenuKeyboardNavigation?, at level: Int) {
            if level == 0 { self.navigation = navigation } else { opened[level - 1].navigation = navigation }
        }

        mutating func setFocused(_ id: EditCommand.ID?, at level: Int) {
            if level == 0 { focused = id } else { opened[level - 1].focused = id }
        }

        func layout(at level: Int) -> EditMenuLayout? {
            level == 0 ? layout : opened[level - 1].layout
        }
    }

    /// Creates the controller for `host`, reading gesture time from `clock` (``SystemClock`` in a real
    /// host, a `ManualClock` (`@_spi(Testing)`) in tests).
    public init(
        host: any EditMenuHost, configuration: EditMenuConfiguration = EditMenuConfiguration(),
        clock: any InteractionClock = SystemClock()
    ) {
        self.host = host
        self.configuration = configuration
        self.clock = clock
        recognizer = GestureRecognizer(clock: clock, thresholds: configuration.gestureThresholds)
        engine = EditMenuLayoutEngine(measurer: configuration.measurer, shortcutStyle: configuration.shortcutStyle)
        lastInput = configuration.idiom.defaultInput
    }

    // MARK: - State

    /// Whether a menu is on screen.
    public var isMenuVisible: Bool { interaction.isVisible && current?.layout != nil }

    /// Whether the menu on screen is a list (vertical, context menu, menu bar) rather than a compact bar:
    /// a list takes every key until it goes, as macOS's menus do.
    public var isListMenuVisible: Bool { isMenuVisible && current?.opensBeside == true }

    /// The menu on screen, as last handed to ``EditMenuHost/showMenu(_:)``.
    public var presentedMenu: PresentedMenu? {
        guard interaction.isVisible, let current, let layout = current.layout else { return nil }
        return presented(current, layout: layout)
    }

    /// When ``poll()`` must be called next (a long press maturing, a service's background work to
    /// collect every 50 ms), in the clock's seconds; `nil` when nothing is pending. A host sets a timer
    /// for it.
    public var nextDeadline: Double? {
        let work = tasks.isEmpty ? nil : clock.now + Self.taskPollInterval
        return [recognizer.nextDeadline, work].compactMap { $0 }.min()
    }

    /// How often a host polls while a service works in the background.
    static let taskPollInterval = 0.05

    /// Whether a service is working in the background (a translation, a synthesis).
    public var hasPendingWork: Bool { !tasks.isEmpty }

    // MARK: - Input

    /// Feeds one raw input event (touch, pointer button or motion, pinch, key). Returns whether the
    /// controller used it — a host stops its toolkit from also acting on a used event (GTK's own
    /// context menu on a secondary click, say).
    @discardableResult
    public func handle(_ event: InputEvent) -> Bool {
        switch event.kind {
        case .touchDown, .touchMove, .touchUp, .touchCancel, .pinchDown, .pinchMove, .pinchUp: lastInput = .touch
        case .pointerDown, .pointerMove, .pointerUp: lastInput = .pointer
        case .key: lastInput = .keyboard
        }
        var used = false
        for gesture in recognizer.handle(event) where handle(gesture) { used = true }
        return used
    }

    /// Lets time-driven gestures complete (a long press after 0.5 s) and carries out the results of
    /// services that finished their background work. Call it when ``nextDeadline`` passes.
    public func poll() {
        for gesture in recognizer.poll() { _ = handle(gesture) }
        collectFinishedWork()
    }

    /// Waits up to `timeout` seconds for every service's background work and carries out its results —
    /// for screenless hosts (`editmenu perform`) and tests; a host with a screen polls instead. Work
    /// still running after the timeout is cancelled and reported as failed.
    public func finishPendingWork(timeout: Double) {
        let deadline = clock.now + timeout
        while let (id, task) = tasks.first {
            if task.wait(timeout: max(0, deadline - clock.now)) == nil {
                task.cancel()
                tasks.removeFirst()
                report(id, .failed("\(id.rawValue): the service did not finish within \(timeout) s"))
                continue
            }
            collectFinishedWork()
        }
    }

    /// Cancels every service's background work (a host closing, people pressing Escape on a panel that
    /// is still being filled).
    public func cancelPendingWork() {
        for (_, task) in tasks { task.cancel() }
        tasks.removeAll()
    }

    private func collectFinishedWork() {
        while let index = tasks.firstIndex(where: { $0.task.isFinished }) {
            let (id, task) = tasks.remove(at: index)
            guard !task.isCancelled, let result = task.result else { continue }
            switch result {
            case .success(let done): report(id, carryOut(done, for: id))
            case .failure(let error): report(id, .failed(error.description))
            }
        }
    }

    /// Tells the delegate what performing `id` did, and returns it.
    @discardableResult
    func report(_ id: EditCommand.ID, _ outcome: PerformOutcome) -> PerformOutcome {
        delegate?.editMenuController(self, didPerform: id, outcome: outcome)
        return outcome
    }

    /// A key press: the open menu's navigation first (arrows, Tab, Return, Escape…), then the Menu key
    /// and Shift-F10, which reveal the menu at the selection. Returns whether the key was used: keys a
    /// list-style menu (vertical, context menu, menu bar) receives never reach the content; a compact
    /// menu lets typing through (the host then calls ``contentDidChange()``, which dismisses it).
    ///
    /// List styles follow macOS's keyboard model: ↑/↓ move in the innermost open level, the trailing
    /// arrow (→, ← when mirrored) opens the focused item's submenu beside it with its first item focused
    /// (in the app's Edit menu, on an item without a submenu, it asks the delegate for the next menu-bar
    /// menu), the leading arrow closes the innermost submenu (at the Edit menu's top level: the previous
    /// menu-bar menu), Return or Space performs (a dimmed item does nothing), Escape closes one level.
    @discardableResult
    public func handleKey(_ press: KeyPress) -> Bool {
        lastInput = .keyboard
        if isMenuVisible, var shown = current {
            let level = shown.deepest
            guard var navigation = shown.navigation(at: level) else { return true }
            let outcome = navigation.handle(press)
            shown.setNavigation(navigation, at: level)
            current = shown
            let mirrored = shown.layout?.isMirrored == true
            let leading: Key = mirrored ? .right : .left
            let trailing: Key = mirrored ? .left : .right
            switch outcome {
            case .none:
                if press.key == .escape { return closeLevel() }
                guard shown.opensBeside else {
                    if shown.submenu != nil, press.key == leading { return closeLevel() }
                    return Self.isNavigationKey(press.key)
                }
                if press.key == leading, level > 0 { return closeLevel() }
                if shown.surface == .menuBar, press.key == trailing || (press.key == leading && level == 0) {
                    let direction: MenuBarDirection = press.key == trailing ? .next : .previous
                    if delegate?.editMenuController(self, moveToMenuBarMenu: direction) == true { dismiss() }
                }
                return true
            case .focus(let id):
                current?.setFocused(id, at: level)
                redraw()
            case .showPage(let page, let focus):
                let currentPage = shown.layout?.page ?? 0
                apply(interaction.handle(page > currentPage ? .nextPage : .previousPage))
                current?.focused = focus
                redraw()
            case .perform(let id):
                choose(id)
            case .openSubmenu(let id):
                openSubmenu(id, from: level, focusFirst: true)
            case .dismiss:
                return closeLevel()
            }
            return true
        }
        if press.revealsMenu {
            reveal(.menuKey, at: nil, input: .keyboard)
            return true
        }
        return false
    }

    private static func isNavigationKey(_ key: Key) -> Bool {
        switch key {
        case .up, .down, .left, .right, .tab, .home, .end, .pageUp, .pageDown, .enter, .escape: return true
        case .character, .menu, .f10, .space, .backspace, .delete: return false
        }
    }

    /// The content began scrolling: the menu hides until scrolling ends.
    public func scrollBegan() {
        apply(interaction.handle(.scrollBegan))
    }

    /// Scrolling ended: the menu comes back if the selection is still visible.
    public func scrollEnded() {
        let visible = host.map { !$0.menuTargetRects().isEmpty } ?? false
        apply(interaction.handle(.scrollEnded(selectionVisible: visible)))
    }

    /// The content changed under the menu (typing, a deletion, a paste from outside): the menu goes,
    /// as it does on every platform when people type.
    public func contentDidChange() {
        apply(interaction.handle(.typed))
    }

    // MARK: - Presenting

    /// Presents the menu for the current selection, as UIKit's `presentEditMenu(with:)`: from the
    /// keyboard (the default) at the selection with its first item focused, with a pointer at `point`
    /// (a context menu opens there), or the app's Edit menu (`surface: .menuBar`) dropped from
    /// `source` (the menu title's rect). The delegate hears why when no menu can be shown.
    public func present(
        input: InputMethod = .keyboard, surface: Surface = .editMenu, at point: MenuPoint? = nil,
        source: PlacementSource? = nil
    ) {
        let placement = source ?? (input == .pointer ? point.map(PlacementSource.pointer) : nil) ?? .selection
        guard let presentation = build(input: input, surface: surface, source: placement) else { return }
        current = presentation
        apply(interaction.handle(.present(pageCount: pageCount(of: presentation))))
    }

    /// Dismisses the menu (and any submenu).
    public func dismiss() {
        apply(interaction.handle(.dismiss))
    }

    /// Rebuilds the menu on screen because what it depends on changed (the pasteboard, undo state, the
    /// configuration), staying on the same page and submenu when they still exist. UIKit:
    /// `reloadVisibleMenu()`.
    public func reload() {
        guard isMenuVisible, let old = current else { return }
        guard var rebuilt = build(input: old.input, surface: old.surface, source: old.source, notify: false) else {
            dismiss()
            return
        }
        if let submenu = old.submenu, rebuilt.menu.command(submenu)?.isSubmenu == true { rebuilt.submenu = submenu }
        rebuilt.focused = old.focused
        // The submenus open beside it stay open while they still exist.
        for level in old.opened {
            guard let command = rebuilt.menu.command(level.id), command.isSubmenu else { break }
            rebuilt.opened.append(
                Presentation.Level(
                    id: level.id, title: command.title, commands: command.children, focused: level.focused))
        }
        current = rebuilt
        apply(interaction.handle(.reload(pageCount: pageCount(of: rebuilt))))
    }

    /// Lays the menu on screen out again because its target moved or the container resized. UIKit:
    /// `updateVisibleMenuPosition(animated:)`.
    public func updatePosition() {
        apply(interaction.handle(.targetMoved))
    }

    // MARK: - Choosing

    /// People chose the item `id` of the menu on screen (a click, a tap, Return): a submenu opens —
    /// beside its item in the list styles, in the menu's place in the compact style; anything else
    /// dismisses the menu (and its submenus) and is performed. Select and Select All show the menu
    /// again for the new selection, as UIKit does. A dimmed item does nothing.
    public func choose(_ id: EditCommand.ID) {
        guard let shown = current else { return }
        // The level that shows it, innermost first; else anywhere in the menu (a host choosing a
        // submenu's item directly).
        let level = stride(from: shown.deepest, through: 0, by: -1).first { level in
            shown.commands(at: level).contains { $0.id == id }
        }
        let command = level.flatMap { shown.commands(at: $0).first { $0.id == id } } ?? shown.displayed.command(id)
        guard let command, command.isEnabled else { return }
        if command.isSubmenu {
            openSubmenu(id, from: level ?? 0, focusFirst: shown.input == .keyboard)
            return
        }
        apply(interaction.handle(.dismiss))
        let outcome = report(id, perform(id, in: shown))
        if outcome == .done, id == .select || id == .selectAll, shown.surface == .editMenu {
            present(input: shown.input == .keyboard ? .keyboard : .touch)
        }
    }

    /// Turns the compact menu's page (its chevrons).
    public func turnPage(_ direction: EditMenuLayout.Chevron.Direction) {
        apply(interaction.handle(direction == .next ? .nextPage : .previousPage))
    }

    /// Performs `id` without a menu on screen — a keyboard shortcut, the app's Edit menu — through the
    /// same path a menu item takes (so a data action still goes through the opening policy).
    @discardableResult
    public func perform(_ id: EditCommand.ID) -> PerformOutcome {
        let presentation = current ?? build(input: lastInput, surface: .editMenu, source: .selection, notify: false)
        let outcome: PerformOutcome
        if let presentation {
            outcome = perform(id, in: presentation)
        } else {
            outcome = performStandard(id)
        }
        return report(id, outcome)
    }

    /// The app's Edit menu (the menu bar's, on the mac and pad idioms) for the current content, with
    /// every item enabled or dimmed as it applies now — for a host that shows it in its own menu bar
    /// (a GTK `GMenu`). `nil` where the platform has no menu bar.
    public func menuBarMenu() -> EditMenu? {
        build(input: .keyboard, surface: .menuBar, source: .selection, notify: false)?.menu
    }

    /// Every item the app's Edit menu can hold on this host, whatever is selected now — the menu bar's
    /// menu for editable text with a caret at a word, with every service configured and fitted to the
    /// host (``EditMenuContextBuilder``) — for a host that builds its menu bar once (a GTK `GMenu`) and
    /// enables the items from ``menuBarMenu()``. `nil` where the platform has no menu bar.
    public func menuBarItems() -> EditMenu? {
        var services: HostServices = []
        for (id, flag) in Self.serviceCommands
        where configuration.services.contains(where: { $0.commands.contains(id) }) {
            services.insert(flag)
        }
        if let checker = configuration.spellChecker, !checker.languages.isEmpty { services.insert(.spelling) }
        let builder = EditMenuContextBuilder(
            capabilities: hostCapabilities.union(HostCapabilities(services: services)), checkMarks: checkMarks)
        let facts = EditMenuContext(
            content: SelectableContent(kind: .text, selection: .caret(hasWordToSelect: true)),
            idiom: configuration.idiom, input: .keyboard, surface: .menuBar,
            customCommands: configuration.customCommands, locale: configuration.locale,
            searchEngine: searchEngineName)
        return builder.presentation(for: facts).menu
    }

    // MARK: - Gestures

    private func handle(_ gesture: RecognizedGesture) -> Bool {
        guard let host else { return false }
        switch gesture {
        case .longPressBegan(let point):
            // The word is selected now; the menu appears on release.
            _ = host.select(for: .longPress, at: point, input: lastInput, gestures: configuration.gestures)
            apply(interaction.handle(.handleDragBegan))
            return true
        case .reveal(let gesture, let point):
            if gesture == .longPress || gesture == .pinchAndHold {
                _ = interaction.handle(.handleDragEnded(selectionVisible: false))
            }
            let input: InputMethod
            switch gesture {
            case .secondaryClick: input = .pointer
            case .menuKey: input = .keyboard
            default: input = lastInput
            }
            reveal(gesture, at: gesture == .menuKey ? nil : point, input: input)
            return gesture != .tap
        case .dragBegan(let point):
            host.dragSelection(.began(at: point))
            apply(interaction.handle(.handleDragBegan))
            return false
        case .dragMoved(let point):
            host.dragSelection(.moved(to: point))
            return false
        case .dragEnded(let point):
            host.dragSelection(.ended(at: point))
            let visible = !host.menuTargetRects().isEmpty
            apply(interaction.handle(.handleDragEnded(selectionVisible: visible)))
            // Lifting a finger after dragging out a selection shows the menu for it (touch only).
            if lastInput == .touch, !interaction.isVisible, host.menuContent().content.selection.hasSelection {
                present(input: .touch)
            }
            return false
        case .key(let press):
            return handleKey(press)
        }
    }

    /// Applies a revealing gesture: the host selects, then the menu shows, toggles or goes.
    private func reveal(_ gesture: RevealGesture, at point: MenuPoint?, input: InputMethod) {
        guard let host else { return }
        let wasVisible = interaction.isVisible
        let shows = host.select(for: gesture, at: point, input: input, gestures: configuration.gestures)
        guard shows else {
            apply(interaction.handle(.gesture(gesture, showsMenu: false)))
            // With a pointer, double and triple clicks and press-and-hold select without a menu.
            if !gesture.reveals(with: input) { delegate?.editMenuController(self, didNotPresentFor: .notRevealed) }
            return
        }
        if gesture == .tap, wasVisible {
            apply(interaction.handle(.gesture(.tap, showsMenu: true)))
            return
        }
        // A secondary click opens the menu at the pointer, as a context menu does (EDIT-MENU.md §8).
        let source: PlacementSource = input == .pointer && point != nil ? .pointer(point!) : .selection
        guard let presentation = build(input: input, surface: .editMenu, source: source) else {
            apply(interaction.handle(.dismiss))
            return
        }
        // A new presentation replaces the one on screen (with its submenu and focus).
        if wasVisible, let old = current, let layout = old.layout {
            host.hideMenu()
            delegate?.editMenuController(self, didDismiss: presented(old, layout: layout))
        }
        current = presentation
        apply(interaction.handle(.gesture(gesture, showsMenu: true, pageCount: pageCount(of: presentation))))
    }

    // MARK: - Building

    /// The menu for the host's content now, or `nil` (the delegate hears why when `notify`).
    private func build(input: InputMethod, surface: Surface, source: PlacementSource, notify: Bool = true)
        -> Presentation?
    {
        guard let host else { return nil }
        var content = host.menuContent()
        let locale = configuration.locale
        // The spell checker is asked once whether the selected word is misspelled, then for its
        // suggestions (unless the host gave its own).
        var misspelled: (word: String, language: String)?
        if content.spellingSuggestions.isEmpty, let checker = configuration.spellChecker {
            misspelled = checker.misspelledSelection(
                content.content, selectedText: content.selectedText, locale: locale)
            if let misspelled { content.spellingSuggestions = checker.suggestions(forMisspelled: misspelled) }
        }
        var actions: [DataAction] = []
        if surface == .editMenu, configuration.settings.substitutions.dataDetectors,
            var detector = configuration.dataDetector, let selected = content.selectedText, !content.content.isSecure
        {
            detector.referenceDate = configuration.currentDate()
            detector.adopt(languageTag: locale.requested)
            actions = detector.detect(inCharacterRange: selected.characterRange, of: selected.text).actions
        }
        let speaking = isSpeaking
        let builder = contextBuilder(for: content, speaking: speaking)
        var facts = EditMenuContext(
            content: content.content, idiom: configuration.idiom, input: input, surface: surface,
            pasteboardTypes: host.pasteboardTypes, undo: content.undo, redo: content.redo,
            spellingSuggestions: content.spellingSuggestions, dataActions: actions,
            customCommands: configuration.customCommands, locale: locale,
            isMisspelled: !content.spellingSuggestions.isEmpty || misspelled != nil,
            selectionExcerpt: content.selectedText.map {
                EditMenuContextBuilder.selectionExcerpt($0.selectedString[...])
            },
            searchEngine: searchEngineName)
        facts.isSpeaking = speaking
        let context = builder.context(facts)
        switch builder.presentation(for: context) {
        case .notPresented(let reason):
            if notify { delegate?.editMenuController(self, didNotPresentFor: reason) }
            return nil
        case .presented(let suggested):
            let menu = delegate?.editMenuController(self, menuFor: context, suggestedMenu: suggested) ?? suggested
            guard surface == .menuBar || menu.commands.contains(where: \.isEnabled) else {
                if notify { delegate?.editMenuController(self, didNotPresentFor: .nothingToShow) }
                return nil
            }
            return Presentation(
                context: context, content: content, menu: menu, input: input, surface: surface, source: source)
        }
    }

    /// What this host can do for `content`: its widget's document commands (``hostCapabilities``) and
    /// the services that can act on the selection — the one value the menu is decided with.
    private func contextBuilder(for content: EditMenuContent, speaking: Bool) -> EditMenuContextBuilder {
        EditMenuContextBuilder(
            capabilities: hostCapabilities.union(
                HostCapabilities(services: availableServices(for: content, speaking: speaking))),
            checkMarks: checkMarks)
    }

    /// What the host can do whatever is selected: its widget's document commands, and Data Detectors
    /// when there is a detector. Platform features (dictation, grammar checking, autocorrection, Smart
    /// Links) no host here has.
    var hostCapabilities: HostCapabilities {
        var capabilities = host?.documentCapabilities ?? []
        if configuration.dataDetector != nil { capabilities.insert(.dataDetectors) }
        return capabilities
    }

    /// The host's settings that show as check marks.
    private var checkMarks: EditMenuContextBuilder.CheckMarks {
        EditMenuContextBuilder.CheckMarks(
            substitutions: configuration.settings.substitutions,
            marksMisspellings: configuration.checksSpellingWhileTyping
                && configuration.spellChecker.map { !$0.languages.isEmpty } == true)
    }

    /// The services the rules may offer: those whose service is configured and can act on this
    /// selection, and spelling when there is a spell checker with a dictionary.
    private func availableServices(for content: EditMenuContent, speaking: Bool) -> HostServices {
        var available: HostServices = []
        if let checker = configuration.spellChecker, !checker.languages.isEmpty { available.insert(.spelling) }
        // Speech ▸ stays while speech goes on, whatever is selected (for Stop Speaking).
        if speaking { available.insert(.speech) }
        guard let request = serviceRequest(content) else {
            // Nothing selected: Start Speaking speaks the whole text, when the host can give it.
            if let text = documentRequest(content, limit: 2048), service(for: .startSpeaking, request: text) != nil {
                available.insert(.speech)
            }
            return available
        }
        for (id, flag) in Self.serviceCommands where service(for: id, request: request) != nil {
            available.insert(flag)
        }
        return available
    }

    /// The name Search With shows: the configured web search's engine, else the settings' engine.
    private var searchEngineName: String {
        configuration.services.lazy.compactMap { ($0 as? WebSearchService)?.engine.name }.first
            ?? configuration.settings.searchEngine.name
    }

    /// The rules' service flags and the command each stands for.
    private static let serviceCommands: [(EditCommand.ID, HostServices)] = [
        (.lookUp, .lookUp), (.translate, .translate), (.searchWeb, .searchWeb), (.share, .share),
        (.startSpeaking, .speech),
    ]

    /// Whether a speech service is speaking now (it offers Stop Speaking).
    public var isSpeaking: Bool {
        let request = ServiceRequest(
            selectedText: SelectedText(text: "", characterRange: 0..<0),
            content: SelectableContent(kind: .text, selection: .none), locale: configuration.locale)
        return configuration.services.contains {
            $0.commands.contains(.stopSpeaking) && $0.canPerform(.stopSpeaking, on: request)
        }
    }

    /// The selected word and its language, when it is one word of editable, non-secure text that the
    /// spell checker says is misspelled.
    private func misspelledWord(in content: EditMenuContent) -> (word: String, language: String)? {
        configuration.spellChecker?.misspelledSelection(
            content.content, selectedText: content.selectedText, locale: configuration.locale)
    }

    func serviceRequest(_ content: EditMenuContent) -> ServiceRequest? {
        if !content.selectedObjects.isEmpty {
            return ServiceRequest(
                selectedText: SelectedText(text: "", characterRange: 0..<0), content: content.content,
                locale: configuration.locale, objects: content.selectedObjects)
        }
        return content.selectedText.map {
            ServiceRequest(selectedText: $0, content: content.content, locale: configuration.locale)
        }
    }

    func service(for id: EditCommand.ID, request: ServiceRequest) -> (any EditMenuService)? {
        configuration.services.first { $0.commands.contains(id) && $0.canPerform(id, on: request) }
    }

    private func pageCount(of presentation: Presentation) -> Int {
        guard presentation.menu.style == .compact, let laid = layout(presentation, page: 0) else { return 1 }
        return max(1, laid.pages.count)
    }

    /// The area `presentation` may go in: the host's container, or for a menu at the pointer the
    /// popup area the host gives such menus.
    private func container(for presentation: Presentation) -> MenuContainer? {
        guard let host else { return nil }
        let opensAtPointer = presentation.menu.style == .vertical || presentation.menu.style == .contextMenu
        if case .pointer = presentation.source, opensAtPointer, let popup = host.pointerMenuContainer() { return popup }
        return host.menuContainer()
    }

    /// Lays `presentation` out on `page`, or `nil` when what it points at is not on screen.
    private func layout(_ presentation: Presentation, page: Int) -> EditMenuLayout? {
        guard let host, let container = container(for: presentation) else { return nil }
        var source = presentation.source
        var targets: [MenuRect] = []
        if case .selection = source {
            if let rect = delegate?.editMenuController(self, targetRectFor: presentation.context) {
                source = .rect(rect)
            } else {
                targets = host.menuTargetRects()
                guard !targets.isEmpty else { return nil }
            }
        }
        let geometry = PresentationGeometry(
            bounds: container.bounds, safeArea: container.safeArea, target: targets, avoid: container.avoid,
            metrics: configuration.metrics)
        return engine.layout(
            presentation.displayed, geometry: geometry, idiom: configuration.idiom,
            isRightToLeft: configuration.locale.isRightToLeft, page: page, source: source,
            preferredArrowDirection: delegate?.editMenuControllerPreferredArrowDirection(self))
    }

    /// Lays out the submenus open beside the menu, each beside its parent item in the level before it,
    /// keeping each level's focus; a level whose parent item is no longer shown closes with those after
    /// it.
    private func layoutSubmenus(_ presentation: inout Presentation) {
        guard presentation.opensBeside, !presentation.opened.isEmpty, let container = container(for: presentation)
        else {
            presentation.opened = []
            return
        }
        let geometry = PresentationGeometry(
            bounds: container.bounds, safeArea: container.safeArea, avoid: container.avoid,
            metrics: configuration.metrics)
        for i in presentation.opened.indices {
            guard let parent = presentation.layout(at: i), let item = parent.frame(of: presentation.opened[i].id)
            else {
                presentation.opened.removeSubrange(i...)
                return
            }
            var level = presentation.opened[i]
            let menu = level.menu
            let layout = engine.layout(
                menu, geometry: geometry, idiom: configuration.idiom,
                isRightToLeft: configuration.locale.isRightToLeft, source: .besideItem(item))
            level.layout = layout
            if let focused = level.focused,
                let kept = MenuKeyboardNavigation.focusing(focused, in: menu, layout: layout)
            {
                level.navigation = kept
            } else {
                level.navigation = MenuKeyboardNavigation(menu: menu, layout: layout)
                level.focused = nil
            }
            presentation.opened[i] = level
        }
    }

    private func presented(_ presentation: Presentation, layout: EditMenuLayout) -> PresentedMenu {
        let locale = configuration.locale
        let idiom = configuration.idiom
        let submenus = presentation.opened.compactMap { level -> PresentedSubmenu? in
            guard let layout = level.layout else { return nil }
            var accessibility = MenuAccessibility(layout: layout, locale: locale, idiom: idiom)
            accessibility.menu.identifier = level.id.rawValue
            accessibility.menu.label = level.title
            return PresentedSubmenu(
                parent: level.id, commands: level.commands, layout: layout, focusedItem: level.focused,
                accessibility: accessibility)
        }
        return PresentedMenu(
            menu: presentation.menu, submenu: presentation.submenu ?? presentation.opened.last?.id, layout: layout,
            focusedItem: presentation.focused,
            accessibility: MenuAccessibility(layout: layout, locale: locale, idiom: idiom),
            input: presentation.input, surface: presentation.surface, submenus: submenus)
    }

    // MARK: - Showing

    /// Carries out what the state machine says.
    private func apply(_ effects: [EditMenuInteraction.Effect]) {
        for effect in effects {
            switch effect {
            case .show(let page): show(page: page, fresh: true)
            case .relayout:
                if case .presented(let page) = interaction.state { show(page: page, fresh: false) }
            case .hide: hide()
            }
        }
        if interaction.state == .hidden { current = nil }
    }

    private func show(page: Int, fresh: Bool) {
        guard let host, var shown = current else { return }
        guard let layout = layout(shown, page: page) else {
            // The selection is not on screen: nothing to point at.
            hide()
            _ = interaction.handle(.dismiss)
            current = nil
            return
        }
        let wasShown = shown.layout != nil
        shown.layout = layout
        var navigation = MenuKeyboardNavigation(menu: shown.displayed, layout: layout)
        if let focused = shown.focused, layout.items.contains(where: { $0.id == focused }) {
            // Keep the focus when the same item is still there (a reload, a page turned by the keyboard).
            navigation = MenuKeyboardNavigation.focusing(focused, in: shown.displayed, layout: layout) ?? navigation
        } else if shown.input == .keyboard {
            // Revealed from the keyboard, the menu opens with its first item focused.
            _ = navigation.handle(KeyPress(.home))
            shown.focused = navigation.focused
        } else {
            shown.focused = nil
        }
        shown.navigation = navigation
        layoutSubmenus(&shown)
        current = shown
        let menu = presented(shown, layout: layout)
        if fresh || !wasShown { delegate?.editMenuController(self, willPresent: menu) }
        host.showMenu(menu)
    }

    /// Draws the menu on screen again (a focus moved).
    private func redraw() {
        guard isMenuVisible, let shown = current, let layout = shown.layout else { return }
        host?.showMenu(presented(shown, layout: layout))
    }

    private func hide() {
        guard let shown = current, let layout = shown.layout else { return }
        host?.hideMenu()
        current?.layout = nil
        current?.opened = []
        delegate?.editMenuController(self, didDismiss: presented(shown, layout: layout))
    }

    /// Opens the submenu of `id`, an item at `level`: beside it in the list styles (closing any
    /// submenu open deeper than `level`), in the menu's place in the compact style; with its first
    /// item focused when `focusFirst`.
    private func openSubmenu(_ id: EditCommand.ID, from level: Int, focusFirst: Bool) {
        guard var shown = current, level <= shown.deepest,
            let command = shown.commands(at: level).first(where: { $0.id == id }), command.isSubmenu
        else { return }
        guard shown.opensBeside else {
            shown.submenu = id
            shown.focused = nil
            current = shown
            apply(interaction.handle(.reload(pageCount: pageCount(of: shown))))
            if focusFirst { focusFirstItem(at: 0) }
            return
        }
        shown.opened.removeSubrange(level...)
        shown.opened.append(Presentation.Level(id: id, title: command.title, commands: command.children))
        // The parent item stays highlighted, and the keyboard comes back to it.
        shown.setFocused(id, at: level)
        if let layout = shown.layout(at: level),
            let navigation = MenuKeyboardNavigation.focusing(id, in: shown.menu(at: level), layout: layout)
        {
            shown.setNavigation(navigation, at: level)
        }
        layoutSubmenus(&shown)
        current = shown
        if focusFirst, shown.opened.count == level + 1 { focusFirstItem(at: level + 1) } else { redraw() }
    }

    /// Focuses the first enabled item at `level` and draws the menu.
    private func focusFirstItem(at level: Int) {
        guard var shown = current, var navigation = shown.navigation(at: level) else { return }
        _ = navigation.handle(KeyPress(.home))
        shown.setNavigation(navigation, at: level)
        shown.setFocused(navigation.focused, at: level)
        current = shown
        redraw()
    }

    /// Escape (or the leading arrow in a submenu) closes one level: the innermost submenu (its parent
    /// item keeps the focus), else the menu.
    private func closeLevel() -> Bool {
        guard var shown = current else { return false }
        if !shown.opened.isEmpty {
            let closed = shown.opened.removeLast()
            shown.setFocused(closed.id, at: shown.deepest)
            current = shown
            redraw()
        } else if let submenu = shown.submenu {
            shown.submenu = nil
            shown.focused = submenu
            current = shown
            apply(interaction.handle(.reload(pageCount: pageCount(of: shown))))
        } else {
            dismiss()
        }
        return true
    }

    // MARK: - Performing

    private func perform(_ id: EditCommand.ID, in presentation: Presentation) -> PerformOutcome {
        guard let host else { return .failed("the content is gone") }
        // A spelling suggestion: Replace….
        if let index = Self.replacementIndex(id) {
            let suggestions = presentation.content.spellingSuggestions
            guard suggestions.indices.contains(index) else { return .failed("\(id.rawValue): no such suggestion") }
            return run { () throws(EditingError) in
                try host.replaceSelection(
                    with: suggestions[index], actionName: .spellingReplacement(on: configuration.idiom))
            }
        }
        // Spelling: the controller's own, with the configured spell checker.
        if let outcome = performSpelling(id, content: presentation.content) { return outcome }
        // A data action: its target through the opening policy.
        if let action = presentation.context.dataActions.first(where: { $0.id == id }) {
            do {
                return open(try configuration.openingPolicy.uri(for: action.target))
            } catch {
                return .failed(error.description)
            }
        }
        // A document command (Find ▸, Transformations ▸, Substitutions ▸, Emoji & Symbols).
        if let outcome = performDocumentCommand(id, content: presentation.content) { return outcome }
        // A service.
        let document = id == .startSpeaking ? documentRequest(presentation.content, limit: Self.speechLimit) : nil
        if let request = serviceRequest(presentation.content) ?? speechControlRequest(id) ?? document,
            let service = service(for: id, request: request)
        {
            // The share panel's targets share what was selected when Share… was chosen.
            if id == .share { sharedRequest = request }
            do {
                return carryOut(try service.perform(id, on: request), for: id)
            } catch {
                return .failed(error.description)
            }
        }
        // The app's own command.
        if !EditCommand.ID.systemDefined.contains(id) {
            return delegate?.editMenuController(self, performCustomCommand: id) == true
                ? .done : .failed("\(id.rawValue): nothing performs this command")
        }
        return performStandard(id)
    }

    private func performStandard(_ id: EditCommand.ID) -> PerformOutcome {
        guard let host else { return .failed("the content is gone") }
        return run { () throws(EditingError) in try host.perform(id) }
    }

    private func run(_ body: () throws(EditingError) -> Void) -> PerformOutcome {
        do {
            try body()
            return .done
        } catch {
            return .failed(error.description)
        }
    }

    func carryOut(_ result: ServiceResult, for id: EditCommand.ID) -> PerformOutcome {
        guard let host else { return .failed("the content is gone") }
        switch result {
        case .done:
            return .done
        case .spoke(let spoken):
            return .spoke(spoken)
        case .later(let task):
            tasks.append((id, task))
            return .started
        case .open(let uri):
            guard configuration.openingPolicy.isSafeToOpen(uri) else {
                return .failed(OpeningError.refused(uri).description)
            }
            return open(uri)
        case .panel(let panel):
            host.showPanel(panel)
            return .showedPanel(panel)
        case .replaceSelection(let text, let action):
            return run { () throws(EditingError) in try host.replaceSelection(with: text, actionName: action) }
        }
    }

    private func open(_ uri: String) -> PerformOutcome {
        guard let host else { return .failed("the content is gone") }
        return host.open(uri) ? .opened(uri) : .failed(OpeningError.noOpener(uri).description)
    }

    /// The most text Start Speaking speaks with nothing selected (UTF-8 bytes).
    static let speechLimit = 256 << 10

    /// A request for the whole text (its first `limit` bytes), for Start Speaking with nothing selected.
    private func documentRequest(_ content: EditMenuContent, limit: Int) -> ServiceRequest? {
        guard content.selectedText == nil, content.content.kind == .text, !content.content.isSecure,
            !content.content.isEmpty, let text = host?.documentText(limit: limit), !text.isEmpty
        else { return nil }
        return ServiceRequest(
            selectedText: SelectedText(text: text, characterRange: 0..<text.count), content: content.content,
            locale: configuration.locale)
    }

    /// A request for Stop Speaking, which needs no selection.
    private func speechControlRequest(_ id: EditCommand.ID) -> ServiceRequest? {
        guard id == .stopSpeaking else { return nil }
        return ServiceRequest(
            selectedText: SelectedText(text: "", characterRange: 0..<0),
            content: SelectableContent(kind: .text, selection: .none), locale: configuration.locale)
    }

    // MARK: Spelling

    /// Ignore Spelling, Learn Spelling, Check Spelling While Typing and Show Spelling and Grammar, with
    /// the configured spell checker; `nil` for any other command.
    private func performSpelling(_ id: EditCommand.ID, content: EditMenuContent) -> PerformOutcome? {
        switch id {
        case .ignoreSpelling, .learnSpelling:
            guard let checker = configuration.spellChecker else { return .failed("\(id.rawValue): no spell checker") }
            guard let misspelled = misspelledWord(in: content) else {
                return .failed("\(id.rawValue): the selection is not a misspelled word")
            }
            if id == .ignoreSpelling {
                checker.ignore(dictionarySpelling(of: misspelled.word))
                return .done
            }
            do {
                try checker.learn(dictionarySpelling(of: misspelled.word), language: misspelled.language)
                return .done
            } catch {
                return .failed(error.description)
            }
        case .checkSpellingWhileTyping:
            guard configuration.spellChecker != nil else { return .failed("\(id.rawValue): no spell checker") }
            configuration.checksSpellingWhileTyping.toggle()
            return .done
        case .showSpellingAndGrammar:
            return showSpellingPanel(findingNext: misspelledWord(in: content) == nil)
        default:
            return nil
        }
    }

    /// Shows the spelling panel for the selected misspelled word, first selecting the next one (the
    /// host's Check Document Now) when `findingNext`.
    private func showSpellingPanel(findingNext: Bool) -> PerformOutcome {
        guard let host, let checker = configuration.spellChecker else {
            return .failed("\(EditCommand.ID.showSpellingAndGrammar.rawValue): no spell checker")
        }
        if findingNext {
            let found = performStandard(.checkDocumentNow)
            guard found == .done else { return found }
        }
        let content = host.menuContent()
        guard let misspelled = misspelledWord(in: content) else {
            return .failed("\(EditCommand.ID.showSpellingAndGrammar.rawValue): the selection is not a misspelled word")
        }
        let suggestions = checker.suggestions(forMisspelled: misspelled)
        let strings = MenuStrings(locale: configuration.locale)
        let idiom = configuration.idiom
        var actions = suggestions.map { EditMenuPanel.Action(.replace, title: $0, text: $0) }
        actions += [
            EditMenuPanel.Action(.ignoreSpelling, title: strings.title(for: .ignoreSpelling, idiom: idiom)),
            EditMenuPanel.Action(.learnSpelling, title: strings.title(for: .learnSpelling, idiom: idiom)),
            EditMenuPanel.Action(.findNext, title: strings.title(for: .findNext, idiom: idiom)),
        ]
        let panel = EditMenuPanel(
            kind: .spelling, title: misspelled.word, text: suggestions.joined(separator: "\n"), actions: actions)
        host.showPanel(panel)
        return .showedPanel(panel)
    }

    // MARK: Panels

    /// People chose `action` on `panel` (a button of the panel a service showed), with the panel's text
    /// as they edited it when it is editable: Copy puts the text on the pasteboard, Replace puts it in
    /// place of the selection as one undo step, Ignore/Learn Spelling and Find Next act on the spelling
    /// panel's word and move to the next misspelled one. The delegate hears the outcome as for a menu
    /// command (``EditCommand/ID/copy``, ``EditCommand/ID/replace``, ``EditCommand/ID/ignoreSpelling``,
    /// ``EditCommand/ID/learnSpelling``, ``EditCommand/ID/checkDocumentNow``).
    @discardableResult
    public func performPanelAction(
        _ action: EditMenuPanel.Action, in panel: EditMenuPanel, editedText: String? = nil
    ) -> PerformOutcome {
        let (id, outcome) = panelOutcome(action, in: panel, editedText: editedText)
        return report(id, outcome)
    }

    private func panelOutcome(_ action: EditMenuPanel.Action, in panel: EditMenuPanel, editedText: String?)
        -> (EditCommand.ID, PerformOutcome)
    {
        guard let host else { return (.copy, .failed("the content is gone")) }
        // The find bar's, the share panel's and the substitutions panel's buttons.
        if let outcome = documentPanelOutcome(action, in: panel, editedText: editedText) { return outcome }
        let text = action.text ?? (panel.isTextEditable ? editedText : nil) ?? panel.text
        switch action.id {
        case .copy:
            return (.copy, host.copyToPasteboard(text) ? .done : .failed("copy: this host has no pasteboard"))
        case .replace:
            let name: UndoAction = panel.kind == .spelling ? .spellingReplacement(on: configuration.idiom) : .replace
            return (
                .replace, run { () throws(EditingError) in try host.replaceSelection(with: text, actionName: name) }
            )
        case .ignoreSpelling, .learnSpelling:
            let id: EditCommand.ID = action.id == .ignoreSpelling ? .ignoreSpelling : .learnSpelling
            guard let checker = configuration.spellChecker else {
                return (id, .failed("\(id.rawValue): no spell checker"))
            }
            let word = dictionarySpelling(of: panel.title)
            if id == .ignoreSpelling {
                checker.ignore(word)
            } else {
                guard let language = checker.language(of: word, locale: configuration.locale) else {
                    return (id, .failed("\(id.rawValue): no dictionary reads “\(panel.title)”"))
                }
                do {
                    try checker.learn(word, language: language)
                } catch {
                    return (id, .failed(error.description))
                }
            }
            // On to the next misspelled word, if there is one; the word is ignored or learned either way.
            let next = showSpellingPanel(findingNext: true)
            return (id, next.failure == nil ? next : .done)
        case .findNext:
            return (.checkDocumentNow, showSpellingPanel(findingNext: true))
        default:
            return (.copy, .failed("\(action.id.rawValue): not a panel action this controller performs"))
        }
    }

    /// `N` of `replace.N`.
    static func replacementIndex(_ id: EditCommand.ID) -> Int? {
        guard id.rawValue.hasPrefix("replace.") else { return nil }
        return Int(id.rawValue.dropFirst("replace.".count))
    }
}
