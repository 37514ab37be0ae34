#if GTK
import CGtk
import EditMenuKit
import Foundation

/// The GTK host's find bar (Find ▸ Find…, Find and Replace…): a `GtkSearchBar` along the top of the
/// window with a `GtkSearchEntry` — finding as people type, Return or Ctrl+G for the next match,
/// Shift+Ctrl+G for the previous, Escape to close, as GTK's own search bars do — and, for Find and
/// Replace, a replace field with Replace and Replace All.
///
/// It only edits and reports: ``GTKEditMenuInteraction`` performs what it asks through the controller.
@MainActor
package final class GTKFindBar {
    /// What the bar asks for (its owner carries it out with `EditMenuController.carryOut(_:fromAnchor:)`).
    package typealias Request = FindBarRequest

    /// The `GtkSearchBar`.
    package let widget: WidgetPointer
    /// The find field (a `GtkSearchEntry`).
    package let findEntry: WidgetPointer
    /// The replace field (a `GtkEntry`).
    package let replaceEntry: WidgetPointer
    private let replaceBox: WidgetPointer
    private let status: WidgetPointer
    /// Carries out what the bar asks for.
    package var onRequest: (@MainActor (Request) -> Void)?
    private var filling = false

    /// A bar with `strings`' titles, added to `overlay` along its top edge (hidden until ``show(needle:replacement:replacing:)``).
    package init(overlay: WidgetPointer, strings: MenuStrings, idiom: Idiom) {
        widget = gtk_search_bar_new()
        findEntry = gtk_search_entry_new()
        replaceEntry = gtk_entry_new()
        replaceBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        status = gtk_label_new("")
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        func button(_ title: String, _ request: @escaping @MainActor (GTKFindBar) -> Request) -> WidgetPointer {
            let button = gtk_button_new_with_label(title)!
            Signal.connect(button.raw, "clicked") { [weak self] in
                guard let self else { return }
                self.onRequest?(request(self))
            }
            return button
        }
        gtk_widget_set_hexpand(findEntry, 1)
        gtk_box_append(row.cast(to: GtkBox.self), findEntry)
        gtk_box_append(
            row.cast(to: GtkBox.self),
            button(strings.title(for: .findPrevious, idiom: idiom)) { .find($0.needle, .backward) })
        gtk_box_append(
            row.cast(to: GtkBox.self),
            button(strings.title(for: .findNext, idiom: idiom)) { .find($0.needle, .forward) })
        gtk_widget_set_hexpand(replaceEntry, 1)
        gtk_box_append(replaceBox.cast(to: GtkBox.self), replaceEntry)
        gtk_box_append(
            replaceBox.cast(to: GtkBox.self),
            button(strings.title("findReplaceButton", idiom: idiom)) { .replace($0.needle, with: $0.replacement) })
        gtk_box_append(
            replaceBox.cast(to: GtkBox.self),
            button(strings.title("findReplaceAllButton", idiom: idiom)) { .replaceAll($0.needle, with: $0.replacement) }
        )
        gtk_box_append(row.cast(to: GtkBox.self), replaceBox)
        gtk_box_append(row.cast(to: GtkBox.self), status)
        gtk_search_bar_set_child(widget.opaque, row)
        gtk_search_bar_connect_entry(widget.opaque, findEntry.opaque)
        gtk_search_bar_set_show_close_button(widget.opaque, 1)
        gtk_widget_set_valign(widget, GTK_ALIGN_START)
        gtk_widget_set_halign(widget, GTK_ALIGN_FILL)
        gtk_overlay_add_overlay(overlay.opaque, widget)
        gtk_widget_set_visible(widget, 0)

        Signal.connect(findEntry.raw, "search-changed") { [weak self] in
            guard let self, !self.filling else { return }
            self.onRequest?(.incremental(self.needle))
        }
        Signal.connect(findEntry.raw, "activate") { [weak self] in
            guard let self else { return }
            self.onRequest?(.find(self.needle, .forward))
        }
        Signal.connect(findEntry.raw, "next-match") { [weak self] in
            guard let self else { return }
            self.onRequest?(.find(self.needle, .forward))
        }
        Signal.connect(findEntry.raw, "previous-match") { [weak self] in
            guard let self else { return }
            self.onRequest?(.find(self.needle, .backward))
        }
        Signal.connect(findEntry.raw, "stop-search") { [weak self] in self?.close() }
        Signal.connect(replaceEntry.raw, "activate") { [weak self] in
            guard let self else { return }
            self.onRequest?(.replace(self.needle, with: self.replacement))
        }
        // The close button (and Escape) turn the search mode off.
        Signal.connect(
            widget.raw, "notify::search-mode-enabled",
            pointer: { [weak self] _ in
                guard let self, gtk_search_bar_get_search_mode(self.widget.opaque) == 0,
                    gtk_widget_get_visible(self.widget) != 0
                else { return }
                self.close()
            })
    }

    /// The find field's text.
    package var needle: String { String(cString: gtk_editable_get_text(findEntry.opaque)) }
    /// The replace field's text.
    package var replacement: String { String(cString: gtk_editable_get_text(replaceEntry.opaque)) }
    /// Whether the bar shows.
    package var isShown: Bool { gtk_widget_get_visible(widget) != 0 }

    /// Shows the bar with `needle` in the find field, with the replace field when `replacing`; the
    /// keyboard goes to the find field (the replace field when `replacing` and there is a needle).
    package func show(needle: String, replacement: String, replacing: Bool) {
        filling = true
        gtk_editable_set_text(findEntry.opaque, needle)
        gtk_editable_set_text(replaceEntry.opaque, replacement)
        filling = false
        gtk_widget_set_visible(replaceBox, replacing ? 1 : 0)
        gtk_widget_set_visible(widget, 1)
        gtk_search_bar_set_search_mode(widget.opaque, 1)
        gtk_widget_grab_focus(replacing && !needle.isEmpty ? replaceEntry : findEntry)
    }

    /// What the last search said ("Not found", "Wrapped", "Replaced 3").
    package func setStatus(_ text: String) {
        gtk_label_set_text(status.opaque, text)
    }

    /// Hides the bar.
    package func close() {
        guard isShown else { return }
        gtk_search_bar_set_search_mode(widget.opaque, 0)
        gtk_widget_set_visible(widget, 0)
        onRequest?(.close)
    }
}
#endif
