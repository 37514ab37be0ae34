import Foundation

/// What ``GestureRecognizer`` recognized in the raw input.
package enum RecognizedGesture: Hashable, Sendable {
    /// A gesture that reveals, toggles or dismisses the menu, at a location: `longPress` and
    /// `pinchAndHold` (on release), `tap`, `doubleTap`, `tripleTap`, `secondaryClick`, `menuKey`.
    /// Apply it with ``SelectionGestures`` and feed the result to `MenuPresentationStateMachine`.
    case reveal(RevealGesture, at: CGPoint)
    /// A touch (or pinch) has been held still for the long-press duration: the host may select the word
    /// or show a magnifier now; the menu appears on release (``reveal(_:at:)`` with `longPress`).
    case longPressBegan(at: CGPoint)
    /// A touch or button moved beyond the slop before becoming a long press: a scroll or a handle drag
    /// (the host knows which), during which the menu hides.
    case dragBegan(at: CGPoint)
    /// The drag moved.
    case dragMoved(to: CGPoint)
    /// The drag ended (or was cancelled).
    case dragEnded(at: CGPoint)
    /// A key other than Menu / Shift-F10: navigation of an open menu (`MenuKeyboardNavigation`) or typing
    /// (which dismisses the menu).
    case key(KeyPress)
}

/// Turns raw, timestamped input events into edit-menu gestures (EDIT-MENU.md §7), with time from an
/// injected ``InteractionClock``:
///
/// - **long press**: a touch held ≥ 0.5 s moving ≤ 10 pt (`RecognizedGesture/longPressBegan(at:)` once the time is up,
///   `RecognizedGesture/reveal(_:at:)` on release); **pinch and hold** likewise for pinches;
/// - **tap**, **double tap**, **triple tap**: touch (or primary click, or short pinch) released within
///   10 pt; the next tap counts as the same sequence when it starts ≤ 0.3 s after the last one ended and
///   ≤ 10 pt from it;
/// - **secondary click** on the secondary button going down; **Menu key** / **Shift-F10**;
/// - a touch or button moving beyond 10 pt first is a **drag** (scrolling or dragging handles).
///
/// Thresholds are UIKit's (`UILongPressGestureRecognizer.minimumPressDuration` 0.5 s, `allowableMovement`
/// 10 pt) and Android's double-tap timeout (300 ms).
///
/// ```swift
/// let clock = ManualClock()
/// var recognizer = GestureRecognizer(clock: clock)
/// recognizer.handle(InputEvent(.touchDown, at: CGPoint(x: 40, y: 300), time: 0))   // []
/// clock.advance(by: 0.5)
/// recognizer.poll()                         // [.longPressBegan(at: (40.0, 300.0))]
/// recognizer.handle(InputEvent(.touchUp, at: CGPoint(x: 42, y: 301), time: 0.7))
/// // [.reveal(.longPress, at: (40.0, 300.0))]
/// ```
public struct GestureRecognizer: Sendable {
    /// The thresholds, with UIKit's and Android's values as defaults.
    public struct Thresholds: Hashable, Sendable {
        /// How long a touch is held to become a long press. Default 0.5 s.
        public var longPressDuration: Double
        /// How far a touch may move and still be a tap or long press. Default 10 pt.
        public var slop: Double
        /// The longest pause between the taps of a double or triple tap. Default 0.3 s.
        public var multiTapInterval: Double
        /// How far apart the taps of a double or triple tap may be. Default 10 pt.
        public var multiTapDistance: Double

        /// Creates thresholds.
        public init(
            longPressDuration: Double = 0.5, slop: Double = 10, multiTapInterval: Double = 0.3,
            multiTapDistance: Double = 10
        ) {
            self.longPressDuration = longPressDuration
            self.slop = slop
            self.multiTapInterval = multiTapInterval
            self.multiTapDistance = multiTapDistance
        }
    }

    /// The source of the current time (for ``poll()``).
    package let clock: any InteractionClock
    /// The thresholds.
    package var thresholds: Thresholds

    /// A press in progress.
    private struct Press: Sendable {
        enum Source: Sendable { case touch, pinch, pointer }
        var source: Source
        var start: CGPoint
        var startTime: Double
        var isLongPress = false
        var isDrag = false
        var last: CGPoint
    }

