import EditMenuKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// `editmenu`: the EditMenuKit command-line tool.
let usage = """
    usage: editmenu <command> [options]

    commands:
      present [FILE]      read one scenario (JSON) from FILE or standard input, print its presentation
      present --lines     read one scenario per line, print one presentation per line
      perform [FILE]      as present, then perform the scenario's "perform" (an id or a list) with
                          this machine's services and print the presentation with its "result"
      perform --lines     one scenario per line, as present --lines
      render SCENARIO [-o OUT.svg] [--page N]
                          draw the scenario's menu as laid out (it needs "geometry") as SVG, on
                          standard output or into OUT.svg; --page shows a later page of a paged menu
      detect [TEXT|-]     print every item detected in TEXT or standard input, one JSON object per line
                          (--types link,email,… to choose; --now DATE to resolve relative dates)
      demo [FILE]         the interactive terminal demo (editmenu demo --help)
      help                show this help

    Scenarios and presentations are described in docs/contract/SCENARIO.md. The locale comes from the scenario's
    "locale", else from LC_ALL, LC_MESSAGES or LANG.

    exit status: 0 success; 1 some --lines input was invalid; 2 invalid scenario or usage.
    """

var arguments = CommandLine.arguments.dropFirst()
guard let command = arguments.popFirst() else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(Exit.invalid.rawValue)
}
switch command {
case "present":
    exit(present(arguments).rawValue)
case "perform":
    exit(perform(arguments).rawValue)
case "demo":
    exit(demo(arguments).rawValue)
case "render":
    exit(render(arguments).rawValue)
case "detect":
    exit(detect(arguments).rawValue)
case "help", "-h", "--help":
    print(usage)
default:
    var message = "unknown command '\(command)'"
    if ["presnt", "preset", "presen", "prsent"].contains(command) { message += "; did you mean 'present'?" }
    fail(message + "; see 'editmenu help'")
}
