@testable import EditMenuDataDetection
@testable import EditMenuKit
import Foundation
import Testing
import EditMenuTestSupport

/// Detectors: boundaries, parsed values, check digits, and the invariants every result keeps.
struct DataDetectionTests {
    /// Monday 30 November 2026, 00:00 UTC.
    static let today = Date(timeIntervalSince1970: 1_795_996_800)
    static let detector = DataDetector(referenceDate: today)

    func only(_ text: String, _ type: DataType? = nil) -> DetectedItem? {
        let items = Self.detector.detect(in: text)
        guard items.count == 1, type == nil || items[0].type == type else { return nil }
        return items[0]
    }

    // MARK: Links and email

    @Test func aLinkExcludesTrailingPunctuationAndAnUnopenedBracket() {
        let item = only("(see https://example.com/a_(b)_c/path?x=1).", .link)
        #expect(item?.matchedText == "https://example.com/a_(b)_c/path?x=1")
        #expect(item?.characterRange == 5..<41)
    }

    @Test func aLinkWithoutSchemeGetsHttpsAndKeepsPortAndPath() throws {
        let item = try #require(only("open www.example.org:8080/docs/, thanks", .link))
        guard case .link(let link) = item.value else {
            Issue.record("not a link")
            return
        }
        #expect(link.scheme == "https")
        #expect(link.host == "www.example.org")
        #expect(link.port == 8080)
        #expect(link.rest == "/docs/")
        #expect(item.value.text == "https://www.example.org:8080/docs/")
    }

    @Test func javascriptFileAndOtherSchemesAreNeverLinksNorIsAnythingInsideThem() {
        #expect(Self.detector.detect(in: "javascript:alert('example.com')").isEmpty)
        #expect(Self.detector.detect(in: "file:///etc/passwd and file://server.example.com/share").isEmpty)
        #expect(Self.detector.detect(in: "sftp://files.example.com/pub").isEmpty)
    }

    @Test func bareNamesNeedAPublicSuffixAndAreNotFileNamesOrMembers() {
        #expect(Self.detector.detect(in: "Edit README.md, main.swift and ASP.NET, then Node.js").isEmpty)
        #expect(only("mirror at apple.com.", .link)?.matchedText == "apple.com")
    }

    @Test func internationalizedHostsAreDetectedAndOpenedInPunycode() throws {
        let item = try #require(only("https://bücher.de/katalog", .link))
        #expect(Self.detector.actions(for: item).first?.uri == "https://xn--bcher-kva.de/katalog")
    }

    @Test func anEmailIsNotAlsoALinkAndKeepsItsBoundaries() {
        let items = Self.detector.detect(in: "Write to <jane.o'neil+news@mail.example.co.uk>.")
        #expect(items.map(\.type) == [.email])
        #expect(items.first?.matchedText == "jane.o'neil+news@mail.example.co.uk")
        #expect(items.first?.value == .email("jane.o'neil+news@mail.example.co.uk"))
    }

    @Test func malformedEmailAddressesAreNotDetected() {
        for text in ["a..b@example.com", "user@localhost", "@example.com", "name@", "x@y", "a@b@c"] {
            #expect(!Self.detector.detect(in: text).contains { $0.type == .email }, "\(text)")
        }
    }

    // MARK: Phone numbers

    @Test(arguments: [
        ("+1 (408) 555-0123", "+14085550123"), ("(212) 555-0187", "+12125550187"), ("1-800-555-0199", "+18005550199"),
        ("020 7946 0958", "+442079460958"), ("+44 (0)121 496 0345", "+441214960345"),
        ("030 12345678", "+493012345678"), ("+49 89 1234567", "+49891234567"), ("01 23 45 67 89", "+33123456789"),
        ("8 (495) 123-45-67", "+74951234567"), ("+7 916 123-45-67", "+79161234567"), ("03-1234-5678", "+81312345678"),
        ("98765 43210", "+919876543210"), ("(11) 91234-5678", "+5511912345678"), ("(02) 9876 5432", "+61298765432"),
        ("1300 123 456", "+611300123456"),
        ("0044 20 7946 0123", "+442079460123"),
    ])
    func phoneNumbersOfEveryRequiredFormatAreDetectedWhole(_ written: String, _ dialable: String) throws {
        let item = try #require(only("Call \(written) now.", .phoneNumber))
        #expect(item.matchedText == written)
        #expect(item.value.text == dialable)
    }

