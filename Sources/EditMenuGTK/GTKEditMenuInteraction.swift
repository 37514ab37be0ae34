#if GTK
import CGtk
import EditMenuKit
import EditMenuServices
import Foundation

/// The edit menu for a GTK window — UIKit's `UIEditMenuInteraction`, for GTK 4: attach it to the
/// widgets you already use and it replaces GTK's own context menu and touch selection bubble with the
/// HIG edit menu.
///
/// It is a thin adapter over `EditMenuController`: GTK's events go in (presses, releases, motion,
/// touches, keys, in window coordinates), GTK widgets come out (the menu drawn by `EditMenuView` at
/// the frames the core computed). Gestures, rules, layout, paging, keyboard navigation, data actions
/// and the opening policy are the controller's.
///
/// ```swift
/// let configuration = EditMenuConfiguration(idiom: .pad, locale: MenuLocale.fromEnvironment(environment))
/// let menu = GTKEditMenuInteraction(overlay: overlay, clipboard: gtk_widget_get_clipboard(window),
///                                   configuration: configuration)
/// menu.attach(textView: textView, accessibilityLabel: "Notes")
/// menu.attach(editable: passwordEntry)
/// ```
///
/// A widget of your own that draws its content (a canvas) is not attached here: give it the menu with
/// `EditMenuController` from `EditMenuKit` and an `EditMenuHost` of its own.
@MainActor
public final class GTKEditMenuInteraction {
    /// What a primary button press stands for.
    public enum PrimaryButton: String, Hashable, Sendable {
        /// A pointer's button: presses and double clicks select; only the secondary button and the
        /// keyboard reveal the menu (the default, as on a Mac or an iPad with a trackpad).
        case pointer
        /// A finger: press and hold or double tap reveal the compact menu (touch emulation, for
        /// trying the touch behaviour with a mouse). Touchscreen events always count as touch.
        case touch
    }

    /// The overlay the menu is drawn in (the window's content); its coordinates are the layout's.
    public let overlay: WidgetPointer
    /// The clipboard commands read and write.
    public let clipboard: OpaquePointer
    /// Whether the menu is drawn dark.
    package var isDark: Bool
    /// What a primary button press stands for.
    public var primaryButton: PrimaryButton
    /// Where events are recorded.
    package let log: EventLog
    /// Opens what the opening policy let through (an `https:` link, `tel:`, an exported `.ics` …).
    public var opener: (String) -> Bool
    /// Called when a target's state changes (the app's Edit menu refreshes its enabled items).
    package var onStateChange: (@MainActor () -> Void)?
    /// The controller this adapter feeds (set its `delegate` to change menus).
    public private(set) var controller: EditMenuController!
    /// The attached targets.
    package private(set) var targets: [any EditMenuTarget] = []
    /// The target the menu and keyboard act on: the one last pressed or focused.
    package private(set) var activeTarget: (any EditMenuTarget)?
    /// The last gesture the controller had a target select for (for logs).
    package private(set) var lastGesture: RevealGesture?

    /// The find bar, once Find… or Find and Replace… opened it.
    package internal(set) var findBar: GTKFindBar?
    /// The Emoji & Symbols picker, once Emoji & Symbols opened it.
    package internal(set) var emojiPicker: GTKEmojiPicker?

    private let view: EditMenuView
    /// The controller's host (it holds it weakly): the interaction's `EditMenuHost` side.
    private lazy var host = GTKEditMenuHost(self)
    private let panelView = ServicePanelView()
    /// How many panels have been shown (a panel's button may show the next one).
    private var panelsShown = 0
    private let timer = Timer()
    private var pendingStateLogs: Set<ObjectIdentifier> = []
    /// With a log: the frame clock handler that records the next painted frame of the menu.
    private var paintWatch: (clock: OpaquePointer, handler: UInt)?
    /// With a log: the `notify::mapped` handler that records when the menu's popup surface is mapped.
    private var mapWatch: (surface: OpaquePointer, handler: UInt)?

