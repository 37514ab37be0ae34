import Synchronization

/// Turns a context into the menu people see: which commands, in what order, with what titles,
/// enabled or dimmed (EDIT-MENU.md §2–5).
///
/// ```swift
/// let context = EditMenuContext(
///     content: SelectableContent(kind: .text, isEmpty: false, selection: .caret(hasWordToSelect: true)),
///     pasteboardTypes: [.plainText])
/// EditMenuRules.presentation(for: context).menu?.commands.map(\.id)
/// // [.paste, .select, .selectAll]
/// ```
///
/// - `compact` and `vertical` remove what does not apply.
/// - `contextMenu` keeps Cut, Copy and Paste for editable content (Copy alone for read-only content),
///   dimmed when unavailable.
/// - `menuBar` is the macOS Edit menu: every item stays, dimmed when unavailable.
/// - On the mac idiom, a context menu over text is the one macOS shows in a text view (EDIT-MENU.md §10):
///   spelling suggestions | Look Up “…”, Translate “…” | Search With <engine> | data actions | Cut, Copy,
///   Paste | Share… | Font ▸, Writing Direction ▸, Spelling and Grammar ▸, Substitutions ▸,
///   Transformations ▸, Speech ▸ | custom commands | Services ▸ — no Select, Select All, Delete or Replace….
package enum EditMenuRules {
    /// The menu for `context`, or why there is none.
    package static func presentation(for context: EditMenuContext) -> EditMenuPresentation {
        guard
            let style = editMenuStyle(
                idiom: context.idiom, input: context.input, surface: context.surface, release: context.release)
        else {
            return .notPresented(.unsupported)
        }
        guard context.content.kind.isSelectable else { return .notPresented(.notSelectable) }
        let builder = Builder(context: context, style: style)
        var menu: EditMenu
        if style == .menuBar {
            menu = builder.menuBar()
        } else if isMacTextContextMenu(context, style: style) {
            menu = builder.macTextContextMenu()
        } else {
            menu = builder.editMenu()
        }
        // The menu bar's Edit menu always exists (all dimmed at worst); an edit menu with nothing to
        // choose is never shown.
        guard style == .menuBar || menu.sections.contains(where: { $0.commands.contains(where: \.isEnabled) }) else {
            return .notPresented(.nothingToShow)
        }
        if style == .vertical {
            // The 2023 iPad menu's top row shows the HIG's standard icons (EDIT-MENU.md §2, §13).
            let topRow = VerticalMenu.topRow(of: menu)
            menu = menu.mapCommands { topRow.contains($0.id) ? $0.withStandardIcon() : $0 }
        }
        return .presented(menu)
    }

    /// The list a `current` compact bar expands into when people choose its trailing chevron
    /// (EDIT-MENU.md §13): every item of `menu`, in its order and sections (divided), as a context menu —
    /// with the HIG's standard icons, as list items carry them in `current`. Submenus open beside their
    /// item, as in any list.
    package static func expandedList(of menu: EditMenu) -> EditMenu {
        var list = menu.mapCommands { $0.withStandardIcon() }
        list.style = .contextMenu
        return list
    }

    /// Whether the menu is the mac text context menu: a context menu over text on the mac idiom.
    static func isMacTextContextMenu(_ context: EditMenuContext, style: EditMenuStyle) -> Bool {
        style == .contextMenu && context.idiom == .mac && context.content.kind == .text
    }

    /// The system sections of each style, in order: the slots custom commands can follow.
    static func systemSections(for style: EditMenuStyle, macText: Bool = false) -> [EditMenuSection.ID] {
        if style == .menuBar { return menuBarSections }
        if macText { return macTextSections }
        return editMenuSections
    }

    // Made once (every menu asks for its order).
    private static let menuBarSections: [EditMenuSection.ID] = [
        .undoRedo, .standardEdit, .find, .textServices, .input,
    ]
    private static let macTextSections: [EditMenuSection.ID] = [
        .spelling, .lookup, .search, .dataActions, .standardEdit, .share, .textServices,
    ]
    private static let editMenuSections: [EditMenuSection.ID] = [
        .standardEdit, .replace, .dataActions, .format, .lookup,
    ]

    /// The section a custom command asking to follow `section` follows in the mac text context menu, which
    /// names its sections after macOS: Replace… is the spelling section, Format the Font ▸ section.
    static func macTextSlot(for section: EditMenuSection.ID) -> EditMenuSection.ID {
        switch section {
        case .replace: return .spelling
        case .format: return .textServices
        default: return section
        }
    }
}