    @Test(arguments: [
        "05.12.2026", "10.15.7", "$1,299.00", "ISBN 0-306-40615-2", "978-3-16-148410-0", "192.168.0.1",
        "1234567890", "2 + 2 = 4", "12:30", "3.14159265", "-4085550123", "1,234,567", "v1.2.3.4", "05 12 23 34 41 49",
        "IBAN DE89 3704 0044 0532 0130 00", "2026-12-05",
    ])
    func datesPricesVersionsIsbnsAndBareIntegersAreNotPhoneNumbers(_ text: String) {
        #expect(!Self.detector.detect(in: text).contains { $0.type == .phoneNumber }, "\(text)")
    }

    // MARK: Tracking numbers

    @Test func everyCarriersValidNumberIsDetectedWithItsCarrier() {
        let numbers: [(String, DetectedTrackingNumber.Carrier)] = [
            ("1Z999AA10123456784", .ups), ("RR797114719GB", .postal), ("9372159010928159013964", .usps),
        ]
        for (number, carrier) in numbers {
            guard case .trackingNumber(let value)? = only("Parcel \(number) arrived", .trackingNumber)?.value else {
                Issue.record("\(number) not detected")
                continue
            }
            #expect(value.number == number)
            #expect(value.carrier == carrier, "\(number)")
        }
        #expect(only("FedEx tracking 986578788855", .trackingNumber)?.matchedText == "986578788855")
    }

    @Test func changingAnyOneDigitOfAnS10OrUSPSNumberBreaksItsCheckDigit() {
        // Property: weights 8 6 4 2 3 5 9 7 mod 11 (S10) and 3/1 mod 10 (USPS) catch every single
        // substituted digit, wherever it is. (The result may be another carrier's valid number: "96…"
        // is FedEx Ground 96, whose check digit covers only the last 15 digits.)
        for (number, carrier) in [
            ("RR797114719GB", DetectedTrackingNumber.Carrier.postal), ("EE049746504US", .postal),
            ("9372159010928159013964", .usps), ("9405503699300123456783", .usps),
        ] {
            let characters = Array(number)
            for position in characters.indices where characters[position].isNumber {
                for digit in "0123456789" where digit != characters[position] {
                    var mutated = characters
                    mutated[position] = digit
                    let text = "Parcel \(String(mutated)) arrived"
                    let carriers = Self.detector.detect(in: text).compactMap {
                        item -> DetectedTrackingNumber.Carrier? in
                        if case .trackingNumber(let value) = item.value { return value.carrier }
                        return nil
                    }
                    #expect(!carriers.contains(carrier), "\(text)")
                }
            }
        }
    }

    @Test func changingADigitOfAUPSNumberAtAWeightOnePositionBreaksItsCheckDigit() {
        // UPS doubles every other character without folding, so a change by 5 at a doubled position
        // goes unnoticed — by design of the format; every other single change is caught.
        let characters = Array("1Z999AA10123456784")
        for position in stride(from: 2, to: 17, by: 2) where characters[position].isNumber {
            for digit in "0123456789" where digit != characters[position] {
                var mutated = characters
                mutated[position] = digit
                #expect(TrackingNumberScanner.format(of: String(mutated), context: true) == nil, "\(String(mutated))")
            }
        }
        #expect(TrackingNumberScanner.format(of: "1Z999AA10123456784", context: false)?.carrier == .ups)
    }

    @Test func twelveDigitsAreOnlyAFedExNumberWhereShippingIsMentioned() {
        #expect(Self.detector.detect(in: "Order 986578788855 confirmed").isEmpty)
        #expect(only("FedEx: 986578788855", .trackingNumber) != nil)
    }

