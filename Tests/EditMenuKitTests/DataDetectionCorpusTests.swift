import EditMenuKit
import Foundation
import Testing

/// The labelled corpus in `Resources/DetectionCorpus/`: one JSON object per line, `{"text", "lang",
/// "items": [{"type", "text"}]}`; `negatives*.jsonl` hold texts with nothing to detect (versions,
/// prices, ISBNs, scores and durations, maths, identifiers, file names …).
///
/// An item counts as found when the detector reports the same type with exactly the same text
/// (boundaries included).
struct DataDetectionCorpusTests {
    struct Sample {
        var file: String
        var line: Int
        var text: String
        var items: [Label]
    }

    struct Label: Hashable {
        var type: String
        var text: String
    }

    static func corpus() throws -> [Sample] {
        guard let directory = Bundle.module.url(forResource: "DetectionCorpus", withExtension: nil) else {
            throw CorpusError("the DetectionCorpus resource is missing from the test bundle")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".jsonl") }.sorted()
        var samples: [Sample] = []
        for file in files {
            let contents = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            for (index, line) in contents.split(separator: "\n").enumerated() where !line.isEmpty {
                guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    let text = object["text"] as? String, let items = object["items"] as? [[String: String]]
                else {
                    throw CorpusError("\(file):\(index + 1): expected {\"text\": …, \"items\": […]}")
                }
                let labels = try items.map { item -> Label in
                    guard let type = item["type"], let labelText = item["text"] else {
                        throw CorpusError("\(file):\(index + 1): an item needs \"type\" and \"text\"")
                    }
                    guard DataType(rawValue: type) != nil else {
                        throw CorpusError("\(file):\(index + 1): unknown type \"\(type)\"")
                    }
                    guard text.contains(labelText) else {
                        throw CorpusError("\(file):\(index + 1): \"\(labelText)\" is not in the text")
                    }
                    return Label(type: type, text: labelText)
                }
                samples.append(Sample(file: file, line: index + 1, text: text, items: labels))
            }
        }
        return samples
    }

    struct CorpusError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// A fixed "today" (Monday 30 November 2026, UTC) for relative dates.
    static let detector = DataDetector(referenceDate: Date(timeIntervalSince1970: 1_795_996_800))

    @Test func theCorpusHasAtLeast400SamplesAnd150HardNegatives() throws {
        let samples = try Self.corpus()
        #expect(samples.count >= 400)
        #expect(samples.filter { $0.file.hasPrefix("negatives") }.count >= 150)
        for type in DataType.allCases {
            #expect(
                samples.flatMap(\.items).filter { $0.type == type.rawValue }.count >= 25, "too few samples of \(type)")
        }
    }

    @Test func precisionIsAtLeast097AndRecallAtLeast090ForEveryType() throws {
        var truePositives: [String: Int] = [:]
        var falsePositives: [String: Int] = [:]
        var falseNegatives: [String: Int] = [:]
        var misses: [String] = []
        for sample in try Self.corpus() {
            let found = Self.detector.detect(in: sample.text).map {
                Label(type: $0.type.rawValue, text: $0.matchedText)
            }
            var expected = sample.items
            for label in found {
                if let index = expected.firstIndex(of: label) {
                    expected.remove(at: index)
                    truePositives[label.type, default: 0] += 1
                } else {
                    falsePositives[label.type, default: 0] += 1
                    misses.append("false positive \(label.type) \"\(label.text)\" in \(sample.file):\(sample.line)")
                }
            }
            for label in expected {
                falseNegatives[label.type, default: 0] += 1
                misses.append("missed \(label.type) \"\(label.text)\" in \(sample.file):\(sample.line)")
            }
        }
        print("data detection corpus: type, true positives, false positives, false negatives, precision, recall")
        for type in DataType.allCases.map(\.rawValue) {
            let tp = Double(truePositives[type] ?? 0)
            let fp = Double(falsePositives[type] ?? 0)
            let fn = Double(falseNegatives[type] ?? 0)
            let precision = tp + fp == 0 ? 1 : tp / (tp + fp)
            let recall = tp + fn == 0 ? 1 : tp / (tp + fn)
            print(
                "  \(type): tp \(Int(tp)) fp \(Int(fp)) fn \(Int(fn)) precision \(String(format: "%.3f", precision)) recall \(String(format: "%.3f", recall))"
            )
            #expect(precision >= 0.97, "precision of \(type) is \(precision)")
            #expect(recall >= 0.90, "recall of \(type) is \(recall)")
        }
        for miss in misses { print("  " + miss) }
    }
}
