import Testing
@testable import EditMenuKit
@testable import EditMenuScenario

/// A Share service as `editmenu perform` has one: Share and its targets, Mail and Save to File.
private struct RecordingShareService: EditMenuService {
    var commands: Set<EditCommand.ID> { [.share, .shareMail, .shareSaveToFile] }
    func canPerform(_ command: EditCommand.ID, on request: ServiceRequest) -> Bool { !request.text.isEmpty }
    func perform(_ command: EditCommand.ID, on request: ServiceRequest) throws(ServiceError) -> ServiceResult {
        .panel(EditMenuPanel(kind: .share, title: "Share", text: request.text))
    }
}

@Suite("editmenu perform: the scenario's services decide what the machine's services may offer")
struct ScenarioPerformerTests {
    let performer = ScenarioPerformer { _, _ in ScenarioPerformer.Services(services: [RecordingShareService()]) }

    @Test("\"services\": [] offers no Share, though the service also performs Mail and Save to File")
    func emptyServicesOfferNoShare() throws {
        let scenario = #"{"content": {"text": "Hello world", "selection": [0, 5]}, "services": [], "perform": "share"}"#
        guard case .failure(let error) = performer.perform(json: scenario) else {
            Issue.record("Share was performed although the scenario lists no services")
            return
        }
        #expect(error.description.contains(#""share" is not offered"#))
        let copy = #"{"content": {"text": "Hello world", "selection": [0, 5]}, "services": [], "perform": "copy"}"#
        let presented = try performer.perform(json: copy).get()
        #expect(!ids(presented).contains("share"))
    }

    @Test("\"services\": [\"share\"] offers Share and performs it")
    func listedShareIsOffered() throws {
        let scenario =
            #"{"content": {"text": "Hello world", "selection": [0, 5]}, "services": ["share"], "perform": "share"}"#
        let result = try performer.perform(json: scenario).get()
        #expect(ids(result).contains("share"))
    }

    private func ids(_ value: JSONValue) -> [String] {
        guard case .object(let fields) = value, let items = fields.first(where: { $0.0 == "items" })?.1,
            case .array(let entries) = items
        else { return [] }
        return entries.compactMap { entry in
            guard case .object(let item) = entry, case .string(let id)? = item.first(where: { $0.0 == "id" })?.1
            else { return nil }
            return id
        }
    }
}
