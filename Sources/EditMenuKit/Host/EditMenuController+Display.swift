import Foundation

/// Where the controller's menu goes: laid out in the host's container (or the popup area for a menu at
/// the pointer), its submenus beside it, described for accessibility, drawn by the host — the
/// ``MenuDisplay`` of its ``MenuSession``.
extension EditMenuController: MenuDisplay {
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
        var targets: [CGRect] = []
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
        presentation.presentedMenu(layout: layout, locale: configuration.locale, idiom: configuration.idiom)
    }

    func draw(_ menu: PresentedMenu, appearing: Bool) {
        if appearing { delegate?.editMenuController(self, willPresent: menu) }
        host?.showMenu(menu)
    }

    func erase() {
        host?.hideMenu()
    }

    func didDismiss(_ menu: PresentedMenu) {
        delegate?.editMenuController(self, didDismiss: menu)
    }

    func sessionDidChange() {
        announceDeadline()
    }
}

extension EditMenuController.Presentation {
    /// The menu as a host draws it, laid out as `layout`: with the submenus open beside it that are
    /// laid out, and what assistive technologies read, in `locale` on `idiom`.
    func presentedMenu(layout: EditMenuLayout, locale: MenuLocale, idiom: Idiom) -> PresentedMenu {
        let submenus = opened.compactMap { level -> PresentedSubmenu? in
            guard let layout = level.layout else { return nil }
            var accessibility = MenuAccessibility(layout: layout, locale: locale, idiom: idiom)
            accessibility.menu.identifier = level.id.rawValue
            accessibility.menu.label = level.title
            return PresentedSubmenu(
                parent: level.id, commands: level.commands, layout: layout, focusedItem: level.focused,
                accessibility: accessibility)
        }
        return PresentedMenu(
            menu: menu, submenu: submenu ?? opened.last?.id, layout: layout, focusedItem: focused,
            accessibility: MenuAccessibility(layout: layout, locale: locale, idiom: idiom), input: input,
            surface: surface, submenus: submenus)
    }
}
