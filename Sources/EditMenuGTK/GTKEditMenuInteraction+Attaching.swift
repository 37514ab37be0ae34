#if GTK
import CGtk
import EditMenuKit
import Foundation

/// Attaching GTK's own widgets: each by its kind, wrapped in the target that reads and edits it.
extension GTKEditMenuInteraction {
    /// Attaches the edit menu to a `GtkTextView`: a secondary click opens the menu at the pointer, the
    /// Menu key and Shift-F10 at the selection, press and hold the compact menu on touch; typing
    /// substitutes and marks misspellings as the configuration says.
    ///
    /// - Parameters:
    ///   - textView: The `GtkTextView`, inside the interaction's overlay.
    ///   - accessibilityLabel: What a screen reader says for the view — its purpose ("Notes"), not its
    ///     class; `nil` leaves GTK's.
    public func attach(textView: WidgetPointer, accessibilityLabel: String? = nil) {
        attach(TextViewTarget(textView), accessibilityLabel: accessibilityLabel)
    }

    /// Attaches the edit menu to a widget implementing `GtkEditable`: a `GtkEntry`, a `GtkText`, a
    /// `GtkSpinButton` or a `GtkPasswordEntry` (whose menu never copies or reveals the text).
    ///
    /// - Parameters:
    ///   - editable: The widget, inside the interaction's overlay.
    ///   - accessibilityLabel: What a screen reader says for the field; `nil` leaves GTK's.
    public func attach(editable: WidgetPointer, accessibilityLabel: String? = nil) {
        attach(EditableTarget(editable), accessibilityLabel: accessibilityLabel)
    }

    /// Attaches the edit menu to a `GtkLabel`, made selectable: its text can be selected, copied,
    /// looked up, shared — never changed.
    ///
    /// - Parameters:
    ///   - label: The `GtkLabel`, inside the interaction's overlay.
    ///   - accessibilityLabel: What a screen reader says for the label; `nil` leaves its text.
    public func attach(label: WidgetPointer, accessibilityLabel: String? = nil) {
        attach(LabelTarget(label), accessibilityLabel: accessibilityLabel)
    }

    /// Attaches the edit menu to a widget that shows one selectable object — a `GtkPicture`, a contact
    /// card, a file: a press selects it, and Copy puts it on the clipboard in every representation.
    ///
    /// - Parameters:
    ///   - object: The widget, inside the interaction's overlay.
    ///   - kind: `.image`, `.object` (a contact card) or `.file`: which commands the menu offers.
    ///   - representations: The representations Copy writes, richest first, as MIME type and bytes
    ///     (PNG and a file URI; vCard and plain text); called only when copying.
    ///   - accessibilityLabel: What a screen reader says for the object; `nil` leaves GTK's.
    public func attach(
        object: WidgetPointer, kind: ContentKind,
        representations: @escaping @MainActor () -> [(mimeType: String, data: Data)],
        accessibilityLabel: String? = nil
    ) {
        attach(
            ObjectTarget(object, name: "object", kind: kind, representations: representations),
            accessibilityLabel: accessibilityLabel)
    }

    private func attach(_ target: any EditMenuTarget, accessibilityLabel: String?) {
        if let accessibilityLabel { GTKSupport.setAccessibleLabel(target.widget, accessibilityLabel) }
        attach(target)
    }
}
#endif
