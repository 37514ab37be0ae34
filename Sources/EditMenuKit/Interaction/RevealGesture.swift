/// A gesture that reveals (or dismisses) the edit menu, and what it selects first (EDIT-MENU.md §7 and §10).
///
/// With touch, selecting gestures reveal the menu. With a pointer (EDIT-MENU.md §10) a double or triple
/// click and a press and hold only select, as on the Mac; only a secondary click (and the Menu key or
/// Shift-F10) reveals the menu.
public enum RevealGesture: String, Hashable, Sendable, CaseIterable {
    /// Touch and hold: selects the word under the finger; the menu appears on release.
    case longPress
    /// Double tap: selects the word (or the host's unit) and shows the menu.
    case doubleTap
    /// Triple tap: selects the paragraph and shows the menu.
    case tripleTap
    /// Tap: on the selection or caret it toggles the menu; elsewhere it moves the caret and dismisses.
    case tap
    /// Secondary click: selects the word unless the click is inside the selection, then shows the
    /// pointer style.
    case secondaryClick
    /// The Menu key or Shift-F10: shows the keyboard style at the selection.
    case menuKey
    /// Pinch and hold (visionOS): as touch and hold.
    case pinchAndHold

    /// The input method the gesture implies when the host does not say; `nil` for gestures every
    /// input can make (the idiom's default input applies).
    package var impliedInput: InputMethod? {
        switch self {
        case .secondaryClick: return .pointer
        case .menuKey: return .keyboard
        default: return nil
        }
    }

    /// Whether the gesture reveals the menu when made with `input`. Touch gestures reveal; with a
    /// pointer only a secondary click does (a click, a double or triple click and a press and hold
    /// select without a menu); the Menu key always reveals. Pinch and hold is visionOS's touch gesture
    /// whatever the input. `.keyboard` makes no pointing gestures and is treated as touch.
    package func reveals(with input: InputMethod) -> Bool {
        switch self {
        case .secondaryClick, .menuKey, .pinchAndHold: return true
        case .longPress, .doubleTap, .tripleTap, .tap: return input != .pointer
        }
    }
}

/// What a gesture did to the selection, and whether the menu is now shown.
public struct GestureOutcome: Hashable, Sendable {
    /// The text selection afterwards, in UTF-8 bytes of the storage the gesture was applied to; `nil`
    /// when nothing is selected.
    public var selection: Range<Int>?
    /// For image, object and file content: whether the object is selected afterwards.
    public var objectSelected: Bool
    /// Whether the menu is shown after the gesture.
    public var showsMenu: Bool
    /// Why the menu is not shown: ``NotPresentedReason/notRevealed`` for a gesture that changes the
    /// selection without revealing a menu (a tap or click away from the selection, a double click with a
    /// pointer); `nil` when the menu is shown.
    public var notShownReason: NotPresentedReason?

    init(selection: Range<Int>?, objectSelected: Bool, showsMenu: Bool, notShownReason: NotPresentedReason? = nil) {
        self.selection = selection
        self.objectSelected = objectSelected
        self.showsMenu = showsMenu
        self.notShownReason = showsMenu ? nil : notShownReason ?? .notRevealed
    }
}

/// How gestures select, as pure functions of the content and the touch point.
public struct SelectionGestures: Hashable, Sendable {
    /// What a double tap selects in text (word by default; a host may choose another unit).
    public var doubleTapUnit: TextUnit
    /// What a triple tap selects (paragraph by default).
    public var tripleTapUnit: TextUnit
    /// Whether touch and hold places the caret instead of selecting a word (editors with a magnifier).
    public var longPressPlacesCaret: Bool
    /// The segmenter that finds words.
    public var segmenter: TextSegmenter

    /// Creates gesture semantics; the defaults are the platform's.
    public init(
        doubleTapUnit: TextUnit = .word, tripleTapUnit: TextUnit = .paragraph,
        longPressPlacesCaret: Bool = false, segmenter: TextSegmenter = TextSegmenter()
    ) {
        self.doubleTapUnit = doubleTapUnit
        self.tripleTapUnit = tripleTapUnit
        self.longPressPlacesCaret = longPressPlacesCaret
        self.segmenter = segmenter
    }