    /// Issue 16: FedEx weighs the 11 serial digits 3, 1, 7 from the left (1, 3, 7 from the right). The
    /// published test numbers pass; numbers that only pass under the reversed weights do not.
    @Test(arguments: ["986578788855", "477179081230", "799531274483", "790535312317", "974367662710"])
    func fedExTwelveDigitNumbersUseWeights317FromTheLeft(_ number: String) {
        #expect(TrackingNumberScanner.format(of: number, context: true)?.carrier == .fedEx)
    }

    @Test(arguments: ["265167612222", "434839548625", "029729975285", "986578788856"])
    func fedExNumbersValidOnlyUnderReversedWeightsAreRefused(_ number: String) {
        #expect(TrackingNumberScanner.format(of: number, context: true)?.carrier != .fedEx)
        #expect(!Self.detector.detect(in: "FedEx tracking \(number)").contains { $0.type == .trackingNumber })
    }

    /// Issue 16: USPS 20-digit numbers with service types 71/73/77, IMpb numbers of 22, 26 and 30 digits,
    /// FedEx Ground 96 (22 digits, check digit over the last 15) and SSCC-18 are read, with their carriers.
    @Test(arguments: [
        ("7112 3456 7891 2345 6787", DetectedTrackingNumber.Carrier.usps, "USPS 20"),
        ("7196 9010 7560 0307 7385", .usps, "USPS 91"), ("0307 1790 0005 2348 3741", .usps, "USPS 20"),
        ("9400 1112 0108 0805 4830 16", .usps, "USPS 91"), ("92748931507708513018050063", .usps, "USPS 91"),
        ("420787459400111206206406260787", .usps, "USPS 91"),
        ("9611020987654312345672", .fedEx, "FedEx Ground 96 (22)"),
        ("00 0123 4500 0000 0027", .fedEx, "FedEx Ground (SSCC-18)"),
        ("0414 4176 0228 964", .fedEx, "FedEx Ground"), ("5 6 8 2   8 3 6 1   0 0 1 2   0 0 0", .fedEx, "FedEx Ground"),
        ("1Z5R89390357567127", .ups, "UPS"),
        ("RB123456785GB", .postal, "S10"), ("C11031500001879", .onTrac, "OnTrac"), ("3318810025", .dhl, "DHL Express"),
        ("TBA000000000000", .amazon, "Amazon Logistics"),
    ])
    func numbersOfEveryCarrierProductAreRead(
        _ written: String, _ carrier: DetectedTrackingNumber.Carrier, _ product: String
    ) throws {
        let item = try #require(only("Tracking number: \(written)", .trackingNumber))
        #expect(item.matchedText == written)
        guard case .trackingNumber(let value) = item.value else { return }
        #expect(value.carrier == carrier)
        #expect(value.product == product)
        #expect(value.number == written.replacingOccurrences(of: " ", with: ""))
    }

    @Test(arguments: [
        "9434611206206407667131", "7196 9010 7560 0307 7386", "2Z5R89390357567127",
        "1Z1111111111111111", "RB123456786US", "RB123456785XX", "C11031500001889", "3318810010",
        "9611020987654312345673",
    ])
    func publishedInvalidNumbersAreRefused(_ number: String) {
        #expect(!Self.detector.detect(in: "Tracking number: \(number)").contains { $0.type == .trackingNumber })
    }

    // MARK: Flights

    @Test func flightNumbersNeedARealAirlineAndAmbiguousCodesNeedContext() {
        #expect(only("Boarding BA 283 at gate 12", .flightNumber)?.value == .flightNumber(airline: "BA", number: "283"))
        #expect(only("I flew LH400 yesterday")?.matchedText == nil) // two items: a flight and a date
        #expect(Self.detector.detect(in: "Paper A4, CO2, MP3, AC 220 V, PR 1234, LA 2028").isEmpty)
        #expect(only("Flight AC 855 is late", .flightNumber)?.matchedText == "AC 855")
    }

    // MARK: Dates

