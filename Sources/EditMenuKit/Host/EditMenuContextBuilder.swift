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
        // What each command needs is looked up once: `nil` for a command left out.
        func fit(_ command: EditCommand) -> EditCommand? {
            let needed = HostCapabilities.required(for: command.id)
            if let needed, HostCapabilities.isPlatformFeature(needed), !capabilities.contains(needed) { return nil }
            var fitted = command
            if let checkMarks {
                // Substitutions ▸ shows which toggles are on, Spelling and Grammar ▸ whether misspelled
                // words are marked.
                if let on = checkMarks.substitutions.isOn(command.id) { fitted.isChecked = on }
                if command.id == .checkSpellingWhileTyping { fitted.isChecked = checkMarks.marksMisspellings }
            }
            if !command.children.isEmpty {
                fitted.children = command.children.compactMap(fit)
                if command.children.contains(where: \.isEnabled), !fitted.children.contains(where: \.isEnabled) {
                    fitted.isEnabled = false
                }
            } else if let needed, !capabilities.contains(needed) {
                fitted.isEnabled = false
            }
            return fitted
        }
        let keepsDimmed = menu.style == .menuBar
        return EditMenu(
            style: menu.style,
            sections: menu.sections.map { section in
                EditMenuSection(
                    id: section.id,
                    commands: section.commands.compactMap { command in
                        guard let fitted = fit(command) else { return nil }
                        // A top-level item this dimmed goes, except in the menu bar.
                        if !keepsDimmed, command.isEnabled, !fitted.isEnabled { return nil }
                        return fitted
                    })
            })
    }

    /// The start of a text selection for the titles that quote it (Look Up “…”): leading whitespace
    /// dropped, a few Characters more than a quotation shows (`MenuStrings/quotationLimit`).
    package static func selectionExcerpt(_ selected: Substring) -> String {
        String(selected.drop(while: \.isWhitespace).prefix(4 * MenuStrings.quotationLimit))
    }
}
