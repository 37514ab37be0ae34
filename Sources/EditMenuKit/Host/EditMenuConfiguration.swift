import Foundation

/// What an ``EditMenuController`` is set up with: the platform behaviour to follow, the language, the
/// app's commands, the services the host really has, and how things are measured.
///
/// ```swift
/// var configuration = EditMenuConfiguration(idiom: .pad, locale: MenuLocale.fromEnvironment(environment))
/// configuration.customCommands = [CustomCommand(id: "highlight", title: "Highlight", placement: .after(.format))]
/// configuration.services = [WebSearchService(engine: .duckDuckGo)]
/// LanguageServices.discover(locale: configuration.locale).install(into: &configuration)   // EditMenuServices:
///     // Look Up, Translate, Speak and the spell checker this machine has
/// ```
public struct EditMenuConfiguration: Sendable {
    /// The platform whose behaviour the menu follows (which style, which gestures reveal it).
    public var idiom: Idiom
    /// The language of the titles, and whether the menu is mirrored.
    public var locale: MenuLocale
    /// The app's own commands (performed by the delegate's
    /// ``EditMenuControllerDelegate/editMenuController(_:performCustomCommand:)``).
    public var customCommands: [CustomCommand]
    /// The services the host really has: an item whose service is missing is not offered.
    public var services: [any EditMenuService]
    /// How gestures select (a word for a double tap, the paragraph for a triple tap …).
    public var gestures: SelectionGestures
    /// Gesture timing and distances (UIKit's by default; a terminal uses cells).
    public var gestureThresholds: GestureRecognizer.Thresholds
    /// The sizes the menu is laid out with, in the host's units.
    public var metrics: LayoutMetrics
    /// How titles are measured (`nil`: monospace cells of ``LayoutMetrics/charWidth``).
    public var measurer: (any TextMeasurer)?
    /// How shortcuts are written: ``ShortcutStyle/pc`` (`Ctrl+C`) for a Linux host, the default;
    /// ``ShortcutStyle/apple`` (`⌘C`) to show Apple's glyphs.
    public var shortcutStyle: ShortcutStyle
    /// Finds data in the selection for its actions (Call, Get Directions …); `nil` turns detection
    /// off. Its reference date is set to ``currentDate`` and its numeric date order to the locale's at
    /// every presentation.
    public var dataDetector: DataDetector?
    /// What may be opened, and where events and contact cards are written first.
    public var openingPolicy: OpeningPolicy
    /// The wall-clock date, for relative dates ("tomorrow") in detected data.
    public var currentDate: @Sendable () -> Date
    /// What people chose and expect remembered: the Substitutions ▸ toggles (Data Detectors turns data
    /// actions on and off), the search engine, the text replacements.
    public var settings = EditMenuSettings()
    /// Where toggling a substitution saves ``settings`` (`nil`: toggles last for the session).
    public var settingsFile: SettingsFile?
    /// The host's spell checker: with one, the controller finds spelling suggestions for a misspelled
    /// selected word itself and performs Ignore Spelling, Learn Spelling and Spelling and Grammar ▸;
    /// hosts mark misspelled words with it. `nil`: no spelling items.
    public var spellChecker: (any SpellChecker)?
    /// Whether a menu waits for the spell checker's whole answer about its selected word (the
    /// dictionary read, the suggestions found) before it is built. Off for hosts: their menus open at
    /// once and are rebuilt when the answer arrives (``EditMenuController/poll()``). On where no one
    /// polls — a scenario performed once, a test that looks at the first menu.
    public var waitsForSpelling = false
    /// Whether misspelled words are marked as people type (Spelling and Grammar ▸ Check Spelling
    /// While Typing, which toggles it). Hosts read it when they draw.
    public var checksSpellingWhileTyping = true
    /// The language the content is in (a BCP 47 tag), when the host knows it (a document's declared
    /// language); `nil`: the language services decide it from the menu's language and the text's script
    /// (EDIT-MENU.md §14, `TextLanguage.decide(_:locale:hint:)`).
    public var textLanguage: String?
    /// Which guidance the menus follow (EDIT-MENU.md §13): ``EditMenuRelease/release2023`` (the seeds'
    /// menus, the default here and in `editmenu present`) or ``EditMenuRelease/current`` (today's: an
    /// expanding compact bar, a context menu on an iPad with a pointer, standard icons), which the
    /// reference Linux hosts choose unless told otherwise.
    public var release: EditMenuRelease = .release2023

    /// Creates a configuration; every part has the platform's default.
    public init(
        idiom: Idiom = .pad, locale: MenuLocale = .english, customCommands: [CustomCommand] = [],
        services: [any EditMenuService] = [], gestures: SelectionGestures = SelectionGestures(),
        gestureThresholds: GestureRecognizer.Thresholds = GestureRecognizer.Thresholds(),
        metrics: LayoutMetrics = .standard, measurer: (any TextMeasurer)? = nil, shortcutStyle: ShortcutStyle = .pc,
        dataDetector: DataDetector? = DataDetector(), openingPolicy: OpeningPolicy = OpeningPolicy(),
        currentDate: @escaping @Sendable () -> Date = { Date() }, spellChecker: (any SpellChecker)? = nil
    ) {
        self.idiom = idiom
        self.locale = locale
        self.customCommands = customCommands
        self.services = services
        self.gestures = gestures
        self.gestureThresholds = gestureThresholds
        self.metrics = metrics
        self.measurer = measurer
        self.shortcutStyle = shortcutStyle
        self.dataDetector = dataDetector
        self.openingPolicy = openingPolicy
        self.currentDate = currentDate
        self.spellChecker = spellChecker
    }
}