    @Test(arguments: [
        ("December 5, 2026 at 3:00 PM", "2026-12-05T15:00"), ("2026-12-05T15:00:00Z", "2026-12-05T15:00:00Z"),
        ("05.12.2026", "2026-12-05"), ("12/5/2026", "2026-12-05"), ("5 декабря 2026 г. в 15:00", "2026-12-05T15:00"),
        ("5. Dezember 2026 um 15 Uhr", "2026-12-05T15:00"), ("5 décembre 2026 à 15h30", "2026-12-05T15:30"),
        ("5 de diciembre de 2026 a las 10:00", "2026-12-05T10:00"), ("tomorrow at 5pm", "2026-12-01T17:00"),
        ("завтра", "2026-12-01"), ("übermorgen", "2026-12-02"), ("next Friday", "2026-12-04"),
        ("in 3 days", "2026-12-03"), ("hace 2 semanas", "2026-11-16"), ("December 2026", "2026-12"),
        ("Dec. 5th", "2026-12-05"), ("March 3", "2027-03-03"), ("at 9:45 am", "09:45"),
    ])
    func datesAreParsedAndRelativeOnesResolvedAgainstTheReferenceDate(_ written: String, _ iso: String) throws {
        let item = try #require(only(written, .date))
        #expect(item.matchedText == written)
        #expect(item.value.text == iso)
    }

