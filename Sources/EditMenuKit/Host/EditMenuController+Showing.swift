import Foundation

/// Showing a menu: laying it out in the host's container, its submenus beside it, the state machine's
/// effects (show, relayout, hide), focus and the keyboard's levels.
extension EditMenuController {
    func pageCount(of presentation: Presentation) -> Int {
        guard presentation.menu.style == .compact, let laid = layout(presentation, page: 0) else { return 1 }
        return max(1, laid.pages.count)
    }

    /// The area `presentation` may go in: the host's container, or for a menu at the pointer the
    /// popup area the host gives such menus.
    func container(for presentation: Presentation) -> MenuContainer? {
        guard let host else { return nil }
        let opensAtPointer = presentation.menu.style == .vertical || presentation.menu.style == .contextMenu
        if case .pointer = presentation.source, opensAtPointer, let popup = host.pointerMenuContainer() { return popup }
        return host.menuContainer()
    }

    /// Lays `presentation` out on `page`, or `nil` when what it points at is not on screen.
    func layout(_ presentation: Presentation, page: Int) -> EditMenuLayout? {
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
    func layoutSubmenus(_ presentation: inout Presentation) {
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

    func presented(_ presentation: Presentation, layout: EditMenuLayout) -> PresentedMenu {
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
    func apply(_ effects: [EditMenuInteraction.Effect]) {
        for effect in effects {
            switch effect {
            case .show(let page): show(page: page, fresh: true)
            case .relayout:
                if case .presented(let page) = interaction.state { show(page: page, fresh: false) }
            case .hide: hide()
            }
        }
        if interaction.state == .hidden { current = nil }
        announceDeadline()
    }

    func show(page: Int, fresh: Bool) {
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
    func redraw() {
        guard isMenuVisible, let shown = current, let layout = shown.layout else { return }
        host?.showMenu(presented(shown, layout: layout))
    }

    func hide() {
        guard let shown = current, let layout = shown.layout else { return }
        host?.hideMenu()
        current?.layout = nil
        current?.opened = []
        delegate?.editMenuController(self, didDismiss: presented(shown, layout: layout))
    }

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
            apply(interaction.handle(.reload(pageCount: pageCount(of: shown))))
        } else {
            dismiss()
        }
        return true
    }
}
