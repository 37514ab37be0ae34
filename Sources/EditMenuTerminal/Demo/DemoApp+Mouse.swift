import EditMenuKit

extension DemoApp {
    func handleMouse(_ mouse: MouseEvent, time: Double) {
        let point = Point(x: Double(mouse.column), y: Double(mouse.row))
        switch (mouse.button, mouse.action) {
        case (.wheelUp, _), (.wheelDown, _):
            scroll(mouse.button == .wheelUp ? -3 : 3, atColumn: mouse.column, row: mouse.row, time: time)
            return
        case (.left, .press):
            if let cells = menuCells(), cells.box.contains(column: mouse.column, row: mouse.row) {
                // On the menu: an item or chevron acts; its border and padding do nothing.
                if let hit = cells.hits.first(where: { $0.area.contains(column: mouse.column, row: mouse.row) })?.hit {
                    clickMenu(hit)
                }
                return
            }
            if let index = fieldIndex(column: mouse.column, row: mouse.row), index != focus {
                dismissMenu()
                focus = index
            }
            revealInput = .touch
            handle(recognizer.handle(InputEvent(.touchDown, at: point, time: time)))
        case (.left, .drag):
            handle(recognizer.handle(InputEvent(.touchMove, at: point, time: time)))
        case (.left, .release), (.none, .release):
            handle(recognizer.handle(InputEvent(.touchUp, at: point, time: time)))
        case (.right, .press):
            if menuCells()?.box.contains(column: mouse.column, row: mouse.row) == true { return }
            if let index = fieldIndex(column: mouse.column, row: mouse.row), index != focus {
                dismissMenu()
                focus = index
            }
            revealInput = .pointer
            handle(recognizer.handle(InputEvent(.pointerDown(.secondary), at: point, time: time)))
        case (.right, .release):
            handle(recognizer.handle(InputEvent(.pointerUp(.secondary), at: point, time: time)))
        default:
            break
        }
    }

    func handle(_ gestures: [RecognizedGesture]) {
        for gesture in gestures { handle(gesture) }
    }

    /// One recognized gesture: select what it selects, then let the interaction decide about the menu.
    func handle(_ gesture: RecognizedGesture) {
        switch gesture {
        case .longPressBegan(let p):
            // Select the word under the finger now; the menu appears on release.
            _ = applySelectionGesture(.longPress, at: p)
            apply(interaction.handle(.handleDragBegan))
        case .reveal(let g, let p):
            record("gesture \(g.rawValue) at \(Int(p.x)),\(Int(p.y))")
            if g == .longPress || g == .pinchAndHold {
                _ = interaction.handle(.handleDragEnded(selectionVisible: false))
            }
            if case .button = fields[focus].content, fieldIndex(column: Int(p.x), row: Int(p.y)) == focus {
                if g == .tap {
                    pressButton()
                } else {
                    record("menu not presented: notSelectable")
                    setStatus("A button never shows edit options")
                }
                return
            }
            revealInput = g == .secondaryClick ? .pointer : g == .menuKey ? .keyboard : .touch
            surface = .editMenu
            let shows = applySelectionGesture(g, at: p)
            menu = nil
            apply(interaction.handle(.gesture(g, showsMenu: shows, pageCount: 1)))
        case .dragBegan(let p):
            selectionAnchor = byteOffset(at: p)
            apply(interaction.handle(.handleDragBegan))
        case .dragMoved(let p):
            dragSelect(to: p)
        case .dragEnded(let p):
            dragSelect(to: p)
            let hasSelection = fields[focus].textEditor.map { !$0.selection.isEmpty } ?? false
            apply(interaction.handle(.handleDragEnded(selectionVisible: !targetRects().isEmpty)))
            if hasSelection, !interaction.isVisible {
                revealInput = .touch
                apply(interaction.handle(.present(pageCount: 1)))
            }
        case .key:
            break
        }
    }

    /// Applies a selecting gesture at a screen point to the focused field; whether the menu shows.
    func applySelectionGesture(_ gesture: RevealGesture, at p: Point) -> Bool {
        switch fields[focus].content {
        case .text:
            guard let offset = byteOffset(at: p) else { return false }
            let shows =
                withFocusedText { (e: inout TextEditor) throws(EditingError) -> Bool in e.apply(gesture, atByte: offset)
                } ?? false
            selectionAnchor = nil
            if let e = fields[focus].textEditor {
                let shown =
                    e.isSecure ? String(repeating: "•", count: e.selectedText.count) : String(e.selectedText.prefix(60))
                record(
                    "selection \(e.selection.lowerBound)..<\(e.selection.upperBound) \"\(TerminalText.displayable(shown))\""
                )
            }
            return shows
        case .objects(var editor, let kind):
            let outcome = SelectionGestures().apply(gesture, objectSelected: !editor.selection.isEmpty)
            editor.select(
                outcome.objectSelected && !editor.objects.isEmpty
                    ? 0..<editor.objects.count : editor.objects.count..<editor.objects.count)
            fields[focus].content = .objects(editor, kind: kind)
            return outcome.showsMenu
        case .button:
            return false
        }
    }

    /// The byte offset under a screen point in the focused text field (clamped into the field).
    func byteOffset(at p: Point) -> Int? {
        guard case .text(let editor, let viewport) = fields[focus].content else { return nil }
        let frame = fields[focus].frame
        let rows = viewport.rows(in: editor.storage)
        guard !rows.isEmpty else { return 0 }
        let r = Int(p.y) - frame.row
        if r < 0 { return rows[0].start }
        if r >= rows.count { return rows[rows.count - 1].end }
        return rows[r].offset(atColumn: Int(p.x) - frame.column)
    }

    func dragSelect(to p: Point) {
        guard case .text(_, var viewport) = fields[focus].content, let anchor = selectionAnchor else { return }
        let frame = fields[focus].frame
        // Dragging past the field's edge scrolls it.
        if let editor = fields[focus].textEditor {
            if Int(p.y) < frame.row { viewport.scrollUp(1, in: editor.storage) }
            if Int(p.y) >= frame.row + frame.height { viewport.scrollDown(1, in: editor.storage) }
            fields[focus].content = .text(editor, viewport)
        }
        guard let head = byteOffset(at: p) else { return }
        withFocusedText { (e: inout TextEditor) throws(EditingError) in e.select(min(anchor, head)..<max(anchor, head))
        }
        selectionAnchor = anchor
    }

    func scroll(_ rows: Int, atColumn column: Int, row: Int, time: Double) {
        let index = fieldIndex(column: column, row: row) ?? focus
        guard case .text(let editor, var viewport) = fields[index].content else { return }
        if rows < 0 {
            viewport.scrollUp(-rows, in: editor.storage)
        } else {
            viewport.scrollDown(rows, in: editor.storage)
        }
        fields[index].content = .text(editor, viewport)
        if index == focus {
            if scrollEndDeadline == nil { apply(interaction.handle(.scrollBegan)) }
            scrollEndDeadline = time + 0.25
        }
    }

    func fieldIndex(column: Int, row: Int) -> Int? {
        fields.indices.first { fields[$0].frame.contains(column: column, row: row) }
    }
}
