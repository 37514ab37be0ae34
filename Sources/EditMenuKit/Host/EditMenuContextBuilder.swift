/// The one pipeline that decides a menu — ``EditMenuController`` for every host, and `editmenu present`,
/// `render` and `perform`: the content's facts in an ``EditMenuContext``, the rules over it with the
/// services of one ``HostCapabilities`` value, and the menu fitted to what that value says the host can
/// do. Hosts differ only in the capabilities they declare (a simulated Apple platform for `present`,
/// this machine's services and widget for a host), never in the decision.
///
/// ```swift
/// let builder = EditMenuContextBuilder(capabilities: [.lookUp, .find, .transform])
/// let facts = EditMenuContext(content: content, idiom: .mac, input: .pointer, surface: .menuBar)
/// builder.presentation(for: facts).menu
/// // the Edit menu with Look Up, Find ▸ and Transformations ▸ enabled where the content allows them;
/// // Find and Replace… dimmed (no .replace), Start Dictation left out (no .dictation)
/// ```
package struct EditMenuContextBuilder: Hashable, Sendable {
    /// What the host can do.
    package var capabilities: HostCapabilities
    /// The check marks of Substitutions ▸ and Check Spelling While Typing from the host's settings;
    /// `nil` leaves the rules' menu without them (a simulated platform declares no settings).
    package var checkMarks: CheckMarks?

    /// The host's settings that show as check marks.
    package struct CheckMarks: Hashable, Sendable {
        /// Substitutions ▸'s toggles.
        package var substitutions: SubstitutionSettings
        /// Whether misspelled words are marked while typing (Check Spelling While Typing).
        package var marksMisspellings: Bool

        /// Creates the check marks.
        package init(substitutions: SubstitutionSettings, marksMisspellings: Bool) {
            self.substitutions = substitutions
            self.marksMisspellings = marksMisspellings
        }
    }

    /// A builder for a host with `capabilities`, showing `checkMarks`.
    package init(capabilities: HostCapabilities, checkMarks: CheckMarks? = nil) {
        self.capabilities = capabilities
        self.checkMarks = checkMarks
    }

    /// `facts` with the services these capabilities have.
    package func context(_ facts: EditMenuContext) -> EditMenuContext {
        var context = facts
        context.services = capabilities.services
        return context
    }

    /// The rules' presentation for `facts` (with these capabilities' services), fitted to the
    /// capabilities (``fitted(_:)``).
    package func presentation(for facts: EditMenuContext) -> EditMenuPresentation {
        switch EditMenuRules.presentation(for: context(facts)) {
        case .notPresented(let reason): .notPresented(reason)
        case .presented(let menu): .presented(fitted(menu))
        }
    }

    /// `menu` as a host with these capabilities performs it: an item needing a platform feature the
    /// host lacks (dictation, grammar checking, autocorrection, Smart Links) left out everywhere, the
    /// menu bar included; an item needing a document command or data detector it lacks dimmed in the
    /// menu bar and inside submenus and left out at the edit menu's top level; a submenu whose last
    /// enabled item this dimmed, dimmed; with the check marks, when given.
    package func fitted(_ menu: EditMenu) -> EditMenu {
        let capabilities = capabilities
        let checkMarks = checkMarks
        // What each command needs is looked up once. `nil`: the command is left out; otherwise the
        // command, and whether it differs from the one given (most do not, and are not copied).
        func fit(_ command: EditCommand) -> (command: EditCommand, changed: Bool)? {
            let needed = HostCapabilities.required(for: command.id)
            if let needed, HostCapabilities.isPlatformFeature(needed), !capabilities.contains(needed) { return nil }
            var isChecked = command.isChecked
            if let checkMarks {
                // Substitutions ▸ shows which toggles are on, Spelling and Grammar ▸ whether misspelled
                // words are marked. (Every toggle needs a capability: the others are not asked.)
                if needed != nil, let on = checkMarks.substitutions.isOn(command.id) { isChecked = on }
                if command.id == .checkSpellingWhileTyping { isChecked = checkMarks.marksMisspellings }
            }
            var isEnabled = command.isEnabled
            var children: [EditCommand]?
            if !command.children.isEmpty {
                children = fitAll(command.children)
                let fittedChildren = children ?? command.children
                if command.children.contains(where: \.isEnabled), !fittedChildren.contains(where: \.isEnabled) {
                    isEnabled = false
                }
            } else if let needed, !capabilities.contains(needed) {
                isEnabled = false
            }
            guard children != nil || isChecked != command.isChecked || isEnabled != command.isEnabled else {
                return (command, false)
            }
            var fitted = command
            if let children { fitted.children = children }
            fitted.isChecked = isChecked
            fitted.isEnabled = isEnabled
            return (fitted, true)
        }
        /// `commands` fitted, or `nil` when every one is kept as it is.
        func fitAll(_ commands: [EditCommand], dropsDimmed: Bool = false) -> [EditCommand]? {
            var result: [EditCommand]?
            for (index, command) in commands.enumerated() {
                let fitted = fit(command)
                // A top-level item this dimmed goes, except in the menu bar.
                let kept = fitted.flatMap { dropsDimmed && command.isEnabled && !$0.command.isEnabled ? nil : $0 }
                if result == nil {
                    guard kept?.changed != false else { continue }
                    result = Array(commands[..<index])
                    result!.reserveCapacity(commands.count)
                }
                if let kept { result!.append(kept.command) }
            }
            return result
        }
        var sections: [EditMenuSection]?
        for (index, section) in menu.sections.enumerated() {
            let commands = fitAll(section.commands, dropsDimmed: menu.style != .menuBar)
            if sections == nil {
                guard commands != nil else { continue }
                sections = Array(menu.sections[..<index])
            }
            sections!.append(commands.map { EditMenuSection(id: section.id, commands: $0) } ?? section)
        }
        guard let sections else { return menu }
        return EditMenu(style: menu.style, sections: sections)
    }

    /// The start of a text selection for the titles that quote it (Look Up “…”): leading whitespace
    /// dropped, a few Characters more than a quotation shows (`MenuStrings/quotationLimit`).
    package static func selectionExcerpt(_ selected: Substring) -> String {
        String(selected.drop(while: \.isWhitespace).prefix(4 * MenuStrings.quotationLimit))
    }
}
