#if GTK
import CGtk
import EditMenuKit
import Foundation

/// Emoji & Symbols in the GTK host: a `GtkPopover` at the caret with a search field, a grid of the
/// emoji and symbols the search finds (the core's `EmojiCatalog`, searched by CLDR names and keywords
/// in the menu's language, English as the fallback) and the name of the one selected.
///
/// Typing goes to the search field, wherever the focus is in the popover; Down goes from the field to
/// the grid, where the arrows move; Return (in the field: the selected result, the first after a
/// search) or a click chooses; Escape closes. Each emoji's name in the menu's language is its tooltip
/// and what assistive technologies read. Choosing is reported to `onChoose`: the owner inserts it.
@MainActor
package final class GTKEmojiPicker {
    /// The search field's text the results are for.
    package private(set) var query = ""
    /// What the search finds (everything, for an empty query), in the grid's order.
    package private(set) var results: [Emoji] = []
    /// Whether the popover is shown.
    package var isShown: Bool { popover != nil }

    /// Called with the emoji people chose; the popover closes after.
    var onChoose: (@MainActor (Emoji) -> Void)?
    /// Called with the query, its results and the seconds the search and the grid's first screenful
    /// took, after each search.
    var onSearch: (@MainActor (String, [Emoji], Double) -> Void)?
    /// Called when the popover goes (a choice, Escape, a click outside).
    var onClose: (@MainActor () -> Void)?

    private let catalog: EmojiCatalog
    /// Each emoji's index in the catalog.
    private let indexOfCharacter: [String: Int]
    private let strings: MenuStrings
    private let idiom: Idiom
    private var popover: WidgetPointer?
    private var entry: WidgetPointer?
    private var scroller: WidgetPointer?
    private var grid: WidgetPointer?
    private var caption: WidgetPointer?
    /// The grid's child of each catalog entry, once built (the grid is built once per opening, while
    /// GTK is idle; a search shows, hides and orders its children).
    private var children: [WidgetPointer?] = []
    /// Each catalog entry's place in ``results``, `Int32.max` when the search did not find it.
    private var rank: [Int32] = []
    /// The next catalog entry the idle fill looks at.
    private var fillCursor = 0
    /// Bumped by each opening and closing: an idle fill of an earlier opening stops.
    private var generation = 0
    private let emojiAttributes: OpaquePointer
    /// The key under which a grid child keeps its catalog index (plus one).
    private static let indexKey = g_quark_from_string("editmenu-emoji-index")

    /// Emoji per grid row, and the rows the grid shows before it scrolls.
    static let columns: UInt32 = 10
    static let visibleRows = 6
    /// Children added at once: the first screenful right away, the rest in idle batches of this size.
    static let batch = 240

    /// A picker searching `catalog` (`EmojiCatalog.catalog(for:)` of the menu's language), whose
    /// strings (the status when nothing matches) are `strings`.
    package init(catalog: EmojiCatalog, strings: MenuStrings, idiom: Idiom) {
        self.catalog = catalog
        var indexOfCharacter: [String: Int] = [:]
        for (index, emoji) in catalog.entries.enumerated() { indexOfCharacter[emoji.character] = index }
        self.indexOfCharacter = indexOfCharacter
        self.strings = strings
        self.idiom = idiom
        let attributes = pango_attr_list_new()!
        pango_attr_list_insert(attributes, pango_attr_scale_new(1.6))
        emojiAttributes = attributes
    }

    isolated deinit {
        // The grid's filter and sort read this picker: its popover goes with it.
        if let popover { gtk_widget_unparent(popover) }
        pango_attr_list_unref(emojiAttributes)
    }

    /// Shows the picker on `parent` pointing at `caret` (`parent`'s coordinates), titled `title` (the
    /// item's title in the menu's language), with the focus in its empty search field.
    package func show(on parent: WidgetPointer, pointingAt caret: CGRect, title: String) {
        close()
        let (popover, column) = AnchoredPopover.make(
            on: parent, cssClass: "editmenu-emoji-picker", spacing: 6, margin: 4)
        let entry = gtk_search_entry_new()!
        withGValue(cgtk_type_string(), { g_value_set_string($0, title) }) { value in
            g_object_set_property(UnsafeMutablePointer(OpaquePointer(entry.raw)), "placeholder-text", value)
        }
        Accessible.setLabel(entry, title)
        if let text = gtk_editable_get_delegate(entry.opaque) {
            gtk_text_set_max_length(UnsafeMutablePointer(text), Int32(EmojiCatalog.maximumQueryLength))
        }
        gtk_search_entry_set_key_capture_widget(entry.opaque, popover)
        Signal.connect(entry.raw, "search-changed") { [weak self] in self?.searchIfChanged() }
        Signal.connect(entry.raw, "activate") { [weak self] in self?.chooseSelected() }
        Signal.connect(entry.raw, "stop-search") { [weak self] in self?.popDown() }
        // Down goes from the field to the grid's selected emoji (before the field's text moves the caret).
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connect(
            UnsafeMutableRawPointer(keys), "key-pressed",
            key: { [weak self] keyval, _ in
                guard let self, keyval == UInt32(GDK_KEY_Down) || keyval == UInt32(GDK_KEY_KP_Down) else {
                    return false
                }
                return self.focusGrid()
            })
        gtk_widget_add_controller(entry, keys)
        gtk_box_append(column.cast(to: GtkBox.self), entry)

        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_size_request(scroller, Int32(Self.columns) * 40, Int32(Self.visibleRows) * 40)
        let grid = makeGrid()
        gtk_scrolled_window_set_child(scroller.opaque, grid)
        gtk_box_append(column.cast(to: GtkBox.self), scroller)

        let caption = gtk_label_new(nil)!
        gtk_label_set_xalign(caption.opaque, 0)
        gtk_label_set_ellipsize(caption.opaque, PANGO_ELLIPSIZE_END)
        gtk_widget_add_css_class(caption, "dim-label")
        gtk_box_append(column.cast(to: GtkBox.self), caption)

        self.popover = popover
        self.entry = entry
        self.scroller = scroller
        self.grid = grid
        self.caption = caption
        generation += 1
        children = Array(repeating: nil, count: catalog.entries.count)
        rank = Array(repeating: .max, count: catalog.entries.count)
        fillCursor = 0
        search("")
        AnchoredPopover.show(popover, pointingAt: caret) { [weak self] in
            guard let self, self.popover == popover else { return }
            self.close()
        }
        gtk_widget_grab_focus(entry)
    }

    /// Closes the popover (without choosing).
    package func close() {
        guard let popover else { return }
        generation += 1
        self.popover = nil
        entry = nil
        scroller = nil
        grid = nil
        caption = nil
        children = []
        rank = []
        gtk_widget_unparent(popover)
        onClose?()
    }

    /// Searches for `text` as typed in the field: the grid shows what the catalog finds, best first, the
    /// first selected.
    package func search(_ text: String) {
        let start = SystemClock().now
        query = String(text.prefix(EmojiCatalog.maximumQueryLength))
        results = catalog.search(query)
        guard let grid else { return }
        for index in rank.indices { rank[index] = .max }
        var first: [Int] = []
        for (place, emoji) in results.enumerated() {
            guard let index = indexOfCharacter[emoji.character] else { continue }
            rank[index] = Int32(place)
            if place < Self.batch { first.append(index) }
        }
        // The first screenful now, the rest of the catalog while idle; hidden and ordered by `rank`.
        for index in first { build(index) }
        gtk_flow_box_invalidate_filter(grid.opaque)
        gtk_flow_box_invalidate_sort(grid.opaque)
        if let scroller { gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(scroller.opaque), 0) }
        if let index = first.first, let child = children[index] {
            gtk_flow_box_select_child(grid.opaque, child.cast(to: GtkFlowBoxChild.self))
        } else {
            gtk_flow_box_unselect_all(grid.opaque)
        }
        showSelectedName()
        if fillCursor < children.count { fillWhenIdle(generation) }
        onSearch?(query, results, SystemClock().now - start)
    }

    /// The grid: one child per catalog entry, shown when the search finds it, in the search's order.
    private func makeGrid() -> WidgetPointer {
        let grid = gtk_flow_box_new()!
        gtk_flow_box_set_selection_mode(grid.opaque, GTK_SELECTION_SINGLE)
        gtk_flow_box_set_homogeneous(grid.opaque, 1)
        gtk_flow_box_set_min_children_per_line(grid.opaque, Self.columns)
        gtk_flow_box_set_max_children_per_line(grid.opaque, Self.columns)
        gtk_flow_box_set_activate_on_single_click(grid.opaque, 1)
        gtk_widget_set_valign(grid, GTK_ALIGN_START)
        let me = Unmanaged.passUnretained(self).toOpaque()
        let filter: GtkFlowBoxFilterFunc = { child, data in
            guard let child, let data else { return 0 }
            let picker = Unmanaged<GTKEmojiPicker>.fromOpaque(data).takeUnretainedValue()
            return MainActor.assumeIsolated { picker.isFound(child) } ? 1 : 0
        }
        let sort: GtkFlowBoxSortFunc = { a, b, data in
            guard let a, let b, let data else { return 0 }
            let picker = Unmanaged<GTKEmojiPicker>.fromOpaque(data).takeUnretainedValue()
            return MainActor.assumeIsolated { picker.compare(a, b) }
        }
        // The picker outlives its grids: it closes (and unparents) them before it goes.
        gtk_flow_box_set_filter_func(grid.opaque, filter, me, nil)
        gtk_flow_box_set_sort_func(grid.opaque, sort, me, nil)
        Signal.connect(
            grid.raw, "child-activated",
            pointer: { [weak self] child in
                guard let self, let child, let entry = self.entry(of: child) else { return }
                self.choose(entry)
            })
        Signal.connect(grid.raw, "selected-children-changed") { [weak self] in self?.showSelectedName() }
        return grid
    }

    /// The catalog index a grid child stands for.
    private func index(of child: UnsafeMutableRawPointer) -> Int? {
        let value = Int(bitPattern: g_object_get_qdata(child.assumingMemoryBound(to: GObject.self), Self.indexKey))
        return value > 0 && value <= rank.count ? value - 1 : nil
    }

    private func entry(of child: UnsafeMutableRawPointer) -> Emoji? {
        index(of: child).map { catalog.entries[$0] }
    }

    private func isFound(_ child: UnsafeMutablePointer<GtkFlowBoxChild>) -> Bool {
        index(of: child).map { rank[$0] != .max } ?? false
    }

    private func compare(_ a: UnsafeMutablePointer<GtkFlowBoxChild>, _ b: UnsafeMutablePointer<GtkFlowBoxChild>)
        -> Int32
    {
        guard let i = index(of: a), let j = index(of: b) else { return 0 }
        let (x, y) = (rank[i], rank[j])
        return x == y ? (i < j ? -1 : i > j ? 1 : 0) : (x < y ? -1 : 1)
    }

    /// Adds the child of catalog entry `index` (once).
    private func build(_ index: Int) {
        guard let grid, children.indices.contains(index), children[index] == nil else { return }
        let emoji = catalog.entries[index]
        let label = gtk_label_new(nil)!
        gtk_label_set_text(label.opaque, emoji.character)
        gtk_label_set_attributes(label.opaque, emojiAttributes)
        let child = gtk_flow_box_child_new()!
        gtk_flow_box_child_set_child(child.cast(to: GtkFlowBoxChild.self), label)
        g_object_set_qdata(
            child.raw.assumingMemoryBound(to: GObject.self), Self.indexKey,
            UnsafeMutableRawPointer(bitPattern: index + 1))
        // Plain text, never markup: a tooltip and what a screen reader reads.
        gtk_widget_set_tooltip_text(child, emoji.name)
        Accessible.setLabel(child, emoji.name)
        children[index] = child
        gtk_flow_box_append(grid.opaque, child)
    }

    /// Builds the rest of the catalog's children a batch at a time while GTK is idle.
    private func fillWhenIdle(_ generation: Int) {
        afterDelay(milliseconds: 0) { [weak self] in
            guard let self, self.generation == generation, self.grid != nil else { return }
            var made = 0
            while self.fillCursor < self.children.count, made < Self.batch {
                if self.children[self.fillCursor] == nil {
                    self.build(self.fillCursor)
                    made += 1
                }
                self.fillCursor += 1
            }
            if self.fillCursor < self.children.count { self.fillWhenIdle(generation) }
        }
    }

    /// Searches when the field's text is not what the results are for (GTK reports typing after a
    /// pause; Return searches at once).
    private func searchIfChanged() {
        guard let entry else { return }
        let text = String(cString: gtk_editable_get_text(entry.opaque))
        if text != query { search(text) }
    }

    /// The selected child's entry.
    private var selectedEntry: Emoji? {
        guard let grid, let list = gtk_flow_box_get_selected_children(grid.opaque) else { return nil }
        defer { g_list_free(list) }
        return list.pointee.data.flatMap(entry(of:))
    }

    /// Return in the field: chooses the selected result (the first after a search).
    private func chooseSelected() {
        searchIfChanged()
        if let emoji = selectedEntry { choose(emoji) }
    }

    private func choose(_ emoji: Emoji) {
        popDown()
        onChoose?(emoji)
    }

    private func popDown() {
        guard let popover else { return }
        gtk_popover_popdown(popover.cast(to: GtkPopover.self))
        close()
    }

    /// Moves the focus from the field to the selected emoji (the first when none is).
    private func focusGrid() -> Bool {
        searchIfChanged()
        let emoji = selectedEntry ?? results.first
        guard let index = emoji.flatMap({ indexOfCharacter[$0.character] }), children.indices.contains(index),
            let child = children[index]
        else { return false }
        // Through the child's focus handler, which makes it the grid's cursor (where the arrows start)
        // and selects it; a plain grab would leave the arrows nowhere to start from.
        return gtk_widget_child_focus(child, GTK_DIR_TAB_FORWARD) != 0
    }

    /// The caption under the grid: the selected emoji's name, or that the search found nothing.
    private func showSelectedName() {
        guard let caption else { return }
        gtk_label_set_text(
            caption.opaque, EmojiCatalog.caption(for: selectedEntry, query: query, strings: strings, idiom: idiom))
    }
}
#endif
