@testable import EditMenuDataDetection
@testable import EditMenuKit
@testable import EditMenuScenario
import Foundation
import Testing

/// Actions for detected items, their safe targets, and how a selection picks the item it acts on.
struct DataDetectionActionTests {
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    func actions(_ text: String) -> [DataAction] {
        guard let item = Self.detector.detect(in: text).first else { return [] }
        return Self.detector.actions(for: item)
    }

    // MARK: Section 6: which actions

    @Test func eachTypeSuggestsItsActionsAndNeverMoreThanTwo() {
        let expected: [(String, [EditCommand.ID])] = [
            ("https://apple.com", [.openLink]), ("jane@example.com", [.sendEmail, .addToContacts]),
            ("+1 (408) 555-0123", [.call, .sendMessage]),
            ("1 Infinite Loop, Cupertino, CA 95014", [.getDirections, .addToContacts]),
            ("December 5, 2026", [.createEvent]), ("BA 283", [.trackFlight]), ("1Z999AA10123456784", [.trackShipment]),
        ]
        for (text, ids) in expected {
            let found = actions(text)
            #expect(found.map(\.id) == ids, "\(text)")
            #expect(found.count <= 2)
        }
        // Every action's command is one the controller knows as a data action's (it never performs one
        // without the menu that holds its item).
        #expect(Set(expected.flatMap(\.1)) == DataAction.commands)
    }

