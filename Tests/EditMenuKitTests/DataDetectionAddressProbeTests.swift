@testable import EditMenuDataDetection
@testable import EditMenuKit
import Testing

/// The address forms that another project's test data showed the detector missing, each written in a
/// sentence and found whole, and their near misses, which must stay clean. The probe: the full-address
/// tests of pyap (vladimarius/pyap, MIT licence), `tests/test_parser_us.py`, `_ca.py`, `_gb.py` and
/// `test_parser.py`; a few of its strings are quoted below (marked "pyap"), the rest are our own.
struct DataDetectionAddressProbeTests {
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    /// The region and postal code of the one address found in `text`, whose text must be `written`.
    func onlyAddress(_ written: String, in text: String) -> (region: String, code: String?)? {
        let items = Self.detector.detect(in: text).filter { $0.type == .address }
        guard items.count == 1, items[0].matchedText == written, case .address(let value) = items[0].value else {
            return nil
        }
        return (value.region, value.postalCode)
    }

    @Test(
        arguments: [
            // Canada: provinces by name, in brackets (Quebec), codes with periods, postal codes without
            // their space, the country before or after the postal code.
            ("20 Fleeceline Road, Toronto, Ontario M8V 2K3", "CA", "M8V 2K3"), // pyap
            ("7034 Gilliespie Lane, Mississauga, ON L5W1E8", "CA", "L5W1E8"), // pyap
            ("12 Wellington St, Kingston, Ontario K7L 3C4 CANADA", "CA", "K7L 3C4"),
            ("108 - 1550 Hartley Avenue Coquitlam, B.C. V3K 7A1", "CA", "V3K 7A1"), // pyap
            ("200 - 5050 Kingsway Ave. Burnaby, BC. Canada", "CA", nil), // pyap
            ("1555 Walkley Road Unit 3, Ottawa, ON, K1V 6P4 Canada", "CA", "K1V 6P4"), // pyap
            ("3000 Steeles Avenue East, Suite 700 Markham, Ontario Canada", "CA", nil), // pyap
            ("1730 McPherson Crt. Unit 35, Pickering, ON", "CA", nil), // pyap
            ("133 Ilsley Avenue, Unit A Dartmouth (Nova Scotia) B3B 1S9", "CA", "B3B 1S9"), // pyap
            ("400 Main Street, Bureau 2080 Saint John (New Brunswick) E2K 4N5", "CA", "E2K 4N5"), // pyap
            ("104-18663 52 AVE SURREY, BC V3S 8E5", "CA", "V3S 8E5"), // pyap
            ("14952 121a Ave NW, Edmonton, AB T5V 1A3, Canada", "CA", "T5V 1A3"), // pyap
            ("718 - 8th Avenue SW Calgary, AB T2P 1H3", "CA", "T2P 1H3"), // pyap
            // Quebec: "number, type name", units in French, the province in brackets.
            ("405, rue Sainte-Catherine Est Montréal (Québec) H2L 2C4", "CA", "H2L 2C4"), // pyap
            ("5800, rue Saint-Denis, bureau 1105 Montréal (Québec) H2S 3L5 Canada", "CA", "H2S 3L5"), // pyap
            ("3744, rue Jean-Brillant Bureau 490 Montréal (Québec)", "CA", nil), // pyap
            ("12, avenue des Pins Ouest Montréal (Québec) H2W 1P8", "CA", "H2W 1P8"),
            ("3351, boul. des Forges C.P. 500, Trois-Rivières (Québec) Canada, G9A 5H7", "CA", "G9A 5H7"), // pyap
            ("205, avenue de la Cathédrale Case postale 710 Rimouski (Québec) G5L 7C7", "CA", "G5L 7C7"), // pyap
            ("4260, Still Creek Drive Burnaby (Colombie-Britannique) V5C 6C6", "CA", "V5C 6C6"), // pyap
            ("1401, 18e rue Québec (Québec) G1J 1Z4", "CA", "G1J 1Z4"), // pyap
            ("25, 1re Avenue Ouest Montréal (Québec) H1A 1A1", "CA", "H1A 1A1"),
            // A state's or province's name after the town without a comma, then its code.
            ("12 King St W Toronto Ontario M5H 1A1", "CA", "M5H 1A1"),
            ("77 Congress Ave, Austin Texas 78701", "US", "78701"),
            // US: capitals closed by a state after the town's comma, numbered streets, "#31A", U.S.A.
            ("1720 HARDING HWY NEWFIELD, NJ", "US", nil), // pyap
            ("77 ELM ST PORTLAND, ME 04101", "US", "04101"),
            ("586 W. 207 St. New York, NY 10034", "US", "10034"), // pyap
            ("800 Sixth Ave #31A New York, NY 10001", "US", "10001"), // pyap
            ("225 E. John Carpenter Freeway, Suite 1500 Irving, Texas 75062 U.S.A.", "US", "75062"), // pyap
            // Units: a comma between two, "#" after the designator, PMB; "35-B"; two everyday suffixes.
            ("9 Grand Avenue Building 2, Suite 2A, Springfield, IL 62701", "US", "62701"),
            ("1790 Yardley Langhorne Rd, Suite #205, Langhorne, PA 19047", "US", "19047"),
            ("666 Hell ST PMB 29700, Springfield, IL 62701", "US", "62701"),
            ("35-B Sunset Drive, Springfield, IL 62701", "US", "62701"),
            ("101 N Court Sq Ste 16, Springfield, IL 62701", "US", "62701"),
            ("5 Elm St Falls Church, VA", "US", nil), ("123 Main St Park City, UT 84060", "US", "84060"),
            // UK: a suffix in lower case before a postcode, a studio, a street without a number,
            // "No." before the number, the possessive in a town's name, Great Britain.
            ("195 Jill hollow, Harryside, TF6 4YD, England", "GB", "TF6 4YD"), // pyap
            ("14 Hilary road, Bath BA1 1AA", "GB", "BA1 1AA"),
            ("Studio 96D, Graham roads, Westtown, L1A 3GP, Great Britain", "GB", "L1A 3GP"), // pyap
            ("SHEPPEY WAY, SITTINGBOURNE, ME9 8RZ", "GB", "ME9 8RZ"), // pyap
            ("Marlborough Rd, St. James's, London SW1A 1BQ", "GB", "SW1A 1BQ"), // pyap
            ("No. 22 The Light, The Headrow, Leeds LS1 8TL", "GB", "LS1 8TL"), // pyap
            ("3 Tuesday Market Place, King's Lynn PE30 1JN", "GB", "PE30 1JN"),
        ] as [(String, String, String?)])
    func probedFormsAreFoundWhole(_ written: String, _ region: String, _ code: String?) throws {
        let found = try #require(onlyAddress(written, in: "Write to \(written)\nThanks"), "\(written)")
        #expect(found.region == region, "\(written)")
        #expect(found.code == code, "\(written)")
    }

