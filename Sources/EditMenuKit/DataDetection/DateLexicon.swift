/// The words dates and times are written with, in English, Russian, German, French and Spanish.
/// Keys are lower case; one word may play several roles ("mai" is May in French and German).
struct DateLexicon {
    enum Modifier: Hashable { case next, this, last }
    enum Unit: Hashable { case day, week, month, year }

    /// What a word can mean.
    struct Entry {
        var month: Int?
        /// Gregorian weekday: 1 = Sunday … 7 = Saturday.
        var weekday: Int?
        /// Days from today: "tomorrow" = 1.
        var relativeDay: Int?
        var modifier: Modifier?
        /// Whether the modifier follows the word it modifies ("lundi prochain", "la semaine prochaine").
        var modifierFollows = false
        var unit: Unit?
        /// 0 for a.m., 12 for p.m.
        var meridiem: Int?
        /// "at", "um", "à", "в": introduces a time.
        var introducesTime = false
        /// "in", "через", "dans", "en": introduces a span into the future.
        var introducesFuture = false
        /// "ago", "назад": follows a span into the past. "vor", "hace": precedes one.
        var pastAfter = false
        var pastBefore = false
        /// "of", "de": between a day and a month, or a month and a year (es).
        var joins = false
        var numberWord: Int?
        /// "г.", "года": follows a year in Russian.
        var yearMarker = false
        /// "Uhr": follows an hour in German.
        var oClock = false
        /// "noon" = 12, "midnight" = 0.
        var fixedHour: Int?
        /// "st", "nd", "rd", "th", "er": an ordinal suffix glued to a day.
        var ordinalSuffix = false
    }

    static let shared = DateLexicon()

    let entries: ScalarLexicon<Entry>

