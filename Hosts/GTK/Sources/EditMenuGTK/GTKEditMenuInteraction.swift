import CGtk
import EditMenuKit
import Foundation

/// The edit menu for a GTK window — UIKit's `UIEditMenuInteraction`, for GTK 4: attach it to the
/// widgets you already use and it replaces GTK's own context menu and touch selection bubble with the
/// HIG edit menu.
///
/// ```swift
/// let menu = GTKEditMenuInteraction(overlay: overlay, clipboard: gtk_widget_get_clipboard(window),
///                                   locale: MenuLocale.fromEnvironment(ProcessInfo.processInfo.environment))
/// menu.attach(TextViewTarget(textView))
/// menu.attach(EditableTarget(passwordEntry, name: "password"))
/// ```
///
/// - Touch and hold (`GtkGestureLongPress`) selects the word and shows the `compact` menu above it.
/// - Double click selects the word (the core's ICU segmentation), without a menu.
/// - Secondary click selects the word unless it is inside the selection and shows the pointer style
///   at the pointer; Menu or Shift-F10 shows the keyboard style at the selection, focused.
/// - Its gestures run in the capture phase and claim their sequence, so GTK's own context menu and
///   bubble never start; Escape, typing or a click elsewhere dismisses the menu.
@MainActor
public final class GTKEditMenuInteraction {
    /// The overlay the menu is drawn in (the window's content); its coordinates are the layout's.
    public let overlay: WidgetPointer
    /// The clipboard commands read and write.
    public let clipboard: OpaquePointer
    /// The language of the titles and the menu's direction.
    public var locale: MenuLocale
    /// The device kind the rules decide for: `.pad` (compact for touch, vertical for pointer and
    /// keyboard, a menu bar) by default; `.mac` gives the `contextMenu` style.
    public var idiom: Idiom = .pad
    /// Whether the menu is drawn dark.
    public var isDark: Bool
    /// Where events are recorded.
    public let log: EventLog
    /// Opens the URIs of data actions and Search Web.
    public var opener: URLOpener
    /// Called when a target's state changes (the app's Edit menu refreshes its enabled items).
    public var onStateChange: (@MainActor () -> Void)?

    private(set) var targets: [EditMenuTarget] = []
    /// The target the menu or keyboard focus is on.
    public private(set) var activeTarget: EditMenuTarget?
    private var state = EditMenuInteraction()
    private var presented: (target: EditMenuTarget, menu: EditMenu, input: InputMethod, source: PlacementSource)?
    private let view: EditMenuView
    private let engine: EditMenuLayoutEngine

    /// Creates the interaction for the window whose content is `overlay` (a `GtkOverlay`).
    public init(
        overlay: WidgetPointer, clipboard: OpaquePointer, locale: MenuLocale, isDark: Bool = false,
        log: EventLog = EventLog(path: nil), opener: URLOpener = .none,
        measurer: any TextMeasurer = PangoTextMeasurer()
    ) {
        self.overlay = overlay
        self.clipboard = clipboard
        self.locale = locale
        self.isDark = isDark
        self.log = log
        self.opener = opener
        view = EditMenuView(overlay: overlay)
        engine = EditMenuLayoutEngine(measurer: measurer)
        Self.installStyleSheet(for: overlay)
        installDismissal()
        Signal.connect(UnsafeMutableRawPointer(clipboard), "changed") { [weak self] in
            guard let self else { return }
            self.log.record(
                "clipboard", ["types": ClipboardFormats.pasteboardTypes(of: self.clipboard).map(\.rawValue).sorted()])
            self.onStateChange?()
        }
    }

    private static func installStyleSheet(for widget: WidgetPointer) {
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, EditMenuStyleSheet.css, -1)
        gtk_style_context_add_provider_for_display(
            gtk_widget_get_display(widget), OpaquePointer(provider),
            UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    /// A press outside the menu dismisses it (without claiming: the press still does its usual work).
    private func installDismissal() {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, 0)
        gtk_event_controller_set_propagation_phase(click, GTK_PHASE_CAPTURE)
        Signal.connect(
            UnsafeMutableRawPointer(click), "pressed",
            press: { [weak self] _, x, y in
                guard let self, let drawn = self.view.drawnBounds else { return }
                if !drawn.contains(Rect(x: x, y: y, width: 0, height: 0)) { self.dismiss(reason: "clickOutside") }
            })
        gtk_widget_add_controller(overlay, click)
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connect(
            UnsafeMutableRawPointer(keys), "key-pressed",
            key: { [weak self] keyval, _ in
                guard let self, self.view.layout != nil, keyval == UInt32(GDK_KEY_Escape) else { return false }
                self.dismiss(reason: "escape")
                return true
            })
        gtk_widget_add_controller(overlay, keys)
    }

