@_spi(Inlinable) import EditMenuText

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
        /// What fitting does to a command.
        enum Fitting {
            /// Left out.
            case removed
            /// Kept as it is (most are, and are not copied).
            case kept
            /// Kept with other children, check mark or state.
            case changed(EditCommand)
        }
        // What each command needs is looked up once. The command is read in place, `commands[index]`,
        // and copied only when it changes: a menu fits some thirty commands every time it is presented.
        func fit(_ commands: [EditCommand], _ index: Int) -> Fitting {
            let id = commands[index].id
            let needed = HostCapabilities.required(for: id)
            if let needed, HostCapabilities.isPlatformFeature(needed), !capabilities.contains(needed) {
                return .removed
            }
            let wasChecked = commands[index].isChecked
            var isChecked = wasChecked
            if let checkMarks {
                // Substitutions ▸ shows which toggles are on, Spelling and Grammar ▸ whether misspelled
                // words are marked. (Every toggle needs a capability: the others are not asked.)
                if needed != nil, let on = checkMarks.substitutions.isOn(id) { isChecked = on }
                if id == .checkSpellingWhileTyping { isChecked = checkMarks.marksMisspellings }
            }
            let wasEnabled = commands[index].isEnabled
            var isEnabled = wasEnabled
            var children: [EditCommand]?
            if !commands[index].children.isEmpty {
                children = fitAll(commands[index].children)
                if let children, commands[index].children.contains(where: \.isEnabled),
                    !children.contains(where: \.isEnabled)
                {
                    isEnabled = false
                }
            } else if let needed, !capabilities.contains(needed) {
                isEnabled = false
            }
            guard children != nil || isChecked != wasChecked || isEnabled != wasEnabled else { return .kept }
            var fitted = commands[index]
            if let children { fitted.children = children }
            fitted.isChecked = isChecked
            fitted.isEnabled = isEnabled
            return .changed(fitted)
        }
        /// `commands` fitted, or `nil` when every one is kept as it is.
        func fitAll(_ commands: [EditCommand], dropsDimmed: Bool = false) -> [EditCommand]? {
            var result: [EditCommand]?
            for index in commands.indices {
                var fitting = fit(commands, index)
                // A top-level item this dimmed goes, except in the menu bar.
                if dropsDimmed, case .changed(let command) = fitting, commands[index].isEnabled, !command.isEnabled {
                    fitting = .removed
                }
                if result == nil {
                    if case .kept = fitting { continue }
                    result = Array(commands[..<index])
                    result!.reserveCapacity(commands.count)
                }
                switch fitting {
                case .removed: break
                case .kept: result!.append(commands[index])
                case .changed(let command): result!.append(command)
                }
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
        let trimmed = selected.drop(while: \.isWhitespace)
        let limit = 4 * MenuStrings.quotationLimit
        // Where the limit's Character ends, over the UTF-8 bytes (a scalar at a time where a boundary is
        // certain) rather than by String's grapheme breaking for every Character.
        let end = trimmed.utf8.withContiguousStorageIfAvailable { bytes in
            var characters = 0
            var end = bytes.count
            CharacterBoundaries.forEachCharacterStart(inUTF8: bytes) { start in
                guard characters < limit else {
                    end = start
                    return false
                }
                characters += 1
                return true
            }
            return end
        }
        guard let end else { return String(trimmed.prefix(limit)) }
        return String(trimmed.utf8.prefix(end)) ?? String(trimmed.prefix(limit))
    }
}
