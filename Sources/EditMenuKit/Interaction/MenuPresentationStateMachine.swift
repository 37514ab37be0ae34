/// The edit menu's presentation state machine (EDIT-MENU.md §7, UIKit's `UIEditMenuInteraction`):
/// present, dismiss, toggle, hide while content scrolls or selection handles are dragged and come back
/// afterwards if the selection is still visible, dismiss on typing, reload, and page left and right.
///
/// It is a pure value: feed it ``Event``s, draw what the returned ``Effect``s say.
///
/// ```swift
/// var machine = MenuPresentationStateMachine()
/// machine.handle(.gesture(.doubleTap, showsMenu: true, pageCount: 2))  // [.show(page: 0)]
/// machine.handle(.nextPage)                                            // [.show(page: 1)]
/// machine.handle(.scrollBegan)                                         // [.hide]
/// machine.handle(.scrollEnded(selectionVisible: true))                 // [.show(page: 0)]
/// machine.handle(.typed)                                               // [.hide]
/// machine.state                                                        // .hidden
/// ```
package struct MenuPresentationStateMachine: Hashable, Sendable {
    /// Where the menu is.
    package enum State: Hashable, Sendable {
        /// Not shown.
        case hidden
        /// Shown, on a page (0 unless the compact menu is paged).
        case presented(page: Int)
        /// Shown before, hidden for now while something moves; comes back when all of it ends and the
        /// selection is still visible.
        case suspended(Set<Suspension>)
    }

    /// Why a shown menu is hidden for a while.
    package enum Suspension: String, Hashable, Sendable, CaseIterable {
        /// The content is scrolling.
        case scrolling
        /// A selection handle is being dragged.
        case draggingHandles
    }

    /// What happened.
    package enum Event: Hashable, Sendable {
        /// A revealing gesture was applied (`SelectionGestures/apply(_:atByte:in:selection:isSecure:input:)`):
        /// a `tap` that shows the menu toggles it; any other gesture that shows the menu presents it from
        /// its first page; one that does not (a tap elsewhere) dismisses it.
        case gesture(RevealGesture, showsMenu: Bool, pageCount: Int = 1)
        /// The host presents the menu (UIKit's `UIEditMenuInteraction.presentEditMenu(with:)`), from its first page.
        case present(pageCount: Int = 1)
        /// The host, Escape, or choosing a command dismisses the menu.
        case dismiss
        /// Content began scrolling.
        case scrollBegan
        /// Scrolling ended; the selection is or is not visible any more.
        case scrollEnded(selectionVisible: Bool)
        /// A selection handle began to be dragged.
        case handleDragBegan
        /// The handle was released.
        case handleDragEnded(selectionVisible: Bool)
        /// Someone typed (or deleted) in the content.
        case typed
        /// The menu's commands changed while shown (the pasteboard changed, the host's state changed):
        /// lay it out again, staying on the current page when it still exists.
        case reload(pageCount: Int)
        /// The target moved or the container resized: lay out again in place.
        case targetMoved
        /// The "next" chevron (or the keyboard) asks for the next page.
        case nextPage
        /// The "previous" chevron asks for the previous page.
        case previousPage
    }

    /// What the host does.
    package enum Effect: Hashable, Sendable {
        /// Lay out and show the menu at this page (it may already be shown: then replace it).
        case show(page: Int)
        /// Remove the menu from the screen.
        case hide
        /// Lay out the shown menu again (same page) because its target or container changed.
        case relayout
    }

    /// Where the menu is now.
    package private(set) var state: State = .hidden
    /// How many pages the menu has (from the last present or reload).
    package private(set) var pageCount = 1

    /// Creates an interaction with the menu hidden.
    package init() {}

    /// Whether the menu is on screen.
    package var isVisible: Bool {
        if case .presented = state { return true }
        return false
    }

    /// Handles one event and returns what to draw.
    @discardableResult
    package mutating func handle(_ event: Event) -> [Effect] {
        switch (event, state) {
        case (.gesture(.tap, true, let pages), .presented):
            pageCount = max(pages, 1)
            return hide()
        case (.gesture(_, true, let pages), _), (.present(let pages), _):
            pageCount = max(pages, 1)
            return show(page: 0)
        case (.gesture(_, false, _), _), (.dismiss, _), (.typed, _):
            return hide()
        case (.scrollBegan, _):
            return suspend(.scrolling)
        case (.handleDragBegan, _):
            return suspend(.draggingHandles)
        case (.scrollEnded(let visible), .suspended(let reasons)):
            return resume(reasons, ending: .scrolling, selectionVisible: visible)
        case (.handleDragEnded(let visible), .suspended(let reasons)):
            return resume(reasons, ending: .draggingHandles, selectionVisible: visible)
        case (.reload(let pages), .presented(let page)):
            pageCount = max(pages, 1)
            return show(page: min(page, pageCount - 1))
        case (.reload(let pages), _):
            pageCount = max(pages, 1)
            return []
        case (.targetMoved, .presented):
            return [.relayout]
        case (.nextPage, .presented(let page)) where page + 1 < pageCount:
            return show(page: page + 1)
        case (.previousPage, .presented(let page)) where page > 0:
            return show(page: page - 1)
        default:
            return []
        }
    }

    private mutating func show(page: Int) -> [Effect] {
        state = .presented(page: page)
        return [.show(page: page)]
    }

    private mutating func hide() -> [Effect] {
        let wasVisible = isVisible
        state = .hidden
        return wasVisible ? [.hide] : []
    }

    private mutating func suspend(_ reason: Suspension) -> [Effect] {
        switch state {
        case .hidden:
            return []
        case .presented:
            state = .suspended([reason])
            return [.hide]
        case .suspended(var reasons):
            reasons.insert(reason)
            state = .suspended(reasons)
            return []
        }
    }

    private mutating func resume(
        _ reasons: Set<Suspension>, ending reason: Suspension,
        selectionVisible: Bool
    ) -> [Effect] {
        var rest = reasons
        rest.remove(reason)
        if !rest.isEmpty {
            state = .suspended(rest)
            return []
        }
        guard selectionVisible else {
            state = .hidden
            return []
        }
        // It comes back as a fresh presentation: laid out again for where the selection is now.
        return show(page: 0)
    }
}
