import EditMenuKit

extension DetectedItem {
    /// The item as `editmenu detect` and the `detected` list of `editmenu present` print it:
    /// `{"type", "range", "text", "value", "actions"}`; each action has its `id` and one of `uri`,
    /// `calendarEvent` (iCalendar text) or `contact` (vCard text).
    ///
    /// ```swift
    /// let detector = DataDetector()
    /// let item = detector.detect(in: "mail jane@example.com")[0]
    /// item.json(actions: detector.actions(for: item)).serialized
    /// // {"type":"email","range":[5,21],"text":"jane@example.com","value":"jane@example.com","actions":[…]}
    /// ```
    package func json(actions: [DataAction]) -> JSONValue {
        .object([
            ("type", .string(type.rawValue)),
            ("range", .array([.int(characterRange.lowerBound), .int(characterRange.upperBound)])),
            ("text", .string(matchedText)),
            ("value", .string(value.text)),
            ("actions", .array(actions.map(\.json))),
        ])
    }
}

extension DataAction {
    /// `{"id": "call", "uri": "tel:+14085550123"}`, `{"id": "createEvent", "calendarEvent": "BEGIN:VCALENDAR…"}`.
    package var json: JSONValue {
        switch target {
        case .uri(let uri): return .object([("id", .string(id.rawValue)), ("uri", .string(uri))])
        case .calendarEvent(let text): return .object([("id", .string(id.rawValue)), ("calendarEvent", .string(text))])
        case .contact(let text): return .object([("id", .string(id.rawValue)), ("contact", .string(text))])
        }
    }
}
