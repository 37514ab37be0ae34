import EditMenuKit
import Foundation

extension DemoApp {
    /// Performs a command chosen in the menu (or by its shortcut) on the focused field.
    func perform(_ id: EditCommand.ID, fromMenu: Bool) {
        let open = menu
        if fromMenu {
            // A submenu item (Format ▸, Find ▸, Replace… suggestions) closes the whole menu too.
            menu = nil
            surface = .editMenu
            apply(interaction.handle(.dismiss))
        }
        record("perform \(id.rawValue)")
        if id.rawValue.hasPrefix("replace."), let index = Int(id.rawValue.dropFirst("replace.".count)),
            let suggestion = open?.menu.command(.replace)?.children[safe: index]?.title
                ?? open?.menu.commands[safe: index]?.title
        {
            withFocusedText { (e: inout TextEditor) throws(EditingError) in try e.replace(with: suggestion) }
            return
        }
        if let target = open?.actionTargets[id] {
            performDataAction(target)
            return
        }
        switch id {
        case .lookUp, .translate, .searchWeb:
            let text = fields[focus].textEditor?.selectedText ?? ""
            let url: String?
            switch id {
            case .lookUp:
                url =
                    "https://en.wiktionary.org/wiki/"
                    + (text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "")
            case .translate:
                url =
                    "https://translate.google.com/?text="
                    + (text.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? "")
            default: url = URLOpener.searchURL(for: text)?.absoluteString
            }
            if let url { setStatus(openURL(url) ? "Opened \(url)" : "Would open \(url) (no URL opener here)") }
            return
        case .share:
            // A terminal has no share sheet: sharing puts the selection on the clipboard (OSC 52 too).
            performOnField(.copy)
            setStatus("Share: copied to the clipboard (a terminal has no share sheet)")
            return
        case .format, .find, .spellingAndGrammar, .substitutions, .transformations, .speech:
            openSubmenuFromShortcut(id, open: open)
            return
        default:
            break
        }
        performOnField(id)
    }

    /// Opens a data-detection action's target: a safe URI, or an event or contact card written to a
    /// private file first (`.ics`, `.vcf`) for the desktop's calendar or contacts.
    func performDataAction(_ target: DataAction.Target) {
        switch target {
        case .uri(let uri):
            setStatus(openURL(uri) ? "Opened \(uri)" : "Would open \(uri) (no URL opener here)")
        case .calendarEvent(let text), .contact(let text):
            let isEvent = if case .calendarEvent = target { true } else { false }
            do {
                let path = try Self.export(text, extension: isEvent ? "ics" : "vcf")
                setStatus(openURL(path) ? "Opened \(path)" : "\(isEvent ? "Event" : "Contact card") saved to \(path)")
            } catch {
                setStatus("Could not write the \(isEvent ? "event" : "contact card"): \(error)")
            }
        }
    }

    /// The private folder (mode 0700) where events and contact cards are written before opening.
    static var exportDirectory: String { NSTemporaryDirectory() + "editmenu-demo-\(getuid())" }

    static func export(_ text: String, extension ext: String) throws -> String {
        let directory = exportDirectory
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let path = "\(directory)/\(UUID().uuidString).\(ext)"
        guard
            FileManager.default.createFile(
                atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
        else {
            throw CocoaError(.fileWriteUnknown)
        }
        return path
    }

    private func openSubmenuFromShortcut(_ id: EditCommand.ID, open: OpenMenu?) {
        guard var open else { return }
        open.parent = id
        menu = open
        apply(interaction.handle(.present(pageCount: 1)))
    }

    /// Cut, Copy, Paste, Delete, Select, Select All, Undo, Redo … through the field's editor.
    func performOnField(_ id: EditCommand.ID) {
        switch fields[focus].content {
        case .text(let editor, _):
            guard editor.canPerform(id, pasteboard: pasteboard) else {
                setStatus("\(strings.title(for: id, idiom: idiom)) is not available here")
                return
            }
            let before = editor.history.undoAction
            withFocusedText { (e: inout TextEditor) throws(EditingError) in try e.perform(id, pasteboard: pasteboard) }
            if let e = fields[focus].textEditor {
                switch id {
                case .copy, .cut: setStatus("\(strings.title(for: id, idiom: idiom)) — the text is on the clipboard")
                case .undo, .redo: setStatus(id == .undo ? "Undone" : "Redone")
                default:
                    if e.history.undoAction != before || id == .select || id == .selectAll {
                        setStatus(strings.title(for: id, idiom: idiom))
                    }
                }
                selectionAnchor = nil
                // Select and Select All show the menu again for the new selection, as UIKit does.
                if id == .select || id == .selectAll {
                    revealInput = revealInput == .keyboard ? .keyboard : .touch
                    apply(interaction.handle(.present(pageCount: 1)))
                }
            }
        case .objects(var editor, let kind):
            guard editor.canPerform(id, pasteboard: pasteboard) else {
                setStatus("\(strings.title(for: id, idiom: idiom)) is not available here")
                return
            }
            do {
                try editor.perform(id, pasteboard: pasteboard)
                fields[focus].content = .objects(editor, kind: kind)
                setStatus(strings.title(for: id, idiom: idiom))
            } catch {
                setStatus(error.description)
            }
        case .button:
            break
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