private struct Builder {
    let context: EditMenuContext
    let style: EditMenuStyle
    let available: CommandAvailability
    let strings: MenuStrings

    init(context: EditMenuContext, style: EditMenuStyle) {
        self.context = context
        self.style = style
        self.available = CommandAvailability(context)
        self.strings = MenuStrings(locale: context.locale)
    }

    private var idiom: Idiom { context.idiom }

    private func command(
        _ id: EditCommand.ID, enabled: Bool = true, title: String? = nil,
        kind: EditCommand.Kind = .standard, children: [EditCommand] = []
    ) -> EditCommand {
        EditCommand(
            id: id, title: title ?? strings.title(for: id, idiom: idiom), kind: kind, isEnabled: enabled,
            keyEquivalent: style == .menuBar ? KeyEquivalent.standard(for: id) : nil, children: children,
            icon: showsIcons ? EditMenuIcon.standard(for: id) : nil)
    }

    /// Whether list items carry the HIG's standard icons: in `current`, every style but the compact bar
    /// (which shows titles) — EDIT-MENU.md §13.
    private var showsIcons: Bool { context.release.showsListIcons && style != .compact }

    /// A command the style removes when unavailable; `nil` then.
    private func removable(_ id: EditCommand.ID, _ isAvailable: Bool) -> EditCommand? {
        isAvailable ? command(id) : nil
    }

    /// The spell checker's suggestions for the selected word, `replace.0`, `replace.1` ….
    private func suggestionCommands() -> [EditCommand] {
        context.spellingSuggestions.enumerated().map { index, word in command(.replacement(index), title: word) }
    }

    /// The items of the Edit menu's text-service submenus, as macOS lists them in the menu bar and in
    /// a text view's context menu.
    private static let spellingAndGrammarItems: [EditCommand.ID] = [
        .showSpellingAndGrammar, .checkDocumentNow, .checkSpellingWhileTyping, .checkGrammarWithSpelling,
        .correctSpellingAutomatically,
    ]
    private static let substitutionsItems: [EditCommand.ID] = [
        .showSubstitutions, .smartCopyPaste, .smartQuotes, .smartDashes, .smartLinks, .dataDetectors, .textReplacement,
    ]
    private static let transformationsItems: [EditCommand.ID] = [.makeUpperCase, .makeLowerCase, .capitalize]
    private static let speechItems: [EditCommand.ID] = [.startSpeaking, .stopSpeaking]

    /// A command kept dimmed when unavailable.
    private func kept(_ id: EditCommand.ID, _ isAvailable: Bool) -> EditCommand {
        command(id, enabled: isAvailable)
    }

    // MARK: Edit menu (compact, vertical, context menu)

    func editMenu() -> EditMenu {
        var sections = SectionSlots()
        sections[.standardEdit] = standardEdit()
        if available.replace {
            sections[.replace] = [command(.replace, children: suggestionCommands())]
        }
        if available.dataActions {
            sections[.dataActions] = context.dataActions.map { command($0.id, kind: .suggested) }
        }
        var format: [EditCommand] = []
        if available.format {
            format.append(
                command(
                    .format,
                    children: [
                        command(.toggleBoldface), command(.toggleItalics), command(.toggleUnderline),
                    ]))
        }
        if available.writingDirection { format.append(writingDirection()) }
        sections[.format] = format
        sections[.lookup] = [
            removable(.lookUp, available.lookUp), removable(.translate, available.translate),
            removable(.searchWeb, available.searchWeb), removable(.share, available.share),
        ].compactMap { $0 }
        return assemble(sections)
    }

    /// Writing Direction ▸ Left to Right, Right to Left.
    private func writingDirection() -> EditCommand {
        cached(.writingDirection) {
            command(
                .writingDirection,
                children: [
                    command(.makeTextWritingDirectionLeftToRight), command(.makeTextWritingDirectionRightToLeft),
                ])
        }
    }

    // MARK: The mac text context menu (NSTextView)