    /// Applies `gesture`, made with `input`, at byte `offset` of `storage`; selections come back as byte
    /// ranges on Character boundaries. Only a window around `offset` is segmented.
    ///
    /// A pointer selects as touch does, without revealing the menu (``RevealGesture/reveals(with:)``),
    /// except that a click always places the caret where it lands.
    ///
    /// ```swift
    /// let storage = TextStorage("Hello world")
    /// SelectionGestures().apply(.doubleTap, atByte: 7, in: storage, selection: 0..<0, isSecure: false)
    /// // selection 6..<11, menu shown
    /// SelectionGestures().apply(.doubleTap, atByte: 7, in: storage, selection: 0..<0, isSecure: false,
    ///                           input: .pointer)
    /// // selection 6..<11, no menu (notShownReason .notRevealed)
    /// ```
    package func apply(
        _ gesture: RevealGesture, atByte offset: Int, in storage: TextStorage,
        selection: Range<Int>?, isSecure: Bool, input: InputMethod = .touch
    ) -> GestureOutcome {
        let at = storage.graphemeBoundary(atOrBefore: min(max(0, offset), storage.byteCount))
        let touch = decide(gesture, at: at, count: storage.byteCount, selection: selection, isSecure: isSecure) {
            unit in segmenter.range(of: unit, atByte: at, in: storage)
        }
        guard !gesture.reveals(with: input) else { return touch }
        // A click places the caret where it lands, inside a selection too; the other gestures select as
        // touch does. None reveals the menu.
        if gesture == .tap {
            return GestureOutcome(
                selection: at..<at, objectSelected: false, showsMenu: false, notShownReason: .notRevealed)
        }
        return GestureOutcome(
            selection: touch.selection, objectSelected: false, showsMenu: false, notShownReason: .notRevealed)
    }

    /// The rules of section 7: `count` is the text's length and `find` the segmenter's answer for a
    /// unit at `at`.
    private func decide(
        _ gesture: RevealGesture, at: Int, count: Int, selection: Range<Int>?, isSecure: Bool,
        find: (TextUnit) -> Range<Int>?
    ) -> GestureOutcome {
        func outcome(_ selection: Range<Int>?, shows: Bool = true) -> GestureOutcome {
            GestureOutcome(selection: selection, objectSelected: false, showsMenu: shows, notShownReason: .notRevealed)
        }
        func select(_ unit: TextUnit) -> Range<Int> {
            if count == 0 { return 0..<0 }
            if isSecure { return 0..<count }
            return find(unit) ?? at..<at
        }
        let insideSelection = selection.map { !$0.isEmpty && $0.lowerBound <= at && at <= $0.upperBound } ?? false
        switch gesture {
        case .longPress, .pinchAndHold:
            if insideSelection { return outcome(selection) }
            if isSecure { return outcome(select(.all)) }
            return outcome(longPressPlacesCaret ? at..<at : select(.word))
        case .doubleTap:
            return outcome(select(doubleTapUnit))
        case .tripleTap:
            return outcome(select(tripleTapUnit))
        case .tap:
            let onCaret = selection.map { $0.isEmpty && $0.lowerBound == at } ?? false
            if insideSelection || onCaret { return outcome(selection) }
            return outcome(at..<at, shows: false)
        case .secondaryClick:
            return outcome(insideSelection ? selection : select(.word))
        case .menuKey:
            return outcome(selection)
        }
    }

    /// Applies `gesture`, made with `input`, to an image, object or file: selecting gestures select it;
    /// a tap toggles the menu when it is selected and does nothing otherwise. With a pointer a click,
    /// a double or triple click and a press and hold select it without revealing the menu.
    public func apply(_ gesture: RevealGesture, objectSelected: Bool, input: InputMethod = .touch) -> GestureOutcome {
        guard gesture.reveals(with: input) else {
            return GestureOutcome(selection: nil, objectSelected: true, showsMenu: false, notShownReason: .notRevealed)
        }
        switch gesture {
        case .tap, .menuKey:
            return GestureOutcome(selection: nil, objectSelected: objectSelected, showsMenu: objectSelected)
        case .longPress, .pinchAndHold, .doubleTap, .tripleTap, .secondaryClick:
            return GestureOutcome(selection: nil, objectSelected: true, showsMenu: true)
        }
    }
}
