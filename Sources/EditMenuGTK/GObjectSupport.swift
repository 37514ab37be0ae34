#if GTK
import CGtk
import Foundation

/// A GTK widget as GTK's C API passes it.
public typealias WidgetPointer = UnsafeMutablePointer<GtkWidget>

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The widget as another GTK struct type it is an instance of (`GtkTextView`, `GtkEntry` …).
    /// The caller knows the type: GTK's own `GTK_TEXT_VIEW()` casts check nothing more in release builds.
    public func cast<T>(to: T.Type) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
    }

    /// The widget as an opaque GTK type (`GtkLabel`, `GtkOverlay`, `GtkEditable` …).
    public var opaque: OpaquePointer { OpaquePointer(self) }

    /// The widget as a `gpointer` (for `g_signal_connect_data`, `g_object_*`).
    package var raw: gpointer { UnsafeMutableRawPointer(self) }
}

/// Connects Swift closures to GObject signals. `g_signal_connect` is a C macro (not imported); this calls
/// `g_signal_connect_data` with one `@convention(c)` trampoline per signal signature — a trampoline must
/// match the signal's C signature exactly, or arguments arrive corrupted — and releases the closure when
/// the handler is disconnected or the object is finalized.
@MainActor
enum Signal {
    /// A closure kept alive for as long as its handler is connected.
    final class Box<Body> {
        let body: Body
        init(_ body: Body) { self.body = body }
    }

    /// Releases a ``Box`` when GLib drops the handler.
    static let release: GClosureNotify = { data, _ in
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
    }

    /// Connects `trampoline`, which finds `body` in its ``Box`` (the user data), with `flags`
    /// (`G_CONNECT_AFTER` …).
    @discardableResult
    static func connect<Body>(
        _ instance: gpointer, _ name: String, _ body: Body, trampoline: GCallback,
        flags: GConnectFlags = GConnectFlags(rawValue: 0)
    ) -> UInt {
        let data = Unmanaged.passRetained(Box(body) as AnyObject).toOpaque()
        return UInt(g_signal_connect_data(instance, name, trampoline, data, release, flags))
    }

