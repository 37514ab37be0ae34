extension EditCommand.ID {
    /// The raw values of the identifiers the system defines (``systemDefined``, Share's and the menu
    /// bar's), each with its ``systemIndex``: their place here plus one. An identifier missing here
    /// still works (it compares and hashes by its string); a test checks that every system-defined one
    /// is here.
    package static let systemRawValues: [String] = [
        "cut", "copy", "paste", "pasteAndMatchStyle", "delete", "select", "selectAll", "replace", "format",
        "toggleBoldface", "toggleItalics", "toggleUnderline", "lookUp", "translate", "searchWeb", "share",
        "undo", "redo", "find", "findEllipsis", "findAndReplace", "findNext", "findPrevious",
        "useSelectionForFind", "jumpToSelection", "spellingAndGrammar", "showSpellingAndGrammar",
        "checkDocumentNow", "checkSpellingWhileTyping", "checkGrammarWithSpelling",
        "correctSpellingAutomatically", "substitutions", "showSubstitutions", "smartCopyPaste",
        "smartQuotes", "smartDashes", "smartLinks", "dataDetectors", "textReplacement", "transformations",
        "makeUpperCase", "makeLowerCase", "capitalize", "speech", "startSpeaking", "stopSpeaking",
        "startDictation", "emojiAndSymbols", "openLink", "sendEmail", "call", "sendMessage",
        "addToContacts", "getDirections", "createEvent", "trackFlight", "trackShipment", "writingDirection",
        "makeTextWritingDirectionLeftToRight", "makeTextWritingDirectionRightToLeft", "ignoreSpelling",
        "learnSpelling", "font", "increaseSize", "decreaseSize", "services", "share.mail",
        "share.saveToFile",
    ]

    /// ``systemRawValues``' indices plus one, by raw value.
    private static let systemIndices: [String: UInt8] = {
        precondition(systemRawValues.count < Int(UInt8.max))
        var indices: [String: UInt8] = [:]
        for (index, rawValue) in systemRawValues.enumerated() { indices[rawValue] = UInt8(index + 1) }
        return indices
    }()

    /// The ``systemIndex`` of `rawValue`.
    static func systemIndex(of rawValue: String) -> UInt8 { systemIndices[rawValue] ?? 0 }
}
