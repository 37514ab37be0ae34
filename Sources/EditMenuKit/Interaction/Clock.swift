import Foundation
import Synchronization

/// A source of the current time, in seconds on a monotonic scale, for gesture timing (long press,
/// double tap). Gesture logic never reads the system clock itself: hosts pass ``SystemClock``, tests
/// pass a `ManualClock` (`@_spi(Testing)`) so that a 0.5 s long press is exact.
///
/// ```swift
/// let clock = ManualClock()
/// var recognizer = GestureRecognizer(clock: clock)
/// _ = recognizer.handle(InputEvent(.touchDown, at: CGPoint(x: 10, y: 10), time: clock.now))
/// clock.advance(by: 0.5)
/// recognizer.poll()   // [.longPressBegan(at: CGPoint(x: 10, y: 10))]
/// ```
public protocol InteractionClock: Sendable {
    /// The current time in seconds. Only differences matter; the origin is the clock's own.
    var now: Double { get }
}

/// The process's monotonic clock (seconds since the system started; never jumps with wall-clock
/// changes). What real hosts use.
public struct SystemClock: InteractionClock {
    /// Creates the system clock.
    public init() {}
    /// Seconds since the system started.
    public var now: Double { ProcessInfo.processInfo.systemUptime }
}

/// A clock whose time moves only when told: deterministic gesture tests. Test support: import it with
/// `@_spi(Testing) import EditMenuKit`.
///
/// ```swift
/// let clock = ManualClock(now: 0)
/// clock.advance(by: 0.3)
/// clock.now   // 0.3
/// ```
@_spi(Testing) public final class ManualClock: InteractionClock {
    private let time: Mutex<Double>

    /// Creates a clock that reads `now` until advanced.
    public init(now: Double = 0) { time = Mutex(now) }

    /// The current time.
    public var now: Double { time.withLock { $0 } }

    /// Moves time forward by `seconds` (which must not be negative: a monotonic clock never goes back).
    public func advance(by seconds: Double) {
        precondition(seconds >= 0, "ManualClock.advance(by:) cannot go back in time (\(seconds) s)")
        time.withLock { $0 += seconds }
    }

    /// Sets the time to `seconds`, which must not be earlier than now.
    public func set(to seconds: Double) {
        time.withLock { now in
            precondition(seconds >= now, "ManualClock.set(to:) cannot go back in time (\(seconds) < \(now))")
            now = seconds
        }
    }
}