    func macTextContextMenu() -> EditMenu {
        let content = context.content
        let editableText = content.isEditable && !content.isSecure
        var sections = SectionSlots()
        if available.misspelling {
            sections[.spelling] = suggestionCommands() + [command(.ignoreSpelling), command(.learnSpelling)]
        }
        // An excerpt of whitespace alone has nothing to quote.
        let excerpt = context.selectionExcerpt.flatMap { $0.contains { !$0.isWhitespace } ? $0 : nil }
        let quoted = available.lookUp || available.translate ? excerpt.map { strings.quoted($0) } : nil
        sections[.lookup] = [
            available.lookUp
                ? command(.lookUp, title: quoted.map { strings.quoting("lookUpQuoted", quoted: $0, idiom: idiom) })
                : nil,
            available.translate
                ? command(
                    .translate, title: quoted.map { strings.quoting("translateQuoted", quoted: $0, idiom: idiom) })
                : nil,
        ].compactMap { $0 }
        if available.searchWeb {
            let title = strings.searchWithTitle(context.searchEngine, idiom: idiom)
            sections[.search] = [command(.searchWeb, title: title)]
        }
        if editableText, available.dataActions {
            sections[.dataActions] = context.dataActions.map { command($0.id, kind: .suggested) }
        }
        if content.isEditable {
            sections[.standardEdit] =
                [kept(.cut, available.cut), kept(.copy, available.copy), kept(.paste, available.paste)]
                + (content.isRich ? [kept(.pasteAndMatchStyle, available.pasteAndMatchStyle)] : [])
        } else {
            sections[.standardEdit] = [kept(.copy, available.copy)]
        }
        sections[.share] = [removable(.share, available.share)].compactMap { $0 }
        var textServices: [EditCommand] = []
        textServices.reserveCapacity(6)
        if available.font {
            textServices.append(
                cached(.font) {
                    command(
                        .font,
                        children: [.toggleBoldface, .toggleItalics, .toggleUnderline, .increaseSize, .decreaseSize].map
                        {
                            command($0)
                        })
                })
        }
        if available.writingDirection { textServices.append(writingDirection()) }
        if available.textService(.spellingAndGrammar) {
            textServices.append(submenu(.spellingAndGrammar, Self.spellingAndGrammarItems))
        }
        if available.textService(.substitutions) {
            textServices.append(submenu(.substitutions, Self.substitutionsItems))
        }
        if available.textService(.transformations) {
            textServices.append(submenu(.transformations, Self.transformationsItems))
        }
        if available.speech { textServices.append(submenu(.speech, Self.speechItems)) }
        sections[.textServices] = textServices
        let services = context.serviceItems.map { command($0.id, title: $0.title) }
        let trailing =
            services.isEmpty ? [] : [EditMenuSection(id: .services, commands: [command(.services, children: services)])]
        return assemble(sections, macText: true, trailing: trailing)
    }

    /// A submenu of menu-bar commands, each kept and dimmed when unavailable; the submenu itself is dimmed
    /// when all of them are.
    private func submenu(_ id: EditCommand.ID, _ children: [EditCommand.ID]) -> EditCommand {
        cached(id, facts: available.menuBarFacts) {
            let items = children.map { child in kept(child, available.menuBar(child)) }
            return command(id, enabled: items.contains(where: \.isEnabled), children: items)
        }
    }

    /// A submenu built once per language, platform wording, shortcut display and facts its items depend on,
    /// then reused: the fixed submenus (Font ▸, Spelling and Grammar ▸ …) are most of a Mac menu's items.
    private func cached(_ id: EditCommand.ID, facts: UInt16 = 0, build: () -> EditCommand) -> EditCommand {
        let key = SubmenuKey(
            id: id, language: strings.locale.identifier, mac: idiom == .mac, shortcuts: style == .menuBar,
            icons: showsIcons, facts: facts)
        if let hit = Self.submenus.withLock({ $0[key] }) { return hit }
        let built = build()
        Self.submenus.withLock { $0[key] = built }
        return built
    }

    private struct SubmenuKey: Hashable {
        var id: EditCommand.ID
        var language: String
        var mac: Bool
        var shortcuts: Bool
        var icons: Bool
        var facts: UInt16
    }

    /// Bounded: a few submenus × 24 languages × two wordings × two shortcut displays × icons or not × the
    /// facts' values.
    private static let submenus = Mutex<[SubmenuKey: EditCommand]>([:])

