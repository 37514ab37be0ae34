import Foundation
import Testing
@_spi(Testing) @testable import EditMenuKit

/// Gesture recognition from raw events, timed by a manual clock.
@Suite("Interaction: gesture recognizer")
struct InteractionGestureRecognizerTests {
    let here = CGPoint(x: 100, y: 200)

    func touch(_ kind: InputEvent.Kind, _ p: CGPoint, _ t: Double) -> InputEvent { InputEvent(kind, at: p, time: t) }
    func near(_ dx: Double, _ dy: Double = 0) -> CGPoint { CGPoint(x: here.x + dx, y: here.y + dy) }

    @Test func aTouchHeldHalfASecondIsALongPressShownOnRelease() {
        let clock = ManualClock()
        var r = GestureRecognizer(clock: clock)
        #expect(r.handle(touch(.touchDown, here, 0)).isEmpty)
        #expect(r.nextDeadline == 0.5)
        clock.advance(by: 0.49)
        #expect(r.poll().isEmpty)
        clock.advance(by: 0.01)
        #expect(r.poll() == [.longPressBegan(at: here)])
        #expect(r.poll().isEmpty)
        #expect(r.nextDeadline == nil)
        #expect(r.handle(touch(.touchUp, near(3), 0.8)) == [.reveal(.longPress, at: here)])
    }

    @Test func aLongPressIsRecognizedFromTimestampsEvenWithoutPolling() {
        var r = GestureRecognizer(clock: ManualClock())
        r.handle(touch(.touchDown, here, 10))
        #expect(r.handle(touch(.touchUp, here, 10.6)) == [.longPressBegan(at: here), .reveal(.longPress, at: here)])
    }

    @Test func movingMoreThanTenPointsFirstIsADragNotALongPress() {
        let clock = ManualClock()
        var r = GestureRecognizer(clock: clock)
        r.handle(touch(.touchDown, here, 0))
        #expect(r.handle(touch(.touchMove, near(10), 0.1)).isEmpty) // exactly 10: still still
        #expect(r.handle(touch(.touchMove, near(10.5), 0.2)) == [.dragBegan(at: here), .dragMoved(to: near(10.5))])
        clock.advance(by: 1)
        #expect(r.poll().isEmpty)
        #expect(r.handle(touch(.touchUp, near(40), 1.0)) == [.dragEnded(at: near(40))])
    }

    @Test func movingAfterTheLongPressBeganKeepsIt() {
        var r = GestureRecognizer(clock: ManualClock())
        r.handle(touch(.touchDown, here, 0))
        #expect(r.handle(touch(.touchMove, near(30), 0.6)) == [.longPressBegan(at: here)])
        #expect(r.handle(touch(.touchUp, near(30), 0.7)) == [.reveal(.longPress, at: here)])
    }

    @Test func tapsWithinAThirdOfASecondAndTenPointsCountUpToATripleTap() {
        var r = GestureRecognizer(clock: ManualClock())
        r.handle(touch(.touchDown, here, 0))
        #expect(r.handle(touch(.touchUp, here, 0.05)) == [.reveal(.tap, at: here)])
        r.handle(touch(.touchDown, near(5), 0.35)) // 0.3 s after the first ended
        #expect(r.handle(touch(.touchUp, near(5), 0.4)) == [.reveal(.doubleTap, at: near(5))])
        r.handle(touch(.touchDown, near(2), 0.6))
        #expect(r.handle(touch(.touchUp, near(2), 0.65)) == [.reveal(.tripleTap, at: near(2))])
        r.handle(touch(.touchDown, here, 0.7))
        #expect(r.handle(touch(.touchUp, here, 0.75)) == [.reveal(.tap, at: here)])
    }

