import Foundation

/// An action suggested for a detected item, and what performing it opens.
///
/// Every target is built by escaping the detected value into a fixed template — never by pasting
/// text — and only `https:`, `http:` (a link written so), `mailto:`, `tel:`, `sms:`, `geo:` URIs, an
/// iCalendar event or a vCard are ever produced.
///
/// ```swift
/// let detector = DataDetector()
/// let item = detector.detect(in: "+44 20 7946 0958")[0]
/// detector.actions(for: item).map(\.target)
/// // [.uri("tel:+442079460958"), .uri("sms:+442079460958")]
/// ```
public struct DataAction: Hashable, Sendable {
    /// What the host does to perform the action.
    public enum Target: Hashable, Sendable {
        /// Open this URI.
        case uri(String)
        /// Offer this iCalendar text (`text/calendar`, one VEVENT) to the calendar.
        case calendarEvent(String)
        /// Offer this vCard text (`text/vcard`, version 3.0) to the contacts.
        case contact(String)
    }

    /// The menu command (`.call`, `.getDirections` …), titled by the menu's locale.
    public var id: EditCommand.ID

    /// Every command a data action can be: a menu's detected item decides what it does, so none is
    /// performed without the menu that holds it.
    package static let commands: Set<EditCommand.ID> = [
        .openLink, .sendEmail, .call, .sendMessage, .addToContacts, .getDirections, .createEvent, .trackFlight,
        .trackShipment,
    ]
    /// What performing it opens.
    public var target: Target

    /// Creates an action.
    package init(id: EditCommand.ID, target: Target) {
        self.id = id
        self.target = target
    }

    /// The URI, when the target is one.
    public var uri: String? {
        if case .uri(let uri) = target { return uri }
        return nil
    }
}
