import Foundation

extension EditMenuController {
    /// The Look Up panel's Search Web button (no dictionary had an entry): the host's web search for
    /// `phrase`, opened as the Search Web item opens it.
    func searchWeb(for phrase: String) -> PerformOutcome {
        let request = ServiceRequest(
            selectedText: SelectedText(text: phrase, characterRange: 0..<phrase.count),
            content: SelectableContent(kind: .text, selection: .none), locale: configuration.locale)
        guard let service = service(for: .searchWeb, request: request) else {
            return .failed("searchWeb: this host has no web search")
        }
        do {
            return carryOut(try service.perform(.searchWeb, on: request), for: .searchWeb)
        } catch {
            return .failed(error.description)
        }
    }
}
