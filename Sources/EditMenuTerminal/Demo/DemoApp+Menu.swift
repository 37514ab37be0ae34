import EditMenuKit
import Foundation

/// The menu currently on screen.
struct OpenMenu {
    var field: Int
    var menu: EditMenu
    var layout: EditMenuLayout
    var navigation: MenuKeyboardNavigation
    var focused: EditCommand.ID?
    /// For a submenu opened from the menu (Replace…, Format, Find…): its parent's id.
    var parent: EditCommand.ID?
    /// What the data-detection actions in this menu open.
    var actionTargets: [EditCommand.ID: DataAction.Target]
}

extension DemoApp {
    /// The terminal's layout metrics: one unit per cell. Titles are measured one cell wider so every
    /// item ends with a divider cell; a one-cell margin leaves room for the box's border.
    static let metrics = LayoutMetrics(
        charWidth: 1, itemPadding: 1, itemHeight: 1, arrowHeight: 1, chevronWidth: 3,
        margin: 1, gap: 0, cornerRadius: 0, dividerHeight: 1)

    /// Measures titles in cells, plus one cell for the divider that follows each item.
    struct DividedCellMeasurer: TextMeasurer {
        func width(of text: String) -> Double { Double(MonospaceCellMeasurer.cells(in: text) + 1) }
    }

    // MARK: Context

    /// The menu context for the focused field, as a host builds it: content facts, pasteboard types
    /// (never contents), undo names, services, detected data.
    func context(surface: Surface) -> EditMenuContext { contextAndActions(surface: surface).context }

    /// The context and the data-detection actions it offers (detected once for both).
    func contextAndActions(surface: Surface) -> (context: EditMenuContext, actions: [DataAction]) {
        let field = fields[focus]
        var content: SelectableContent
        var undo = UndoState.unavailable
        var redo = UndoState.unavailable
        var actions: [DataAction] = []
        switch field.content {
        case .text(let editor, _):
            content = SelectableContent(
                kind: .text, isEditable: editor.isEditable, isSecure: editor.isSecure,
                isEmpty: editor.storage.isEmpty, selection: editor.selectionState())
            undo = editor.history.undoState(strings: strings, idiom: idiom)
            redo = editor.history.redoState(strings: strings, idiom: idiom)
            actions = detectedActions(in: editor)
        case .button:
            content = SelectableContent(kind: .button, selection: .none)
        case .objects(let editor, let kind):
            content = SelectableContent(
                kind: kind, isEditable: editor.isEditable,
                selection: editor.selection.isEmpty ? .none : .object)
            undo = editor.history.undoState(strings: strings, idiom: idiom)
            redo = editor.history.redoState(strings: strings, idiom: idiom)
        }
        let context = EditMenuContext(
            content: content, idiom: idiom, input: revealInput, surface: surface,
            pasteboardTypes: pasteboard.typeSet, undo: undo, redo: redo,
            services: .all, dataActions: actions, locale: options.locale)
        return (context, actions)
    }

    /// Data-detection actions for the selection.
    func detectedActions(in editor: TextEditor) -> [DataAction] {
        // A detector per presentation: relative dates ("tomorrow") resolve against the time of showing.
        DataDetector().detect(inSelectionOf: editor).actions
    }

    // MARK: Presenting

    /// The selection's rects on screen (one per visible row; a caret is zero-width), empty when the
    /// selection is scrolled out of view.
    func targetRects() -> [Rect] {
        let field = fields[focus]
        switch field.content {
        case .text(let editor, let viewport):
            let selection = editor.selection
            var rects: [Rect] = []
            for (i, row) in viewport.rows(in: editor.storage).enumerated() {
                let y = Double(field.frame.row + i)
                if selection.isEmpty {
                    let inRow =
                        row.start <= selection.lowerBound
                        && (selection.lowerBound < row.next || row.next == row.start || selection.lowerBound == row.end)
                    if inRow, rects.isEmpty {
                        rects.append(
                            Rect(
                                x: Double(field.frame.column + row.column(ofCaret: selection.lowerBound)), y: y,
                                width: 0, height: 1))
                    }
                    continue
                }
                let glyphs = row.glyphs.filter { $0.offset >= selection.lowerBound && $0.offset < selection.upperBound }
                guard let first = glyphs.first, let last = glyphs.last else { continue }
                rects.append(
                    Rect(
                        x: Double(field.frame.column + first.column), y: y,
                        width: Double(last.column + last.width - first.column), height: 1))
            }
            return rects
        case .objects(let editor, _):
            return editor.selection.isEmpty ? [] : [field.frame.rect]
        case .button:
            return []
        }
    }

