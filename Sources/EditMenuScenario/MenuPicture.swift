import EditMenuKit
import Foundation

/// An SVG picture of a presentation: the container, its safe area, the areas to avoid, the target's
/// line rects, and the menu as laid out — body with its arrow, items, dividers, paging chevrons,
/// shortcuts, submenu chevrons and dimmed items. `editmenu render` writes it; golden-file tests compare
/// it; the README shows it.
///
/// ```swift
/// let svg = MenuPicture(geometry: geometry, layout: layout).svg
/// // <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 390 844" …
/// ```
///
/// The output is deterministic (fixed number formatting, no timestamps), so it can be compared byte
/// for byte. Colours follow the platforms: the `compact` bar is dark with light titles (iOS), lists are
/// light with dark titles (iPadOS, macOS).
package struct MenuPicture: Sendable {
    /// The geometry the menu was laid out in.
    package var geometry: PresentationGeometry
    /// The laid-out menu; `nil` draws the content alone (no menu presented).
    package var layout: EditMenuLayout?
    /// A caption drawn at the top left (for example the scenario's name or why there is no menu).
    package var caption: String?
    /// Where the pointer is, drawn as an arrow cursor over the menu (a menu revealed by a secondary click
    /// opens there).
    package var pointer: CGPoint?

    /// Creates a picture.
    package init(
        geometry: PresentationGeometry, layout: EditMenuLayout?, caption: String? = nil, pointer: CGPoint? = nil
    ) {
        self.geometry = geometry
        self.layout = layout
        self.caption = caption
        self.pointer = pointer
    }

    /// The SVG document.
    package var svg: String {
        let b = geometry.bounds
        var lines = [
            open(
                "svg",
                [
                    ("xmlns", "http://www.w3.org/2000/svg"),
                    ("viewBox", "\(n(b.minX)) \(n(b.minY)) \(n(b.width)) \(n(b.height))"),
                    ("width", n(b.width)), ("height", n(b.height)),
                    ("font-family", "-apple-system, system-ui, 'Segoe UI', sans-serif"),
                ])
        ]
        lines.append(rect(b, [("fill", "#f2f2f7")]))
        lines.append(
            rect(
                b.inset(by: geometry.safeArea),
                [("fill", "#ffffff"), ("stroke", "#c7c7cc"), ("stroke-dasharray", "4 3")]))
        for area in geometry.avoid {
            lines.append(
                rect(
                    area,
                    [
                        ("fill", "#ff3b30"), ("fill-opacity", "0.15"), ("stroke", "#ff3b30"),
                        ("stroke-dasharray", "6 3"),
                    ]))
        }
        for line in geometry.target {
            if line.width == 0 {
                lines.append(
                    "  "
                        + tag(
                            "line",
                            [
                                ("x1", n(line.minX)), ("y1", n(line.minY)), ("x2", n(line.minX)),
                                ("y2", n(line.maxY)), ("stroke", "#007aff"), ("stroke-width", "2"),
                            ]))
            } else {
                lines.append(rect(line, [("fill", "#007aff"), ("fill-opacity", "0.25")]))
            }
        }
        if let caption {
            lines.append(
                "  "
                    + tag(
                        "text",
                        [("x", n(b.minX + 8)), ("y", n(b.minY + 16)), ("font-size", "12"), ("fill", "#8e8e93")],
                        text: caption))
        }
        if let layout { lines += menu(layout) }
        if let pointer {
            // The classic arrow cursor, 17 pt tall, its tip at the pointer.
            let outline: [(Double, Double)] = [
                (0, 0), (0, 16), (4, 12.5), (7, 18.5), (9.5, 17.5), (6.5, 11.5), (11.5, 11.5),
            ]
            let points = outline.map { "\(n(pointer.x + $0.0)),\(n(pointer.y + $0.1))" }.joined(separator: " ")
            lines.append(
                "  "
                    + tag(
                        "polygon",
                        [("points", points), ("fill", "#000000"), ("stroke", "#ffffff"), ("stroke-width", "1")]))
        }
        return lines.joined(separator: "\n") + "\n</svg>\n"
    }

    // MARK: The menu

    private func menu(_ layout: EditMenuLayout) -> [String] {
        let m = layout.metrics
        let dark = layout.style == .compact
        let ink = dark ? "#ffffff" : "#1c1c1e"
        let dividerColour = dark ? "#48484a" : "#d1d1d6"
        let fontSize = n(m.itemHeight * 0.4)
        var group = [("class", "menu \(layout.style.rawValue)")]
        if layout.isMirrored { group.append(("direction", "rtl")) }
        var out = ["  " + open("g", group)]
        var body = [("d", outline(layout.placement, metrics: m)), ("fill", dark ? "#1c1c1e" : "#fbfbfd")]
        if !dark { body.append(("stroke", "#c7c7cc")) }
        out.append("    " + tag("path", body))
        // A list taller than the container is cut to it (it scrolls): draw only what is inside the body.
        let bodyBottom = layout.placement.frame.maxY + 1e-9
        for d in layout.dividers where d.maxY <= bodyBottom {
            out.append(
                "    "
                    + tag(
                        "line",
                        [
                            ("x1", n(d.minX)), ("y1", n(d.minY)), ("x2", n(d.maxX)), ("y2", n(d.maxY)),
                            ("stroke", dividerColour),
                        ]))
        }
        let leading = layout.isMirrored ? "end" : "start"
        let trailing = layout.isMirrored ? "start" : "end"
        for item in layout.items where item.frame.maxY <= bodyBottom {
            let f = item.frame
            let dim: [(String, String)] = item.isEnabled ? [] : [("fill-opacity", "0.35")]
            let baseline = n(f.midY + m.itemHeight * 0.14)
            switch item.region {
            case .bar:
                out.append(
                    "    "
                        + tag(
                            "text",
                            [
                                ("x", n(f.midX)), ("y", baseline), ("font-size", fontSize),
                                ("text-anchor", "middle"), ("fill", ink),
                            ] + dim, text: item.title))
            case .topRow:
                out.append("    " + icon(for: item, metrics: m, ink: ink))
                out.append(
                    "    "
                        + tag(
                            "text",
                            [
                                ("x", n(f.midX)), ("y", n(f.maxY - m.itemHeight * 0.3)),
                                ("font-size", n(m.itemHeight * 0.3)), ("text-anchor", "middle"),
                                ("fill", ink),
                            ] + dim, text: item.title))
            case .list:
                let column = layout.iconColumnWidth
                if let icon = item.icon, column > 0 {
                    let x =
                        layout.isMirrored
                        ? f.maxX - m.itemPadding - m.iconSize / 2 : f.minX + m.itemPadding + m.iconSize / 2
                    out.append(
                        "    "
                            + pictogram(
                                icon, centre: CGPoint(x: x, y: f.midY), size: m.iconSize, ink: ink,
                                enabled: item.isEnabled))
                }
                let start = layout.isMirrored ? f.maxX - m.itemPadding - column : f.minX + m.itemPadding + column
                var end = layout.isMirrored ? f.minX + m.itemPadding : f.maxX - m.itemPadding
                out.append(
                    "    "
                        + tag(
                            "text",
                            [
                                ("x", n(start)), ("y", baseline), ("font-size", fontSize),
                                ("text-anchor", leading), ("fill", ink),
                            ] + dim, text: item.title))
                if item.hasSubmenu {
                    let half = m.chevronWidth / 2
                    let centre = layout.isMirrored ? end + half - m.itemPadding / 2 : end - half + m.itemPadding / 2
                    out.append(
                        "    "
                            + chevron(
                                pointing: layout.isMirrored ? -1 : 1, centre: CGPoint(x: centre, y: f.midY),
                                size: m.itemHeight * 0.18, colour: ink, enabled: item.isEnabled))
                    end += layout.isMirrored ? m.chevronWidth : -m.chevronWidth
                }
                if let shortcut = item.shortcut {
                    out.append(
                        "    "
                            + tag(
                                "text",
                                [
                                    ("x", n(end)), ("y", baseline), ("font-size", fontSize),
                                    ("text-anchor", trailing), ("fill", "#8e8e93"),
                                ] + dim, text: shortcut))
                }
            }
        }
        for c in layout.chevrons {
            // "next" and the `current` bar's "expand" point the reading direction: right, or left when mirrored.
            let forward = (c.direction != .previous) != layout.isMirrored
            out.append(
                "    "
                    + chevron(
                        pointing: forward ? 1 : -1, centre: CGPoint(x: c.frame.midX, y: c.frame.midY),
                        size: m.itemHeight * 0.22, colour: ink, enabled: c.isEnabled))
        }
        out.append("  </g>")
        return out
    }

    /// The body's outline with rounded corners and the arrow on its straight edge, clockwise from the
    /// top left.
    private func outline(_ placement: MenuPlacement, metrics m: LayoutMetrics) -> String {
        let f = placement.frame
        let r = min(m.cornerRadius, f.width / 2, f.height / 2)
        let arrow = placement.arrowTriangle(metrics: m)
        var d = "M\(n(f.minX + r)) \(n(f.minY))"
        if placement.arrowDirection == .up, let a = arrow {
            d += " L\(n(a[0].x)) \(n(a[0].y)) L\(n(a[1].x)) \(n(a[1].y)) L\(n(a[2].x)) \(n(a[2].y))"
        }
        d += " L\(n(f.maxX - r)) \(n(f.minY)) Q\(n(f.maxX)) \(n(f.minY)) \(n(f.maxX)) \(n(f.minY + r))"
        d += " L\(n(f.maxX)) \(n(f.maxY - r)) Q\(n(f.maxX)) \(n(f.maxY)) \(n(f.maxX - r)) \(n(f.maxY))"
        if placement.arrowDirection == .down, let a = arrow {
            d += " L\(n(a[2].x)) \(n(a[2].y)) L\(n(a[1].x)) \(n(a[1].y)) L\(n(a[0].x)) \(n(a[0].y))"
        }
        d += " L\(n(f.minX + r)) \(n(f.maxY)) Q\(n(f.minX)) \(n(f.maxY)) \(n(f.minX)) \(n(f.maxY - r))"
        d += " L\(n(f.minX)) \(n(f.minY + r)) Q\(n(f.minX)) \(n(f.minY)) \(n(f.minX + r)) \(n(f.minY)) Z"
        return d
    }

    /// A chevron (‹ or ›) as a polyline: `direction` 1 points right, -1 left.
    private func chevron(
        pointing direction: Double, centre c: CGPoint, size s: Double, colour: String,
        enabled: Bool
    ) -> String {
        let back = c.x - direction * s / 2
        let tip = c.x + direction * s / 2
        var attributes = [
            ("points", "\(n(back)),\(n(c.y - s)) \(n(tip)),\(n(c.y)) \(n(back)),\(n(c.y + s))"),
            ("fill", "none"), ("stroke", colour), ("stroke-width", "2"), ("stroke-linecap", "round"),
            ("stroke-linejoin", "round"),
        ]
        if !enabled { attributes.append(("stroke-opacity", "0.35")) }
        return tag("polyline", attributes)
    }

    /// A simple line icon for the vertical style's top row: scissors, two sheets, a clipboard, a bin.
    private func icon(for item: EditMenuLayout.Item, metrics m: LayoutMetrics, ink: String) -> String {
        let s = m.itemHeight * 0.25
        let x = item.frame.midX
        let y = item.frame.minY + m.itemHeight * 0.5
        var style = [("fill", "none"), ("stroke", ink), ("stroke-width", "1.5")]
        if !item.isEnabled { style.append(("stroke-opacity", "0.35")) }
        func box(_ bx: Double, _ by: Double, _ w: Double, _ h: Double) -> String {
            tag("rect", [("x", n(bx)), ("y", n(by)), ("width", n(w)), ("height", n(h)), ("rx", "2")])
        }
        func segment(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> String {
            tag("line", [("x1", n(x1)), ("y1", n(y1)), ("x2", n(x2)), ("y2", n(y2))])
        }
        func ring(_ cx: Double, _ cy: Double) -> String {
            tag("circle", [("cx", n(cx)), ("cy", n(cy)), ("r", n(s / 3))])
        }
        let shapes: [String]
        switch item.id {
        case .cut:
            shapes = [
                ring(x - s / 2, y + s / 2), ring(x + s / 2, y + s / 2),
                segment(x - s / 3, y + s / 4, x + s / 2, y - s), segment(x + s / 3, y + s / 4, x - s / 2, y - s),
            ]
        case .copy:
            shapes = [box(x - s * 0.8, y - s * 0.6, s, s * 1.4), box(x - s * 0.4, y - s, s, s * 1.4)]
        case .paste:
            shapes = [box(x - s * 0.6, y - s * 0.8, s * 1.2, s * 1.7), box(x - s * 0.3, y - s, s * 0.6, s * 0.4)]
        default:
            shapes = [
                box(x - s * 0.5, y - s * 0.6, s, s * 1.5), segment(x - s * 0.8, y - s * 0.6, x + s * 0.8, y - s * 0.6),
            ]
        }
        return open("g", style) + shapes.joined() + "</g>"
    }

    /// A line drawing of one of the HIG's standard icons (EDIT-MENU.md §13), `size` wide, centred on
    /// `centre`: a picture of the SF Symbol it names, drawn here (the symbols themselves are Apple's).
    private func pictogram(
        _ icon: EditMenuIcon, centre c: CGPoint, size: Double, ink: String, enabled: Bool
    ) -> String {
        let s = size / 2
        var style = [
            ("class", "icon \(icon.systemName)"), ("fill", "none"), ("stroke", ink), ("stroke-width", "1.5"),
            ("stroke-linecap", "round"), ("stroke-linejoin", "round"),
        ]
        if !enabled { style.append(("stroke-opacity", "0.35")) }
        func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String {
            tag("rect", [("x", n(x)), ("y", n(y)), ("width", n(w)), ("height", n(h)), ("rx", "1.5")])
        }
        func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> String {
            tag("line", [("x1", n(x1)), ("y1", n(y1)), ("x2", n(x2)), ("y2", n(y2))])
        }
        func path(_ d: String) -> String { tag("path", [("d", d)]) }
        func letter(_ text: String, _ extra: [(String, String)]) -> String {
            tag(
                "text",
                [
                    ("x", n(c.x)), ("y", n(c.y + s * 0.7)), ("font-size", n(size * 1.1)), ("text-anchor", "middle"),
                    ("fill", ink), ("stroke", "none"),
                ] + extra, text: text)
        }
        let x = c.x, y = c.y
        let shapes: [String]
        switch icon.systemName {
        case EditMenuIcon.scissors.systemName:
            shapes = [
                tag("circle", [("cx", n(x - s / 2)), ("cy", n(y + s / 2)), ("r", n(s / 3))]),
                tag("circle", [("cx", n(x + s / 2)), ("cy", n(y + s / 2)), ("r", n(s / 3))]),
                line(x - s / 3, y + s / 4, x + s / 2, y - s), line(x + s / 3, y + s / 4, x - s / 2, y - s),
            ]
        case EditMenuIcon.documentOnDocument.systemName:
            shapes = [box(x - s * 0.9, y - s * 0.5, s * 1.2, s * 1.5), box(x - s * 0.3, y - s, s * 1.2, s * 1.5)]
        case EditMenuIcon.documentOnClipboard.systemName:
            shapes = [box(x - s * 0.7, y - s * 0.8, s * 1.4, s * 1.8), box(x - s * 0.3, y - s, s * 0.6, s * 0.4)]
        case EditMenuIcon.trash.systemName:
            shapes = [box(x - s * 0.6, y - s * 0.6, s * 1.2, s * 1.6), line(x - s, y - s * 0.6, x + s, y - s * 0.6)]
        case EditMenuIcon.arrowUturnBackward.systemName, EditMenuIcon.arrowUturnForward.systemName:
            let d = icon == .arrowUturnBackward ? -1.0 : 1.0
            shapes = [
                path(
                    "M\(n(x + d * s)) \(n(y)) L\(n(x - d * s * 0.2)) \(n(y)) A\(n(s * 0.5)) \(n(s * 0.5)) 0 0 1 \(n(x - d * s * 0.2)) \(n(y + s))"
                ),
                path(
                    "M\(n(x + d * s * 0.6)) \(n(y - s * 0.4)) L\(n(x + d * s)) \(n(y)) L\(n(x + d * s * 0.6)) \(n(y + s * 0.4))"
                ),
            ]
        case EditMenuIcon.checkmarkCircle.systemName:
            shapes = [
                tag("circle", [("cx", n(x)), ("cy", n(y)), ("r", n(s))]),
                path(
                    "M\(n(x - s * 0.45)) \(n(y)) L\(n(x - s * 0.1)) \(n(y + s * 0.35)) L\(n(x + s * 0.5)) \(n(y - s * 0.35))"
                ),
            ]
        case EditMenuIcon.bold.systemName: shapes = [letter("B", [("font-weight", "bold")])]
        case EditMenuIcon.italic.systemName:
            shapes = [letter("I", [("font-style", "italic"), ("font-family", "serif")])]
        case EditMenuIcon.underline.systemName:
            shapes = [letter("U", []), line(x - s * 0.6, y + s, x + s * 0.6, y + s)]
        case EditMenuIcon.findInText.systemName:
            shapes = [
                box(x - s, y - s, s * 1.3, s * 1.7),
                tag("circle", [("cx", n(x + s * 0.3)), ("cy", n(y + s * 0.2)), ("r", n(s * 0.45))]),
                line(x + s * 0.62, y + s * 0.52, x + s, y + s * 0.9),
            ]
        default: // Share…: a box with an arrow up out of it.
            shapes = [
                path(
                    "M\(n(x - s * 0.4)) \(n(y - s * 0.2)) L\(n(x - s * 0.8)) \(n(y - s * 0.2)) L\(n(x - s * 0.8)) \(n(y + s)) L\(n(x + s * 0.8)) \(n(y + s)) L\(n(x + s * 0.8)) \(n(y - s * 0.2)) L\(n(x + s * 0.4)) \(n(y - s * 0.2))"
                ),
                line(x, y + s * 0.4, x, y - s),
                path("M\(n(x - s * 0.4)) \(n(y - s * 0.6)) L\(n(x)) \(n(y - s)) L\(n(x + s * 0.4)) \(n(y - s * 0.6))"),
            ]
        }
        return open("g", style) + shapes.joined() + "</g>"
    }

    // MARK: Writing

    private func rect(_ r: CGRect, _ attributes: [(String, String)]) -> String {
        "  "
            + tag(
                "rect",
                [("x", n(r.minX)), ("y", n(r.minY)), ("width", n(r.width)), ("height", n(r.height))] + attributes)
    }

    private func open(_ name: String, _ attributes: [(String, String)]) -> String {
        "<\(name)" + attributes.map { " \($0.0)=\"\(escape($0.1))\"" }.joined() + ">"
    }

    private func tag(_ name: String, _ attributes: [(String, String)], text: String? = nil) -> String {
        let start = "<\(name)" + attributes.map { " \($0.0)=\"\(escape($0.1))\"" }.joined()
        guard let text else { return start + "/>" }
        return start + ">" + escape(text) + "</\(name)>"
    }

    /// A coordinate with at most two decimals and no trailing zeros.
    private func n(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let whole = abs(hundredths) / 100
        let fraction = abs(hundredths) % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        let digits = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(sign)\(whole).\(digits)"
    }

    private func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