    /// Attaches the edit menu to `target`'s widget.
    public func attach(_ target: EditMenuTarget) {
        targets.append(target)
        let widget = target.widget
        target.onChange = { [weak self, weak target] in
            guard let self, let target else { return }
            self.onStateChange?()
            self.scheduleStateLog(for: target)
        }

        let longPress = gtk_gesture_long_press_new()!
        gtk_event_controller_set_propagation_phase(longPress, GTK_PHASE_CAPTURE)
        Signal.connect(
            UnsafeMutableRawPointer(longPress), "pressed",
            point: { [weak self, weak target] x, y in
                guard let self, let target else { return }
                gtk_gesture_set_state(longPress, GTK_EVENT_SEQUENCE_CLAIMED)
                self.reveal(.longPress, on: target, at: Point(x: x, y: y), input: .touch)
            })
        gtk_widget_add_controller(widget, longPress)

        let secondary = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(secondary, UInt32(GDK_BUTTON_SECONDARY))
        gtk_event_controller_set_propagation_phase(secondary, GTK_PHASE_CAPTURE)
        Signal.connect(
            UnsafeMutableRawPointer(secondary), "pressed",
            press: { [weak self, weak target] _, x, y in
                guard let self, let target else { return }
                gtk_gesture_set_state(secondary, GTK_EVENT_SEQUENCE_CLAIMED)
                self.reveal(.secondaryClick, on: target, at: Point(x: x, y: y), input: .pointer)
            })
        gtk_widget_add_controller(widget, secondary)

        let primary = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(primary, UInt32(GDK_BUTTON_PRIMARY))
        gtk_event_controller_set_propagation_phase(primary, GTK_PHASE_CAPTURE)
        Signal.connect(
            UnsafeMutableRawPointer(primary), "pressed",
            press: { [weak self, weak target] n, x, y in
                guard let self, let target else { return }
                self.activeTarget = target
                guard n == 2 || target is ObjectTarget else { return }
                // Double click selects the word (the core's segmentation); with a pointer no menu appears.
                gtk_gesture_set_state(primary, GTK_EVENT_SEQUENCE_CLAIMED)
                target.takeFocus()
                let gesture: RevealGesture = n == 2 ? .doubleTap : .tap
                _ = target.apply(gesture, at: Point(x: x, y: y))
                self.log.record("selection", target.logState().merging(["gesture": gesture.rawValue]) { a, _ in a })
            })
        gtk_widget_add_controller(widget, primary)

        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connect(
            UnsafeMutableRawPointer(keys), "key-pressed",
            key: { [weak self, weak target] keyval, modifiers in
                guard let self, let target else { return false }
                let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
                if keyval == UInt32(GDK_KEY_Menu) || (keyval == UInt32(GDK_KEY_F10) && shift) {
                    self.reveal(.menuKey, on: target, at: nil, input: .keyboard)
                    return true
                }
                if self.presented != nil, !Self.isModifier(keyval) { self.apply(self.state.handle(.typed)) }
                return false
            })
        gtk_widget_add_controller(widget, keys)
    }

    private var pendingStateLogs: Set<ObjectIdentifier> = []

    /// Records a target's text and selection once per main-loop turn, however many signals fired.
    private func scheduleStateLog(for target: EditMenuTarget) {
        guard pendingStateLogs.insert(ObjectIdentifier(target)).inserted else { return }
        afterDelay(milliseconds: 0) { [weak self, weak target] in
            guard let self, let target else { return }
            self.pendingStateLogs.remove(ObjectIdentifier(target))
            self.log.record("state", target.logState())
        }
    }

    private static func isModifier(_ keyval: UInt32) -> Bool {
        (UInt32(GDK_KEY_Shift_L)...UInt32(GDK_KEY_Hyper_R)).contains(keyval)
    }

    /// The context the rules decide from: the target's content, the clipboard's formats (never its
    /// contents), undo state and detected data.
    public func context(for target: EditMenuTarget, input: InputMethod, surface: Surface = .editMenu) -> EditMenuContext
    {
        EditMenuContext(
            content: target.selectableContent(), idiom: idiom, input: input, surface: surface,
            pasteboardTypes: ClipboardFormats.pasteboardTypes(of: clipboard),
            undoActionName: target.undoActionName, redoActionName: target.redoActionName,
            services: .searchWeb, dataActions: target.dataActions(), locale: locale)
    }

