import Foundation
import Testing
@testable import EditMenuKit

/// Styles: compact paging, the vertical top row and list, context menu and menu bar lists, RTL.
@Suite("Layout: styles")
struct LayoutStylesTests {
    static func command(
        _ id: EditCommand.ID, _ title: String, enabled: Bool = true,
        children: [EditCommand] = [], shortcut: Bool = false
    ) -> EditCommand {
        EditCommand(
            id: id, title: title, kind: .standard, isEnabled: enabled,
            keyEquivalent: shortcut ? KeyEquivalent.standard(for: id) : nil, children: children)
    }

    static let standard = EditMenuSection(
        id: .standardEdit,
        commands: [
            command(.cut, "Cut"), command(.copy, "Copy"), command(.paste, "Paste"), command(.selectAll, "Select All"),
        ])
    static let lookup = EditMenuSection(
        id: .lookup,
        commands: [
            command(.lookUp, "Look Up"), command(.translate, "Translate"), command(.share, "Share…"),
        ])

    func geometry(width: Double = 390, target: CGRect = CGRect(x: 150, y: 400, width: 60, height: 20))
        -> PresentationGeometry
    {
        PresentationGeometry(bounds: CGRect(x: 0, y: 0, width: width, height: 844), target: [target])
    }

    // MARK: Compact paging

    @Test func everythingThatFitsIsOnePageAsWideAsItsItems() {
        let paging = CompactPaging(itemWidths: [48, 56, 64], availableWidth: 374, chevronWidth: 28)
        #expect(paging.pages == [0..<3])
        #expect(paging.pageWidth == 168)
        #expect(!paging.isPaged)
    }

    @Test func pagingBoundariesComeInThrees() {
        // Fits exactly; one point too narrow (pages); roomy.
        #expect(CompactPaging(itemWidths: [50, 50], availableWidth: 100, chevronWidth: 28).pages.count == 1)
        #expect(CompactPaging(itemWidths: [50, 50], availableWidth: 99, chevronWidth: 28).pages == [0..<1, 1..<2])
        #expect(CompactPaging(itemWidths: [50, 50], availableWidth: 101, chevronWidth: 28).pages.count == 1)
    }

    @Test func theFirstPageReservesNextAndFixesTheWidthOfLaterPages() {
        let paging = CompactPaging(itemWidths: [50, 60, 70, 80, 30, 30], availableWidth: 150, chevronWidth: 28)
        // First page: 50 + 60 ≤ 150 − 28; page width 138; later pages hold ≤ 138 − 56 = 82.
        #expect(paging.pages == [0..<2, 2..<3, 3..<4, 4..<6])
        #expect(paging.pageWidth == 138)
    }

    @Test func anItemIsNeverSplitAndAnItemTooWideForAPageGetsOneAlone() {
        let widths: [Double] = [40, 300, 40, 40]
        let paging = CompactPaging(itemWidths: widths, availableWidth: 200, chevronWidth: 28)
        #expect(paging.pages.flatMap { Array($0) } == Array(0..<4))
        #expect(paging.pages.allSatisfy { !$0.isEmpty })
        #expect(paging.pages[1] == 1..<2)
    }

    @Test func aPagedCompactMenuShowsNextOnTheFirstPageAndBothChevronsLater() {
        let menu = EditMenu(style: .compact, sections: [Self.standard, Self.lookup])
        let engine = EditMenuLayoutEngine()
        let first = engine.layout(menu, geometry: geometry(width: 240), idiom: .phone, isRightToLeft: false)
        #expect(first.pages.count > 1)
        #expect(first.chevrons.map(\.direction) == [.next])
        #expect(first.chevrons[0].frame.maxX == first.placement.frame.maxX)
        let second = engine.layout(menu, geometry: geometry(width: 240), idiom: .phone, isRightToLeft: false, page: 1)
        #expect(second.chevrons.map(\.direction) == [.previous, .next])
        #expect(second.placement.frame.width == first.placement.frame.width)
        let last = engine.layout(menu, geometry: geometry(width: 240), idiom: .phone, isRightToLeft: false, page: 99)
        #expect(last.page == first.pages.count - 1)
        #expect(last.chevrons.last?.isEnabled == false)
        // Items of a page stay between its chevrons.
        for item in second.items {
            #expect(item.frame.minX >= second.chevrons[0].frame.maxX - 1e-9)
            #expect(item.frame.maxX <= second.chevrons[1].frame.minX + 1e-9)
        }
    }

    @Test func compactItemsAreTitleWidthPlusPaddingInMonospaceCells() {
        let menu = EditMenu(style: .compact, sections: [Self.standard])
        let layout = EditMenuLayoutEngine().layout(menu, geometry: geometry(), idiom: .phone, isRightToLeft: false)
        #expect(layout.frame(of: .cut)!.width == CGFloat(2 * 12 + 3 * 8))
        #expect(layout.frame(of: .selectAll)!.width == CGFloat(2 * 12 + 10 * 8))
        #expect(layout.placement.frame.height == 36)
        #expect(layout.dividers.count == 3)
    }

    @Test func aHostMeasurerSizesTheItems() {
        struct Wide: TextMeasurer { func width(of text: String) -> Double { Double(text.count) * 20 } }
        let menu = EditMenu(style: .compact, sections: [Self.standard])
        let layout = EditMenuLayoutEngine(measurer: Wide()).layout(
            menu, geometry: geometry(), idiom: .phone,
            isRightToLeft: false)
        #expect(layout.frame(of: .cut)!.width == CGFloat(24 + 60))
    }