    private var press: Press?
    /// The last completed tap: where, when it ended, and how many taps its sequence has.
    private var lastTap: (location: CGPoint, time: Double, count: Int)?

    /// Creates a recognizer reading time from `clock`.
    package init(clock: any InteractionClock, thresholds: Thresholds = Thresholds()) {
        self.clock = clock
        self.thresholds = thresholds
    }

    /// When ``poll()`` will next have something to report (a long press maturing), so a host can set a
    /// timer; `nil` when nothing is pending.
    package var nextDeadline: Double? {
        guard let press, !press.isLongPress, !press.isDrag, press.source != .pointer else { return nil }
        return press.startTime + thresholds.longPressDuration
    }

    /// Reports what the passage of time recognized: a long press once a touch has been held still long
    /// enough. Call it when ``nextDeadline`` passes.
    package mutating func poll() -> [RecognizedGesture] {
        advance(to: clock.now)
    }

    /// Feeds one event; returns what it completed, in order.
    @discardableResult
    package mutating func handle(_ event: InputEvent) -> [RecognizedGesture] {
        var out = advance(to: event.time)
        let p = event.location
        switch event.kind {
        case .touchDown: out += begin(.touch, at: p, time: event.time)
        case .pinchDown: out += begin(.pinch, at: p, time: event.time)
        case .pointerDown(.primary): out += begin(.pointer, at: p, time: event.time)
        case .pointerDown(.secondary):
            press = nil
            lastTap = nil
            out.append(.reveal(.secondaryClick, at: p))
        case .touchMove, .pinchMove, .pointerMove:
            out += move(to: p)
        case .touchUp, .pinchUp, .pointerUp(.primary):
            out += end(at: p, time: event.time)
        case .pointerUp(.secondary):
            break
        case .touchCancel:
            if let current = press, current.isDrag { out.append(.dragEnded(at: current.last)) }
            press = nil
            lastTap = nil
        case .key(let keyPress):
            out.append(keyPress.revealsMenu ? .reveal(.menuKey, at: p) : .key(keyPress))
        }
        return out
    }

    private mutating func advance(to time: Double) -> [RecognizedGesture] {
        guard var current = press, current.source != .pointer, !current.isLongPress, !current.isDrag,
            time - current.startTime >= thresholds.longPressDuration - 1e-9
        else { return [] }
        current.isLongPress = true
        press = current
        lastTap = nil
        return [.longPressBegan(at: current.start)]
    }

    private mutating func begin(_ source: Press.Source, at p: CGPoint, time: Double) -> [RecognizedGesture] {
        var out: [RecognizedGesture] = []
        if let current = press, current.isDrag { out.append(.dragEnded(at: current.last)) }
        press = Press(source: source, start: p, startTime: time, last: p)
        if let tap = lastTap,
            time - tap.time > thresholds.multiTapInterval + 1e-9
                || tap.location.distance(to: p) > thresholds.multiTapDistance
        {
            lastTap = nil
        }
        return out
    }

    private mutating func move(to p: CGPoint) -> [RecognizedGesture] {
        guard var current = press else { return [] }
        current.last = p
        defer { press = current }
        if current.isDrag { return [.dragMoved(to: p)] }
        if !current.isLongPress, current.start.distance(to: p) > thresholds.slop {
            current.isDrag = true
            lastTap = nil
            return [.dragBegan(at: current.start), .dragMoved(to: p)]
        }
        return []
    }

    private mutating func end(at p: CGPoint, time: Double) -> [RecognizedGesture] {
        guard let current = press else { return [] }
        press = nil
        if current.isDrag { return [.dragEnded(at: p)] }
        if current.start.distance(to: p) > thresholds.slop, !current.isLongPress {
            lastTap = nil
            return [.dragBegan(at: current.start), .dragEnded(at: p)]
        }
        if current.isLongPress {
            return [.reveal(current.source == .pinch ? .pinchAndHold : .longPress, at: current.start)]
        }
        let count = (lastTap?.count ?? 0) % 3 + 1
        lastTap = (current.start, time, count)
        let gesture: RevealGesture = count == 1 ? .tap : count == 2 ? .doubleTap : .tripleTap
        return [.reveal(gesture, at: current.start)]
    }
}