    /// Shows the menu for the focused field on `page`, or reports why there is none.
    func showMenu(page: Int) {
        let (context, actions) = contextAndActions(surface: surface)
        let presentation = EditMenuRules.presentation(for: context)
        guard case .presented(var editMenu) = presentation else {
            if case .notPresented(let reason) = presentation {
                record("menu not presented: \(reason.rawValue)")
                if reason == .notSelectable { setStatus("Buttons and labels are not selectable: no edit menu") }
            }
            menu = nil
            _ = interaction.handle(.dismiss)
            return
        }
        if let parent = menu?.parent, let submenu = editMenu.command(parent), submenu.isSubmenu {
            editMenu = EditMenu(
                style: editMenu.style, sections: [EditMenuSection(id: .standardEdit, commands: submenu.children)])
        }
        let targets: [Rect]
        var source = PlacementSource.selection
        if surface == .menuBar {
            targets = [Rect(x: 8, y: 0, width: 4, height: 1)]
            source = .rect(targets[0])
        } else {
            targets = targetRects()
        }
        guard !targets.isEmpty else {
            record("menu hidden: selection not visible")
            menu = nil
            return
        }
        let geometry = PresentationGeometry(
            bounds: Rect(x: 0, y: 0, width: Double(columns), height: Double(rows)),
            safeArea: EdgeInsets(top: 1, left: 0, bottom: 1, right: 0),
            target: targets, avoid: [], metrics: Self.metrics)
        let engine = EditMenuLayoutEngine(measurer: DividedCellMeasurer())
        let layout = engine.layout(
            editMenu, geometry: geometry, idiom: idiom, isRightToLeft: options.locale.isRightToLeft,
            page: page, source: source)
        let actionTargets = Dictionary(actions.map { ($0.id, $0.target) }, uniquingKeysWith: { first, _ in first })
        let parent = menu?.parent
        var navigation = MenuKeyboardNavigation(menu: editMenu, layout: layout)
        // Revealed from the keyboard, the menu opens with its first item focused.
        if revealInput == .keyboard { _ = navigation.handle(KeyPress(.home)) }
        menu = OpenMenu(
            field: focus, menu: editMenu, layout: layout, navigation: navigation, focused: navigation.focused,
            parent: parent, actionTargets: actionTargets)
        if interaction.pageCount != layout.pages.count, editMenu.style == .compact {
            _ = interaction.handle(.reload(pageCount: layout.pages.count))
        }
        record(
            "menu \(editMenu.style.rawValue) \(layout.placement.side.rawValue) page \(page + 1)/\(max(1, layout.pages.count)): "
                + layout.items.map(\.id.rawValue).joined(separator: ","))
    }

    /// Carries out what the interaction state machine says.
    func apply(_ effects: [EditMenuInteraction.Effect]) {
        for effect in effects {
            switch effect {
            case .show(let page): showMenu(page: page)
            case .hide: menu = nil
            case .relayout: if case .presented(let page) = interaction.state { showMenu(page: page) }
            }
        }
    }

    func dismissMenu() {
        guard menu != nil || interaction.isVisible else { return }
        menu = nil
        surface = .editMenu
        apply(interaction.handle(.dismiss))
    }

    /// Menu key / Shift-F10: the keyboard style at the selection.
    func revealFromKeyboard() {
        revealInput = .keyboard
        surface = .editMenu
        menu = nil
        apply(interaction.handle(.gesture(.menuKey, showsMenu: true, pageCount: 1)))
    }

    /// F10 on the mac idiom: the menu bar's Edit menu.
    func showMenuBar() {
        revealInput = .keyboard
        surface = .menuBar
        menu = nil
        apply(interaction.handle(.present(pageCount: 1)))
    }

    /// Keys for an open menu; `false` when the key is not the menu's (typing, say).
    func handleMenuKey(_ press: KeyPress) -> Bool {
        guard var open = menu else { return false }
        switch open.navigation.handle(press) {
        case .none:
            return press.key == .escape
        case .focus(let id):
            open.focused = id
            menu = open
        case .showPage(let page, let focused):
            apply(interaction.handle(page > open.layout.page ? .nextPage : .previousPage))
            menu?.focused = focused
            _ = page
        case .perform(let id):
            perform(id, fromMenu: true)
        case .openSubmenu(let id):
            openSubmenu(id)
        case .dismiss:
            dismissMenu()
        }
        return true
    }

    func openSubmenu(_ id: EditCommand.ID) {
        guard var open = menu else { return }
        open.parent = id
        menu = open
        showMenu(page: 0)
    }
}
