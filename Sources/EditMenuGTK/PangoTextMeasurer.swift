#if GTK
import CGtk
import EditMenuKit
import Foundation

/// Measures menu titles with Pango in the font the menu's buttons draw with, so the core's
/// `EditMenuLayoutEngine` sizes items and pages the compact menu exactly as they will be drawn.
///
/// ```swift
/// let engine = EditMenuLayoutEngine(measurer: PangoTextMeasurer(family: "Sans", pixelSize: 14))
/// ```
///
/// Pango is not thread-safe: every measurement holds a lock, which makes the measurer safe to share
/// (the layout engine needs a `Sendable` measurer; GTK hosts call it on the main thread anyway).
package final class PangoTextMeasurer: TextMeasurer, @unchecked Sendable {
    /// The font family (a fontconfig name: "Sans", "DejaVu Sans" …).
    package let family: String
    /// The font size in pixels.
    package let pixelSize: Double
    private let lock = NSLock()
    private let context: OpaquePointer
    private let font: OpaquePointer

    /// Creates a measurer for `family` at `pixelSize` pixels (the CSS `font-size` of the menu's buttons).
    package init(family: String = EditMenuStyleSheet.fontFamily, pixelSize: Double = EditMenuStyleSheet.fontPixelSize) {
        self.family = family
        self.pixelSize = pixelSize
        context = pango_font_map_create_context(pango_cairo_font_map_get_default())
        font = pango_font_description_new()
        pango_font_description_set_family(font, family)
        pango_font_description_set_absolute_size(font, pixelSize * Double(PANGO_SCALE))
    }

    deinit {
        pango_font_description_free(font)
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// The logical width of `text` on one line, in pixels (fractional: Pango units / `PANGO_SCALE`).
    package func width(of text: String) -> Double {
        lock.lock()
        defer { lock.unlock() }
        let layout = pango_layout_new(context)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_font_description(layout, font)
        pango_layout_set_text(layout, text, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Double(logical.width) / Double(PANGO_SCALE)
    }
}
#endif
