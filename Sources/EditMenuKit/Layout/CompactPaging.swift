/// How the `compact` style splits a row of items that is too wide for its container into pages
/// (EDIT-MENU.md §8, as UIKit's edit menu does).
///
/// - Everything fits: one page, as wide as its items.
/// - Otherwise the first page takes as many items as fit beside a "next" chevron; its width fixes the
///   width of every later page, which holds as many items as fit between "previous" and "next".
/// - An item is never cut in half: it moves to the next page whole. An item wider than a page on its own
///   gets a page to itself (the host truncates its title).
///
/// ```swift
/// let paging = CompactPaging(itemWidths: [50, 60, 70, 80], availableWidth: 150, chevronWidth: 28)
/// paging.pages        // [0..<2, 2..<3, 3..<4]
/// paging.pageWidth    // 138 (50 + 60 + 28)
/// ```
package struct CompactPaging: Hashable, Sendable {
    /// The items of each page, as ranges of indices into the item widths; never empty, in order.
    package var pages: [Range<Int>]
    /// The width of every page: the items' width when there is one page, else the first page's width.
    package var pageWidth: Double

    /// Whether the items need more than one page.
    package var isPaged: Bool { pages.count > 1 }

    /// Splits items of `itemWidths` into pages no wider than `availableWidth`, reserving `chevronWidth`
    /// for each chevron a page shows.
    package init(itemWidths: [Double], availableWidth: Double, chevronWidth: Double) {
        let total = itemWidths.reduce(0, +)
        guard total > availableWidth + 1e-9, itemWidths.count > 1 else {
            pages = itemWidths.isEmpty ? [] : [0..<itemWidths.count]
            pageWidth = min(total, max(availableWidth, 0))
            return
        }
        func fill(from start: Int, room: Double) -> Int {
            var end = start
            var used = 0.0
            while end < itemWidths.count, used + itemWidths[end] <= room + 1e-9 {
                used += itemWidths[end]
                end += 1
            }
            return max(end, start + 1)
        }
        let firstEnd = fill(from: 0, room: availableWidth - chevronWidth)
        let firstItems = itemWidths[0..<firstEnd].reduce(0, +)
        let width = min(firstItems, max(availableWidth - chevronWidth, 0)) + chevronWidth
        var result = [0..<firstEnd]
        var start = firstEnd
        while start < itemWidths.count {
            let end = fill(from: start, room: width - 2 * chevronWidth)
            result.append(start..<end)
            start = end
        }
        pages = result
        pageWidth = width
    }
}
