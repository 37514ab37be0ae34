@testable import EditMenuKit
import Testing

/// Parts of the day: with a day they belong to the date and put a twelve-hour clock's hour in them; after
/// an hour they are its am or pm. In English, German, French, Italian, Spanish, Portuguese and Russian.
struct DataDetectionDayPeriodTests {
    /// Monday 30 November 2026, 00:00 UTC.
    static let detector = DataDetector(referenceDate: DataDetectionTests.today)

    /// The one date found in `text`: its text and value.
    func date(_ text: String) -> (text: String, value: String)? {
        let found = Self.detector.detect(in: text).filter { $0.type == .date }
        guard found.count == 1 else { return nil }
        return (found[0].matchedText, found[0].value.text)
    }

    @Test(arguments: [
        ("See you tomorrow morning.", "tomorrow morning", "2026-12-01"),
        ("Call me this evening.", "this evening", "2026-11-30"),
        ("I was out last night.", "last night", "2026-11-29"),
        ("Friday night works.", "Friday night", "2026-12-04"),
        ("See you tomorrow in the morning.", "tomorrow in the morning", "2026-12-01"),
        ("Wir sehen uns Freitag am Abend.", "Freitag am Abend", "2026-12-04"),
        ("Heute Abend habe ich keine Zeit.", "Heute Abend", "2026-11-30"),
        ("Wir treffen uns morgen früh.", "morgen früh", "2026-12-01"),
        ("heute Morgen war es kalt", "heute Morgen", "2026-11-30"),
        ("On part demain matin.", "demain matin", "2026-12-01"),
        ("Je passe ce soir.", "ce soir", "2026-11-30"),
        ("On se voit cet après-midi.", "cet après-midi", "2026-11-30"),
        // French "hier" (German "here") counts before a French part of the day.
        ("Je l'ai vu hier soir.", "hier soir", "2026-11-29"),
        ("hier matin, il pleuvait", "hier matin", "2026-11-29"),
        ("Nos vemos mañana por la tarde.", "mañana por la tarde", "2026-12-01"),
        ("Abrimos el sábado por la mañana", "sábado por la mañana", "2026-12-05"),
        ("Cenamos esta noche.", "esta noche", "2026-11-30"),
        ("Abrimos el sábado de noche.", "sábado de noche", "2026-12-05"),
        ("Chego amanhã de manhã.", "amanhã de manhã", "2026-12-01"),
        ("Ci vediamo domani sera.", "domani sera", "2026-12-01"),
        ("oggi pomeriggio", "oggi pomeriggio", "2026-11-30"),
        ("Увидимся завтра утром.", "завтра утром", "2026-12-01"),
        ("Позвони сегодня вечером.", "сегодня вечером", "2026-11-30"),
    ])
    func aPartOfTheDayBelongsToItsDay(_ text: String, _ matched: String, _ iso: String) {
        let found = date(text)
        #expect(found?.text == matched, "\(text)")
        #expect(found?.value == iso, "\(text)")
    }

    /// German "hier" (here) before "morgen" (tomorrow) or alone stays no yesterday.
    @Test func germanHereIsNoYesterday() {
        #expect(date("Ich bin hier morgen.")?.text == "morgen")
        #expect(date("Ich war gestern hier.")?.text == "gestern")
        #expect(date("Wir bleiben hier.") == nil)
    }

    @Test(arguments: [
        ("Let's talk tomorrow afternoon at 3.", "2026-12-01T15:00"),
        ("Dinner tomorrow evening at 7:30?", "2026-12-01T19:30"),
        ("Friday night at 10", "2026-12-04T22:00"),
        ("at 8 tonight", "2026-11-30T20:00"),
        ("at 7 tomorrow evening", "2026-12-01T19:00"),
        ("this morning at 9:30", "2026-11-30T09:30"),
        ("last night at 11", "2026-11-29T23:00"),
        ("heute Abend um 8", "2026-11-30T20:00"),
        ("ce soir à 8 heures", "2026-11-30T20:00"),
        ("esta noche a las 9", "2026-11-30T21:00"),
        ("сегодня вечером в 7", "2026-11-30T19:00"),
        // A written am or pm, a 24-hour clock and noon keep their hour.
        ("tomorrow evening at 08:00", "2026-12-01T08:00"),
        ("tomorrow evening at 7 am", "2026-12-01T07:00"),
        ("tomorrow evening at 12", "2026-12-01T12:00"),
        ("tomorrow morning at 9", "2026-12-01T09:00"),
        ("heute Abend um 20 Uhr", "2026-11-30T20:00"),
    ])
    func aLaterHourIsInItsDaysPart(_ text: String, _ iso: String) {
        #expect(date(text)?.value == iso, "\(text)")
    }

