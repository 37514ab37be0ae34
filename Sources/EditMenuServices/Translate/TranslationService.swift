import EditMenuKit
import Foundation

/// Translate as an edit-menu service, with Apertium: the source language comes from the text's script
/// and the menu's language (``TextLanguage``), the target from a setting; offered only when a pair
/// between the two is installed. Translating runs in the background and shows a translation panel
/// with Copy and — for editable text — Replace (one undo step); a single word also gets its
/// dictionary entries.
///
/// ```swift
/// let service = TranslationService(translator: translator, target: "es")
/// // "The cat sleeps." selected, menu in English → Translate → panel "El gato duerme." [Copy] [Replace]
/// ```
///
/// Without a `target` the menu's language is the target, and text already in it goes to the first
/// language (in ``MenuLocale/supported`` order) an installed pair translates it into.
public struct TranslationService: EditMenuService {
    /// The translator.
    public let translator: ApertiumTranslator
    /// The language to translate into (a primary language code, `es`); `nil`: see the type's
    /// description.
    public var target: String?

    /// Translate with `translator` into `target`.
    public init(translator: ApertiumTranslator, target: String? = nil) {
        self.translator = translator
        self.target = target.map(TextLanguage.primaryLanguage(of:))
    }

    public var commands: Set<EditCommand.ID> { [.translate] }

    public func canPerform(_ command: EditCommand.ID, on request: ServiceRequest) -> Bool {
        command == .translate && direction(for: request.text, locale: request.locale) != nil
    }

    /// The source and target for `text` under a menu in `locale`, when a pair is installed.
    public func direction(for text: String, locale: MenuLocale) -> (source: String, target: String)? {
        let menu = TextLanguage.menuLanguage(locale)
        if let target {
            let sources = translator.pairs.filter { $0.target == target }.map(\.source)
            guard
                let source = TextLanguage.language(
                    of: text, locale: locale, candidates: TextLanguage.preferredOrder(sources)),
                source != target
            else { return nil }
            return (source, target)
        }
        let sources = TextLanguage.preferredOrder(Array(Set(translator.pairs.map(\.source))))
        guard let source = TextLanguage.language(of: text, locale: locale, candidates: sources) else { return nil }
        if source != menu, translator.pair(from: source, to: menu) != nil { return (source, menu) }
        let targets = TextLanguage.preferredOrder(translator.pairs.filter { $0.source == source }.map(\.target))
        return targets.first.map { (source, $0) }
    }

    public func perform(_ command: EditCommand.ID, on request: ServiceRequest) throws(ServiceError) -> ServiceResult {
        let text = request.text
        guard let (source, target) = direction(for: text, locale: request.locale) else {
            throw ServiceError("Translate: no installed Apertium pair translates this text")
        }
        let translator = translator
        let editable = request.content.isEditable && !request.content.isSecure
        let strings = MenuStrings(locale: request.locale)
        let idiom = Idiom.pad
        let title = "\(Self.name(source, in: request.locale)) → \(Self.name(target, in: request.locale))"
        let copy = EditMenuPanel.Action(.copy, title: strings.title(for: .copy, idiom: idiom))
        let replace = EditMenuPanel.Action(
            .replace, title: UndoAction.replace.title(strings: strings, idiom: idiom).capitalizingFirstLetter)
        return .later(
            ServiceTask { () throws(ServiceError) in
                let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                var translation = try translator.translate(trimmed, from: source, to: target)
                var detail = ""
                if !trimmed.contains(where: { $0.isWhitespace }) {
                    // Apertium capitalizes a lone word as if it began a sentence: keep the word's case.
                    if let first = trimmed.first, first.isLowercase, let initial = translation.first {
                        translation = initial.lowercased() + translation.dropFirst()
                    }
                    let word = trimmed.trimmingCharacters(in: .punctuationCharacters)
                    let entries = try translator.dictionaryEntries(for: word, from: source, to: target)
                    detail = entries.map {
                        "\($0.lemma) (\($0.partOfSpeech)): \($0.translations.joined(separator: ", "))"
                    }
                    .joined(separator: "\n")
                }
                return .panel(
                    EditMenuPanel(
                        kind: .translation, title: title, text: translation, detail: detail,
                        actions: editable ? [copy, replace] : [copy], isTextEditable: editable))
            })
    }

    /// A language's name in the menu's language ("Spanish", "Spanisch").
    static func name(_ code: String, in locale: MenuLocale) -> String {
        Locale(identifier: locale.identifier).localizedString(forLanguageCode: code)?.capitalizingFirstLetter ?? code
    }
}

extension String {
    /// The string with its first letter in upper case ("замена" → "Замена").
    var capitalizingFirstLetter: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
