import Testing
@testable import EditMenuKit
@testable import EditMenuScenario

@Suite("Scenario validation: path-precise errors (docs/contract/SCENARIO.md)")
struct ScenarioValidationTests {
    @Test(
        "Each contract violation names its JSON path and the problem",
        arguments: [
            (
                #"{"content": {"kind": "text", "text": "abc", "selection": [0, 40]}}"#,
                "content.selection: end 40 is past the end of the text (3 characters)"
            ),
            (
                #"{"content": {"kind": "text", "text": "abc"}, "colour": "red"}"#,
                #"colour: unknown key "colour"; allowed keys: idiom, input, surface, trigger, shortcutStyle, searchEngine, release, expanded, locale, content, pasteboard, undo, services, platformServices, spelling, servicesMenu, custom, geometry, perform, find, translateTo, textLanguage"#
            ),
            (
                #"{"idiom": "toaster", "content": {}}"#,
                #"idiom: unknown value "toaster"; expected one of phone, pad, mac, vision, tv, watch"#
            ),
            (#"{"idiom": "phnoe", "content": {}}"#, #"idiom: unknown value "phnoe"; did you mean "phone"?"#),
            (#"{"content": {"kind": "text", "txt": "abc"}}"#, #"content.txt: unknown key "txt"; did you mean "text"?"#),
            (#"{}"#, "content: missing; every scenario needs content"),
            (#"[]"#, "expected an object, got an array"),
            (#"{"content": {"selection": [3, 1], "text": "abcd"}}"#, "content.selection: end 1 is before start 3"),
            (#"{"content": {"selection": [-1, 1], "text": "abcd"}}"#, "content.selection: start -1 is negative"),
            (
                #"{"content": {"selection": [1], "text": "abcd"}}"#,
                "content.selection: expected [start, end], got 1 number"
            ),
            (
                #"{"content": {"selection": [1.5, 2], "text": "abcd"}}"#,
                "content.selection[0]: expected an integer, got 1.5"
            ),
            (
                #"{"content": {"selection": ["1", 2], "text": "abcd"}}"#,
                "content.selection[0]: expected an integer, got a string"
            ),
            (#"{"content": {"editable": "yes"}}"#, "content.editable: expected true or false, got a string"),
            (
                #"{"content": {"kind": "text", "selected": true}}"#,
                #"content.selected: applies to image, object and file content; text content uses "selection""#
            ),
            (
                #"{"content": {"kind": "image", "selection": [0, 0]}}"#,
                #"content.selection: applies to text content; image content uses "selected""#
            ),
            (
                #"{"content": {"text": "ab"}, "trigger": {"gesture": "doubleTap", "at": 9}}"#,
                "trigger.at: offset 9 is past the end of the text (2 characters)"
            ),
            (
                #"{"content": {"text": "ab"}, "trigger": {"at": 1}}"#,
                "trigger.gesture: missing; name the gesture (longPress, doubleTap, tripleTap, tap, secondaryClick, menuKey, pinchAndHold)"
            ),
            (
                #"{"content": {"text": "ab"}, "trigger": {"gesture": "swipe"}}"#,
                "trigger.gesture: unknown value \"swipe\"; expected one of longPress, doubleTap, tripleTap, tap, secondaryClick, menuKey, pinchAndHold"
            ),
            (#"{"content": {}, "pasteboard": ["txt"]}"#, #"pasteboard[0]: unknown type "txt"; did you mean "text"?"#),
            (
                #"{"content": {}, "pasteboard": [3]}"#,
                #"pasteboard[0]: expected a type name or {"type", "text"}, got a number"#
            ),
            (
                #"{"content": {}, "pasteboard": [{"type": "image", "text": "x"}]}"#,
                "pasteboard[0].text: image items hold no text"
            ),
            (
                #"{"content": {}, "spelling": "sytem"}"#,
                #"spelling: expected a list of suggestions or "system" (the machine's spell checker), got "sytem""#
            ),
            (#"{"content": {}, "perform": []}"#, "perform: empty; name at least one command"),
            (#"{"content": {}, "perform": ["copy", 3]}"#, #"perform[1]: expected a command id such as "copy", got 3"#),
            (
                #"{"content": {}, "translateTo": "e s"}"#,
                #"translateTo: "e s" is not a language tag (for example "es", "de")"#
            ),
            (#"{"content": {}, "pasteboard": "text"}"#, "pasteboard: expected an array, got a string"),
            (#"{"content": {}, "undo": {"undo": 1}}"#, "undo.undo: expected a string, got a number"),
            (
                #"{"content": {}, "undo": {"redo": null, "again": "x"}}"#,
                #"undo.again: unknown key "again"; allowed keys: undo, redo"#
            ),
            (
                #"{"content": {}, "services": ["lookup"]}"#,
                #"services[0]: unknown value "lookup"; did you mean "lookUp"?"#
            ),
            (#"{"content": {}, "spelling": [""]}"#, "spelling[0]: expected a non-empty string, got a string"),
            (
                #"{"content": {}, "custom": [{"title": "Pin"}]}"#,
                "custom[0].id: missing; every custom command needs an id"
            ),
            (
                #"{"content": {}, "custom": [{"id": "p", "title": " "}]}"#,
                "custom[0].title: missing; every custom command needs a title people can read"
            ),
            (
                #"{"content": {}, "custom": [{"id": "copy", "title": "Copy"}]}"#,
                #"custom[0].id: "copy" is a system command's id; choose another"#
            ),
            (
                #"{"content": {}, "custom": [{"id": "p", "title": "Pin"}, {"id": "p", "title": "Tag"}]}"#,
                #"custom[1].id: "p" is used by an earlier custom command"#
            ),
            (
                #"{"content": {}, "custom": [{"id": "p", "title": "Pin", "after": "formatting"}]}"#,
                #"custom[0].after: unknown value "formatting"; did you mean "format"?"#
            ),
            (
                #"{"content": {}, "custom": [{"id": "p", "title": "Pin", "needs": "anything"}]}"#,
                "custom[0].needs: unknown value \"anything\"; expected one of selection, editable, none"
            ),
            (
                #"{"content": {}, "locale": "en US"}"#,
                #"locale: "en US" is not a language tag (for example "en", "pt-BR", "zh-Hant")"#
            ),
            (
                #"{"content": {}, "geometry": {}}"#,
                "geometry.bounds: missing; give the container as [x, y, width, height]"
            ),
            (#"{"content": {}, "geometry": {"bounds": [0, 0, -1, 5]}}"#, "geometry.bounds[2]: width -1 is negative"),
            (
                #"{"content": {}, "geometry": {"bounds": [0, 0, 1]}}"#,
                "geometry.bounds: expected [x, y, width, height], got an array of 3"
            ),
            (
                #"{"content": {}, "geometry": {"bounds": [0, 0, 9, 9], "target": [[0, 0, 1, "2"]]}}"#,
                "geometry.target[0][3]: expected a number, got a string"
            ),
            (
                #"{"content": {}, "geometry": {"bounds": [0, 0, 9, 9], "metrics": {"charWidth": 0}}}"#,
                "geometry.metrics.charWidth: 0 must be positive"
            ),
            (
                #"{"content": {}, "geometry": {"bounds": [0, 0, 9, 9], "metrics": {"charwidth": 3}}}"#,
                #"geometry.metrics.charwidth: unknown key "charwidth"; did you mean "charWidth"?"#
            ),
            (
                #"{"content": {}, "geometry": {"bounds": [0, 0, 9, 9], "safeArea": [0, -2, 0, 0]}}"#,
                "geometry.safeArea[1]: inset -2.0 is negative"
            ),
            (
                #"{"content": {"text": "ab"}, "trigger": {"gesture": "secondaryClick", "point": [1]}}"#,
                "trigger.point: expected [x, y], got an array of 1"
            ),
            (
                #"{"content": {"text": "ab"}, "trigger": {"gesture": "secondaryClick", "point": [1, "2"]}}"#,
                "trigger.point[1]: expected a number, got a string"
            ),
            (
                #"{"content": {"text": "ab"}, "trigger": {"gesture": "secondaryClick", "pointer": [1, 2]}}"#,
                #"trigger.pointer: unknown key "pointer"; did you mean "point"?"#
            ),
            (
                #"{"content": {}, "shortcutStyle": "windows"}"#,
                "shortcutStyle: unknown value \"windows\"; expected one of apple, pc"
            ),
            (
                #"{"content": {}, "shortcutStyle": "Apple"}"#,
                #"shortcutStyle: unknown value "Apple"; did you mean "apple"?"#
            ),
            (
                #"{"content": {}, "searchEngine": ""}"#,
                "searchEngine: expected the search engine's name, got an empty string"
            ),
            (#"{"content": {}, "searchEngine": 3}"#, "searchEngine: expected a string, got a number"),
            (
                #"{"content": {}, "services": ["lookup"]}"#,
                #"services[0]: unknown value "lookup"; did you mean "lookUp"?"#
            ),
            (
                #"{"content": {}, "services": ["speech"]}"#,
                #"services[0]: "speech" is named in platformServices, not here"#
            ),
            (
                #"{"content": {}, "platformServices": ["speach"]}"#,
                #"platformServices[0]: unknown value "speach"; did you mean "speech"?"#
            ),
            (
                #"{"content": {}, "platformServices": ["share"]}"#,
                #"platformServices[0]: "share" is named in services, not here"#
            ),
            (#"{"content": {}, "servicesMenu": "Open"}"#, "servicesMenu: expected an array, got a string"),
            (
                #"{"content": {}, "servicesMenu": [true]}"#,
                "servicesMenu[0]: expected the title of a service, got a boolean"
            ),
            (
                #"{"content": {}, "servicesMenu": [" "]}"#,
                "servicesMenu[0]: expected the title of a service, got an empty string"
            ),
            (
                #"{"content": {}, "custom": [{"id": "service.0", "title": "Pin"}]}"#,
                #"custom[0].id: "service.0" is a system command's id; choose another"#
            ),
            (
                #"{"content": {}, "custom": [{"id": "writingDirection", "title": "Pin"}]}"#,
                #"custom[0].id: "writingDirection" is a system command's id; choose another"#
            ),
        ])
    func errors(json: String, message: String) {
        #expect(validationError(json) == message)
    }

    @Test("JSON syntax errors give the line and column")
    func syntax() {
        #expect(
            validationError(#"{"content": {"text": "a",}}"#)
                == "invalid JSON at line 1, column 26: expected a quoted key")
        #expect(
            validationError("{\n  \"content\": {} ")
                == "invalid JSON at line 2, column 17: unexpected end of input in an object")
        #expect(
            validationError(#"{"content": {}} x"#)
                == "invalid JSON at line 1, column 17: unexpected text after the JSON value")
        #expect(
            validationError(#"{"content": {}, "content": {}}"#)
                == #"invalid JSON at line 1, column 17: duplicate key "content""#)
        #expect(validationError("") == "invalid JSON at line 1, column 1: unexpected end of input, expected a value")
    }

    @Test("Offsets count Characters, not bytes or UTF-16 units")
    func characterOffsets() {
        #expect(validationError(#"{"content": {"text": "👨‍👩‍👧é", "selection": [0, 2]}}"#) == nil)
        #expect(
            validationError(#"{"content": {"text": "👨‍👩‍👧é", "selection": [0, 3]}}"#)
                == "content.selection: end 3 is past the end of the text (2 characters)")
    }

    @Test("Defaults: phone, touch, edit menu, text kind, all services, editable text")
    func defaults() throws {
        let s = try Scenario(json: #"{"content": {"text": "Hi"}}"#)
        #expect(s.idiom == .phone && s.input == nil && s.surface == .editMenu)
        #expect(s.content.kind == .text && s.content.editable && !s.content.secure && s.content.selection == nil)
        #expect(s.services == .allServices && s.pasteboard.isEmpty && s.custom.isEmpty && s.geometry == nil)
        #expect(s.shortcutStyle == .apple && s.searchEngine == "Google" && s.serviceItems.isEmpty)
        #expect(s.trigger == nil)
        let image = try Scenario(json: #"{"content": {"kind": "image"}}"#)
        #expect(!image.content.editable)
    }

    @Test("null means absent for optional keys")
    func nulls() throws {
        let s = try Scenario(
            json:
                #"{"content": {"text": "Hi", "selection": null}, "locale": null, "undo": {"undo": null, "redo": null}}"#
        )
        #expect(s.content.selection == nil && s.locale == nil && s.undo == .unavailable)
    }
}

@Suite("JSON values")
struct JSONValueTests {
    @Test("Parsing and writing round-trip, keeping key order and exact numbers")
    func roundTrip() throws {
        let text = #"{"b":[1,2.5,-3e2,true,false,null],"a":"x\"y\\z\n\u00e9\ud83d\ude00","c":{}}"#
        let value = try JSONValue.parse(text)
        #expect(value.serialized == #"{"b":[1,2.5,-3e2,true,false,null],"a":"x\"y\\z\né😀","c":{}}"#)
        #expect(try JSONValue.parse(value.serialized) == value)
    }

    @Test("Control characters are escaped on output")
    func escaping() {
        #expect(JSONValue.string("a\u{1B}[31m\u{0}").serialized == #""a\u001b[31m\u0000""#)
    }

    @Test(
        "Malformed input is refused with a position, never a crash",
        arguments: [
            "{", "[1,]", "01", "1.", "1e", "-", "\"abc", "\"\\x\"", "\"\\u12G4\"", "tru", "nul", "{\"a\" 1}", "[1 2]",
            "\"a\u{01}b\"", "{1: 2}", String(repeating: "[", count: 300),
        ])
    func malformed(text: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(text) }
    }

    @Test("Lone surrogates are replaced, not a crash")
    func loneSurrogates() throws {
        #expect(try JSONValue.parse(#""\ud800x""#) == .string("\u{FFFD}x"))
        #expect(try JSONValue.parse(#""\udc00""#) == .string("\u{FFFD}"))
    }
}