    @Test(arguments: [
        ("Meet at 8 in the evening.", "at 8 in the evening", "20:00"),
        ("We land at 7 in the morning.", "at 7 in the morning", "07:00"),
        ("It starts at 3 in the afternoon.", "at 3 in the afternoon", "15:00"),
        ("at 10 at night", "at 10 at night", "22:00"),
        ("at 2 at night", "at 2 at night", "02:00"),
        ("8 Uhr abends", "8 Uhr abends", "20:00"),
        ("um 8 am Abend", "um 8 am Abend", "20:00"),
        ("à 8 heures du soir", "à 8 heures du soir", "20:00"),
        ("à 3 heures de l'après-midi", "à 3 heures de l'après-midi", "15:00"),
        ("a las 8 de la tarde", "a las 8 de la tarde", "20:00"),
        ("às 8 da noite", "às 8 da noite", "20:00"),
        ("alle 8 di sera", "alle 8 di sera", "20:00"),
        ("alle 3 del pomeriggio", "alle 3 del pomeriggio", "15:00"),
        ("в 8 вечера", "в 8 вечера", "20:00"),
        ("в 3 дня", "в 3 дня", "15:00"),
        ("в 8 часов вечера", "в 8 часов вечера", "20:00"),
        ("в 12 ночи", "в 12 ночи", "00:00"),
    ])
    func aPartOfTheDayAfterAnHourIsItsAmOrPm(_ text: String, _ matched: String, _ iso: String) {
        let found = date(text)
        #expect(found?.text == matched, "\(text)")
        #expect(found?.value == iso, "\(text)")
    }

    @Test(arguments: [
        ("Rendez-vous à 8 heures.", "à 8 heures", "08:00"),
        ("à 20 heures", "à 20 heures", "20:00"),
        ("à 15 heures 30", "à 15 heures 30", "15:30"),
        ("в 8 часов", "в 8 часов", "08:00"),
    ])
    func anIntroducedHourWithTheWordForHoursIsATime(_ text: String, _ matched: String, _ iso: String) {
        let found = date(text)
        #expect(found?.text == matched, "\(text)")
        #expect(found?.value == iso, "\(text)")
    }

    @Test(arguments: [
        // Durations, "late", "tomorrow", and parts of the day without a day or an hour.
        "Осталось 3 дня до отпуска.",
        "He slept 8 hours at night.",
        "Il a dormi 8 heures.",
        "La maison est à 3 heures de Paris.",
        "C'est à 2 heures de route.",
        "In the evening we read.",
        "Good morning, everyone!",
        "Llegó tarde otra vez.",
        "Der Abend war schön.",
        "Bonne nuit !",
        "Two nights in Rome.",
        "Meet in the morning.",
        "La sera era bella.",
    ])
    func nothingElseIsADate(_ text: String) {
        #expect(Self.detector.detect(in: text).filter { $0.type == .date }.isEmpty, "\(text)")
    }

    @Test("Spanish 'mañana' after a weekday and German lower-case 'morgen' after one stay 'tomorrow'")
    func tomorrowStaysTomorrow() {
        // "Montag morgen" may be "tomorrow, Monday": two dates, as before.
        let found = Self.detector.detect(in: "Montag morgen").filter { $0.type == .date }
        #expect(found.count == 2)
        #expect(date("Nos vemos mañana.")?.value == "2026-12-01")
    }
}
