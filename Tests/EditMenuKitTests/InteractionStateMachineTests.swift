import Testing
@testable import EditMenuKit
@testable import EditMenuScenario

/// The presentation state machine.
@Suite("Interaction: state machine")
struct InteractionStateMachineTests {
    @Test func aRevealingGesturePresentsFromTheFirstPage() {
        var i = MenuPresentationStateMachine()
        #expect(i.handle(.gesture(.doubleTap, showsMenu: true, pageCount: 3)) == [.show(page: 0)])
        #expect(i.state == .presented(page: 0))
        #expect(i.pageCount == 3)
    }

    @Test func aTapOnTheSelectionTogglesTheMenu() {
        var i = MenuPresentationStateMachine()
        #expect(i.handle(.gesture(.tap, showsMenu: true)) == [.show(page: 0)])
        #expect(i.handle(.gesture(.tap, showsMenu: true)) == [.hide])
        #expect(i.state == .hidden)
        #expect(i.handle(.gesture(.tap, showsMenu: true)) == [.show(page: 0)])
    }

    @Test func aTapElsewhereDismisses() {
        var i = MenuPresentationStateMachine()
        i.handle(.present())
        #expect(i.handle(.gesture(.tap, showsMenu: false)) == [.hide])
        #expect(i.handle(.gesture(.tap, showsMenu: false)).isEmpty)
    }

    @Test func typingAndDismissHideTheMenu() {
        var i = MenuPresentationStateMachine()
        i.handle(.present())
        #expect(i.handle(.typed) == [.hide])
        i.handle(.present())
        #expect(i.handle(.dismiss) == [.hide])
        #expect(!i.isVisible)
    }

    @Test func theMenuHidesWhileScrollingAndComesBackIfTheSelectionIsVisible() {
        var i = MenuPresentationStateMachine()
        i.handle(.present(pageCount: 2))
        i.handle(.nextPage)
        #expect(i.handle(.scrollBegan) == [.hide])
        #expect(i.state == .suspended([.scrolling]))
        #expect(i.handle(.scrollEnded(selectionVisible: true)) == [.show(page: 0)])
        #expect(i.handle(.scrollBegan) == [.hide])
        #expect(i.handle(.scrollEnded(selectionVisible: false)).isEmpty)
        #expect(i.state == .hidden)
    }

    @Test func theMenuComesBackOnlyWhenBothScrollingAndHandleDraggingEnd() {
        var i = MenuPresentationStateMachine()
        i.handle(.present())
        #expect(i.handle(.handleDragBegan) == [.hide])
        #expect(i.handle(.scrollBegan).isEmpty)
        #expect(i.handle(.handleDragEnded(selectionVisible: true)).isEmpty)
        #expect(i.handle(.scrollEnded(selectionVisible: true)) == [.show(page: 0)])
    }

    @Test func scrollingWithTheMenuHiddenDoesNotBringItBack() {
        var i = MenuPresentationStateMachine()
        #expect(i.handle(.scrollBegan).isEmpty)
        #expect(i.handle(.scrollEnded(selectionVisible: true)).isEmpty)
        #expect(i.state == .hidden)
    }

    @Test func typingWhileSuspendedDismissesForGood() {
        var i = MenuPresentationStateMachine()
        i.handle(.present())
        i.handle(.handleDragBegan)
        i.handle(.typed)
        #expect(i.handle(.handleDragEnded(selectionVisible: true)).isEmpty)
        #expect(i.state == .hidden)
    }

    @Test func pagingStopsAtTheEnds() {
        var i = MenuPresentationStateMachine()
        i.handle(.present(pageCount: 2))
        #expect(i.handle(.previousPage).isEmpty)
        #expect(i.handle(.nextPage) == [.show(page: 1)])
        #expect(i.handle(.nextPage).isEmpty)
        #expect(i.handle(.previousPage) == [.show(page: 0)])
    }

    @Test func reloadKeepsThePageWhenItStillExists() {
        var i = MenuPresentationStateMachine()
        i.handle(.present(pageCount: 3))
        i.handle(.nextPage)
        i.handle(.nextPage)
        #expect(i.handle(.reload(pageCount: 3)) == [.show(page: 2)])
        #expect(i.handle(.reload(pageCount: 2)) == [.show(page: 1)])
        i.handle(.dismiss)
        #expect(i.handle(.reload(pageCount: 5)).isEmpty)
        #expect(i.pageCount == 5)
    }

    @Test func aMovedTargetIsLaidOutAgainOnlyWhileShown() {
        var i = MenuPresentationStateMachine()
        #expect(i.handle(.targetMoved).isEmpty)
        i.handle(.present())
        #expect(i.handle(.targetMoved) == [.relayout])
    }
}