    /// The interaction for the window whose content is `overlay`.
    ///
    /// - Parameters:
    ///   - overlay: A `GtkOverlay`, the window's child, whose child holds your widgets: the menu, the
    ///     find bar and the panels are drawn in it, and its coordinates are the layout's.
    ///   - clipboard: The `GdkClipboard` the commands read and write (`gtk_widget_get_clipboard(window)`).
    ///   - configuration: The menu's platform idiom, language, services and rules. Without a
    ///     `measurer`, titles are measured with Pango in the menu's font, as GTK draws them.
    ///   - primaryButton: What a primary button press stands for.
    ///   - opener: Opens what the opening policy let through (an `https:` link, `tel:`, an exported
    ///     `.ics` …) and returns whether it did; `nil` starts the desktop's opener (`xdg-open`), without
    ///     a shell.
    public convenience init(
        overlay: WidgetPointer, clipboard: OpaquePointer, configuration: EditMenuConfiguration,
        primaryButton: PrimaryButton = .pointer, opener: ((String) -> Bool)? = nil
    ) {
        self.init(
            overlay: overlay, clipboard: clipboard, configuration: configuration, isDark: false,
            primaryButton: primaryButton, log: EventLog(path: nil), opener: opener ?? SystemOpener().open)
    }

    /// The interaction for the window whose content is `overlay` (a `GtkOverlay`), following
    /// `configuration`, drawn dark with `isDark`, recording what it does in `log`.
    package init(
        overlay: WidgetPointer, clipboard: OpaquePointer, configuration: EditMenuConfiguration, isDark: Bool = false,
        primaryButton: PrimaryButton = .pointer, log: EventLog,
        opener: @escaping (String) -> Bool = SystemOpener().open
    ) {
        var configuration = configuration
        if configuration.measurer == nil { configuration.measurer = PangoTextMeasurer() }
        self.overlay = overlay
        self.clipboard = clipboard
        self.isDark = isDark
        self.primaryButton = primaryButton
        self.log = log
        self.opener = opener
        view = EditMenuView(overlay: overlay)
        controller = EditMenuController(host: host, configuration: configuration)
        view.onKey = { [weak self] keyval, modifiers in self?.handleKey(keyval: keyval, modifiers: modifiers) ?? false }
        view.onPopupClosed = { [weak self] in self?.controller.dismiss() }
        panelView.onClose = { [log] in log.record("panelClosed", [:]) }
        Self.installStyleSheet(for: overlay)
        installWindowControllers()
        Signal.connect(UnsafeMutableRawPointer(clipboard), "changed") { [weak self] in
            guard let self else { return }
            self.log.record(
                "clipboard",
                ["types": ClipboardFormats.pasteboardTypes(of: self.clipboard).map(\.rawValue).sorted()])
            self.onStateChange?()
        }
    }

    /// The language of the titles.
    public var locale: MenuLocale { controller.configuration.locale }
    /// The platform whose behaviour the menu follows.
    public var idiom: Idiom { controller.configuration.idiom }

    private static func installStyleSheet(for widget: WidgetPointer) {
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, EditMenuStyleSheet.css, -1)
        gtk_style_context_add_provider_for_display(
            gtk_widget_get_display(widget), OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    /// The window-wide controllers: keys go to the menu first (so a menu's keys never reach the text),
    /// and a press outside the menu and every attached widget dismisses it.
    private func installWindowControllers() {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connect(
            UnsafeMutableRawPointer(keys), "key-pressed",
            key: { [weak self] keyval, modifiers in self?.handleKey(keyval: keyval, modifiers: modifiers) ?? false })
        gtk_widget_add_controller(overlay, keys)
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, 0)
        gtk_event_controller_set_propagation_phase(click, GTK_PHASE_CAPTURE)
        Signal.connect(
            UnsafeMutableRawPointer(click), "pressed",
            press: { [weak self] _, x, y in
                guard let self, self.view.layout != nil else { return }
                let point = CGRect(x: x, y: y, width: 0, height: 0)
                let onTarget = self.targets.contains { target in
                    bounds(of: target.widget, in: self.overlay)?.contains(point) == true
                }
                if !self.view.contains(point), !onTarget { self.controller.dismiss() }
            })
        gtk_widget_add_controller(overlay, click)
    }

