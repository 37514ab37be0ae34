import Foundation

extension EditMenuController {
    /// The Look Up panel's Search Web button (no dictionary had an entry): the host's web search for
    /// `phrase`, opened as the Search Web item opens it.
    func searchWeb(for phrase: String) -> PerformOutcome {
        guard let (service, request) = webSearch(for: phrase) else {
            return .failed("searchWeb: this host has no web search")
        }
        do {
            return carryOut(try service.perform(.searchWeb, on: request), for: .searchWeb)
        } catch {
            return .failed(error.description)
        }
    }

    /// The service that searches the web for `phrase`, and its request; `nil` when the host has none.
    func webSearch(for phrase: String) -> (any EditMenuService, ServiceRequest)? {
        let request = ServiceRequest(
            selectedText: SelectedText(text: phrase, characterRange: 0..<phrase.count),
            content: SelectableContent(kind: .text, selection: .none), locale: configuration.locale)
        return service(for: .searchWeb, request: request).map { ($0, request) }
    }

    /// `panel` with only the buttons this host can carry out: a Search Web button goes when the host has
    /// no web search (a button that would only say "not available" is not offered, EDIT-MENU.md §11).
    func offerable(_ panel: EditMenuPanel) -> EditMenuPanel {
        guard panel.actions.contains(where: { $0.id == .searchWeb }), webSearch(for: panel.title) == nil else {
            return panel
        }
        var offered = panel
        offered.actions.removeAll { $0.id == .searchWeb }
        return offered
    }
}