    @Test func aSlowOrDistantSecondTapStartsOver() {
        var r = GestureRecognizer(clock: ManualClock())
        r.handle(touch(.touchDown, here, 0))
        r.handle(touch(.touchUp, here, 0.05))
        r.handle(touch(.touchDown, here, 0.36)) // 0.31 s later
        #expect(r.handle(touch(.touchUp, here, 0.4)) == [.reveal(.tap, at: here)])
        r.handle(touch(.touchDown, near(11), 0.5)) // 11 pt away
        #expect(r.handle(touch(.touchUp, near(11), 0.55)) == [.reveal(.tap, at: near(11))])
    }

    @Test func primaryClicksCountLikeTapsButNeverBecomeLongPresses() {
        var r = GestureRecognizer(clock: ManualClock())
        r.handle(touch(.pointerDown(.primary), here, 0))
        #expect(r.nextDeadline == nil)
        #expect(r.handle(touch(.pointerUp(.primary), here, 2)) == [.reveal(.tap, at: here)])
        r.handle(touch(.pointerDown(.primary), here, 2.1))
        #expect(r.handle(touch(.pointerUp(.primary), here, 2.15)) == [.reveal(.doubleTap, at: here)])
    }

    @Test func aSecondaryClickRevealsOnButtonDown() {
        var r = GestureRecognizer(clock: ManualClock())
        #expect(r.handle(touch(.pointerDown(.secondary), here, 0)) == [.reveal(.secondaryClick, at: here)])
        #expect(r.handle(touch(.pointerUp(.secondary), here, 0.1)).isEmpty)
    }

    @Test func theMenuKeyAndShiftF10RevealOtherKeysPassThrough() {
        var r = GestureRecognizer(clock: ManualClock())
        #expect(r.handle(InputEvent(.key(KeyPress(.menu)), time: 0)) == [.reveal(.menuKey, at: CGPoint(x: 0, y: 0))])
        #expect(
            r.handle(InputEvent(.key(KeyPress(.function(10), modifiers: .shift)), time: 0)) == [
                .reveal(.menuKey, at: CGPoint(x: 0, y: 0))
            ])
        #expect(r.handle(InputEvent(.key(KeyPress(.function(10))), time: 0)) == [.key(KeyPress(.function(10)))])
        #expect(r.handle(InputEvent(.key(KeyPress(.character("a"))), time: 0)) == [.key(KeyPress(.character("a")))])
    }

    @Test func aPinchHeldIsPinchAndHoldAndAShortPinchIsATap() {
        let clock = ManualClock()
        var r = GestureRecognizer(clock: clock)
        r.handle(touch(.pinchDown, here, 0))
        clock.advance(by: 0.5)
        #expect(r.poll() == [.longPressBegan(at: here)])
        #expect(r.handle(touch(.pinchUp, here, 0.7)) == [.reveal(.pinchAndHold, at: here)])
        r.handle(touch(.pinchDown, here, 1))
        #expect(r.handle(touch(.pinchUp, here, 1.1)) == [.reveal(.tap, at: here)])
    }

    @Test func aCancelledTouchEndsItsDragAndRecognizesNothing() {
        var r = GestureRecognizer(clock: ManualClock())
        r.handle(touch(.touchDown, here, 0))
        r.handle(touch(.touchMove, near(50), 0.1))
        #expect(r.handle(touch(.touchCancel, near(50), 0.2)) == [.dragEnded(at: near(50))])
        #expect(r.handle(touch(.touchUp, near(50), 0.3)).isEmpty)
    }

    @Test func customThresholdsApply() {
        var r = GestureRecognizer(clock: ManualClock(), thresholds: .init(longPressDuration: 1, slop: 2))
        r.handle(touch(.touchDown, here, 0))
        #expect(r.handle(touch(.touchUp, here, 0.9)) == [.reveal(.tap, at: here)])
        r.handle(touch(.touchDown, here, 5))
        #expect(r.handle(touch(.touchMove, near(3), 5.1)).first == .dragBegan(at: here))
    }

    @Test func theManualClockOnlyMovesWhenTold() {
        let clock = ManualClock(now: 3)
        #expect(clock.now == 3)
        clock.advance(by: 0.25)
        clock.set(to: 4)
        #expect(clock.now == 4)
        #expect(SystemClock().now > 0)
    }
}