    /// A key, from the window or from a popup menu that has the keyboard: the menu's first (keys a menu
    /// takes never reach the text), then the Menu key and Shift-F10.
    private func handleKey(keyval: UInt32, modifiers: GdkModifierType) -> Bool {
        guard let press = Self.keyPress(keyval: keyval, modifiers: modifiers) else { return view.isPopup }
        log.record("input", ["kind": "key", "key": "\(press.key)", "t": SystemClock().now])
        if !controller.isMenuVisible, press.revealsMenu, activeTarget == nil {
            activeTarget = targets.first { gtk_widget_has_focus($0.widget) != 0 }
        }
        return controller.handleKey(press)
    }

    /// Attaches the edit menu to `target`'s widget: its presses, motion and touches feed the
    /// controller's gesture recognizer.
    package func attach(_ target: any EditMenuTarget) {
        targets.append(target)
        target.onChange = { [weak self, weak target] in
            guard let self, let target else { return }
            self.onStateChange?()
            self.scheduleStateLog(for: target)
        }
        target.onTextChange = { [weak self] in self?.controller.contentDidChange() }
        if let text = target as? TextViewTarget {
            // Typing in it substitutes what Substitutions ▸ says, in the menu's language.
            text.substitutions = { [weak self, weak text] in
                guard let self, let text, text.isEditable else { return nil }
                return self.controller.textSubstitutions
            }
            if let checker = controller.configuration.spellChecker {
                text.checkSpelling(with: checker, locale: locale, textLanguage: controller.configuration.textLanguage) {
                    [weak self, weak text] words in
                    self?.log.record("misspellings", ["widget": text?.name ?? "", "words": words])
                }
                text.marksMisspellings = controller.configuration.checksSpellingWhileTyping
            }
        }
        let legacy = gtk_event_controller_legacy_new()!
        gtk_event_controller_set_propagation_phase(legacy, GTK_PHASE_CAPTURE)
        Signal.connect(
            UnsafeMutableRawPointer(legacy), "event",
            event: { [weak self, weak target] event in
                guard let self, let target else { return false }
                return self.handle(event, on: target)
            })
        gtk_widget_add_controller(target.widget, legacy)
        // A long touch must not also start GTK's own touch selection bubble: claim touch long presses
        // (the controller times them itself).
        let longPress = gtk_gesture_long_press_new()!
        gtk_gesture_single_set_touch_only(longPress, 1)
        gtk_event_controller_set_propagation_phase(longPress, GTK_PHASE_CAPTURE)
        Signal.connect(
            UnsafeMutableRawPointer(longPress), "pressed",
            point: { _, _ in gtk_gesture_set_state(longPress, GTK_EVENT_SEQUENCE_CLAIMED) })
        gtk_widget_add_controller(target.widget, longPress)
        // Assistive technology's "show menu" (AppKit's accessibilityPerformShowMenu): the keyboard's menu
        // at the selection, as the Menu key opens it.
        Accessible.addShowMenuAction(to: target.widget) { [weak self, weak target] in
            guard let self, let target else { return }
            self.activate(target)
            target.takeFocus()
            _ = self.handleKey(keyval: UInt32(GDK_KEY_Menu), modifiers: GdkModifierType(rawValue: 0))
        }
    }

    // MARK: Events

