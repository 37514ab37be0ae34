import EditMenuKit
import EditMenuDemo
import EditMenuTerminal
import Foundation

/// `editmenu demo [FILE] [--idiom phone|pad|mac|vision] [--release 2023|current] [--locale TAG]`
func demo(_ arguments: ArraySlice<String>) -> Exit {
    var options = DemoOptions(locale: MenuLocale.fromEnvironment(ProcessInfo.processInfo.environment))
    // A Linux host follows today's platforms unless told otherwise (EDIT-MENU.md §13).
    options.release = .current
    var rest = arguments
    while let argument = rest.popFirst() {
        switch argument {
        case "--idiom":
            guard let value = rest.popFirst() else { fail("--idiom needs a value: phone, pad, mac or vision") }
            guard let idiom = Idiom(rawValue: value), idiom.supportsEditMenu else {
                fail("--idiom \(value): expected phone, pad, mac or vision")
            }
            options.idiom = idiom
        case "--release":
            guard let value = rest.popFirst(), let release = EditMenuRelease(rawValue: value) else {
                fail("--release needs a value: 2023 or current")
            }
            options.release = release
        case "--locale":
            guard let value = rest.popFirst(), MenuLocale.isWellFormed(value) else {
                fail("--locale needs a language tag such as ru or pt-BR")
            }
            options.locale = MenuLocale(value)
        case "--translate-to":
            guard let value = rest.popFirst(), MenuLocale.isWellFormed(value) else {
                fail("--translate-to needs a language tag such as es or de")
            }
            options.translateTo = value
        case "--log":
            guard let value = rest.popFirst() else { fail("--log needs a file path") }
            options.logPath = value
        case "-h", "--help":
            print(demoUsage)
            return .ok
        default:
            if argument.hasPrefix("-") { fail("unknown option '\(argument)' for 'demo'; see 'editmenu demo --help'") }
            if options.filePath != nil { fail("'demo' takes one FILE") }
            options.filePath = argument
        }
    }
    let status = DemoRunner.run(options: options)
    return status == 0 ? .ok : .invalid
}

let demoUsage = """
    usage: editmenu demo [FILE] [--idiom phone|pad|mac|vision] [--release 2023|current] [--locale TAG]
                         [--translate-to TAG] [--log LOGFILE]

    --release picks the guidance the menus follow: current (the default: a compact bar that expands
    with its chevron, a context menu for right click and the keyboard, as iOS, iPadOS and macOS 26 do)
    or 2023 (the bar pages; the iPad's vertical menu).

    A full-screen terminal editor with the edit menu. Without FILE, a sample with every kind of
    content (editable text with an address, a phone number, a link and a date; a static caption; a
    password; a button; an image and a contact card).

      press and hold, double/triple click   select and show the compact menu
      click on the selection                toggle the menu        right click   the pointer style
      Menu key / Shift-F10                  the keyboard style     F10 (mac)     the menu bar's Edit menu
      arrows, Tab, Return, Escape           use an open menu       drag, Shift+arrows   select
      Ctrl+Z / Ctrl+Y                       undo / redo            Ctrl+S        save (FILE)
      Ctrl+Q or Ctrl+C                      quit

    Look Up (WordNet), Translate (Apertium; into --translate-to, default the menu's language), Speech
    (espeak-ng, F10 ▸ Speech) and spelling (Enchant: misspelled words underlined, Replace…, F10 ▸
    Spelling and Grammar) are offered when their tools are installed (scripts/setup.sh; docs/services.md).
    A service's panel opens beside the selection: arrows scroll, Tab and Return use its buttons, Escape
    closes it.
    """
