import Foundation

extension DataDetector {
    /// Sets up the detector's tables — the date words of every language the detector reads, the
    /// Public Suffix List, phone numbering plans, tracking numbers' shapes, street words — on a
    /// background queue, once per process. ``EditMenuController`` starts it when it is made, so that
    /// the first menu (a person's first right click, which shows the data detected around the
    /// selection) does not wait for them. A detection that comes before they are ready waits for the
    /// ones it needs, as it would without this; Swift sets each table up once, whichever thread asks.
    package static func prepareInBackground() { _ = backgroundPreparation }

    private static let backgroundPreparation: Void = {
        DispatchQueue.global(qos: .utility).async { prepare() }
    }()

    /// A detection of ``preparationText``, which reaches every scanner's tables.
    package static func prepare() {
        _ = DataDetector(referenceDate: Date(timeIntervalSince1970: 1_795_996_800)).detect(in: preparationText)
    }

    /// A text with an item of every ``DataType`` (a test checks that each is found), written in
    /// several of the languages and conventions the scanners read.
    static let preparationText = """
        Meet at 1 Infinite Loop, Cupertino, CA 95014 on December 5, 2026 at 3:00 PM (5 грудня, lunedì 7 \
        dicembre, 2026年12月5日). Call +1 (408) 555-0123 or mail jane.doe@example.com; see www.apple.com and \
        example.co.uk. Flight BA283; parcel 1Z999AA10123456784. 〒100-0005 東京都千代田区丸の内1-1-1
        """
}