    /// One GDK event on `target`: a press, release, motion or touch becomes an `InputEvent` in the
    /// overlay's coordinates. Returns whether GTK should stop (a secondary click must not also open
    /// GTK's own context menu).
    private func handle(_ event: OpaquePointer, on target: any EditMenuTarget) -> Bool {
        let type = gdk_event_get_event_type(event)
        guard gdk_event_get_pointer_emulated(event) == 0 else { return false }
        var sx = 0.0
        var sy = 0.0
        guard gdk_event_get_position(event, &sx, &sy) != 0 else { return false }
        let origin = overlayOriginInSurface()
        let point = CGPoint(x: sx - origin.x, y: sy - origin.y)
        let fromTouchscreen =
            gdk_event_get_device(event).map { gdk_device_get_source($0) == GDK_SOURCE_TOUCHSCREEN } ?? false
        let asTouch = fromTouchscreen || primaryButton == .touch
        let kind: InputEvent.Kind
        switch type {
        case GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE:
            let button = gdk_button_event_get_button(event)
            let press = type == GDK_BUTTON_PRESS
            if button == UInt32(GDK_BUTTON_SECONDARY) {
                kind = press ? .pointerDown(.secondary) : .pointerUp(.secondary)
            } else if button == UInt32(GDK_BUTTON_PRIMARY) {
                kind =
                    asTouch ? (press ? .touchDown : .touchUp) : (press ? .pointerDown(.primary) : .pointerUp(.primary))
            } else {
                return false
            }
            if press {
                activate(target)
                // With a log: when the host got the press, and the X server's time of it (ms).
                log.record(
                    "input",
                    [
                        "kind": "button", "button": Int(button), "serverTime": Int(gdk_event_get_time(event)),
                        "t": SystemClock().now,
                    ])
            }
        case GDK_MOTION_NOTIFY:
            kind = asTouch ? .touchMove : .pointerMove
        case GDK_TOUCH_BEGIN:
            activate(target)
            kind = .touchDown
        case GDK_TOUCH_UPDATE: kind = .touchMove
        case GDK_TOUCH_END: kind = .touchUp
        case GDK_TOUCH_CANCEL: kind = .touchCancel
        default:
            return false
        }
        let used = controller.handle(InputEvent(kind, at: point, time: SystemClock().now))
        // Only a secondary click is taken from GTK: its own selection, drags and caret placement go on.
        return used && (kind == .pointerDown(.secondary) || kind == .pointerUp(.secondary))
    }

    /// Makes `target` the one the menu acts on (the menu of another goes).
    func activate(_ target: any EditMenuTarget) {
        guard activeTarget !== target else { return }
        controller.dismiss()
        activeTarget = target
    }

    /// Brings the text views' marks in line with Check Spelling While Typing.
    func syncSpelling() {
        let marks = controller.configuration.checksSpellingWhileTyping
        for case let text as TextViewTarget in targets where text.marksMisspellings != marks {
            text.marksMisspellings = marks
        }
    }

    /// A GDK key as the core's `KeyPress`; `nil` for keys the menu never uses (modifiers alone).
    static func keyPress(keyval: UInt32, modifiers: GdkModifierType) -> KeyPress? {
        var m: KeyModifiers = []
        if modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0 { m.insert(.shift) }
        if modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0 { m.insert(.control) }
        if modifiers.rawValue & GDK_ALT_MASK.rawValue != 0 { m.insert(.option) }
        let key: Key
        switch Int32(keyval) {
        case GDK_KEY_Up, GDK_KEY_KP_Up: key = .up
        case GDK_KEY_Down, GDK_KEY_KP_Down: key = .down
        case GDK_KEY_Left, GDK_KEY_KP_Left: key = .left
        case GDK_KEY_Right, GDK_KEY_KP_Right: key = .right
        case GDK_KEY_Home, GDK_KEY_KP_Home: key = .home
        case GDK_KEY_End, GDK_KEY_KP_End: key = .end
        case GDK_KEY_Page_Up: key = .pageUp
        case GDK_KEY_Page_Down: key = .pageDown
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter: key = .enter
        case GDK_KEY_Escape: key = .escape
        case GDK_KEY_Tab, GDK_KEY_ISO_Left_Tab:
            key = .tab
            if Int32(keyval) == GDK_KEY_ISO_Left_Tab { m.insert(.shift) }
        case GDK_KEY_space: key = .space
        case GDK_KEY_BackSpace: key = .backspace
        case GDK_KEY_Delete: key = .delete
        case GDK_KEY_Menu: key = .menu
        case GDK_KEY_F10: key = .function(10)
        default:
            if (UInt32(GDK_KEY_Shift_L)...UInt32(GDK_KEY_Hyper_R)).contains(keyval) { return nil }
            let scalar = gdk_keyval_to_unicode(keyval)
            guard scalar != 0, let unicode = Unicode.Scalar(scalar) else { return nil }
            key = .character(Character(unicode))
        }
        return KeyPress(key, modifiers: m)
    }

