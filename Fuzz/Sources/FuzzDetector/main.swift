import EditMenuKit
import Foundation
import FuzzSupport

/// The data detectors on any text: every item lies inside the text and its Character and UTF-8 byte
/// ranges both hold exactly the matched text; a date's value is valid ISO 8601 in shape; every
/// action's target is one of the safe forms (fixed schemes, no controls, no leading `-`, bounded
/// length) — whatever the text says, nothing else could ever be opened. The first input byte picks
/// the menu region (none, GB, DE, JP, IN, ES …), which decides how national phone numbers read.
let regions: [String?] = [nil, "GB", "DE", "JP", "IN", "ES", "US", "RU", "BR", "AU", "KR", "CN"]
let detectors = regions.map { region in
    DataDetector(
        referenceDate: Date(timeIntervalSince1970: 1_790_000_000), timeZone: TimeZone(identifier: "UTC")!,
        region: region)
}
let safeSchemes = ["https:", "http:", "mailto:", "tel:", "sms:", "geo:"]

func fuzzDetector(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    var input = FuzzInput(data, count)
    let detector = detectors[Int(input.byte()) % detectors.count]
    let a = Int(input.byte()), b = Int(input.byte())
    let text = String(decoding: input.rest(), as: UTF8.self)
    let characters = Array(text)
    let bytes = Array(text.utf8)
    for item in detector.detect(in: text) {
        fuzzCheck(
            item.characterRange.lowerBound >= 0 && item.characterRange.upperBound <= characters.count,
            "item \(item.characterRange) outside \(characters.count) Characters")
        fuzzCheck(
            String(characters[item.characterRange]) == item.matchedText,
            "item range \(item.characterRange) does not hold \(item.matchedText)")
        fuzzCheck(
            item.byteRange.lowerBound >= 0 && item.byteRange.upperBound <= bytes.count
                && String(decoding: bytes[item.byteRange], as: UTF8.self) == item.matchedText,
            "byte range \(item.byteRange) does not hold \(item.matchedText)")
        if case .date = item.value {
            let iso = item.value.text
            fuzzCheck(
                !iso.isEmpty && iso.unicodeScalars.allSatisfy { "0123456789-:TZ+/".unicodeScalars.contains($0) },
                "date value \(iso) is not ISO 8601")
            fuzzCheck(!(iso.count == 7 + 6 && iso.contains("T")), "a time on a month alone: \(iso)")
        }
        for action in detector.actions(for: item) { check(action) }
    }
    let selection = min(a, b, characters.count)..<min(max(a, b), characters.count)
    let result = detector.detect(inCharacterRange: selection, of: text)
    result.actions.forEach(check)
    fuzzCheck(result.actions.count <= 2, "\(result.actions.count) actions")
    return 0
}

func check(_ action: DataAction) {
    switch action.target {
    case .uri(let uri):
        fuzzCheck(uri.utf8.count <= 2048, "URI of \(uri.utf8.count) bytes")
        fuzzCheck(safeSchemes.contains { uri.lowercased().hasPrefix($0) }, "unsafe URI \(uri)")
        fuzzCheck(
            !uri.unicodeScalars.contains { $0.value < 0x21 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) },
            "URI with a control or space: \(Array(uri.unicodeScalars))")
    case .calendarEvent(let ics):
        fuzzCheck(ics.hasPrefix("BEGIN:VCALENDAR"), "calendar event that is not iCalendar")
    case .contact(let card):
        fuzzCheck(card.hasPrefix("BEGIN:VCARD"), "contact that is not a vCard")
    }
}

/// libFuzzer's entry point (its own `main` calls it when SwiftPM's `main` is not the one linked).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 { fuzzDetector(data, count) }

runFuzzer { data, count in fuzzDetector(data, count) }