    // MARK: Mirroring

    @Test func rightToLeftMirrorsTheBarAndPutsNextOnTheLeft() {
        let menu = EditMenu(style: .compact, sections: [Self.standard, Self.lookup])
        let ltr = EditMenuLayoutEngine().layout(
            menu, geometry: geometry(width: 300), idiom: .phone, isRightToLeft: false)
        let rtl = EditMenuLayoutEngine().layout(
            menu, geometry: geometry(width: 300), idiom: .phone, isRightToLeft: true)
        #expect(ltr.frame(of: .cut)!.minX < ltr.frame(of: .copy)!.minX)
        #expect(rtl.frame(of: .cut)!.minX > rtl.frame(of: .copy)!.minX)
        #expect(rtl.frame(of: .cut)!.maxX == rtl.placement.frame.maxX)
        #expect(rtl.chevrons[0].frame.minX == rtl.placement.frame.minX)
        #expect(rtl.placement == ltr.placement)
        #expect(rtl.isMirrored && !ltr.isMirrored)
    }

    // MARK: Vertical, context menu, menu bar

    @Test func theVerticalStyleHasATopRowOfUpToFourThenAList() {
        let menu = EditMenu(style: .vertical, sections: [Self.standard, Self.lookup])
        let layout = EditMenuLayoutEngine().layout(
            menu, geometry: geometry(width: 800), idiom: .pad, isRightToLeft: false)
        #expect(layout.topRow == [.cut, .copy, .paste])
        #expect(layout.items.filter { $0.region == .topRow }.map(\.id) == [.cut, .copy, .paste])
        #expect(layout.items.filter { $0.region == .list }.map(\.id) == [.selectAll, .lookUp, .translate, .share])
        let top = layout.frame(of: .cut)!
        #expect(top.height == 54)
        #expect(layout.frame(of: .selectAll)!.minY >= top.maxY)
        // Top-row cells share the width; the list rows span it.
        #expect(abs(top.width * 3 - layout.placement.frame.width) < 1e-9)
        #expect(layout.frame(of: .share)!.width == layout.placement.frame.width)
        #expect(layout.pages == [[.cut, .copy, .paste, .selectAll, .lookUp, .translate, .share]])
    }

    @Test func contextMenuListsKeepDimmedItemsShortcutsAndSubmenus() {
        let menu = EditMenu(
            style: .contextMenu,
            sections: [
                EditMenuSection(
                    id: .standardEdit,
                    commands: [
                        Self.command(.cut, "Cut", enabled: false, shortcut: true),
                        Self.command(.copy, "Copy", enabled: false, shortcut: true),
                        Self.command(.paste, "Paste", shortcut: true),
                    ]),
                EditMenuSection(
                    id: .format,
                    commands: [
                        Self.command(.format, "Format", children: [Self.command(.toggleBoldface, "Bold")])
                    ]),
            ])
        let layout = EditMenuLayoutEngine().layout(
            menu, geometry: geometry(width: 800), idiom: .mac, isRightToLeft: false)
        #expect(layout.items.map(\.id) == [.cut, .copy, .paste, .format])
        #expect(layout.items.map(\.isEnabled) == [false, false, true, true])
        #expect(layout.items[0].shortcut == "⌘X")
        #expect(layout.items[3].hasSubmenu)
        #expect(layout.topRow.isEmpty)
        // One divider between the two sections, 9 pt tall.
        #expect(layout.dividers.count == 1)
        #expect(layout.placement.frame.height == CGFloat(4 * 36 + 9))
        #expect(layout.placement.frame.width == 200)
        let linux = EditMenuLayoutEngine().layout(
            menu, geometry: geometry(width: 800), idiom: .pad, isRightToLeft: false)
        #expect(linux.items[2].shortcut == "Ctrl+V")
    }

    @Test func aListGrowsToItsWidestRowWithItsShortcut() {
        let long = EditMenuSection(
            id: .standardEdit,
            commands: [
                Self.command(.pasteAndMatchStyle, "Paste and Match Style", shortcut: true)
            ])
        let layout = EditMenuLayoutEngine().layout(
            EditMenu(style: .menuBar, sections: [long]),
            geometry: geometry(width: 800), idiom: .mac, isRightToLeft: false)
        // 12 + 21 cells + 24 + "⌥⇧⌘V" (4 cells) + 12.
        let expected: Double = 12 + 21 * 8 + 24 + 4 * 8 + 12
        #expect(layout.placement.frame.width == CGFloat(expected))
    }

    @Test func aListTallerThanTheContainerIsCutToIt() {
        let many = EditMenuSection(
            id: .standardEdit, commands: (0..<40).map { Self.command(EditCommand.ID("c\($0)"), "Item \($0)") })
        let g = PresentationGeometry(
            bounds: CGRect(x: 0, y: 0, width: 800, height: 600),
            target: [CGRect(x: 100, y: 100, width: 10, height: 20)])
        let layout = EditMenuLayoutEngine().layout(
            EditMenu(style: .contextMenu, sections: [many]), geometry: g,
            idiom: .mac, isRightToLeft: false)
        #expect(layout.placement.frame.height == 600)
        #expect(g.bounds.encloses(layout.placement.frame))
    }
}