    // MARK: Logging

    /// Records a target's text and selection once per main-loop turn, however many signals fired.
    private func scheduleStateLog(for target: any EditMenuTarget) {
        guard log.isEnabled, pendingStateLogs.insert(ObjectIdentifier(target)).inserted else { return }
        afterDelay(milliseconds: 0) { [weak self, weak target] in
            guard let self, let target else { return }
            self.pendingStateLogs.remove(ObjectIdentifier(target))
            self.log.record("state", target.logState())
        }
    }

    /// Records `event` with `target`'s state (``EditMenuTarget/logState()``) and `fields`, the state's
    /// keys first.
    func record(_ event: String, stateOf target: any EditMenuTarget, _ fields: @autoclosure () -> [String: Any]) {
        log.record(event, target.logState().merging(fields()) { a, _ in a })
    }

    /// Where the overlay's origin is in the X window (for turning layout frames into screen points).
    package func overlayOriginInSurface() -> CGPoint { Self.originInSurface(of: overlay) ?? CGPoint(x: 0, y: 0) }

    /// Where the overlay's origin is on the X screen; `nil` on Wayland, where a client cannot know.
    package func overlayOriginOnScreen() -> CGPoint? { Self.originOnScreen(of: overlay) }

    /// Where the menu's popup (its top panel's origin) is on the X screen, for logs; `nil` when the menu
    /// is not a popup or the display is not X11.
    private func popupOrigin() -> CGPoint? {
        guard let panel = view.panels.first, panel.popover != nil else { return nil }
        return Self.originOnScreen(of: panel.fixed)
    }

    /// The surface of the window or popup `widget` is in.
    private static func surface(of widget: WidgetPointer) -> OpaquePointer? {
        gtk_widget_get_native(widget).flatMap(gtk_native_get_surface)
    }

    /// Where `widget`'s origin is in the surface of the window or popup it is in; `nil` when it is in none.
    private static func originInSurface(of widget: WidgetPointer) -> CGPoint? {
        guard let native = gtk_widget_get_native(widget) else { return nil }
        var sx = 0.0
        var sy = 0.0
        gtk_native_get_surface_transform(native, &sx, &sy)
        let p = translate(CGPoint(x: 0, y: 0), from: widget, to: WidgetPointer(native))
        return CGPoint(x: p.x + sx, y: p.y + sy)
    }

    /// Where `widget`'s origin is on the X screen; `nil` on Wayland, where a client cannot know.
    private static func originOnScreen(of widget: WidgetPointer) -> CGPoint? {
        var x: Int32 = 0
        var y: Int32 = 0
        guard let surface = surface(of: widget), cgtk_surface_root_origin(surface, &x, &y) != 0,
            let inside = originInSurface(of: widget)
        else { return nil }
        return CGPoint(x: Double(x) + inside.x, y: Double(y) + inside.y)
    }

