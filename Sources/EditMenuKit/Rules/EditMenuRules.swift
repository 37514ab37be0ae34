/// Turns a context into the menu people see: which commands, in what order, with what titles,
/// enabled or dimmed (spec sections 2–5).
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
public enum EditMenuRules {
    /// The menu for `context`, or why there is none.
    public static func presentation(for context: EditMenuContext) -> EditMenuPresentation {
        guard let style = editMenuStyle(idiom: context.idiom, input: context.input, surface: context.surface) else {
            return .notPresented(.unsupported)
        }
        guard context.content.kind.isSelectable else { return .notPresented(.notSelectable) }
        let builder = Builder(context: context, style: style)
        let menu = style == .menuBar ? builder.menuBar() : builder.editMenu()
        // The menu bar's Edit menu always exists (all dimmed at worst); an edit menu with nothing to
        // choose is never shown.
        guard style == .menuBar || menu.commands.contains(where: \.isEnabled) else {
            return .notPresented(.nothingToShow)
        }
        return .presented(menu)
    }

    /// The system sections of each style, in order: the slots custom commands can follow.
    static func systemSections(for style: EditMenuStyle) -> [EditMenuSection.ID] {
        style == .menuBar
            ? [.undoRedo, .standardEdit, .find, .textServices, .input]
            : [.standardEdit, .replace, .dataActions, .format, .lookup]
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
            keyEquivalent: style == .compact ? nil : KeyEquivalent.standard(for: id), children: children)
    }

    /// A command the style removes when unavailable; `nil` then.
    private func removable(_ id: EditCommand.ID, _ isAvailable: Bool) -> EditCommand? {
        isAvailable ? command(id) : nil
    }

    /// A command kept dimmed when unavailable.
    private func kept(_ id: EditCommand.ID, _ isAvailable: Bool) -> EditCommand {
        command(id, enabled: isAvailable)
    }

    // MARK: Edit menu (compact, vertical, context menu)

    func editMenu() -> EditMenu {
        var sections: [EditMenuSection.ID: [EditCommand]] = [:]
        sections[.standardEdit] = standardEdit()
        if available.replace {
            let suggestions = context.spellingSuggestions.enumerated().map { index, word in
                command(.replacement(index), title: word)
            }
            sections[.replace] = [command(.replace, children: suggestions)]
        }
        if available.dataActions {
            sections[.dataActions] = context.dataActions.map { command($0.id, kind: .suggested) }
        }
        if available.format {
            sections[.format] = [
                command(
                    .format,
                    children: [
                        command(.toggleBoldface), command(.toggleItalics), command(.toggleUnderline),
                    ])
            ]
        }
        sections[.lookup] = [
            removable(.lookUp, available.lookUp), removable(.translate, available.translate),
            removable(.searchWeb, available.searchWeb), removable(.share, available.share),
        ].compactMap { $0 }
        return assemble(sections)
    }

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
        func submenu(_ id: EditCommand.ID, _ children: [EditCommand.ID]) -> EditCommand {
            let items = children.map { child in
                var item = kept(child, available.menuBar(child))
                item.isChecked = isChecked(child)
                return item
            }
            return command(id, enabled: items.contains(where: \.isEnabled), children: items)
        }
        var sections: [EditMenuSection.ID: [EditCommand]] = [:]
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
            submenu(
                .spellingAndGrammar,
                [
                    .showSpellingAndGrammar, .checkDocumentNow, .checkSpellingWhileTyping,
                    .checkGrammarWithSpelling, .correctSpellingAutomatically,
                ]),
            submenu(
                .substitutions,
                [
                    .showSubstitutions, .smartCopyPaste, .smartQuotes, .smartDashes, .smartLinks,
                    .dataDetectors, .textReplacement,
                ]),
            submenu(.transformations, [.makeUpperCase, .makeLowerCase, .capitalize]),
            submenu(.speech, [.startSpeaking, .stopSpeaking]),
        ]
        sections[.input] = [
            kept(.startDictation, available.menuBar(.startDictation)),
            kept(.emojiAndSymbols, available.menuBar(.emojiAndSymbols)),
        ]
        return assemble(sections)
    }

    /// Whether a toggle of the menu bar is on.
    private func isChecked(_ id: EditCommand.ID) -> Bool {
        id == .checkSpellingWhileTyping && context.checksSpellingWhileTyping && context.services.contains(.spelling)
    }

    // MARK: Custom commands and order

    /// Orders the system sections for the style and places custom commands after them: each group
    /// right after the section it names (or where that section would be), the rest at the end.
    private func assemble(_ system: [EditMenuSection.ID: [EditCommand]]) -> EditMenu {
        let slots = EditMenuRules.systemSections(for: style)
        var afterSlot: [EditMenuSection.ID: [EditCommand]] = [:]
        var atEnd: [EditCommand] = []
        for custom in context.customCommands where available.custom(custom) {
            let item = command(custom.id, title: custom.title, kind: .custom)
            if case .after(let section) = custom.placement, slots.contains(section) {
                afterSlot[section, default: []].append(item)
            } else {
                atEnd.append(item)
            }
        }
        var sections: [EditMenuSection] = []
        for slot in slots {
            sections.append(EditMenuSection(id: slot, commands: system[slot] ?? []))
            if let customs = afterSlot[slot] {
                sections.append(EditMenuSection(id: .custom(after: slot), commands: customs))
            }
        }
        sections.append(EditMenuSection(id: .custom, commands: atEnd))
        return EditMenu(style: style, sections: sections)
    }
}
