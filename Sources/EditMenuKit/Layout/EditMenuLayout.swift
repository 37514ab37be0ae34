import Foundation

/// A menu laid out for drawing: where it is, its items' frames, chevrons, dividers and arrow — the
/// complete picture a host draws, in container coordinates.
///
/// Build one with `EditMenuLayoutEngine`; draw it as it is (`MenuPicture` in EditMenuScenario turns it into SVG).
public struct EditMenuLayout: Hashable, Sendable {
    /// One item as drawn.
    public struct Item: Hashable, Sendable {
        /// Where an item is drawn.
        public enum Region: String, Hashable, Sendable {
            /// In the `compact` style's horizontal bar.
            case bar
            /// In the `vertical` style's top row (icon over a short title).
            case topRow
            /// A row of a vertical list.
            case list
        }

        /// The command.
        public var id: EditCommand.ID
        /// Its title.
        public var title: String
        /// Whether it can be chosen (dimmed otherwise).
        public var isEnabled: Bool
        /// The shortcut shown at the row's trailing edge (vertical styles), e.g. `Ctrl+C` or `⌘C`.
        public var shortcut: String?
        /// Whether choosing it opens a submenu (a chevron at the trailing edge).
        public var hasSubmenu: Bool
        /// The HIG's standard icon drawn before the title (EDIT-MENU.md §13), or `nil`.
        public var icon: EditMenuIcon?
        /// Where it is.
        public var region: Region
        /// Its frame in container coordinates.
        public var frame: CGRect
    }

    /// A chevron of the `compact` style: a paging one (2023), or the trailing one that expands the bar
    /// into a list of every item (`current`).
    public struct Chevron: Hashable, Sendable {
        /// What it does.
        public enum Direction: String, Hashable, Sendable {
            /// Back to the previous page.
            case previous
            /// On to the next page.
            case next
            /// Turns the bar into a vertical list of every item, at the same anchor (EDIT-MENU.md §13).
            case expand
        }

        /// What it does.
        public var direction: Direction
        /// Whether there is a page that way (the last page's "next" is dimmed).
        public var isEnabled: Bool
        /// Its frame in container coordinates.
        public var frame: CGRect
    }

    /// The style laid out.
    public var style: EditMenuStyle
    /// Where the menu is and where its arrow points.
    public var placement: MenuPlacement
    /// Whether the menu is mirrored for a right-to-left language: the first item on the right,
    /// "next" chevron on the left, list titles right-aligned with shortcuts on the left.
    public var isMirrored: Bool
    /// The items of each page, in order (one page for every style but a paged `compact` menu). An
    /// expandable bar has one page of every item, some of them behind its chevron (not in ``items``).
    public var pages: [[EditCommand.ID]]
    /// The page laid out in ``items``.
    public var page: Int
    /// The items shown (the current page's, for `compact`), in display order.
    public var items: [Item]
    /// The paging chevrons shown (`compact` only, when paged).
    public var chevrons: [Chevron]
    /// Divider lines, as zero-width (vertical) or zero-height (horizontal) rects.
    public var dividers: [CGRect]
    /// The `vertical` style's top row; empty for other styles.
    public var topRow: [EditCommand.ID]
    /// The metrics the layout used (corner radius, arrow size…), for drawing.
    public var metrics: LayoutMetrics
    /// Whether items remain behind a `current` compact bar's trailing ``Chevron/Direction/expand``
    /// chevron, which expands the bar into a list of every item (EDIT-MENU.md §13).
    public var isExpandable = false
    /// The width before list titles where icons go (``Item/icon``), in the host's units: the icon
    /// (``LayoutMetrics/iconSize``) and a gap; 0 when no list item has an icon. Titles start after it.
    public var iconColumnWidth = 0.0

    /// The frame of the item `id` on the page laid out.
    public func frame(of id: EditCommand.ID) -> CGRect? {
        items.first { $0.id == id }?.frame
    }
}