    /// Applies a revealing gesture to `target` and presents (or dismisses) the menu as the core decides.
    public func reveal(_ gesture: RevealGesture, on target: EditMenuTarget, at point: Point?, input: InputMethod) {
        activeTarget = target
        target.takeFocus()
        let shows = target.apply(gesture, at: point)
        log.record("selection", target.logState().merging(["gesture": gesture.rawValue]) { a, _ in a })
        guard shows else {
            apply(state.handle(.gesture(gesture, showsMenu: false)))
            return
        }
        let context = context(for: target, input: input)
        guard case .presented(let menu) = EditMenuRules.presentation(for: context) else {
            if case .notPresented(let reason) = EditMenuRules.presentation(for: context) {
                log.record(
                    "notPresented", ["widget": target.name, "reason": reason.rawValue, "gesture": gesture.rawValue])
            }
            apply(state.handle(.dismiss))
            presented = nil
            return
        }
        // Pointer menus open at the pointer; touch and keyboard menus point at the selection.
        let source: PlacementSource =
            input == .pointer && point != nil
            ? .point(translate(point!, from: target.widget, to: overlay)) : .selection
        presented = (target, menu, input, source)
        let pages = layout(page: 0)?.pages.count ?? 1
        apply(state.handle(.gesture(gesture, showsMenu: true, pageCount: pages)))
        if input == .keyboard { view.focusFirstItem() }
    }

    /// Dismisses the menu.
    public func dismiss(reason: String) {
        guard presented != nil else { return }
        log.record("dismissed", ["reason": reason])
        apply(state.handle(.dismiss))
    }

    private func layout(page: Int) -> EditMenuLayout? {
        guard let presented else { return nil }
        let width = Double(gtk_widget_get_width(overlay)), height = Double(gtk_widget_get_height(overlay))
        let geometry = PresentationGeometry(
            bounds: Rect(x: 0, y: 0, width: width, height: height),
            target: presented.target.targetRects(in: overlay))
        return engine.layout(
            presented.menu, geometry: geometry, idiom: idiom, isRightToLeft: locale.isRightToLeft,
            page: page, source: presented.source)
    }

    private func apply(_ effects: [EditMenuInteraction.Effect]) {
        for effect in effects {
            switch effect {
            case .show(let page):
                guard let presented, let layout = layout(page: page) else { continue }
                view.show(
                    layout, dark: isDark, choose: { [weak self] id in self?.choose(id) },
                    page: { [weak self] direction in
                        guard let self else { return }
                        self.apply(self.state.handle(direction == .next ? .nextPage : .previousPage))
                    })
                record(layout, target: presented.target)
            case .hide:
                view.hide()
                presented = nil
            case .relayout:
                if case .presented(let page) = state.state { apply([.show(page: page)]) }
            }
        }
    }

    /// Where the overlay's origin is in the X window (for tests turning layout frames into screen points).
    public func overlayOriginInSurface() -> Point {
        guard let native = gtk_widget_get_native(overlay) else { return Point(x: 0, y: 0) }
        let nativeWidget = WidgetPointer(native)
        var sx = 0.0, sy = 0.0
        gtk_native_get_surface_transform(native, &sx, &sy)
        let p = translate(Point(x: 0, y: 0), from: overlay, to: nativeWidget)
        return Point(x: p.x + sx, y: p.y + sy)
    }

    private func record(_ layout: EditMenuLayout, target: EditMenuTarget) {
        func json(_ r: Rect) -> [Double] { [r.x, r.y, r.width, r.height] }
        let origin = overlayOriginInSurface()
        log.record(
            "menu",
            [
                "widget": target.name, "style": layout.style.rawValue, "page": layout.page, "pages": layout.pages.count,
                "side": layout.placement.side.rawValue, "arrow": layout.placement.arrowDirection.rawValue,
                "arrowX": layout.placement.arrowX ?? -1, "mirrored": layout.isMirrored, "dark": isDark,
                "frame": json(layout.placement.frame), "origin": [origin.x, origin.y],
                "items": layout.items.map {
                    [
                        "id": $0.id.rawValue, "title": $0.title, "enabled": $0.isEnabled,
                        "frame": json($0.frame),
                    ] as [String: Any]
                },
                "chevrons": layout.chevrons.map {
                    ["direction": $0.direction.rawValue, "frame": json($0.frame)] as [String: Any]
                },
                "targets": target.targetRects(in: overlay).map(json),
            ])
    }

    /// Performs `id` on the presented target, then dismisses the menu.
    private func choose(_ id: EditCommand.ID) {
        guard let target = presented?.target else { return }
        apply(state.handle(.dismiss))
        perform(id, on: target)
    }

    /// Performs `id` on `target` (the menu's choice, or the app's Edit menu).
    public func perform(_ id: EditCommand.ID, on target: EditMenuTarget) {
        var done = target.perform(id, clipboard: clipboard)
        if !done {
            done = performService(id, on: target)
        }
        log.record("performed", target.logState().merging(["command": id.rawValue, "done": done]) { a, _ in a })
        onStateChange?()
    }

    /// Search Web and data actions open a URI through the host's opener.
    private func performService(_ id: EditCommand.ID, on target: EditMenuTarget) -> Bool {
        if id == .searchWeb, let selected = target.logState()["selected"] as? String,
            let url = URLOpener.searchURL(for: selected)
        {
            return opener.open(url)
        }
        if let action = target.dataActions().first(where: { $0.id == id }), let uri = action.uri,
            let url = URL(string: uri)
        {
            return opener.open(url)
        }
        return false
    }
}
