import Foundation

/// Builds the actions of section 6 for a detected item.
struct DataActionBuilder {
    let services: DataActionServices
    let calendar: Calendar
    let referenceDate: Date

    /// Values longer than this are refused (no action).
    static let maximumValueLength = SafeURI.maximumValueLength

    func actions(for item: DetectedItem) -> [DataAction] {
        var actions: [DataAction] = []
        func add(_ id: EditCommand.ID, _ target: DataAction.Target?) {
            if let target, actions.count < 2 { actions.append(DataAction(id: id, target: target)) }
        }
        switch item.value {
        case .link(let link):
            add(.openLink, SafeURI.web(link).map(DataAction.Target.uri))
        case .email(let address):
            add(.sendEmail, SafeURI.mailto(address).map(DataAction.Target.uri))
            add(.addToContacts, SafeURI.isSafeValue(address) ? .contact(VCard.text(email: address)) : nil)
        case .phoneNumber(let phone):
            add(.call, SafeURI.phone("tel:", phone.dialable, extension: phone.extension).map(DataAction.Target.uri))
            add(.sendMessage, SafeURI.phone("sms:", phone.dialable).map(DataAction.Target.uri))
        case .address(let address):
            add(
                .getDirections,
                SafeURI.mapSearch(address.singleLine, prefix: services.mapSearch).map(DataAction.Target.uri))
            add(.addToContacts, SafeURI.isSafeValue(address.singleLine) ? .contact(VCard.text(address: address)) : nil)
        case .date(var date):
            // A time alone is today's.
            if date.year == nil, date.month == nil, date.day == nil, date.hour != nil {
                let today = calendar.dateComponents([.year, .month, .day], from: referenceDate)
                (date.year, date.month, date.day) = (today.year, today.month, today.day)
            }
            add(
                .createEvent,
                ICalendar.event(
                    for: date, summary: item.matchedText, calendar: calendar,
                    stamp: referenceDate
                ).map(DataAction.Target.calendarEvent))
        case .flightNumber(let airline, let number):
            add(.trackFlight, SafeURI.service(services.flightStatus, airline + number).map(DataAction.Target.uri))
        case .trackingNumber(let tracking):
            if let prefix = services.shipmentTracking[tracking.carrier] {
                add(.trackShipment, SafeURI.service(prefix, tracking.number).map(DataAction.Target.uri))
            }
        }
        return actions
    }
}