    @Test func targetsAreBuiltByEscapingIntoFixedTemplates() {
        #expect(actions("+44 20 7946 0958").map(\.uri) == ["tel:+442079460958", "sms:+442079460958"])
        #expect(actions("(408) 555-0123").first?.uri == "tel:+14085550123")
        #expect(actions("jane.o'neil+news@example.com").first?.uri == "mailto:jane.o'neil+news@example.com")
        #expect(
            actions("10 Downing Street, London SW1A 2AA").first?.uri
                == "https://www.openstreetmap.org/search?query=10%20Downing%20Street%2C%20London%20SW1A%202AA")
        #expect(actions("BA 283").first?.uri == "https://www.flightaware.com/live/flight/BA283")
        #expect(actions("RR797114719GB").first?.uri == "https://t.17track.net/en#nums=RR797114719GB")
        #expect(
            actions("https://example.com/a b".replacingOccurrences(of: " ", with: "é")).first?.uri
                == "https://example.com/a%C3%A9b")
    }

    @Test func aGeoURIIsUsedWhenTheHostHasNoMapService() throws {
        let detector = DataDetector(
            referenceDate: DataDetectionTests.today, services: DataActionServices(mapSearch: nil))
        let item = try #require(detector.detect(in: "Unter den Linden 77, 10117 Berlin").first)
        #expect(detector.actions(for: item).first?.uri == "geo:0,0?q=Unter%20den%20Linden%2077%2C%2010117%20Berlin")
    }

    // MARK: Refusals

    @Test func linksWithUserInformationAreDetectedButNeverOpened() throws {
        let item = try #require(Self.detector.detect(in: "https://apple.com@evil.example/login").first)
        #expect(item.type == .link)
        #expect(Self.detector.actions(for: item).isEmpty)
    }

    @Test func valuesThatReadAsOptionsOrSchemesOrAreTooLongAreRefused() {
        #expect(SafeURI.mailto("-oProxyCommand@example.com") == nil)
        #expect(SafeURI.service("https://maps.example/?q=", "javascript:alert(1)") == nil)
        #expect(SafeURI.service("https://maps.example/?q=", String(repeating: "a", count: 600)) == nil)
        #expect(SafeURI.service("http://insecure.example/?q=", "x") == nil)
        #expect(SafeURI.phone("tel:", "+1;ext=1") == nil)
        #expect(SafeURI.isSafeValue("line\nbreak") == false)
        let long = DetectedLink(
            scheme: "https", host: "example.com", port: nil,
            rest: "/" + String(repeating: "x", count: 3000), hasUserInfo: false)
        #expect(SafeURI.web(long) == nil)
    }

    @Test("A link written with http: opens as https: (EDIT-MENU.md §6), its default port dropped")
    func httpLinksOpenAsHTTPS() {
        let targets = [
            "http://example.com/a?b=1", "http://example.com:80/x", "http://example.com:8080/x", "https://example.com/y",
        ]
        .map { text in actions(text).first { $0.id == .openLink }?.target }
        #expect(
            targets == [
                .uri("https://example.com/a?b=1"), .uri("https://example.com/x"), .uri("https://example.com:8080/x"),
                .uri("https://example.com/y"),
            ])
        #expect(!OpeningPolicy().isSafeToOpen("http://example.com/"))
        #expect(OpeningPolicy().isSafeToOpen("https://example.com/"))
    }

    @Test func everyTargetUsesAnAllowedScheme() {
        // Property: whatever the corpus holds, nothing but the allowed schemes is ever produced.
        let texts = [
            "https://a.example/x?y=1", "www.b.example.co.uk", "c@d.example", "+7 916 123-45-67",
            "ул. Тверская, д. 7, Москва, 125009", "завтра в 10:00", "SU 1402", "EE049746504US",
            "〒100-0005 東京都千代田区丸の内1-1-1", "http://localhost:8080/admin", "http://example.com/a?b=1",
        ]
        let allowed = ["https://", "mailto:", "tel:", "sms:", "geo:"]
        for text in texts {
            for action in actions(text) {
                switch action.target {
                case .uri(let uri):
                    #expect(allowed.contains { uri.hasPrefix($0) }, "\(uri)")
                    #expect(!uri.unicodeScalars.contains { $0.value <= 0x20 || $0.value >= 0x7F }, "\(uri)")
                case .calendarEvent(let ics): #expect(ics.hasPrefix("BEGIN:VCALENDAR\r\n"))
                case .contact(let card): #expect(card.hasPrefix("BEGIN:VCARD\r\n"))
                }
            }
        }
    }

    @Test func punycodeMatchesRFC3492() {
        #expect(Punycode.asciiHost("bücher.de") == "xn--bcher-kva.de")
        #expect(Punycode.asciiHost("яндекс.рф") == "xn--d1acpjx3f.xn--p1ai")
        #expect(Punycode.asciiHost("MÜNCHEN.de") == "xn--mnchen-3ya.de")
        #expect(Punycode.asciiHost("bad_host.example") == nil)
    }

    // MARK: Calendar events and contacts

    @Test func aTimedDateBecomesAOneHourEventAndTextIsEscaped() throws {
        let item = try #require(Self.detector.detect(in: "December 5, 2026 at 3:00 PM").first)
        guard case .calendarEvent(let ics) = try #require(Self.detector.actions(for: item).first).target else {
            Issue.record("not an event")
            return
        }
        #expect(ics.contains("\r\nDTSTART:20261205T150000\r\n")) // floating: 3 PM local
        #expect(ics.contains("\r\nDTEND:20261205T160000\r\n"))
        #expect(ics.contains("\r\nSUMMARY:December 5\\, 2026 at 3:00 PM\r\n"))
        #expect(ics.hasSuffix("END:VEVENT\r\nEND:VCALENDAR\r\n"))
    }

    @Test func aTimeAloneBecomesAnEventToday() throws {
        let item = try #require(Self.detector.detect(in: "at 10:30").first)
        guard case .calendarEvent(let ics) = try #require(Self.detector.actions(for: item).first).target else {
            Issue.record("not an event")
            return
        }
        #expect(ics.contains("\r\nDTSTART:20261130T103000\r\n"))
    }

    @Test func aTimeWithAnOffsetIsConvertedToUTC() throws {
        let item = try #require(Self.detector.detect(in: "2025-06-01T23:30:00+02:00").first)
        guard case .calendarEvent(let ics) = try #require(Self.detector.actions(for: item).first).target else {
            Issue.record("not an event")
            return
        }
        #expect(ics.contains("\r\nDTSTART:20250601T213000Z\r\n"))
        #expect(ics.contains("\r\nDTEND:20250601T223000Z\r\n"))
    }

    @Test func aDateWithoutATimeBecomesAnAllDayEvent() throws {
        let item = try #require(Self.detector.detect(in: "31.12.2026").first)
        guard case .calendarEvent(let ics) = try #require(Self.detector.actions(for: item).first).target else {
            Issue.record("not an event")
            return
        }
        #expect(ics.contains("\r\nDTSTART;VALUE=DATE:20261231\r\n"))
        #expect(ics.contains("\r\nDTEND;VALUE=DATE:20270101\r\n"))
    }

    @Test func iCalendarTextEscapesSeparatorsAndFoldsLongLines() {
        #expect(ICalendar.escapeText("a;b,c\\d\ne") == "a\\;b\\,c\\\\d\\ne")
        let folded = ICalendar.fold("SUMMARY:" + String(repeating: "é", count: 60))
        #expect(folded.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 })
    }

    // MARK: Selections

    @Test func aSelectionThatIsOneItemOrLiesInsideOneGetsItsActions() {
        let text = "Call +1 (408) 555-0123 now"
        let whole = Self.detector.detect(inCharacterRange: 5..<22, of: text)
        #expect(whole.actions.map(\.id) == [.call, .sendMessage])
        let withSpaceAndPunctuation = Self.detector.detect(inCharacterRange: 4..<23, of: "Call +1 (408) 555-0123, now")
        #expect(withSpaceAndPunctuation.actions.map(\.id) == [.call, .sendMessage])
        let inside = Self.detector.detect(inCharacterRange: 14..<22, of: text)
        #expect(inside.actions.map(\.id) == [.call, .sendMessage])
        #expect(inside.items.map(\.characterRange) == [5..<22])
    }

    @Test func aSelectionWithMoreThanTheItemListsItButSuggestsNothing() {
        let result = Self.detector.detect(inCharacterRange: 0..<26, of: "Call +1 (408) 555-0123 now")
        #expect(result.items.map(\.type) == [.phoneNumber])
        #expect(result.actions.isEmpty)
        let two = Self.detector.detect(inCharacterRange: 0..<36, of: "a@example.com and +1 (408) 555-0123")
        #expect(two.items.map(\.type) == [.email, .phoneNumber])
        #expect(two.actions.isEmpty)
    }

    @Test func anItemLongerThanTheMarginIsStillFoundWhole() throws {
        let url = "https://example.com/" + String(repeating: "segment/", count: 40) + "end"
        let text = "Open \(url) now"
        let result = Self.detector.detect(inCharacterRange: 150..<154, of: text)
        let item = try #require(result.actionable)
        #expect(item.matchedText == url)
        #expect(result.actions.first?.uri == url)
    }

    @Test func onlyTheSelectionAndItsMarginAreExamined() {
        let far = String(repeating: "word ", count: 100) + "jane@example.com"
        #expect(Self.detector.detect(inCharacterRange: 0..<4, of: far).items.isEmpty)
    }

    // MARK: The presentation

    @Test func thePresentationListsDetectedItemsAndPlacesActionsAfterStandardEdit() throws {
        let presenter = ScenarioPresenter(detector: Self.detector)
        let json =
            #"{"content": {"kind": "text", "text": "Visit us at 1 Infinite Loop, Cupertino, CA 95014 today", "selection": [12, 48], "editable": false}}"#
        let output = try presenter.present(json: json).get().serialized
        #expect(
            output.contains(
                #""detected":[{"type":"address","range":[12,48],"text":"1 Infinite Loop, Cupertino, CA 95014","value":"1 Infinite Loop, Cupertino, CA 95014","actions":[{"id":"getDirections","uri":"https://www.openstreetmap.org/search?query=1%20Infinite%20Loop%2C%20Cupertino%2C%20CA%2095014"}"#
            ))
        let ids = try #require(try presenter.present(json: json).get().items).compactMap(\.id)
        #expect(
            ids == ["copy", "selectAll", "getDirections", "addToContacts", "lookUp", "translate", "searchWeb", "share"])
    }

    @Test func secureTextAndCaretsDetectNothing() throws {
        let presenter = ScenarioPresenter(detector: Self.detector)
        for json in [
            #"{"pasteboard": ["text"], "content": {"text": "+1 (408) 555-0123", "selection": [0, 17], "secure": true}}"#,
            #"{"content": {"text": "+1 (408) 555-0123", "selection": [3, 3]}}"#,
        ] {
            let output = try presenter.present(json: json).get().serialized
            #expect(output.contains(#""detected":[]"#), "\(output)")
            #expect(!output.contains(#""call""#))
        }
    }

    @Test func titlesOfSuggestedActionsAreLocalized() throws {
        let presenter = ScenarioPresenter(detector: Self.detector)
        let json = #"{"locale": "ru", "content": {"text": "Звоните +7 916 123-45-67", "selection": [8, 24]}}"#
        let output = try presenter.present(json: json).get().serialized
        #expect(output.contains(#"{"id":"call","title":"Позвонить","kind":"suggested""#))
    }
}

extension JSONValue {
    fileprivate var items: [JSONValue]? {
        guard case .object(let members) = self,
            case .array(let items)? = members.first(where: { $0.key == "items" })?.value
        else {
            return nil
        }
        return items
    }

    fileprivate var id: String? {
        guard case .object(let members) = self, case .string(let id)? = members.first(where: { $0.key == "id" })?.value
        else {
            return nil
        }
        return id
    }
}
