import Testing
@testable import EditMenuKit

@Suite("Text selection gestures")
struct TextSelectionGesturesTests {
    let gestures = SelectionGestures()
    let storage = TextStorage("Hello wonderful world")

    @Test("Double tap, long press, pinch and hold and secondary click select the word")
    func selectWord() {
        for gesture in [RevealGesture.doubleTap, .longPress, .pinchAndHold, .secondaryClick] {
            let outcome = gestures.apply(gesture, atByte: 8, in: storage, selection: 0..<0, isSecure: false)
            #expect(outcome.selection == 6..<15, "\(gesture)")
            #expect(outcome.showsMenu)
        }
    }

    @Test("Triple tap selects the paragraph")
    func tripleTap() {
        let outcome = gestures.apply(.tripleTap, atByte: 8, in: storage, selection: nil, isSecure: false)
        #expect(outcome.selection == 0..<21)
    }

    @Test("In secure text every selecting gesture selects the whole field")
    func secure() {
        for gesture in [RevealGesture.doubleTap, .tripleTap, .longPress, .secondaryClick] {
            #expect(
                gestures.apply(gesture, atByte: 3, in: storage, selection: 0..<0, isSecure: true).selection == 0..<21)
        }
    }

    @Test("A host-defined unit replaces the word for double tap")
    func hostUnit() {
        let sentenceTaps = SelectionGestures(doubleTapUnit: .sentence)
        let text = TextStorage("One two. Three four.")
        #expect(
            sentenceTaps.apply(.doubleTap, atByte: 10, in: text, selection: nil, isSecure: false).selection == 9..<20)
    }

    @Test("Secondary click and long press inside the selection keep it")
    func insideSelection() {
        #expect(
            gestures.apply(.secondaryClick, atByte: 3, in: storage, selection: 0..<15, isSecure: false).selection
                == 0..<15)
        #expect(
            gestures.apply(.longPress, atByte: 3, in: storage, selection: 0..<15, isSecure: false).selection == 0..<15)
    }

    @Test("A tap elsewhere moves the caret and dismisses; on the caret it shows the menu")
    func tap() {
        let away = gestures.apply(.tap, atByte: 8, in: storage, selection: 2..<2, isSecure: false)
        #expect(away.selection == 8..<8 && !away.showsMenu)
        let onCaret = gestures.apply(.tap, atByte: 2, in: storage, selection: 2..<2, isSecure: false)
        #expect(onCaret.selection == 2..<2 && onCaret.showsMenu)
    }

    @Test("A touch inside a cluster lands on its start, and the cluster is selected whole")
    func clusterTouch() {
        let text = TextStorage("a 👨‍👩‍👧 b")
        let outcome = gestures.apply(.doubleTap, atByte: 5, in: text, selection: nil, isSecure: false)
        #expect(outcome.selection.map { text.string(in: $0) } == "👨‍👩‍👧")
    }

    @Test("A host that places the caret on long press gets the caret")
    func longPressCaret() {
        let magnifier = SelectionGestures(longPressPlacesCaret: true)
        #expect(magnifier.apply(.longPress, atByte: 8, in: storage, selection: nil, isSecure: false).selection == 8..<8)
    }
}