    private func record(_ menu: PresentedMenu, target: any EditMenuTarget) {
        guard log.isEnabled else { return }
        let shownAt = SystemClock().now
        func json(_ items: [EditMenuLayout.Item]) -> [[String: Any]] {
            items.map {
                [
                    "id": $0.id.rawValue, "title": $0.title, "enabled": $0.isEnabled, "frame": EventLog.rect($0.frame),
                    "shortcut": $0.shortcut ?? "", "icon": $0.icon?.freedesktopName ?? "",
                ]
            }
        }
        let layout = menu.layout
        let origin = overlayOriginInSurface()
        log.record(
            "menu",
            [
                "widget": target.name, "style": layout.style.rawValue, "page": layout.page,
                "pages": layout.pages.count, "expandable": layout.isExpandable,
                "side": layout.placement.side.rawValue,
                "arrow": layout.placement.arrowDirection.rawValue, "arrowX": layout.placement.arrowX ?? -1,
                "mirrored": layout.isMirrored, "dark": isDark, "input": menu.input.rawValue,
                "frame": EventLog.rect(layout.placement.frame), "origin": [origin.x, origin.y],
                "focused": menu.focusedItem?.rawValue ?? "", "keyboardFocus": menu.keyboardFocus?.rawValue ?? "",
                "popup": view.isPopup, "surfaceOrigin": popupOrigin().map { [$0.x, $0.y] } ?? [],
                "submenus": menu.submenus.map { submenu in
                    [
                        "parent": submenu.parent.rawValue, "frame": EventLog.rect(submenu.layout.placement.frame),
                        "side": submenu.layout.placement.side.rawValue,
                        "focused": submenu.focusedItem?.rawValue ?? "",
                        "items": json(submenu.layout.items),
                    ] as [String: Any]
                },
                "items": json(layout.items),
                "chevrons": layout.chevrons.map {
                    ["direction": $0.direction.rawValue, "frame": EventLog.rect($0.frame)] as [String: Any]
                },
                "targets": target.targetRects(in: overlay).map(EventLog.rect),
                // When the menu's widgets were ready (the rest, to `drawn`, is GTK's frame).
                "t": shownAt,
            ])
    }
}

// MARK: The host's side (`Host` forwards the controller's calls here)

extension GTKEditMenuInteraction {
    package func menuContent() -> ContentSnapshot {
        activeTarget?.menuContent(locale: locale, idiom: idiom)
            ?? ContentSnapshot(content: SelectableContent(kind: .label, selection: .none))
    }

    package func select(
        for gesture: RevealGesture, at point: CGPoint?, input: InputMethod, gestures: SelectionGestures
    )
        -> Bool
    {
        guard let target = activeTarget else { return false }
        lastGesture = gesture
        target.takeFocus()
        let local = point.map { translate($0, from: overlay, to: target.widget) }
        let shows = target.select(for: gesture, at: local, input: input, gestures: gestures)
        record("selection", stateOf: target, ["gesture": gesture.rawValue])
        return shows
    }

    package func menuContainer() -> MenuContainer {
        MenuContainer(
            bounds: CGRect(
                x: 0, y: 0, width: Double(gtk_widget_get_width(overlay)), height: Double(gtk_widget_get_height(overlay))
            ))
    }

    /// Menus at the pointer are popovers, free to leave the window: they may go anywhere in the work
    /// area of the monitor the window is on (X11: the window's place on the screen is known), or, on
    /// Wayland, where a client cannot know where its window is, anywhere — the compositor then keeps
    /// the popup on screen, flipping or sliding it as GTK's popover asks.
    package func pointerMenuContainer() -> MenuContainer? {
        let unbounded = MenuContainer(bounds: CGRect(x: -1e6, y: -1e6, width: 2e6, height: 2e6))
        guard let surface = Self.surface(of: overlay), let origin = overlayOriginOnScreen() else { return unbounded }
        var area = GdkRectangle()
        guard cgtk_surface_workarea(surface, &area) != 0, area.width > 0, area.height > 0 else { return unbounded }
        return MenuContainer(
            bounds: CGRect(
                x: Double(area.x) - origin.x, y: Double(area.y) - origin.y, width: Double(area.width),
                height: Double(area.height)))
    }

    package func menuTargetRects() -> [CGRect] {
        activeTarget?.targetRects(in: overlay) ?? []
    }

    package var pasteboardTypes: Set<PasteboardType> { ClipboardFormats.pasteboardTypes(of: clipboard) }

    package func showMenu(_ menu: PresentedMenu) {
        view.show(
            menu, dark: isDark,
            choose: { [weak self] id in
                self?.controller.choose(id)
            },
            page: { [weak self] direction in self?.controller.turnPage(direction) })
        if let target = activeTarget { record(menu, target: target) }
        recordWhenMapped()
        recordWhenPainted(menu)
    }

