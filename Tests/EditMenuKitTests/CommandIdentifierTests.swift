import Testing

@testable import EditMenuKit

/// `EditCommand.ID` compares and hashes system identifiers by their index in
/// `EditCommand.ID.systemRawValues`; these check that this agrees with comparing their strings.
@Suite("Command identifiers")
struct CommandIdentifierTests {
    @Test("Every system-defined identifier, and Share's, has its own index")
    func everySystemIdentifierIsIndexed() {
        let system = Array(EditCommand.ID.systemDefined) + [.shareMail, .shareSaveToFile]
        for id in system {
            #expect(id.systemIndex != 0, "\(id) is missing from systemRawValues")
            #expect(EditCommand.ID.systemRawValues[Int(id.systemIndex) - 1] == id.rawValue)
        }
        #expect(Set(system.map(\.systemIndex)).count == system.count)
        #expect(Set(EditCommand.ID.systemRawValues).count == EditCommand.ID.systemRawValues.count)
    }

    @Test("An identifier made from a string equals the system one, hashes alike, and a custom one does not")
    func equalityFollowsTheString() {
        let made = EditCommand.ID(rawValue: "copy")
        #expect(made == .copy)
        #expect(made.hashValue == EditCommand.ID.copy.hashValue)
        #expect(Set<EditCommand.ID>([.copy, made, .cut]).count == 2)
        let custom: EditCommand.ID = "highlight"
        #expect(custom.systemIndex == 0)
        #expect(custom == EditCommand.ID("highlight"))
        #expect(custom != .copy)
        #expect(EditCommand.ID("copy2") != .copy)
        #expect([EditCommand.ID.paste: 1][EditCommand.ID(rawValue: "paste")] == 1)
        #expect([custom: 1][EditCommand.ID(rawValue: "highlight")] == 1)
    }

    @Test("Changing an identifier's raw value changes what it equals")
    func rawValueChangeKeepsTheIndex() {
        var id = EditCommand.ID.copy
        id.rawValue = "note"
        #expect(id.systemIndex == 0)
        #expect(id != .copy)
        #expect(id == EditCommand.ID("note"))
        id.rawValue = "paste"
        #expect(id == .paste)
        #expect(id.hashValue == EditCommand.ID.paste.hashValue)
    }

    @Test("A host's requirement look-up by index agrees with its table")
    func requirementsByIndex() {
        #expect(HostCapabilities.required(for: .findAndReplace) == .replace)
        #expect(HostCapabilities.required(for: EditCommand.ID(rawValue: "startDictation")) == .dictation)
        #expect(HostCapabilities.required(for: .copy) == nil)
        #expect(HostCapabilities.required(for: "highlight") == nil)
    }
}
