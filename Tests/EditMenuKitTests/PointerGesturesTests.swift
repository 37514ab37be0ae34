import Testing
@testable import EditMenuKit
@testable import EditMenuScenario

/// Spec section 10: with a pointer, double and triple clicks and a press and hold select without a menu;
/// only a secondary click and the Menu key reveal one. Touch is unchanged.
@Suite("Pointer gestures (EDIT-MENU.md §10)")
struct PointerGesturesTests {
    let gestures = SelectionGestures()
    let storage = TextStorage("Hello wonderful world")

    @Test(
        "With a pointer, double and triple clicks and a press and hold select and reveal nothing",
        arguments: [
            (RevealGesture.doubleTap, 6..<15), (.tripleTap, 0..<21), (.longPress, 6..<15),
        ])
    func pointerSelectsOnly(gesture: RevealGesture, selected: Range<Int>) {
        let outcome = gestures.apply(
            gesture, atByte: 8, in: storage, selection: 0..<0, isSecure: false, input: .pointer)
        #expect(outcome.selection == selected)
        #expect(!outcome.showsMenu)
        #expect(outcome.notShownReason == .notRevealed)
    }

    @Test("The same gestures by touch select and reveal the menu, as before")
    func touchUnchanged() {
        for gesture in [RevealGesture.doubleTap, .tripleTap, .longPress, .pinchAndHold] {
            let outcome = gestures.apply(gesture, atByte: 8, in: storage, selection: 0..<0, isSecure: false)
            #expect(outcome.showsMenu, "\(gesture)")
            #expect(outcome.notShownReason == nil, "\(gesture)")
        }
    }

    @Test("A secondary click and the Menu key reveal the menu with a pointer")
    func secondaryClickReveals() {
        let click = gestures.apply(
            .secondaryClick, atByte: 8, in: storage, selection: 0..<0, isSecure: false, input: .pointer)
        #expect(click.selection == 6..<15 && click.showsMenu && click.notShownReason == nil)
        let inside = gestures.apply(
            .secondaryClick, atByte: 3, in: storage, selection: 0..<15, isSecure: false, input: .pointer)
        #expect(inside.selection == 0..<15 && inside.showsMenu)
        let key = gestures.apply(.menuKey, atByte: 0, in: storage, selection: 2..<5, isSecure: false, input: .pointer)
        #expect(key.selection == 2..<5 && key.showsMenu)
    }