    /// With a log: records `drawn` (the time, the focused item) at the end of the first frame painted
    /// with the menu mapped — GDK's frame clock `after-paint`, which popovers share with their window —
    /// so `editmenu-bench --gtk` measures input to pixels from the host's own timestamps.
    private func recordWhenPainted(_ menu: PresentedMenu) {
        stopPaintWatch()
        guard log.isEnabled, let clock = gtk_widget_get_frame_clock(overlay) else { return }
        let focused = (menu.keyboardFocus ?? menu.focusedItem)?.rawValue ?? ""
        let handler = Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") { [weak self] in
            guard let self, let shown = self.view.panels.first.map({ $0.popover ?? $0.fixed }),
                gtk_widget_get_mapped(shown) != 0
            else { return }
            self.log.record("drawn", ["focused": focused, "t": SystemClock().now])
            self.stopPaintWatch()
        }
        paintWatch = (clock, handler)
        gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT)
    }

    /// With a log: records `mapped` (the time) when GDK reports the menu's popup surface mapped
    /// (`GdkSurface:mapped`) — at once when it already is, as on X11 once `gtk_popover_popup` has
    /// presented it; on Wayland when the compositor has configured it. A menu drawn inside the window
    /// (no popup) is not recorded.
    private func recordWhenMapped() {
        stopMapWatch()
        guard log.isEnabled, let popover = view.panels.first?.popover, let surface = Self.surface(of: popover) else {
            return
        }
        guard gdk_surface_get_mapped(surface) == 0 else {
            log.record("mapped", ["t": SystemClock().now])
            return
        }
        // Held while watched: the surface goes when the popover is unrealized (a hidden menu).
        g_object_ref(UnsafeMutableRawPointer(surface))
        let handler = Signal.connect(
            UnsafeMutableRawPointer(surface), "notify::mapped",
            pointer: { [weak self] _ in
                guard let self, gdk_surface_get_mapped(surface) != 0 else { return }
                self.log.record("mapped", ["t": SystemClock().now])
                self.stopMapWatch()
            })
        mapWatch = (surface, handler)
    }

    private func stopMapWatch() {
        guard let watch = mapWatch else { return }
        mapWatch = nil
        g_signal_handler_disconnect(UnsafeMutableRawPointer(watch.surface), watch.handler)
        g_object_unref(UnsafeMutableRawPointer(watch.surface))
    }

    private func stopPaintWatch() {
        guard let watch = paintWatch else { return }
        g_signal_handler_disconnect(UnsafeMutableRawPointer(watch.clock), watch.handler)
        paintWatch = nil
    }

    package func hideMenu() {
        // Escape (or a choice) from a keyboard-focused menu gives the focus back to the text — before
        // the menu's widgets go, so that the window never holds a focus widget that no longer exists.
        if view.hasFocus { activeTarget?.takeFocus() }
        view.hide()
        stopPaintWatch()
        stopMapWatch()
        log.record("dismissed", [:])
    }

    package func perform(_ command: EditCommand.ID) throws(EditingError) {
        guard let target = activeTarget else { throw .unsupported(command) }
        do {
            try target.perform(command, clipboard: clipboard)
        } catch {
            record("performed", stateOf: target, ["command": command.rawValue, "done": false])
            throw error
        }
        record("performed", stateOf: target, ["command": command.rawValue, "done": true])
        onStateChange?()
    }

    package func replaceSelection(with text: String, actionName: UndoAction) throws(EditingError) {
        guard let target = activeTarget else { throw .unsupported(.replace) }
        try target.replaceSelection(with: text, actionName: actionName)
        record("performed", stateOf: target, ["command": "replace", "done": true])
    }

    package func open(_ uri: String) -> Bool {
        let opened = opener(uri)
        log.record("opened", ["uri": uri, "done": opened])
        return opened
    }

    /// Shows a service's panel (Look Up's definition, a translation, the spelling panel) as a popover
    /// pointing at the selection; its buttons perform through the controller.
    package func showPanel(_ panel: EditMenuPanel) {
        panelsShown += 1
        // Find… and Emoji & Symbols have their own: the find bar and the emoji picker.
        if showDocumentPanel(panel) { return }
        let anchor = menuTargetRects().first ?? CGRect(x: 0, y: 0, width: 1, height: 1)
        panelView.show(panel, on: overlay, pointingAt: anchor, dark: isDark) { [weak self] action, edited in
            guard let self else { return }
            let shown = self.panelsShown
            self.controller.performPanelAction(action, in: panel, editedText: edited)
            if self.panelsShown == shown { self.panelView.close() }
        }
        log.record(
            "panel",
            [
                "kind": panel.kind.rawValue, "title": panel.title, "text": panel.text, "detail": panel.detail,
                "actions": panel.actions.map(\.title),
                "anchor": EventLog.rect(anchor),
            ])
        // Where GTK put it, once laid out (for screenshots).
        guard log.isEnabled else { return }
        afterDelay(milliseconds: 300) { [weak self] in
            guard let self, let frame = self.panelView.currentFrame(parentOrigin: self.overlayOriginInSurface()) else {
                return
            }
            let buttons = self.panelView.buttonFrames(parentOrigin: self.overlayOriginInSurface()).map {
                ["title": $0.title, "frame": EventLog.rect($0.frame)]
                    as [String: Any]
            }
            self.log.record(
                "panelShown", ["frame": EventLog.rect(frame), "buttons": buttons])
        }
    }

    package func copyToPasteboard(_ text: String) -> Bool {
        gdk_clipboard_set_text(clipboard, text)
        return true
    }

    /// Sets a timer for the controller's next deadline (a long press maturing, a service working in
    /// the background): GLib's main loop polls it then.
    package func setNeedsPoll(at deadline: Double) {
        let milliseconds = UInt32(max(0, (deadline - SystemClock().now) * 1000).rounded(.up))
        timer.schedule(milliseconds: milliseconds) { [weak self] in self?.controller.poll() }
    }

    /// Check Spelling While Typing changed: the text views mark misspellings or stop.
    package func settingsDidChange() { syncSpelling() }
}
/// What the controller calls on its host, forwarded to the interaction: an app using the interaction
/// calls none of it, so it stays out of ``GTKEditMenuInteraction``'s public API. Held by the
/// interaction (the controller holds its host weakly); holds the interaction unowned.
@MainActor
final class GTKEditMenuHost: @MainActor EditMenuHost {
    unowned let interaction: GTKEditMenuInteraction