    private func standardEdit() -> [EditCommand] {
        let cutCopyPaste: [EditCommand?]
        if style == .contextMenu {
            cutCopyPaste =
                context.content.isEditable
                ? [kept(.cut, available.cut), kept(.copy, available.copy), kept(.paste, available.paste)]
                : [kept(.copy, available.copy)]
        } else {
            cutCopyPaste = [
                removable(.cut, available.cut), removable(.copy, available.copy),
                removable(.paste, available.paste),
            ]
        }
        let rest = [
            removable(.pasteAndMatchStyle, available.pasteAndMatchStyle), removable(.delete, available.delete),
            removable(.select, available.select), removable(.selectAll, available.selectAll),
        ]
        return (cutCopyPaste + rest).compactMap { $0 }
    }

    // MARK: Menu bar (macOS Edit menu)

    func menuBar() -> EditMenu {
        var sections = SectionSlots()
        sections[.undoRedo] = [
            command(
                .undo, enabled: available.undo,
                title: strings.undoTitle(context.undo, idiom: idiom)),
            command(
                .redo, enabled: available.redo,
                title: strings.redoTitle(context.redo, idiom: idiom)),
        ]
        sections[.standardEdit] = [
            kept(.cut, available.cut), kept(.copy, available.copy), kept(.paste, available.paste),
            kept(.pasteAndMatchStyle, available.pasteAndMatchStyle), kept(.delete, available.delete),
            kept(.selectAll, available.selectAll),
        ]
        sections[.find] = [
            submenu(
                .find,
                [
                    .findEllipsis, .findAndReplace, .findNext, .findPrevious,
                    .useSelectionForFind, .jumpToSelection,
                ])
        ]
        sections[.textServices] = [
            submenu(.spellingAndGrammar, Self.spellingAndGrammarItems),
            submenu(.substitutions, Self.substitutionsItems),
            submenu(.transformations, Self.transformationsItems),
            submenu(.speech, Self.speechItems),
        ]
        sections[.input] = [
            kept(.startDictation, available.menuBar(.startDictation)),
            kept(.emojiAndSymbols, available.menuBar(.emojiAndSymbols)),
        ]
        return assemble(sections)
    }

    // MARK: Custom commands and order

    /// Orders the system sections for the style and places custom commands after them: each group
    /// right after the section it names (or where that section would be), the rest at the end.
    /// `trailing` sections follow the custom commands (the mac's Services ▸).
    private func assemble(
        _ system: SectionSlots, macText: Bool = false, trailing: [EditMenuSection] = []
    ) -> EditMenu {
        let slots = EditMenuRules.systemSections(for: style, macText: macText)
        var afterSlot = SectionSlots()
        var atEnd: [EditCommand] = []
        for custom in context.customCommands where available.custom(custom) {
            var item = command(custom.id, title: custom.title, kind: .custom)
            item.keepsMenuPresented = custom.keepsMenuPresented
            if case .after(let requested) = custom.placement {
                let section = macText ? EditMenuRules.macTextSlot(for: requested) : requested
                guard slots.contains(section) else {
                    atEnd.append(item)
                    continue
                }
                afterSlot[section] = (afterSlot[section] ?? []) + [item]
            } else {
                atEnd.append(item)
            }
        }
        var sections: [EditMenuSection] = []
        sections.reserveCapacity(slots.count + afterSlot.count + 1 + trailing.count)
        for slot in slots {
            if let commands = system[slot], !commands.isEmpty {
                sections.append(EditMenuSection(id: slot, commands: commands))
            }
            if let customs = afterSlot[slot] {
                sections.append(EditMenuSection(id: .custom(after: slot), commands: customs))
            }
        }
        if !atEnd.isEmpty { sections.append(EditMenuSection(id: .custom, commands: atEnd)) }
        sections += trailing
        return EditMenu(style: style, sections: sections)
    }
}

/// A menu's sections by identifier, in the order they were first set: a handful of entries, so a linear
/// search (comparing short strings) beats hashing on the presentation path.
private struct SectionSlots {
    private var entries: [(id: EditMenuSection.ID, commands: [EditCommand])]

    /// No sections yet, with room for a menu's (some ten; the array grows past them).
    init() {
        entries = []
        entries.reserveCapacity(12)
    }

    /// How many sections were set.
    var count: Int { entries.count }

    subscript(id: EditMenuSection.ID) -> [EditCommand]? {
        get { entries.first { $0.id == id }?.commands }
        set {
            if let i = entries.firstIndex(where: { $0.id == id }) {
                entries[i].commands = newValue ?? []
            } else if let newValue {
                entries.append((id, newValue))
            }
        }
    }
}