    @Test func typesAreOrderedAsDeclaredAndOnlyTheTypesAskedForAreFound() {
        for (index, type) in DataType.allCases.enumerated() { #expect(type.priority == index, "\(type)") }
        #expect(DataType.allCases.sorted() == DataType.allCases)
        let text = "Call +1 (408) 555-0123 or mail ann@example.com by 12 May 2026, flight BA 283, see apple.com"
        let everything = Set(Self.detector.detect(in: text).map(\.type))
        #expect(everything.count >= 5)
        for type in DataType.allCases {
            let only = DataDetector(types: [type], referenceDate: Self.today).detect(in: text)
            #expect(only.allSatisfy { $0.type == type }, "\(type)")
            #expect(only.isEmpty == !everything.contains(type), "\(type)")
        }
    }

    @Test func slashDatesFollowTheLocalesOrderUnlessTheFirstNumberIsADay() {
        let dayFirst = DataDetector(referenceDate: Self.today, numericDateOrder: NumericDateOrder(languageTag: "fr-FR"))
        #expect(dayFirst.detect(in: "05/11/2026").first?.value.text == "2026-11-05")
        #expect(Self.detector.detect(in: "05/11/2026").first?.value.text == "2026-05-11")
        #expect(Self.detector.detect(in: "25/11/2026").first?.value.text == "2026-11-25")
        #expect(Self.detector.detect(in: "05.11.2026").first?.value.text == "2026-11-05")
        #expect(NumericDateOrder(languageTag: "en") == .monthFirst)
        #expect(NumericDateOrder(languageTag: "en-GB") == .dayFirst)
        #expect(NumericDateOrder(languageTag: "en_US") == .monthFirst)
        #expect(NumericDateOrder(languageTag: "ru") == .dayFirst)
        #expect(NumericDateOrder(languageTag: "en_GB.UTF-8") == .dayFirst)
        #expect(NumericDateOrder(languageTag: "en_US.UTF-8@x") == .monthFirst)
        // Adopting a tag gives its order and region, the same when asked again or after another tag
        // (the last tag's answer is kept for the next menu).
        for tag in ["en_GB.UTF-8", "en_GB.UTF-8", "en-US", "de", "en_GB.UTF-8", "ja", "ja", "pt-BR"] {
            var detector = DataDetector()
            detector.adopt(languageTag: tag)
            #expect(detector.numericDateOrder == NumericDateOrder(languageTag: tag), "\(tag)")
            #expect(detector.region == DataDetector.region(languageTag: tag), "\(tag)")
        }
        var british = DataDetector()
        british.adopt(languageTag: "en_GB.UTF-8")
        #expect(british.numericDateOrder == .dayFirst && british.region == "GB")
    }

    @Test(arguments: [
        "John 3:16", "ratio 16:9", "lap 1:23.456", "version 10.15.7", "31/02/2026", "2024.1.2",
        "Guten Morgen", "Hier ist es", "I may come", "Video length 12:34", "sold at 3 stores",
        "the last day of school", "в 5 классе",
    ])
    func thingsThatOnlyLookLikeDatesAreNotDates(_ text: String) {
        #expect(!Self.detector.detect(in: text).contains { $0.type == .date }, "\(text)")
    }

    // MARK: Addresses

    @Test(arguments: [
        ("1 Infinite Loop, Cupertino, CA 95014", "US", "95014"),
        ("350 Fifth Avenue, New York, NY 10118", "US", "10118"),
        ("221B Baker Street, London NW1 6XE", "GB", "NW1 6XE"),
        ("Unter den Linden 77, 10117 Berlin", "DE", "10117"),
        ("55 Rue du Faubourg Saint-Honoré, 75008 Paris", "FR", "75008"),
        ("ул. Тверская, д. 7, Москва, 125009", "RU", "125009"),
        ("〒100-0005 東京都千代田区丸の内1-1-1", "JP", "100-0005"),
    ])
    func addressesOfEachConventionAreDetectedWithRegionAndPostalCode(
        _ written: String, _ region: String, _ code: String
    ) throws {
        let item = try #require(only("Address: \(written). Thanks", .address))
        #expect(item.matchedText == written)
        guard case .address(let address) = item.value else {
            Issue.record("not an address")
            return
        }
        #expect(address.region == region)
        #expect(address.postalCode == code)
    }

    @Test func aStreetWithoutASuffixNeedsATownAndAPostcode() {
        #expect(
            only("Venue: 30 St Mary Axe, London EC3A 8EP", .address)?.matchedText == "30 St Mary Axe, London EC3A 8EP")
        #expect(
            only("Office: 1 Deansgate, Manchester M3 1AZ.", .address)?.matchedText == "1 Deansgate, Manchester M3 1AZ")
        #expect(Self.detector.detect(in: "We have 3 Offices, Chicago and Boston").isEmpty)
        #expect(Self.detector.detect(in: "Top 10 Hits, Los Angeles, CA").isEmpty)
    }

    @Test func aStreetAloneOrWordsThatLookLikeStreetsAreNotAddresses() {
        #expect(Self.detector.detect(in: "Meet me on 5 Main Street near the park").isEmpty)
        #expect(Self.detector.detect(in: "Take the 5 Main Streets of Berlin").isEmpty)
    }

    @Test func addressLinesAreSplitAtCommasAndLineBreaks() throws {
        let item = try #require(only("4059 Mt Lee Dr\nLos Angeles, CA 90068\nUSA", .address))
        guard case .address(let address) = item.value else {
            Issue.record("not an address")
            return
        }
        #expect(address.lines == ["4059 Mt Lee Dr", "Los Angeles", "CA 90068", "USA"])
    }

    // MARK: Invariants

    @Test func rangesCountCharactersNotScalarsOrBytes() throws {
        // "e" + combining acute is one Character; a flag is one Character of two scalars.
        let text = "Cafe\u{301} 🇫🇷 👩‍👩‍👧 call +33 1 42 68 53 00"
        let item = try #require(only(text, .phoneNumber))
        let characters = Array(text)
        #expect(String(characters[item.characterRange]) == "+33 1 42 68 53 00")
    }

    @Test func aCombiningMarkAfterAnItemBelongsToItsLastCharacter() {
        let items = Self.detector.detect(in: "mail a@example.com\u{301} now")
        for item in items { #expect(item.characterRange.upperBound <= "mail a@example.com\u{301} now".count) }
    }

    @Test func detectionIsShiftInvariantAndItemsNeverOverlap() {
        // Property: prefixing unrelated text shifts every range by its length and changes nothing else.
        let samples = [
            "Call +1 (408) 555-0123 or mail jane@example.com by December 5, 2026",
            "Flug LH 2036, Sendung 1Z999AA10123456784, Adresse: Unter den Linden 77, 10117 Berlin",
            "Встреча завтра в 10:00: ул. Тверская, д. 7, Москва",
        ]
        for sample in samples {
            let base = Self.detector.detect(in: sample)
            #expect(!base.isEmpty)
            for prefix in ["", "x ", "Здравствуйте! ", "👋🏽 ", "\n\n"] {
                let shifted = Self.detector.detect(in: prefix + sample)
                #expect(shifted.map(\.type) == base.map(\.type), "\(prefix)\(sample)")
                #expect(
                    shifted.map(\.characterRange)
                        == base.map {
                            ($0.characterRange.lowerBound + prefix.count)..<($0.characterRange.upperBound + prefix.count)
                        })
                for (a, b) in zip(shifted, shifted.dropFirst()) {
                    #expect(a.characterRange.upperBound <= b.characterRange.lowerBound)
                }
            }
        }
    }

    @Test func randomTextNeverCrashesAndEveryRangeIsInsideTheText() {
        // Property: for arbitrary mixes of digits, letters, separators and scripts, results are
        // well-formed: ranges inside the text, ordered, non-empty, and matchedText is the text there.
        var generator = SplitMix64(seed: 0xED17)
        let alphabet = Array("0123456789 +-./()@:#,;'\"\nabcZ1Tz€$дДé東都区丁目〒\u{301}🇫🇷")
        for _ in 0..<300 {
            let length = Int(generator.next() % 60)
            let text = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let characters = Array(text)
            var previousEnd = 0
            for item in Self.detector.detect(in: text) {
                #expect(
                    !item.characterRange.isEmpty && item.characterRange.upperBound <= characters.count
                        && item.characterRange.lowerBound >= previousEnd, "\(text)")
                #expect(
                    String(characters[item.characterRange]).unicodeScalars.count
                        >= item.matchedText.unicodeScalars.count, "\(text)")
                previousEnd = item.characterRange.upperBound
            }
        }
    }

    @Test func onlyTheRequestedTypesAreDetected() {
        let detector = DataDetector(types: [.email], referenceDate: Self.today)
        #expect(detector.detect(in: "jane@example.com, +1 (408) 555-0123, tomorrow").map(\.type) == [.email])
    }

    @Test func ignorableAndSpaceCharactersAgreeWithUnicodePropertiesForASCII() {
        let characters =
            (0..<0x80).map { Character(Unicode.Scalar(UInt8($0))) } + [
                "\r\n", "\u{85}", "\u{A0}", "\u{2014}", "«", "é",
            ]
        for character in characters {
            #expect(
                DataDetector.isIgnorable(character)
                    == (character.isWhitespace || character.isPunctuation || character.isNewline),
                "\(character.unicodeScalars.map(\.value))")
            #expect(
                DataDetector.isSpace(character) == character.isWhitespace, "\(character.unicodeScalars.map(\.value))")
        }
    }

    // MARK: Overlaps

    @Test func typesAreOrderedAsDeclared() {
        #expect(DataType.allCases.sorted() == DataType.allCases)
    }

    /// `resolveOverlaps` sorts its candidates by one packed integer key when their offsets fit, and by
    /// comparing them otherwise: both keep the rule written plainly here (longest first; on equal length
    /// a tracking number, then the type declared first; then the earlier start; then the order found).
    @Test(arguments: [0, 1 << 20])
    func overlapsKeepTheLongestThenTheFirstTypeThenTheEarliest(base: Int) {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33) % bound
        }
        func rank(_ type: DataType) -> Int { type == .trackingNumber ? -1 : DataType.allCases.firstIndex(of: type)! }
        for round in 0..<200 {
            let candidates = (0..<random(40)).map { index -> Candidate in
                let start = base + random(60)
                return Candidate(
                    type: DataType.allCases[random(DataType.allCases.count)], range: start..<(start + random(8)),
                    value: .email("\(round).\(index)"))
            }
            let order = candidates.indices.sorted { a, b in
                let x = candidates[a], y = candidates[b]
                if x.range.count != y.range.count { return x.range.count > y.range.count }
                if x.type != y.type { return rank(x.type) < rank(y.type) }
                if x.range.lowerBound != y.range.lowerBound { return x.range.lowerBound < y.range.lowerBound }
                return a < b
            }
            var kept: [Int] = []
            for index in order where !candidates[index].range.isEmpty {
                if kept.allSatisfy({ !candidates[$0].range.overlaps(candidates[index].range) }) { kept.append(index) }
            }
            let expected = kept.sorted { candidates[$0].range.lowerBound < candidates[$1].range.lowerBound }
                .map { candidates[$0].value }
            #expect(DataDetector.resolveOverlaps(candidates).map(\.value) == expected, "round \(round)")
        }
    }
}
