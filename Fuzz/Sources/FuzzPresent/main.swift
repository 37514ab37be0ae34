import EditMenuKit
import EditMenuScenario
import FuzzSupport

/// `editmenu present`: any bytes as a scenario. Valid or not, the presenter answers with a
/// presentation or an error naming a JSON path — and a presentation serializes to JSON that parses.
let presenter = ScenarioPresenter()

func fuzzPresent(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let data, count > 0 else { return 0 }
    let json = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    switch presenter.present(json: json) {
    case .success(let value):
        let text = value.serialized
        do { _ = try JSONValue.parse(text) } catch {
            fatalError("presentation is not valid JSON (\(error)): \(text)")
        }
    case .failure(let error):
        if error.description.isEmpty { fatalError("an error without a message for \(json)") }
    }
    return 0
}

/// libFuzzer's entry point (its own `main` calls it when SwiftPM's `main` is not the one linked).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 { fuzzPresent(data, count) }

runFuzzer { data, count in fuzzPresent(data, count) }