    @Test(
        arguments: [
            ("Visit Baker Street, London NW1 6XE", "Baker Street, London NW1 6XE"),
            ("At Baker Street, London NW1 6XE we meet.", "Baker Street, London NW1 6XE"),
            ("Hello Baker Street, London NW1 6XE", "Baker Street, London NW1 6XE"),
            ("Visit Ivy Cottage, 4 Mill Lane, Ashford TN25 4BG", "Ivy Cottage, 4 Mill Lane, Ashford TN25 4BG"),
            // A capitalized word of the street's own name stays.
            ("Old Kent Road, London SE1 5AA", "Old Kent Road, London SE1 5AA"),
            ("The Old Rectory, Church Lane, Fakenham NR21 0JW", "The Old Rectory, Church Lane, Fakenham NR21 0JW"),
        ])
    func aWordBeforeAnAddressIsNotItsFirstLine(_ text: String, _ written: String) {
        #expect(Self.detector.matchedTexts(.address, in: text) == [written], "\(text)")
    }

    @Test(
        arguments: [
            // A run of zeros is no house number (pyap's own negative).
            "44 sq. ft. 000 Columbia Ave. See Remarks, Newfield, NJ 08344",
            // Capitals: a state code that is also a word, a state without a comma, no town.
            "BUY 5 BIG DR NOW, OK", "SEE 5 BIG DR OK", "CALL 5 MAIN ST, OR",
            // A province's name not at the end of its line, or part of another name.
            "I moved from 12 King Street, Toronto, Ontario to Vancouver last year",
            "We met at 5 Harbour St, Lake Ontario", "2 cups flour, 3 eggs, Quebec style",
            "on 12 May 2024 at 10:30, Ontario time", "Sent from Toronto, ON",
            // A year and a comma before a street, without a Canadian postal code.
            "In 2019, Main Street Toronto, ON", "In 2019, Main Street Bank opened in Toronto, ON",
            // Lower-case street words without a code; numbers and dashes that are no units.
            "Meet at 14 Jill hollow tomorrow", "The 3 Blue park rangers, London", "Score was 3 - 2 Rovers Road won",
            "Open 9 - 5 Mon to Fri", "Version 10 20 Ave", "Chapter 5, 2020 Edition",
            // A street without a number needs a UK postcode.
            "Abbey Road, London is closed", "Oxford Street, Springfield, IL 62701",
            // A state's name inside a longer name, with no ZIP code after it.
            "Meet 5 Main St, Austin Texas Rangers 1999",
            // A dash and a letter after a number that has no street after it.
            "Call 555-A Main", "Flights 12-A Gate Road",
            // A French ordinal street without a town and province.
            "Page 12, 3e rue", "En 2019, 3e avenue à droite",
        ])
    func nearMissesStayClean(_ text: String) {
        #expect(Self.detector.matchedTexts(.address, in: text).isEmpty, "\(text)")
    }
}

