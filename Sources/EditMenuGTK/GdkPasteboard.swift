#if GTK
import CGtk
import EditMenuKit
import Foundation

/// What the edit menu may know about a `GdkClipboard`: the *formats* it offers (MIME types and GTypes),
/// never its contents — so presenting a menu never reads another application's data.
///
/// ```swift
/// let types = ClipboardFormats.pasteboardTypes(of: gdk_display_get_clipboard(display))
/// // [text] after `echo hi | xclip -i -selection clipboard`
/// ```
package enum ClipboardFormats {
    /// The pasteboard types of the formats `clipboard` currently advertises (no data is read).
    @MainActor
    package static func pasteboardTypes(of clipboard: OpaquePointer) -> Set<PasteboardType> {
        guard let formats = gdk_clipboard_get_formats(clipboard) else { return [] }
        var types = Set<PasteboardType>()
        var count: gsize = 0
        if let mimes = gdk_content_formats_get_mime_types(formats, &count) {
            for i in 0..<Int(count) {
                if let mime = mimes[i], let type = pasteboardType(forMIMEType: String(cString: mime)) {
                    types.insert(type)
                }
            }
        }
        if gdk_content_formats_contain_gtype(formats, cgtk_type_string()) != 0 { types.insert(.plainText) }
        if gdk_content_formats_contain_gtype(formats, gdk_texture_get_type()) != 0 { types.insert(.image) }
        if gdk_content_formats_contain_gtype(formats, gdk_file_list_get_type()) != 0 { types.insert(.file) }
        return types
    }

    /// The pasteboard type a clipboard MIME type (or X11 target name) stands for, `nil` when the menu
    /// has no use for it (`TARGETS`, `TIMESTAMP`, GTK's private buffer format …).
    ///
    /// ```swift
    /// ClipboardFormats.pasteboardType(forMIMEType: "text/plain;charset=utf-8")   // text
    /// ClipboardFormats.pasteboardType(forMIMEType: "image/png")                  // image
    /// ```
    package static func pasteboardType(forMIMEType mime: String) -> PasteboardType? {
        let base = mime.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch base {
        case "text/plain", "utf8_string", "string", "text", "compound_text": return .plainText
        case "text/html", "text/rtf", "application/rtf": return .richText
        case "text/uri-list", "application/vnd.portal.files": return .file
        case "text/x-moz-url", "x-special/gnome-copied-files": return .url
        case "text/vcard", "text/x-vcard", "text/directory": return .vCard
        default:
            if base.hasPrefix("image/") { return .image }
            return nil
        }
    }

    /// Puts every representation on `clipboard` at once (one `GdkContentProvider` per MIME type, joined
    /// in a union provider), so the application that pastes picks the richest it understands.
    ///
    /// ```swift
    /// ClipboardFormats.write([("text/vcard", vcard), ("text/plain;charset=utf-8", Data(name.utf8))], to: clipboard)
    /// ```
    @MainActor
    package static func write(_ representations: [(mimeType: String, data: Data)], to clipboard: OpaquePointer) {
        var providers: [UnsafeMutablePointer<GdkContentProvider>?] = representations.map { mime, data in
            let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            defer { g_bytes_unref(bytes) }
            return gdk_content_provider_new_for_bytes(mime, bytes)
        }
        let union = providers.withUnsafeMutableBufferPointer {
            gdk_content_provider_new_union($0.baseAddress, gsize($0.count))
        }
        gdk_clipboard_set_content(clipboard, union)
        g_object_unref(UnsafeMutableRawPointer(union))
    }
}
#endif