    /// `void (*)(GObject *self, gpointer user_data)`: `clicked`, `changed`, `activate` of widgets.
    @discardableResult
    static func connect(_ instance: gpointer, _ name: String, _ body: @escaping @MainActor () -> Void) -> UInt {
        let trampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            guard let data else { return }
            let box = Unmanaged<Box<@MainActor () -> Void>>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { box.body() }
        }
        return connect(instance, name, body, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void (*)(GObject *self, gpointer argument, gpointer user_data)`: `GSimpleAction::activate`,
    /// `GtkTextBuffer::paste-done`, `GObject::notify`, `GdkClipboard::changed` (which has no argument:
    /// use the other overload).
    @discardableResult
    static func connect(
        _ instance: gpointer, _ name: String,
        pointer body: @escaping @MainActor (gpointer?) -> Void
    ) -> UInt {
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
            guard let data else { return }
            let box = Unmanaged<Box<@MainActor (gpointer?) -> Void>>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { box.body(argument) }
        }
        return connect(instance, name, body, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void (*)(GObject *self, gpointer a, gpointer b, gpointer user_data)`: `GtkTextBuffer::mark-set`
    /// (location, mark).
    @discardableResult
    static func connect(
        _ instance: gpointer, _ name: String,
        pointers body: @escaping @MainActor (gpointer?, gpointer?) -> Void
    ) -> UInt {
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?, gpointer?) -> Void = { _, a, b, data in
            guard let data else { return }
            let box = Unmanaged<Box<@MainActor (gpointer?, gpointer?) -> Void>>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { box.body(a, b) }
        }
        return connect(instance, name, body, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `GtkGestureLongPress::pressed`: `void (*)(GtkGestureLongPress *, double x, double y, gpointer)`.
    @discardableResult
    static func connect(
        _ instance: gpointer, _ name: String,
        point body: @escaping @MainActor (Double, Double) -> Void
    ) -> UInt {
        let trampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
            guard let data else { return }
            let box = Unmanaged<Box<@MainActor (Double, Double) -> Void>>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { box.body(x, y) }
        }
        return connect(instance, name, body, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `GtkGestureClick::pressed`: `void (*)(GtkGestureClick *, int n_press, double x, double y, gpointer)`.
    @discardableResult
    static func connect(
        _ instance: gpointer, _ name: String,
        press body: @escaping @MainActor (Int32, Double, Double) -> Void
    ) -> UInt {
        let trampoline: @convention(c) (gpointer?, Int32, Double, Double, gpointer?) -> Void = { _, n, x, y, data in
            guard let data else { return }
            let box = Unmanaged<Box<@MainActor (Int32, Double, Double) -> Void>>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { box.body(n, x, y) }
        }
        return connect(instance, name, body, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `GtkEventControllerKey::key-pressed`:
    /// `gboolean (*)(GtkEventControllerKey *, guint keyval, guint keycode, GdkModifierType, gpointer)`.
    @discardableResult
    static func connect(
        _ instance: gpointer, _ name: String,
        key body: @escaping @MainActor (UInt32, GdkModifierType) -> Bool
    ) -> UInt {
        let trampoline: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
            _, keyval, _, state, data in
            guard let data else { return 0 }
            let box = Unmanaged<Box<@MainActor (UInt32, GdkModifierType) -> Bool>>.fromOpaque(data)
                .takeUnretainedValue()
            return MainActor.assumeIsolated { box.body(keyval, state) } ? 1 : 0
        }
        return connect(instance, name, body, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

extension Signal {
    /// `GtkEventControllerLegacy::event`: `gboolean (*)(GtkEventControllerLegacy *, GdkEvent *, gpointer)`.
    @discardableResult
    static func connect(
        _ instance: gpointer, _ name: String,
        event body: @escaping @MainActor (OpaquePointer) -> Bool
    ) -> UInt {
        let trampoline: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean = { _, event, data in
            guard let data, let event else { return 0 }
            let box = Unmanaged<Box<@MainActor (OpaquePointer) -> Bool>>.fromOpaque(data).takeUnretainedValue()
            return MainActor.assumeIsolated { box.body(event) } ? 1 : 0
        }
        return connect(instance, name, body, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// A GLib timeout that can be replaced or cancelled: the controller's next gesture deadline.
@MainActor
final class Timer {
    private var source: guint = 0

    /// Runs `body` once after `milliseconds`, replacing what was scheduled before.
    func schedule(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) {
        cancel()
        source = addTimeout(milliseconds: milliseconds) { [weak self] in
            self?.source = 0
            body()
        }
    }

    /// Removes the scheduled call, if any.
    func cancel() {
        if source != 0 { g_source_remove(source) }
        source = 0
    }
}

/// Runs `body` once on GTK's main loop after `milliseconds` (0: when idle).
@MainActor
func afterDelay(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) {
    addTimeout(milliseconds: milliseconds, body)
}

/// A GLib timeout running `body` once after `milliseconds`, which releases `body` when it is removed
/// (after running, or by `g_source_remove`); returns its source id.
@MainActor
@discardableResult
private func addTimeout(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> guint {
    let data = Unmanaged.passRetained(Signal.Box(body)).toOpaque()
    let callback: @convention(c) (gpointer?) -> gboolean = { data in
        guard let data else { return 0 }
        let box = Unmanaged<Signal.Box<@MainActor () -> Void>>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { box.body() }
        return 0 // G_SOURCE_REMOVE
    }
    let release: GDestroyNotify = { data in
        guard let data else { return }
        Unmanaged<Signal.Box<@MainActor () -> Void>>.fromOpaque(data).release()
    }
    return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, callback, data, release)
}

/// Runs `body` with a `GValue` of `type` that `set` filled in; the value is unset afterwards.
func withGValue<R>(
    _ type: GType, _ set: (UnsafeMutablePointer<GValue>) -> Void, _ body: (UnsafeMutablePointer<GValue>) -> R
) -> R {
    var value = GValue()
    g_value_init(&value, type)
    defer { g_value_unset(&value) }
    return withUnsafeMutablePointer(to: &value) { value in
        set(value)
        return body(value)
    }
}

/// A string GLib allocated, copied into Swift and freed.
func takeGString(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
    guard let pointer else { return "" }
    defer { g_free(pointer) }
    return String(cString: pointer)
}

/// Small conveniences for apps that host the edit menu: GLib's main loop and signal connection.
@MainActor
package enum GTKSupport {
    /// Runs `body` once after `milliseconds` on GTK's main loop.
    package static func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) {
        afterDelay(milliseconds: milliseconds, body)
    }

    /// Connects `body` to a signal whose handler takes only the instance (`activate`, `clicked` …).
    @discardableResult
    package static func connect(_ instance: gpointer, _ signal: String, _ body: @escaping @MainActor () -> Void) -> UInt
    {
        Signal.connect(instance, signal, body)
    }
}
#endif