    @Test("A click places the caret where it lands, inside the selection too, and dismisses")
    func clickPlacesCaret() {
        let inside = gestures.apply(.tap, atByte: 3, in: storage, selection: 0..<15, isSecure: false, input: .pointer)
        #expect(inside.selection == 3..<3 && !inside.showsMenu && inside.notShownReason == .notRevealed)
        let onCaret = gestures.apply(.tap, atByte: 3, in: storage, selection: 3..<3, isSecure: false, input: .pointer)
        #expect(onCaret.selection == 3..<3 && !onCaret.showsMenu)
        // By touch a tap on the caret toggles the menu, and a tap away dismisses.
        let touch = gestures.apply(.tap, atByte: 3, in: storage, selection: 3..<3, isSecure: false)
        #expect(touch.showsMenu)
        #expect(
            gestures.apply(.tap, atByte: 9, in: storage, selection: 3..<3, isSecure: false).notShownReason
                == .notRevealed
        )
    }

    @Test("A double click in secure text selects all of it, without a menu")
    func secureDoubleClick() {
        let outcome = gestures.apply(
            .doubleTap, atByte: 3, in: storage, selection: nil, isSecure: true, input: .pointer)
        #expect(outcome.selection == 0..<21 && outcome.notShownReason == .notRevealed)
    }

    @Test("Objects: clicks select without a menu; a secondary click selects and reveals")
    func objects() {
        for gesture in [RevealGesture.tap, .doubleTap, .tripleTap, .longPress] {
            let outcome = gestures.apply(gesture, objectSelected: false, input: .pointer)
            #expect(
                outcome.objectSelected && !outcome.showsMenu && outcome.notShownReason == .notRevealed, "\(gesture)")
        }
        let click = gestures.apply(.secondaryClick, objectSelected: false, input: .pointer)
        #expect(click.objectSelected && click.showsMenu)
        #expect(gestures.apply(.doubleTap, objectSelected: false).showsMenu)
    }

    @Test("Which gestures reveal with which input")
    func revealTable() {
        let table = RevealGesture.allCases.map { g in
            "\(g.rawValue): "
                + InputMethod.allCases.map { $0.rawValue + (g.reveals(with: $0) ? "+" : "-") }
                .joined(separator: " ")
        }
        #expect(
            table == [
                "longPress: touch+ pointer- keyboard+", "doubleTap: touch+ pointer- keyboard+",
                "tripleTap: touch+ pointer- keyboard+", "tap: touch+ pointer- keyboard+",
                "secondaryClick: touch+ pointer+ keyboard+", "menuKey: touch+ pointer+ keyboard+",
                "pinchAndHold: touch+ pointer+ keyboard+",
            ])
    }

    // MARK: In `editmenu present`

    @Test("A double click on the mac reports notRevealed with the new selection")
    func presentMac() {
        let out = present(
            #"{"idiom": "mac", "trigger": {"gesture": "doubleTap", "at": 8}, "content": {"text": "Hello wonderful world", "selection": [0, 0]}}"#
        )
        #expect(out.serialized == #"{"presented":false,"reason":"notRevealed","selection":[6,15]}"#)
    }

    @Test(
        "Every idiom with a pointer: double click, triple click and press and hold reveal nothing",
        arguments: ["phone", "pad", "mac", "vision"])
    func presentEveryIdiom(idiom: String) {
        for gesture in ["doubleTap", "tripleTap", "longPress"] {
            let out = present(
                #"{"idiom": "\#(idiom)", "input": "pointer", "trigger": {"gesture": "\#(gesture)", "at": 2}, "content": {"text": "Hi there", "selection": [0, 0]}}"#
            )
            #expect(out["reason"]?.stringValue == "notRevealed", "\(idiom) \(gesture)")
            #expect(out["selection"]?.intArray.count == 2, "\(idiom) \(gesture)")
        }
    }

    @Test("Touch on a pad still reveals on double tap; a keyboard on the mac leaves clicks to the pointer")
    func presentInputs() {
        let pad = present(
            #"{"idiom": "pad", "trigger": {"gesture": "doubleTap", "at": 2}, "content": {"text": "Hi there", "selection": [0, 0]}}"#
        )
        #expect(pad["presented"]?.boolValue == true && pad["style"]?.stringValue == "compact")
        let keyboard = present(
            #"{"idiom": "mac", "input": "keyboard", "trigger": {"gesture": "doubleTap", "at": 2}, "content": {"text": "Hi there", "selection": [0, 0]}}"#
        )
        #expect(keyboard["reason"]?.stringValue == "notRevealed")
        let key = present(
            #"{"idiom": "mac", "trigger": {"gesture": "menuKey"}, "content": {"text": "Hi there", "selection": [0, 2]}}"#
        )
        #expect(key["style"]?.stringValue == "contextMenu")
    }

    @Test("A click on the mac dismisses and carries no selection; a secondary click shows the context menu")
    func presentClick() {
        let click = present(
            #"{"idiom": "mac", "trigger": {"gesture": "tap", "at": 2}, "content": {"text": "Hi there", "selection": [0, 8]}}"#
        )
        #expect(click.serialized == #"{"presented":false,"reason":"notRevealed","selection":[2,2]}"#)
        let secondary = present(
            #"{"idiom": "mac", "trigger": {"gesture": "secondaryClick", "at": 5}, "content": {"text": "Hi there", "selection": [0, 0]}}"#
        )
        #expect(secondary["style"]?.stringValue == "contextMenu")
        #expect(secondary["selection"]?.intArray == [3, 8])
    }
}
