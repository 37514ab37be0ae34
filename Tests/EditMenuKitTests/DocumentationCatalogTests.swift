import Foundation
import Testing

/// Every library product has reference documentation: a DocC catalog in its target's folder (which
/// `scripts/build-docs.sh` builds with warnings as errors) with an "Adding the edit menu …" article
/// that its landing page curates.
@Suite("Every library product has a DocC catalog")
struct DocumentationCatalogTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Library products no outside user imports (none today: the demo is a target of the package only).
    static let internalProducts: Set<String> = []

    /// The library products Package.swift declares, each with its first target.
    static func libraryProducts() throws -> [(product: String, target: String)] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try Regex(#"\.library\(\s*name:\s*"([A-Za-z]+)",\s*targets:\s*\["([A-Za-z]+)""#)
        return manifest.matches(of: pattern).compactMap { match in
            guard let product = match.output[1].substring, let target = match.output[2].substring else { return nil }
            return (String(product), String(target))
        }
    }

    @Test("Each library product's catalog has its landing page and a curated “Adding the edit menu …” article")
    func catalogs() throws {
        let products = try Self.libraryProducts()
        #expect(products.count >= 5, "Package.swift's library products were not found")
        for (product, target) in products where !Self.internalProducts.contains(product) {
            let catalog = Self.root.appendingPathComponent("Sources/\(target)/\(target).docc")
            let landing = catalog.appendingPathComponent("\(target).md")
            guard let page = try? String(contentsOf: landing, encoding: .utf8) else {
                Issue.record("\(product): no DocC landing page at Sources/\(target)/\(target).docc/\(target).md")
                continue
            }
            #expect(page.hasPrefix("# ``\(target)``"), "\(product): the landing page does not document the module")
            let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path)
                .filter { $0.hasPrefix("Adding") && $0.hasSuffix(".md") }
            #expect(!articles.isEmpty, "\(product): no “Adding the edit menu …” article")
            for article in articles {
                let name = String(article.dropLast(3))
                let text = try String(contentsOf: catalog.appendingPathComponent(article), encoding: .utf8)
                #expect(text.hasPrefix("# Adding the edit menu"), "\(product): \(article) has another title")
                #expect(page.contains("<doc:\(name)>"), "\(product): the landing page does not curate \(article)")
            }
        }
    }
}