    init(_ interaction: GTKEditMenuInteraction) { self.interaction = interaction }

    func menuContent() -> ContentSnapshot { interaction.menuContent() }

    func select(for gesture: RevealGesture, at point: CGPoint?, input: InputMethod, gestures: SelectionGestures)
        -> Bool
    { interaction.select(for: gesture, at: point, input: input, gestures: gestures) }

    func menuContainer() -> MenuContainer { interaction.menuContainer() }

    func pointerMenuContainer() -> MenuContainer? { interaction.pointerMenuContainer() }

    func menuTargetRects() -> [CGRect] { interaction.menuTargetRects() }

    var pasteboardTypes: Set<PasteboardType> { interaction.pasteboardTypes }

    func showMenu(_ menu: PresentedMenu) { interaction.showMenu(menu) }

    func hideMenu() { interaction.hideMenu() }

    func perform(_ command: EditCommand.ID) throws(EditingError) { try interaction.perform(command) }

    func replaceSelection(with text: String, actionName: UndoAction) throws(EditingError) {
        try interaction.replaceSelection(with: text, actionName: actionName)
    }

    func open(_ uri: String) -> Bool { interaction.open(uri) }

    func showPanel(_ panel: EditMenuPanel) { interaction.showPanel(panel) }

    var textDocument: (any TextDocument & AnyObject)? { interaction.textDocument }

    func documentDidPerform(_ command: EditCommand.ID) { interaction.documentDidPerform(command) }

    func copyToPasteboard(_ text: String) -> Bool { interaction.copyToPasteboard(text) }

    func setNeedsPoll(at deadline: Double) { interaction.setNeedsPoll(at: deadline) }

    func settingsDidChange() { interaction.settingsDidChange() }
}
#endif
