import Foundation

/// Where a ``MenuSession`` lays its menu out and draws it: ``EditMenuController`` with its host's
/// container, its delegate and the layout engine; a test with a fixed frame.
protocol MenuDisplay: AnyObject {
    /// `presentation` laid out on `page`, or `nil` when what it points at is not on screen.
    func layout(_ presentation: EditMenuController.Presentation, page: Int) -> EditMenuLayout?
    /// Lays out the submenus open beside the menu, closing those whose parent item is gone.
    func layoutSubmenus(_ presentation: inout EditMenuController.Presentation)
    /// The menu as a host draws it.
    func presented(_ presentation: EditMenuController.Presentation, layout: EditMenuLayout) -> PresentedMenu
    /// Draws `menu`; `appearing` when it was not on screen before (the delegate hears it first).
    func draw(_ menu: PresentedMenu, appearing: Bool)
    /// Takes the menu off the screen.
    func erase()
    /// `menu` went away (the delegate hears it).
    func didDismiss(_ menu: PresentedMenu)
    /// The session carried out an event: what it presents may have changed (the controller announces
    /// its next deadline).
    func sessionDidChange()
}

/// The menu being presented — the single owner of whether a menu is on screen, what it shows (its
/// page, its compact submenu or the submenus open beside it) and which item has the keyboard focus.
/// It runs the presentation state machine (`MenuPresentationStateMachine`) and keyboard navigation
/// (`MenuKeyboardNavigation`) and draws through its ``MenuDisplay``.
final class MenuSession {
    typealias Presentation = EditMenuController.Presentation

    /// Where the menu is laid out and drawn.
    weak var display: (any MenuDisplay)?
    /// The presentation state machine.
    private(set) var stateMachine = MenuPresentationStateMachine()
    /// The menu being presented (on screen, or hidden for now while something moves).
    private(set) var current: Presentation? {
        didSet { drawn = nil }
    }
    /// `current` as last drawn, until it changes: what the delegate hears when it goes and what
    /// ``presentedMenu`` gives, made once (a menu's accessibility facts are built with it).
    private var drawn: PresentedMenu?

    /// Whether a menu is on screen.
    var isVisible: Bool { stateMachine.isVisible && current?.layout != nil }

    /// Whether the state machine has a menu up (on screen, or about to be).
    var isPresenting: Bool { stateMachine.isVisible }

    /// Whether the menu on screen is a list (vertical, context menu, menu bar) rather than a compact bar.
    var isListVisible: Bool { isVisible && current?.opensBeside == true }

    /// The menu on screen, as last drawn.
    var presentedMenu: PresentedMenu? {
        guard stateMachine.isVisible, let current, let layout = current.layout else { return nil }
        return drawn ?? display?.presented(current, layout: layout)
    }

    // MARK: - Events

    /// Feeds `event` to the state machine and carries out what it says.
    func send(_ event: MenuPresentationStateMachine.Event) {
        apply(stateMachine.handle(event))
    }

    /// Feeds `event` to the state machine without drawing (a long press's handle drag ending as its
    /// reveal takes over).
    func note(_ event: MenuPresentationStateMachine.Event) {
        _ = stateMachine.handle(event)
    }

    /// Presents `presentation` (replacing any menu being presented).
    func present(_ presentation: Presentation) {
        current = presentation
        send(.present(pageCount: pageCount(of: presentation)))
    }

    /// Presents `presentation` for a revealing `gesture`, taking away the menu that was on screen
    /// when the gesture began (`replacing`).
    func reveal(_ presentation: Presentation, for gesture: RevealGesture, replacing: Bool) {
        if replacing, let old = current, let layout = old.layout, let display {
            let menu = drawn ?? display.presented(old, layout: layout)
            display.erase()
            display.didDismiss(menu)
        }
        current = presentation
        send(.gesture(gesture, showsMenu: true, pageCount: pageCount(of: presentation)))
    }