/// Lays out an ``EditMenu`` in its style — `compact` bar with pages, `vertical` top row and list,
/// `contextMenu` and `menuBar` lists — and places it with ``MenuPlacement``.
///
/// ```swift
/// let engine = EditMenuLayoutEngine()                       // monospace cells of metrics.charWidth
/// let layout = engine.layout(menu, geometry: geometry, idiom: .phone, isRightToLeft: false)
/// layout.placement.side                                     // .above
/// layout.pages                                              // [[.cut, .copy, .paste], [.lookUp, .share]]
/// ```
///
/// Item sizes (documented defaults in ``LayoutMetrics``):
/// - `compact`: each item is `2 × itemPadding + title width` wide and `itemHeight` tall; pages per
///   `CompactPaging` within the safe container minus margins; a later page's items share its spare
///   width evenly.
/// - lists: rows `itemHeight` tall, `itemPadding` each side, the shortcut `2 × itemPadding` after the
///   title, a submenu chevron `chevronWidth` wide; sections separated by `dividerHeight`; at least
///   `minimumListWidth` wide.
/// - `vertical`: a top row `topRowHeight` tall of equal cells, then a divider, then the list.
package struct EditMenuLayoutEngine: Sendable {
    /// How titles are measured; `nil`: monospace cells of the geometry's `charWidth`.
    package var measurer: (any TextMeasurer)?
    /// How shortcuts are written (`⌘C` or `Ctrl+C`): the host's setting. `nil`: by idiom, Apple's
    /// glyphs on the mac idiom and `Ctrl+` elsewhere (``ShortcutStyle/init(idiom:)``).
    package var shortcutStyle: ShortcutStyle?
    /// Which guidance compact bars follow: paged with chevrons (2023, the default) or ending with a chevron
    /// that expands them (``EditMenuRelease/current``).
    package var release: EditMenuRelease = .release2023

    /// Creates an engine that measures with `measurer` (default: monospace cells of `charWidth`), writes
    /// shortcuts in `shortcutStyle` (default: by idiom) and lays compact bars out as `release` does.
    package init(
        measurer: (any TextMeasurer)? = nil, shortcutStyle: ShortcutStyle? = nil,
        release: EditMenuRelease = .release2023
    ) {
        self.measurer = measurer
        self.shortcutStyle = shortcutStyle
        self.release = release
    }

    /// Lays out `menu` for `geometry`, showing `page` (clamped to the pages there are) of a paged
    /// `compact` menu.
    /// - Parameters:
    ///   - menu: the menu to lay out.
    ///   - geometry: the container, safe area, target lines, areas to avoid and metrics.
    ///   - page: the compact page to lay out.
    ///   - idiom: decides how shortcuts are written when the engine has no ``shortcutStyle``.
    ///   - isRightToLeft: mirror the menu (``MenuLocale/isRightToLeft``).
    ///   - source: what the menu points at (default: the selection's lines in `geometry.target`). A menu
    ///     revealed by a secondary click passes ``PlacementSource/pointer(_:)``: `vertical` and
    ///     `contextMenu` menus then open at the pointer without an arrow; a `compact` bar points at it.
    ///   - preferredArrowDirection: which side to try first
    ///     (`MenuPlacement/place(menuSize:geometry:source:alignment:isRightToLeft:preferredArrowDirection:)`).
    package func layout(
        _ menu: EditMenu, geometry: PresentationGeometry, idiom: Idiom, isRightToLeft: Bool,
        page: Int = 0, source: PlacementSource = .selection,
        preferredArrowDirection: MenuPlacement.ArrowDirection? = nil
    ) -> EditMenuLayout {
        let metrics = geometry.metrics
        let measure = measurer ?? MonospaceCellMeasurer(cellWidth: metrics.charWidth)
        let style = shortcutStyle ?? ShortcutStyle(idiom: idiom)
        var source = source
        if case .pointer(let point) = source, menu.style == .compact || menu.style == .menuBar {
            source = .point(point)
        }
        let safe = geometry.bounds.inset(by: geometry.safeArea)
        var body: Body
        switch menu.style {
        case .compact:
            let available = safe.width - 2 * metrics.margin
            body = Self.compact(
                menu, metrics: metrics, measure: measure,
                available: available > 0 ? available : safe.width, page: page,
                expands: release.expandsCompactMenus)
        case .vertical, .contextMenu, .menuBar:
            body = Self.list(menu, metrics: metrics, measure: measure, shortcuts: style, maxWidth: safe.width)
        }
        let size = CGSize(width: min(body.size.width, safe.width), height: min(body.size.height, safe.height))
        // A menu-bar menu drops from its title's leading edge; every other style is centred on its target.
        let alignment: HorizontalAlignment = menu.style != .menuBar ? .center : isRightToLeft ? .right : .left
        let placement = MenuPlacement.place(
            menuSize: size, geometry: geometry, source: source, alignment: alignment, isRightToLeft: isRightToLeft,
            preferredArrowDirection: preferredArrowDirection)
        let frame = placement.frame
        // Local (left-to-right, origin at the menu's corner) → container coordinates, mirrored for RTL.
        func place(_ r: CGRect) -> CGRect {
            let x = isRightToLeft ? frame.width - r.maxX : r.minX
            return CGRect(x: frame.minX + x, y: frame.minY + r.minY, width: r.width, height: r.height)
        }
        for i in body.items.indices { body.items[i].frame = place(body.items[i].frame) }
        for i in body.chevrons.indices { body.chevrons[i].frame = place(body.chevrons[i].frame) }
        return EditMenuLayout(
            style: menu.style, placement: placement, isMirrored: isRightToLeft, pages: body.pages,
            page: body.page, items: body.items, chevrons: body.chevrons,
            dividers: body.dividers.map(place), topRow: body.topRow, metrics: metrics,
            isExpandable: body.isExpandable, iconColumnWidth: body.iconColumnWidth)
    }

    /// A laid-out body in local coordinates, before placement.
    private struct Body {
        var size: CGSize
        var pages: [[EditCommand.ID]]
        var page = 0
        var items: [EditMenuLayout.Item] = []
        var chevrons: [EditMenuLayout.Chevron] = []
        var dividers: [CGRect] = []
        var topRow: [EditCommand.ID] = []
        var isExpandable = false
        var iconColumnWidth = 0.0
    }

    private static func compact(
        _ menu: EditMenu, metrics: LayoutMetrics, measure: any TextMeasurer,
        available: Double, page requested: Int, expands: Bool
    ) -> Body {
        let commands = menu.commands
        let widths = commands.map { 2 * metrics.itemPadding + measure.width(of: $0.title) }
        let paging = CompactPaging(itemWidths: widths, availableWidth: available, chevronWidth: metrics.chevronWidth)
        if expands, paging.isPaged {
            return expandableBar(
                commands, widths: widths, shown: paging.pages[0], width: paging.pageWidth, metrics: metrics)
        }
        let page = min(max(requested, 0), max(paging.pages.count - 1, 0))
        var body = Body(
            size: CGSize(width: paging.pageWidth, height: metrics.itemHeight),
            pages: paging.pages.map { commands[$0].map(\.id) }, page: page)
        guard !paging.pages.isEmpty else { return body }
        let range = paging.pages[page]
        let c = metrics.chevronWidth
        let h = metrics.itemHeight
        let leading = paging.isPaged && page > 0 ? c : 0
        let trailing = paging.isPaged ? c : 0
        let room = paging.pageWidth - leading - trailing
        let natural = widths[range].reduce(0, +)
        // A later page shares its spare width; a lone item too wide for its page is truncated.
        let stretch = page > 0 && natural < room ? (room - natural) / Double(range.count) : 0
        let scale = natural > room && natural > 0 ? room / natural : 1
        if leading > 0 {
            body.chevrons.append(
                .init(direction: .previous, isEnabled: true, frame: CGRect(x: 0, y: 0, width: c, height: h)))
            body.dividers.append(CGRect(x: c, y: 0, width: 0, height: h))
        }
        placeBarItems(
            range, of: commands, widths: widths, scale: scale, stretch: stretch, from: leading, height: h, into: &body)
        if trailing > 0 {
            let cx = paging.pageWidth - c
            body.dividers.append(CGRect(x: cx, y: 0, width: 0, height: h))
            body.chevrons.append(
                .init(
                    direction: .next, isEnabled: page < paging.pages.count - 1,
                    frame: CGRect(x: cx, y: 0, width: c, height: h)))
        }
        return body
    }

    /// Lays the bar's items `range` out from `x`, each `scale × width + stretch` wide with a divider before
    /// all but the first; returns where the last one ends.
    @discardableResult
    private static func placeBarItems(
        _ range: Range<Int>, of commands: [EditCommand], widths: [Double], scale: Double, stretch: Double,
        from start: Double, height h: Double, into body: inout Body
    ) -> Double {
        var x = start
        for (n, i) in range.enumerated() {
            if n > 0 { body.dividers.append(CGRect(x: x, y: 0, width: 0, height: h)) }
            let w = widths[i] * scale + stretch
            let command = commands[i]
            body.items.append(
                .init(
                    id: command.id, title: command.title, isEnabled: command.isEnabled, shortcut: nil,
                    hasSubmenu: command.isSubmenu, icon: nil, region: .bar,
                    frame: CGRect(x: x, y: 0, width: w, height: h)))
            x += w
        }
        return x
    }

    /// A `current` bar too wide for its container (EDIT-MENU.md §13): the items that fit (as the 2023
    /// bar's first page), then a trailing chevron that expands it into a list of every item. One page, of
    /// every item: no paging.
    private static func expandableBar(
        _ commands: [EditCommand], widths: [Double], shown: Range<Int>, width: Double, metrics: LayoutMetrics
    ) -> Body {
        let c = metrics.chevronWidth
        let h = metrics.itemHeight
        var body = Body(size: CGSize(width: width, height: h), pages: [commands.map(\.id)], isExpandable: true)
        let room = width - c
        let natural = widths[shown].reduce(0, +)
        // A lone item too wide for the bar is truncated (the host shortens its title).
        let scale = natural > room && natural > 0 ? room / natural : 1
        placeBarItems(shown, of: commands, widths: widths, scale: scale, stretch: 0, from: 0, height: h, into: &body)
        body.dividers.append(CGRect(x: room, y: 0, width: 0, height: h))
        body.chevrons.append(
            .init(direction: .expand, isEnabled: true, frame: CGRect(x: room, y: 0, width: c, height: h)))
        return body
    }

    private static func list(
        _ menu: EditMenu, metrics: LayoutMetrics, measure: any TextMeasurer, shortcuts: ShortcutStyle,
        maxWidth: Double
    ) -> Body {
        let pad = metrics.itemPadding
        let topRow = menu.style == .vertical ? VerticalMenu.topRow(of: menu) : []
        let inTopRow = Set(topRow)
        // The list's sections (each command read in place below: a command is a large value, and a menu
        // is laid out every time it is presented).
        let sections =
            (inTopRow.isEmpty
            ? menu.sections.map(\.commands) : menu.sections.map { $0.commands.filter { !inTopRow.contains($0.id) } })
            .filter { !$0.isEmpty }
        // A column for icons before the titles when a list item has one (EDIT-MENU.md §13) and the host
        // draws icons.
        let hasIcon =
            metrics.iconSize > 0
            && sections.contains { commands in commands.indices.contains { commands[$0].icon != nil } }
        let iconColumn = hasIcon ? metrics.iconSize + pad / 2 : 0
        func rowWidth(_ commands: [EditCommand], _ index: Int) -> Double {
            let shortcut = commands[index].keyEquivalent.map { 2 * pad + measure.width(of: $0.display(shortcuts)) } ?? 0
            return 2 * pad + iconColumn + measure.width(of: commands[index].title) + shortcut
                + (commands[index].children.isEmpty ? 0 : metrics.chevronWidth)
        }
        let topCommands = topRow.isEmpty ? [] : topRow.compactMap { id in menu.commands.first { $0.id == id } }
        let cell =
            topCommands.map { 2 * pad + measure.width(of: $0.title) }.max().map { max($0, metrics.topRowHeight) } ?? 0
        var widest = 0.0
        for commands in sections {
            for index in commands.indices { widest = max(widest, rowWidth(commands, index)) }
        }
        let width = min(max(metrics.minimumListWidth, widest, cell * Double(topCommands.count)), maxWidth)
        var ids: [EditCommand.ID] = []
        ids.reserveCapacity(menu.sections.reduce(0) { $0 + $1.commands.count })
        for section in menu.sections {
            for command in section.commands { ids.append(command.id) }
        }
        var body = Body(
            size: CGSize(width: width, height: 0), pages: [ids], topRow: topRow, iconColumnWidth: iconColumn)
        body.items.reserveCapacity(topCommands.count + sections.reduce(0) { $0 + $1.count })
        body.dividers.reserveCapacity(topCommands.count + sections.count)
        var y = 0.0
        if !topCommands.isEmpty {
            let w = width / Double(topCommands.count)
            for (n, c) in topCommands.enumerated() {
                if n > 0 {
                    body.dividers.append(CGRect(x: Double(n) * w, y: 0, width: 0, height: metrics.topRowHeight))
                }
                body.items.append(
                    .init(
                        id: c.id, title: c.title, isEnabled: c.isEnabled,
                        shortcut: c.keyEquivalent?.display(shortcuts), hasSubmenu: c.isSubmenu, icon: c.icon,
                        region: .topRow, frame: CGRect(x: Double(n) * w, y: 0, width: w, height: metrics.topRowHeight)
                    ))
            }
            y = metrics.topRowHeight
        }
        // Items in display order: the top row's, then each list section's.
        for commands in sections {
            if y > 0 {
                body.dividers.append(CGRect(x: 0, y: y + metrics.dividerHeight / 2, width: width, height: 0))
                y += metrics.dividerHeight
            }
            for index in commands.indices {
                body.items.append(
                    .init(
                        id: commands[index].id, title: commands[index].title, isEnabled: commands[index].isEnabled,
                        shortcut: commands[index].keyEquivalent?.display(shortcuts),
                        hasSubmenu: !commands[index].children.isEmpty, icon: commands[index].icon,
                        region: .list, frame: CGRect(x: 0, y: y, width: width, height: metrics.itemHeight)))
                y += metrics.itemHeight
            }
        }
        body.size.height = y
        return body
    }
}
