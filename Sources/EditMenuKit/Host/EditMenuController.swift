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
/// - runs the presentation state machine (`MenuPresentationStateMachine`): show, toggle, hide while
///   scrolling or dragging and come back, dismiss on typing, page;
/// - evaluates the rules (`EditMenuRules`) over the host's facts, its pasteboard types, the services
///   it has and the data detected in the selection, and lets the delegate change the menu;
/// - lays out and pages the menu (`EditMenuLayoutEngine`), runs keyboard navigation
///   (`MenuKeyboardNavigation`) and describes the menu for accessibility (``MenuAccessibility``);
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
    /// presentation (`reload()` applies them to a menu on screen).
    public var configuration: EditMenuConfiguration {
        didSet {
            recognizer.thresholds = configuration.gestureThresholds
            engine = EditMenuLayoutEngine(
                measurer: configuration.measurer, shortcutStyle: configuration.shortcutStyle,
                release: configuration.release)
            if configuration.checksSpellingWhileTyping != oldValue.checksSpellingWhileTyping
                || configuration.settings != oldValue.settings
            {
                host?.settingsDidChange()
            }
        }
    }

    var recognizer: GestureRecognizer
    let clock: any InteractionClock
    /// The menu being presented: visibility, submenus and focus.
    let session = MenuSession()
    /// Service work going on in the background, with the command that started it.
    var tasks: [(id: EditCommand.ID, task: ServiceTask)] = []
    var engine: EditMenuLayoutEngine
    /// How the last raw input event was made (touch, pointer, keyboard).
    var lastInput: InputMethod

    /// Find ▸: the find and replace fields, the last result and the find bar's anchor.
    var findSession = FindSession()
    /// What Find ▸ looks for: the find field's text (a host's find bar edits it; Use Selection for Find
    /// sets it). Shared by every text the controller's host shows, as macOS shares its find string.
    public var findQuery: FindQuery {
        get { findSession.query }
        set { findSession.query = newValue }
    }
    /// The replace field's text (Find and Replace…).
    public var replacement: String {
        get { findSession.replacement }
        set { findSession.replacement = newValue }
    }
    /// What the last Find Next, Find Previous or Replace found (`nil`: nothing, or not searched yet),
    /// for a find bar's status ("Wrapped", "Not found").
    package var lastFindResult: FindResult? { findSession.lastResult }
    /// The deadline last handed to ``EditMenuHost/setNeedsPoll(at:)``.
    var announcedDeadline: Double?
    /// What Share… was chosen for: its panel's targets share it (the selection may change meanwhile).
    var sharedRequest: ServiceRequest?
    /// The text substitutions of ``EditMenuConfiguration/settings`` in the menu's language, cached.
    var cachedSubstitutions: (SubstitutionSettings, [TextReplacement], MenuLocale, TextSubstitutions)?

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
        engine = EditMenuLayoutEngine(
            measurer: configuration.measurer, shortcutStyle: configuration.shortcutStyle,
            release: configuration.release)
        lastInput = configuration.idiom.defaultInput
        session.display = self
        // The first menu shows what is detected around the selection: the detector's tables are set up
        // now, in the background, rather than when a person first right-clicks.
        if configuration.dataDetector != nil { DataDetector.prepareInBackground() }
    }

    // MARK: - State

    /// Whether a menu is on screen.
    public var isMenuVisible: Bool { session.isVisible }

    /// Whether the menu on screen is a list (vertical, context menu, menu bar) rather than a compact bar:
    /// a list takes every key until it goes, as macOS's menus do.
    public var isListMenuVisible: Bool { session.isListVisible }

    /// The menu on screen, as last handed to ``EditMenuHost/showMenu(_:)``.
    public var presentedMenu: PresentedMenu? { session.presentedMenu }

    /// When ``poll()`` must be called next (a long press maturing, a service's background work to
    /// collect every 50 ms), in the clock's seconds; `nil` when nothing is pending. A host sets a timer
    /// for it.
    public var nextDeadline: Double? {
        let work = tasks.isEmpty && !awaitsSpelling ? nil : clock.now + Self.taskPollInterval
        return [recognizer.nextDeadline, work].compactMap { $0 }.min()
    }

    /// How often a host polls while a service works in the background.
    static let taskPollInterval = 0.05

    /// Tells the host when ``poll()`` is due next, once per new deadline (``EditMenuHost/setNeedsPoll(at:)``).
    func announceDeadline() {
        let deadline = nextDeadline
        guard deadline != announcedDeadline else { return }
        announcedDeadline = deadline
        if let deadline { host?.setNeedsPoll(at: deadline) }
    }

    /// Whether a service is working in the background (a translation, a synthesis).
    package var hasPendingWork: Bool { !tasks.isEmpty }

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
        announceDeadline()
        return used
    }

    /// Lets time-driven gestures complete (a long press after 0.5 s) and carries out the results of
    /// services that finished their background work. Call it when ``nextDeadline`` passes.
    public func poll() {
        // Due now: what comes next is announced afresh.
        announcedDeadline = nil
        for gesture in recognizer.poll() { _ = handle(gesture) }
        collectFinishedWork()
        reloadIfSpellingAnswered()
        announceDeadline()
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
    package func cancelPendingWork() {
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
        announceDeadline()
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
        if isMenuVisible {
            switch session.handleKey(press) {
            case .used(let used):
                return used
            case .perform(let id):
                choose(id)
            case .moveToMenuBar(let direction):
                if delegate?.editMenuController(self, moveToMenuBarMenu: direction) == true { dismiss() }
            }
            return true
        }
        if press.revealsMenu {
            reveal(.menuKey, at: nil, input: .keyboard)
            return true
        }
        return false
    }

    /// The content began scrolling: the menu hides until scrolling ends.
    public func scrollBegan() {
        session.send(.scrollBegan)
    }

    /// Scrolling ended: the menu comes back if the selection is still visible.
    public func scrollEnded() {
        let visible = host.map { !$0.menuTargetRects().isEmpty } ?? false
        session.send(.scrollEnded(selectionVisible: visible))
    }

    /// The content changed under the menu (typing, a deletion, a paste from outside): the menu goes,
    /// as it does on every platform when people type.
    public func contentDidChange() {
        session.send(.typed)
    }

    /// Typing, an editing key or a paste that the host applied to its content failed with `message`
    /// (read-only or secure text): the delegate hears it
    /// (``EditMenuControllerDelegate/editMenuController(_:didFailEditing:)``), so a host never calls
    /// the delegate itself or makes up a command for it.
    public func editingFailed(_ message: String) {
        delegate?.editMenuController(self, didFailEditing: message)
    }

    // MARK: - Presenting

    /// Presents the menu for the current selection, as UIKit's `presentEditMenu(with:)`: from the
    /// keyboard (the default) at the selection with its first item focused, with a pointer at `point`
    /// (a context menu opens there), or the app's Edit menu (`surface: .menuBar`) dropped from
    /// `source` (the menu title's rect). The delegate hears why when no menu can be shown.
    public func present(
        input: InputMethod = .keyboard, surface: Surface = .editMenu, at point: CGPoint? = nil,
        source: PlacementSource? = nil
    ) {
        let placement = source ?? (input == .pointer ? point.map(PlacementSource.pointer) : nil) ?? .selection
        guard let presentation = build(input: input, surface: surface, source: placement) else { return }
        session.present(presentation)
    }

    /// Dismisses the menu (and any submenu).
    public func dismiss() {
        session.send(.dismiss)
    }

    /// Rebuilds the menu on screen because what it depends on changed (the pasteboard, undo state, the
    /// configuration), staying on the same page and submenu when they still exist. UIKit:
    /// `reloadVisibleMenu()`.
    package func reload() {
        guard isMenuVisible, let old = session.current else { return }
        guard let rebuilt = build(input: old.input, surface: old.surface, source: old.source, notify: false) else {
            dismiss()
            return
        }
        session.reload(rebuilt)
    }

    /// Lays the menu on screen out again because its target moved or the container resized. UIKit:
    /// `updateVisibleMenuPosition(animated:)`.
    public func updatePosition() {
        session.send(.targetMoved)
    }

    // MARK: - Choosing

    /// People chose the item `id` of the menu on screen (a click, a tap, Return): a submenu opens —
    /// beside its item in the list styles, in the menu's place in the compact style; anything else
    /// dismisses the menu (and its submenus) and is performed. Select and Select All show the menu
    /// again for the new selection, as UIKit does. A dimmed item does nothing.
    public func choose(_ id: EditCommand.ID) {
        guard let shown = session.current, let (command, level) = session.command(id), command.isEnabled else {
            return
        }
        if command.isSubmenu {
            session.openSubmenu(id, from: level ?? 0, focusFirst: shown.input == .keyboard)
            return
        }
        session.send(.dismiss)
        let outcome = report(id, perform(id, in: shown))
        let staysUp = id == .select || id == .selectAll || command.keepsMenuPresented
        if outcome == .done, staysUp, shown.surface == .editMenu {
            present(input: shown.input == .keyboard ? .keyboard : .touch)
        }
    }

    /// Turns the compact menu's page (its chevrons).
    public func turnPage(_ direction: EditMenuLayout.Chevron.Direction) {
        session.turnPage(direction)
    }

    /// Expands a `current` compact bar into a vertical list of every item at the same anchor, sections
    /// divided (its trailing chevron, EDIT-MENU.md §13); Escape or a click outside then closes it. From the
    /// keyboard, the list's first item is focused.
    package func expandMenu() {
        session.expand()
    }

    /// Performs `id` without a menu on screen — a keyboard shortcut, the app's Edit menu — through the
    /// same path a menu item takes (so a data action still goes through the opening policy).
    @discardableResult
    public func perform(_ id: EditCommand.ID) -> PerformOutcome {
        // With no menu on screen, a standard command (a shortcut's Cut, Copy, Paste, Undo; the app's
        // Edit menu) needs nothing a menu decides, so none is built for it (detection, spelling,
        // services, layout). A data action's command needs its menu's detected item: that menu is built.
        if session.current == nil, !DataAction.commands.contains(id), router(dataActions: []).kind(of: id) == .standard
        {
            return report(id, performSupportedStandard(id))
        }
        let presentation =
            session.current ?? build(input: lastInput, surface: .editMenu, source: .selection, notify: false)
        let outcome: PerformOutcome
        if let presentation {
            outcome = perform(id, in: presentation)
        } else {
            outcome = performStandard(id)
        }
        return report(id, outcome)
    }

    /// Performs the standard command whose keyboard shortcut `press` is
    /// (`KeyEquivalent/standardCommand(for:)`, the table menus show), as the app's Edit menu would:
    /// the menu goes, the command runs through ``perform(_:)`` and the delegate hears it. Returns whether
    /// `press` was such a shortcut for this content — not for a command the host cannot do here (Find ▸
    /// on an object, Format ▸ on plain text), whose key stays the content's.
    @discardableResult
    public func handleShortcut(_ press: KeyPress) -> Bool {
        guard let id = KeyEquivalent.standardCommand(for: press), let host else { return false }
        if let needed = HostCapabilities.required(for: id), !hostCapabilities.contains(needed) { return false }
        let format: Set<EditCommand.ID> = [
            .toggleBoldface, .toggleItalics, .toggleUnderline, .increaseSize, .decreaseSize,
        ]
        if format.contains(id), !host.menuContent().content.isRich { return false }
        dismiss()
        perform(id)
        return true
    }

    /// The app's Edit menu (the menu bar's, on the mac and pad idioms) for the current content, with
    /// every item enabled or dimmed as it applies now — for a host that shows it in its own menu bar
    /// (a GTK `GMenu`). `nil` where the platform has no menu bar.
    public func menuBarMenu() -> EditMenu? {
        build(input: .keyboard, surface: .menuBar, source: .selection, notify: false)?.menu
    }

    /// Every item the app's Edit menu can hold on this host, whatever is selected now — the menu bar's
    /// menu for editable text with a caret at a word, with every service configured and fitted to the
    /// host (`EditMenuContextBuilder`) — for a host that builds its menu bar once (a GTK `GMenu`) and
    /// enables the items from ``menuBarMenu()``. `nil` where the platform has no menu bar.
    public func menuBarItems() -> EditMenu? {
        var services: HostCapabilities = []
        for (id, flag) in Self.serviceCommands
        where configuration.services.contains(where: { $0.commands.contains(id) }) {
            services.insert(flag)
        }
        if let checker = configuration.spellChecker, !checker.languages.isEmpty { services.insert(.spelling) }
        let builder = EditMenuContextBuilder(
            capabilities: hostCapabilities.union(services), checkMarks: checkMarks)
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
            session.send(.handleDragBegan)
            return true
        case .reveal(let gesture, let point):
            if gesture == .longPress || gesture == .pinchAndHold {
                session.note(.handleDragEnded(selectionVisible: false))
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
            session.send(.handleDragBegan)
            return false
        case .dragMoved(let point):
            host.dragSelection(.moved(to: point))
            return false
        case .dragEnded(let point):
            host.dragSelection(.ended(at: point))
            let visible = !host.menuTargetRects().isEmpty
            session.send(.handleDragEnded(selectionVisible: visible))
            // Lifting a finger after dragging out a selection shows the menu for it (touch only).
            if lastInput == .touch, !session.isPresenting, host.menuContent().content.selection.hasSelection {
                present(input: .touch)
            }
            return false
        case .key(let press):
            return handleKey(press)
        }
    }

    /// Applies a revealing gesture: the host selects, then the menu shows, toggles or goes.
    private func reveal(_ gesture: RevealGesture, at point: CGPoint?, input: InputMethod) {
        guard let host else { return }
        let wasVisible = session.isPresenting
        let shows = host.select(for: gesture, at: point, input: input, gestures: configuration.gestures)
        guard shows else {
            session.send(.gesture(gesture, showsMenu: false))
            // With a pointer, double and triple clicks and press-and-hold select without a menu.
            if !gesture.reveals(with: input) { delegate?.editMenuController(self, didNotPresentFor: .notRevealed) }
            return
        }
        if gesture == .tap, wasVisible {
            session.send(.gesture(.tap, showsMenu: true))
            return
        }
        // A secondary click opens the menu at the pointer, as a context menu does (EDIT-MENU.md §8).
        let source: PlacementSource = input == .pointer && point != nil ? .pointer(point!) : .selection
        guard let presentation = build(input: input, surface: .editMenu, source: source) else {
            session.send(.dismiss)
            return
        }
        // A new presentation replaces the one on screen (with its submenu and focus).
        session.reveal(presentation, for: gesture, replacing: wasVisible)
    }
}