    /// Replaces the menu on screen with `rebuilt`, keeping its submenu, focus and the submenus open
    /// beside it while they still exist.
    func reload(_ rebuilt: Presentation) {
        guard let old = current else { return }
        var rebuilt = rebuilt
        if let submenu = old.submenu, rebuilt.menu.command(submenu)?.isSubmenu == true { rebuilt.submenu = submenu }
        rebuilt.focused = old.focused
        rebuilt.expanded = old.expanded
        for level in old.opened {
            guard let command = rebuilt.menu.command(level.id), command.isSubmenu else { break }
            rebuilt.opened.append(
                Presentation.Level(
                    id: level.id, title: command.title, commands: command.children, focused: level.focused))
        }
        current = rebuilt
        send(.reload(pageCount: pageCount(of: rebuilt)))
    }

    /// Changes what is kept for the menu being presented without drawing it again (what the spell
    /// checker knew when it was built).
    func amend(_ change: (inout Presentation) -> Void) {
        guard var presentation = current else { return }
        change(&presentation)
        current = presentation
    }

    /// Dismisses the menu and its submenus.
    func dismiss() {
        send(.dismiss)
    }

    /// Turns the compact menu's page, or expands it into a list.
    func turnPage(_ direction: EditMenuLayout.Chevron.Direction) {
        if direction == .expand { return expand() }
        send(direction == .next ? .nextPage : .previousPage)
    }

    /// Expands a compact bar into the list of every item (EDIT-MENU.md §13).
    func expand() {
        guard var shown = current, shown.layout?.isExpandable == true else { return }
        shown.expanded = true
        shown.submenu = nil
        shown.focused = nil
        current = shown
        send(.reload(pageCount: 1))
    }

    /// The command `id` in the menu being presented and the level that shows it, innermost first
    /// (`nil` level: not shown at any level, but somewhere in the menu).
    func command(_ id: EditCommand.ID) -> (command: EditCommand, level: Int?)? {
        guard let shown = current else { return nil }
        let level = stride(from: shown.deepest, through: 0, by: -1).first { level in
            shown.commands(at: level).contains { $0.id == id }
        }
        let command = level.flatMap { shown.commands(at: $0).first { $0.id == id } } ?? shown.displayed.command(id)
        return command.map { ($0, level) }
    }

    // MARK: - Keyboard

    /// What a key did to the menu on screen.
    enum KeyResult: Equatable {
        /// The menu took the key (or nothing is on screen and the key was not for it: `false`).
        case used(Bool)
        /// Return or Space on `id`: perform it.
        case perform(EditCommand.ID)
        /// The trailing or leading arrow past the Edit menu: the menu bar's next or previous menu.
        case moveToMenuBar(MenuBarDirection)
    }

    /// A key press while a menu is on screen, in macOS's keyboard model (see
    /// ``EditMenuController/handleKey(_:)``).
    func handleKey(_ press: KeyPress) -> KeyResult {
        guard isVisible, var shown = current else { return .used(false) }
        let level = shown.deepest
        guard var navigation = shown.navigation(at: level) else { return .used(true) }
        let outcome = navigation.handle(press)
        shown.setNavigation(navigation, at: level)
        current = shown
        let mirrored = shown.layout?.isMirrored == true
        let leading: Key = mirrored ? .right : .left
        let trailing: Key = mirrored ? .left : .right
        switch outcome {
        case .none:
            if press.key == .escape { return .used(closeLevel()) }
            guard shown.opensBeside else {
                if shown.submenu != nil, press.key == leading { return .used(closeLevel()) }
                return .used(Self.isNavigationKey(press.key))
            }
            if press.key == leading, level > 0 { return .used(closeLevel()) }
            if shown.surface == .menuBar, press.key == trailing || (press.key == leading && level == 0) {
                return .moveToMenuBar(press.key == trailing ? .next : .previous)
            }
        case .focus(let id):
            current?.setFocused(id, at: level)
            redraw()
        case .showPage(let page, let focus):
            let currentPage = shown.layout?.page ?? 0
            send(page > currentPage ? .nextPage : .previousPage)
            current?.focused = focus
            redraw()
        case .perform(let id):
            return .perform(id)
        case .expand:
            expand()
            focusFirstItem(at: 0)
        case .openSubmenu(let id):
            openSubmenu(id, from: level, focusFirst: true)
        case .dismiss:
            return .used(closeLevel())
        }
        return .used(true)
    }