    private init() {
        var entries: [String: Entry] = [:]
        func add(_ words: [String], _ update: (inout Entry) -> Void) {
            for word in words { update(&entries[word, default: Entry()]) }
        }
        let months: [[String]] = [
            ["january", "jan", "январь", "января", "янв", "januar", "jän", "janvier", "janv", "enero", "ene"],
            [
                "february", "feb", "февраль", "февраля", "фев", "февр", "februar", "février", "févr", "fevrier",
                "febrero",
            ],
            ["march", "mar", "март", "марта", "märz", "maerz", "mars", "marzo"],
            ["april", "apr", "апрель", "апреля", "апр", "avril", "avr", "abril", "abr"],
            ["may", "май", "мая", "mai", "mayo"],
            ["june", "jun", "июнь", "июня", "июн", "juni", "juin", "junio"],
            ["july", "jul", "июль", "июля", "июл", "juli", "juillet", "juil", "julio"],
            ["august", "aug", "август", "августа", "авг", "août", "aout", "agosto", "ago"],
            [
                "september", "sep", "sept", "сентябрь", "сентября", "сен", "сент", "septembre", "septiembre",
                "setiembre",
            ],
            ["october", "oct", "октябрь", "октября", "окт", "oktober", "okt", "octobre", "octubre"],
            ["november", "nov", "ноябрь", "ноября", "ноя", "novembre", "noviembre"],
            [
                "december", "dec", "декабрь", "декабря", "дек", "dezember", "dez", "décembre", "déc", "decembre",
                "diciembre", "dic",
            ],
        ]
        for (index, words) in months.enumerated() { add(words) { $0.month = index + 1 } }
        let weekdays: [[String]] = [
            ["sunday", "воскресенье", "sonntag", "dimanche", "domingo"],
            ["monday", "понедельник", "montag", "lundi", "lunes"],
            ["tuesday", "вторник", "dienstag", "mardi", "martes"],
            ["wednesday", "среда", "среду", "mittwoch", "mercredi", "miércoles", "miercoles"],
            ["thursday", "четверг", "donnerstag", "jeudi", "jueves"],
            ["friday", "пятница", "пятницу", "freitag", "vendredi", "viernes"],
            ["saturday", "суббота", "субботу", "samstag", "sonnabend", "samedi", "sábado", "sabado"],
        ]
        for (index, words) in weekdays.enumerated() { add(words) { $0.weekday = index + 1 } }
        let relative: [(Int, [String])] = [
            (0, ["today", "tonight", "сегодня", "heute", "aujourd'hui", "aujourd’hui", "hoy"]),
            (1, ["tomorrow", "завтра", "morgen", "demain", "mañana"]),
            (2, ["послезавтра", "übermorgen"]),
            (-1, ["yesterday", "вчера", "gestern", "hier", "ayer"]),
            (-2, ["позавчера", "vorgestern", "anteayer"]),
        ]
        for (days, words) in relative { add(words) { $0.relativeDay = days } }
        add([
            "next", "следующий", "следующую", "следующей", "следующем", "следующая", "следующее", "nächsten",
            "nächste", "nächster", "próximo", "próxima", "proximo", "proxima",
        ]) { $0.modifier = .next }
        add(["prochain", "prochaine"]) {
            $0.modifier = .next
            $0.modifierFollows = true
        }
        add(["this", "coming", "этот", "эту", "этой", "diesen", "diese", "dieser", "este", "esta"]) {
            $0.modifier = .this
        }
        add(["last", "прошлый", "прошлую", "прошлой", "прошлом", "letzten", "letzte", "letzter", "vergangenen"]) {
            $0.modifier = .last
        }
        add(["dernier", "dernière", "pasado", "pasada"]) {
            $0.modifier = .last
            $0.modifierFollows = true
        }
        add([
            "day", "days", "день", "дня", "дней", "tag", "tage", "tagen", "jour", "jours", "día", "días", "dia", "dias",
        ]) {
            $0.unit = .day
        }
        add([
            "week", "weeks", "неделю", "недели", "недель", "неделе", "неделя", "woche", "wochen", "semaine",
            "semaines", "semana", "semanas",
        ]) { $0.unit = .week }
        add([
            "month", "months", "месяц", "месяца", "месяцев", "месяце", "monat", "monate", "monaten", "mois", "mes",
            "meses",
        ]) { $0.unit = .month }
        add([
            "year", "years", "год", "года", "лет", "году", "jahr", "jahre", "jahren", "an", "ans", "année",
            "années", "año", "años",
        ]) { $0.unit = .year }
        add(["am"]) { $0.meridiem = 0 }
        add(["pm"]) { $0.meridiem = 12 }
        add([
            "at", "um", "à", "в", "во", "a", "by", "from", "until", "till", "bis", "ab", "до", "с", "от", "vers",
            "jusqu'à", "desde", "hasta", "around", "gegen", "около", "hacia",
        ]) { $0.introducesTime = true }
        add(["in", "через", "dans", "en"]) { $0.introducesFuture = true }
        add(["ago", "назад"]) { $0.pastAfter = true }
        add(["vor", "hace"]) { $0.pastBefore = true }
        add(["of", "de", "del"]) { $0.joins = true }
        let numbers: [(Int, [String])] = [
            (1, ["one", "a", "an", "один", "одну", "один", "einem", "einer", "un", "une", "uno", "una"]),
            (2, ["two", "два", "две", "zwei", "deux", "dos"]),
            (3, ["three", "три", "drei", "trois", "tres"]),
            (4, ["four", "четыре", "vier", "quatre", "cuatro"]),
            (5, ["five", "пять", "fünf", "cinq", "cinco"]),
            (6, ["six", "шесть", "sechs", "seis"]),
            (7, ["seven", "семь", "sieben", "sept", "siete"]),
            (10, ["ten", "десять", "zehn", "dix", "diez"]),
        ]
        for (value, words) in numbers { add(words) { $0.numberWord = value } }
        add(["г", "года", "году"]) { $0.yearMarker = true }
        add(["uhr"]) { $0.oClock = true }
        add(["noon", "midday", "полдень", "mittag", "midi", "mediodía"]) { $0.fixedHour = 12 }
        add(["midnight", "полночь", "mitternacht", "minuit", "medianoche"]) { $0.fixedHour = 0 }
        add(["st", "nd", "rd", "th", "er", "re", "e"]) { $0.ordinalSuffix = true }
        self.entries = ScalarLexicon(entries.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }
}