/// A ZIP code after the town with no state: after a street with a suffix, with the town on a line of its
/// own, and where the line ends after the code.
struct DataDetectionZIPWithoutStateTests {
    func addresses(_ text: String) -> [DetectedItem] {
        DataDetectionAddressProbeTests.detector.detect(in: text).filter { $0.type == .address }
    }

    @Test(arguments: [
        ("Visit us at 1 Infinite Loop, Cupertino 95014.", "1 Infinite Loop, Cupertino 95014", "95014"),
        ("1 Infinite Loop\nCupertino 95014\nUSA", "1 Infinite Loop\nCupertino 95014\nUSA", "95014"),
        (
            "Ship to 500 Oak Avenue, Apt 4, Springfield 62704-1234, USA",
            "500 Oak Avenue, Apt 4, Springfield 62704-1234, USA", "62704-1234"
        ),
    ])
    func aZIPCodeEndingTheTownsLineClosesTheAddress(_ text: String, _ written: String, _ code: String) throws {
        let item = try #require(addresses(text).first, "\(text)")
        #expect(item.matchedText == written)
        guard case .address(let address) = item.value else {
            Issue.record("\(text): not an address's value")
            return
        }
        #expect(address.region == "US" && address.postalCode == code)
    }

    /// Five digits after a name in a sentence, after a street without a suffix, or with the town on the
    /// street's own line are no ZIP code of an address.
    @Test(arguments: [
        "Visit us at 1 Infinite Loop, Cupertino 95014 today", "12 Main Street, Springfield 12345 residents",
        "1 Infinite Loop Cupertino 95014", "30 St Mary Axe, London 12345", "Hauptstraße 5, Berlin 10115",
    ])
    func otherwiseFiveDigitsAreNoZIPCode(_ text: String) {
        #expect(addresses(text).isEmpty, "\(text)")
    }
}