    private static func isNavigationKey(_ key: Key) -> Bool {
        switch key {
        case .up, .down, .left, .right, .tab, .home, .end, .pageUp, .pageDown, .enter, .escape: return true
        case .character, .menu, .function, .insert, .space, .backspace, .delete: return false
        }
    }

    // MARK: - Submenus and focus

    /// Opens the submenu of `id`, an item at `level`: beside it in the list styles (closing any
    /// submenu open deeper than `level`), in the menu's place in the compact style; with its first
    /// item focused when `focusFirst`.
    func openSubmenu(_ id: EditCommand.ID, from level: Int, focusFirst: Bool) {
        guard var shown = current, level <= shown.deepest,
            let command = shown.commands(at: level).first(where: { $0.id == id }), command.isSubmenu
        else { return }
        guard shown.opensBeside else {
            shown.submenu = id
            shown.focused = nil
            current = shown
            send(.reload(pageCount: pageCount(of: shown)))
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
        display?.layoutSubmenus(&shown)
        current = shown
        if focusFirst, shown.opened.count == level + 1 { focusFirstItem(at: level + 1) } else { redraw() }
    }

    /// Focuses the first enabled item at `level` and draws the menu.
    func focusFirstItem(at level: Int) {
        guard var shown = current, var navigation = shown.navigation(at: level) else { return }
        _ = navigation.handle(KeyPress(.home))
        shown.setNavigation(navigation, at: level)
        shown.setFocused(navigation.focused, at: level)
        current = shown
        redraw()
    }

    /// Escape (or the leading arrow in a submenu) closes one level: the innermost submenu (its parent
    /// item keeps the focus), else the menu.
    func closeLevel() -> Bool {
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
            send(.reload(pageCount: pageCount(of: shown)))
        } else {
            dismiss()
        }
        return true
    }

    // MARK: - Drawing

    func pageCount(of presentation: Presentation) -> Int {
        guard presentation.menu.style == .compact, let laid = display?.layout(presentation, page: 0) else { return 1 }
        return max(1, laid.pages.count)
    }

    /// Carries out what the state machine says.
    private func apply(_ effects: [MenuPresentationStateMachine.Effect]) {
        for effect in effects {
            switch effect {
            case .show(let page): show(page: page, fresh: true)
            case .relayout:
                if case .presented(let page) = stateMachine.state { show(page: page, fresh: false) }
            case .hide: hide()
            }
        }
        if stateMachine.state == .hidden { current = nil }
        display?.sessionDidChange()
    }

    private func show(page: Int, fresh: Bool) {
        guard let display, var shown = current else { return }
        guard let layout = display.layout(shown, page: page) else {
            // The selection is not on screen: nothing to point at.
            hide()
            _ = stateMachine.handle(.dismiss)
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
        display.layoutSubmenus(&shown)
        current = shown
        let menu = display.presented(shown, layout: layout)
        drawn = menu
        display.draw(menu, appearing: fresh || !wasShown)
    }

    /// Draws the menu on screen again (a focus moved).
    func redraw() {
        guard isVisible, let shown = current, let layout = shown.layout, let display else { return }
        let menu = display.presented(shown, layout: layout)
        drawn = menu
        display.draw(menu, appearing: false)
    }

    private func hide() {
        guard let shown = current, let layout = shown.layout, let display else { return }
        let menu = drawn ?? display.presented(shown, layout: layout)
        display.erase()
        current?.layout = nil
        current?.opened = []
        display.didDismiss(menu)
    }
}
