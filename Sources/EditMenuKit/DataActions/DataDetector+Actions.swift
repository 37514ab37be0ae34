extension DataDetector {
    /// The actions a detected item suggests, at most two, in menu order (EDIT-MENU.md §6): a link
    /// opens; an email address gets Send Email and Add to Contacts; a phone number Call and Send
    /// Message; an address Get Directions and Add to Contacts; a date Create Event; a flight Track
    /// Flight; a tracking number Track Shipment. An action whose target cannot be built safely
    /// (an over-long value, something that reads as an option or another scheme) is left out.
    public func actions(for item: DetectedItem) -> [DataAction] {
        DataActionBuilder(services: services, calendar: calendar, referenceDate: referenceDate).actions(for: item)
    }

    /// Detection for a selection: the items in the selected text (``DetectedItem/characterRange`` in
    /// Characters of the whole `text`, ``DetectedItem/byteRange`` in its UTF-8 bytes), and the actions when the selection is one detected item — ignoring surrounding
    /// spaces and punctuation — or lies inside one.
    ///
    /// Only the selection and `margin` Characters on each side are examined (more when an item reaches
    /// the edge of that window), and nothing when the selection is longer than ``maximumSelectionLength``.
    ///
    /// ```swift
    /// let text = "Call +1 (408) 555-0123 now"
    /// let result = DataDetector().detect(inCharacterRange: 5..<22, of: text)
    /// result.items.map(\.type)      // [.phoneNumber]
    /// result.actions.map(\.id)      // [.call, .sendMessage]
    /// ```
    public func detect(inCharacterRange selection: Range<Int>, of text: String, margin: Int = 64) -> SelectionDetection
    {
        detection(items(inCharacterRange: selection, of: text, margin: margin))
    }

    /// ``detect(inCharacterRange:of:margin:)`` for a host's selection: its UTF-8 bytes are known, so only
    /// the margins' Characters are walked.
    package func detect(_ selected: SelectedText) -> SelectionDetection {
        let bytes = selected.selectedUTF8Range
        return detection(
            items(
                inCharacterRange: selected.characterRange, of: selected.text, selectedUTF8: bytes.isEmpty ? nil : bytes)
        )
    }

    /// The items found around a selection, with the actions for the one it is or lies inside.
    private func detection(_ found: (items: [DetectedItem], actionable: DetectedItem?)) -> SelectionDetection {
        SelectionDetection(
            items: found.items, actionable: found.actionable, actions: found.actionable.map(actions(for:)) ?? [])
    }
}

/// What detection found in and around a selection.
public struct SelectionDetection: Hashable, Sendable {
    /// Items inside the selection, and the item the selection lies inside. Their
    /// ``DetectedItem/byteRange`` counts UTF-8 bytes of the whole text (the storage, for
    /// ``DataDetector/detect(inSelectionOf:contextBytes:)``); their ``DetectedItem/characterRange``
    /// counts Characters from the UTF-8 byte `characterRangeOriginByte` of the whole text.
    public var items: [DetectedItem]
    /// The item the selection is (ignoring surrounding spaces and punctuation) or lies inside.
    public var actionable: DetectedItem?
    /// The actions for ``actionable``, at most two.
    public var actions: [DataAction]
    /// Where the items' ``DetectedItem/characterRange`` starts counting, in UTF-8 bytes of the whole
    /// text: 0 for ``DataDetector/detect(inCharacterRange:of:margin:)`` (Characters of the whole text),
    /// the start of the examined window for ``DataDetector/detect(inSelectionOf:contextBytes:)`` (which
    /// never counts the Characters of a whole document).
    public var characterRangeOriginByte: Int = 0

    /// Nothing detected.
    public static let none = SelectionDetection(items: [], actionable: nil, actions: [])
}
