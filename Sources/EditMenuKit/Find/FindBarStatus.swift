import Foundation

/// What a find bar says after it asked for something (``FindBarRequest``): nothing, “Not found”,
/// “Wrapped”, “Replaced 3”, or that the selection Replace would replace is not a match — decided once
/// here from the controller's `FindResult` and worded in the menu's language
/// (``text(_:)``, the `findStatus…` strings of every `Localization/Strings/*.json`).
///
/// ```swift
/// controller.carryOut(.find("cat", .forward), fromAnchor: nil)
/// let status = FindBarStatus(controller.lastFindResult, after: .find("cat", .forward))   // .wrapped
/// status.text(MenuStrings(locale: MenuLocale("de")))                                  // "Am Anfang fortgesetzt"
/// ```
package enum FindBarStatus: Hashable, Sendable {
    /// Nothing to say: a match after the selection, or nothing searched.
    case none
    /// There is no match in the whole text.
    case notFound
    /// The match found is past the end, from the start again (or before the start, backwards).
    case wrapped
    /// Replace All (or Replace) replaced this many matches.
    case replaced(Int)
    /// Replace found the selection is not a match, and replaced nothing.
    case selectionIsNotAMatch

    /// The status after `request`, from the controller's `EditMenuController.lastFindResult`.
    package init(_ result: FindResult?, after request: FindBarRequest) {
        guard let result else {
            self = .none
            return
        }
        switch request {
        case .replaceAll:
            self = .replaced(result.replaced)
            return
        case .replace where result.replaced == 0:
            self = .selectionIsNotAMatch
            return
        case .close:
            self = .none
            return
        default:
            break
        }
        guard let match = result.match else {
            self = .notFound
            return
        }
        self = match.wrapped ? .wrapped : .none
    }

    /// The status in the language of `strings`; empty for `FindBarStatus/none`.
    package func text(_ strings: MenuStrings) -> String {
        // Not idiom-specific: any idiom's titles.
        switch self {
        case .none: ""
        case .notFound: strings.title("findStatusNotFound", idiom: .pad)
        case .wrapped: strings.title("findStatusWrapped", idiom: .pad)
        case .selectionIsNotAMatch: strings.title("findStatusNotAMatch", idiom: .pad)
        case .replaced(let count):
            strings.title("findStatusReplaced", idiom: .pad).replacingOccurrences(of: "%@", with: String(count))
        }
    }
}
