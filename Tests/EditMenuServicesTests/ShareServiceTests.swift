import EditMenuKit
import EditMenuTestSupport
import Foundation
import Testing

@testable import EditMenuServices

@Suite("Share…")
final class ShareServiceTests {
    /// The folder each test writes in, removed when the test ends.
    let scratch: ScratchFolder

    init() throws { scratch = try ScratchFolder("editmenu-share") }
    deinit { scratch.remove() }

    /// A new, empty folder inside the test's scratch folder.
    func folder() -> String {
        let path = scratch.path + "/" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func request(_ text: String, rich: Bool = false, objects: [EditableObject] = []) -> ServiceRequest {
        let characters = text.count
        return ServiceRequest(
            selectedText: SelectedText(text: text, characterRange: 0..<characters),
            content: SelectableContent(
                kind: objects.isEmpty ? .text : .image, isRich: rich, isEmpty: false,
                selection: objects.isEmpty
                    ? .range(
                        TextRangeFacts(
                            characterCount: characters, coversAll: true, isBlank: false, isWithinOneWord: false))
                    : .object),
            locale: .english, objects: objects)
    }

    let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jane Appleseed\r\nEND:VCARD\r\n"

    @Test("Subjects, file names and links come from the content")
    func content() {
        let text = SharedContent.text("Meet at 1 Infinite Loop tomorrow.\nBring the slides.")
        #expect(text.subject == "Meet at 1 Infinite Loop tomorrow.")
        #expect(text.fileName == "Meet at 1 Infinite Loop tomorrow..txt")
        #expect(SharedContent.text("../../etc/passwd").fileName == "etc-passwd.txt")
        #expect(!SharedContent.text("a/b\u{7}c").fileName.contains("/"))
        #expect(SharedContent.text(String(repeating: "word ", count: 40)).subject.count <= 61)
        #expect(SharedContent.objects([.contact(vCard: card, name: "Jane Appleseed")]).fileName == "Jane Appleseed.vcf")
        #expect(SharedContent.objects([.image(png: Data([1]))]).fileName == "Image.png")
        #expect(SharedContent.text(" https://www.apple.com/ipad/ ").link == "https://www.apple.com/ipad/")
        #expect(SharedContent.text("see https://www.apple.com").link == nil)
        #expect(SharedContent.text("javascript:alert(1)").link == nil)
        #expect(
            SharedContent.text("Hi & bye").mailtoURI() == "mailto:?subject=Hi%20%26%20bye&body=Hi%20%26%20bye")
    }

    @Test("The targets are the ones that apply and that this desktop has")
    func targets() {
        let folder = folder()
        let withMail = ShareService(documentsFolder: folder, mailer: "/usr/bin/xdg-email")
        #expect(withMail.targets(for: .text("Hello"), isRich: false).map(\.id) == [.shareMail, .shareSaveToFile])
        #expect(
            withMail.targets(for: .text("https://www.apple.com"), isRich: true).map(\.title) == [
                "Mail", "Save to File", "Copy Link", "Copy as Plain Text",
            ])
        let noMail = ShareService(documentsFolder: folder + "/missing", mailer: nil)
        #expect(noMail.targets(for: .text("Hello"), isRich: false).isEmpty)
        #expect(!noMail.canPerform(.share, on: Self.request("Hello")))
        #expect(withMail.canPerform(.share, on: Self.request("Hello")))
        #expect(!withMail.canPerform(.share, on: Self.request("   ")))
    }

    @Test("Share shows a panel of the targets; Save to File writes a new file, never over one")
    func saveToFile() throws {
        let folder = folder()
        let share = ShareService(documentsFolder: folder, mailer: nil)
        guard case .panel(let panel) = try share.perform(.share, on: Self.request("Hello world")) else {
            Issue.record("Share should show a panel")
            return
        }
        #expect(panel.kind == .share)
        #expect(panel.text == "Hello world")
        #expect(panel.actions.map(\.id.rawValue) == ["share.saveToFile"])
        #expect(panel.actions.map(\.title) == ["Save to File"])
        guard case .panel(let saved) = try share.perform(.shareSaveToFile, on: Self.request("Hello world")) else {
            Issue.record("Save to File should say where it saved")
            return
        }
        #expect(saved.text == folder + "/Hello world.txt")
        #expect(try String(contentsOfFile: saved.text, encoding: .utf8) == "Hello world")
        #expect(try share.save(.text("Hello world")) == folder + "/Hello world 2.txt")
        #expect(try String(contentsOfFile: folder + "/Hello world.txt", encoding: .utf8) == "Hello world")
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let image = try share.save(.objects([.image(png: png)]))
        #expect(image == folder + "/Image.png")
        #expect(FileManager.default.contents(atPath: image) == png)
        let contact = try share.save(.objects([.contact(vCard: card, name: "Jane Appleseed")]))
        #expect(try String(contentsOfFile: contact, encoding: .utf8) == card)
        let readOnly = ShareService(documentsFolder: "/proc", mailer: nil)
        #expect(throws: ServiceError.self) { try readOnly.save(.text("x")) }
    }

    @Test("Mail opens a mailto: through the policy; objects and long text go as private attachments")
    func mail() throws {
        let export = folder() + "/export"
        let policy = OpeningPolicy(exportDirectory: export)
        let share = ShareService(documentsFolder: folder(), mailer: "/usr/bin/xdg-email", policy: policy)
        guard case .open(let uri) = try share.perform(.shareMail, on: Self.request("Lunch?\nAt noon.")) else {
            Issue.record("Mail should open a mailto:")
            return
        }
        #expect(uri == "mailto:?subject=Lunch%3F&body=Lunch%3F%0AAt%20noon.")
        #expect(policy.isSafeToOpen(uri))
        guard
            case .open(let withCard) = try share.perform(
                .shareMail, on: Self.request("", objects: [.contact(vCard: card, name: "Jane Appleseed")]))
        else {
            Issue.record("Mail should open a mailto:")
            return
        }
        #expect(withCard.hasPrefix("mailto:?subject=Jane%20Appleseed&attach="))
        let opener = SystemOpener(executable: "/usr/bin/xdg-open", policy: policy, mailer: "/usr/bin/xdg-email")
        let command = try #require(opener.command(for: withCard))
        #expect(command.0 == "/usr/bin/xdg-email")
        #expect(command.1.count == 3 && command.1[0] == "--attach")
        #expect(command.1[2] == "mailto:?subject=Jane%20Appleseed")
        #expect(try String(contentsOfFile: command.1[1], encoding: .utf8) == card)
        #expect(command.1[1].hasSuffix("/Jane Appleseed.vcf"))
        let attributes = try FileManager.default.attributesOfItem(atPath: command.1[1])
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        // A long text goes as a file, not as an address too long to open.
        guard
            case .open(let long) = try share.perform(.shareMail, on: Self.request(String(repeating: "a ", count: 2000)))
        else {
            Issue.record("Mail should open a mailto:")
            return
        }
        #expect(long.utf8.count < OpeningPolicy.maximumLength && long.contains("&attach="))
    }

    @Test("The opener sends mailto: to xdg-email and refuses attachments the policy did not write")
    func openerRefusesForeignAttachments() {
        let policy = OpeningPolicy(exportDirectory: "/tmp/editmenu-test-export")
        let opener = SystemOpener(executable: "/usr/bin/xdg-open", policy: policy, mailer: "/usr/bin/xdg-email")
        #expect(opener.command(for: "mailto:?attach=%2Fetc%2Fpasswd") == nil)
        #expect(opener.command(for: "mailto:?attach=%2Ftmp%2Feditmenu-test-export%2F..%2Fx") == nil)
        #expect(opener.command(for: "mailto:jane@example.com")?.1 == ["mailto:jane@example.com"])
        #expect(opener.command(for: "https://www.apple.com")?.0 == "/usr/bin/xdg-open")
        let noMailer = SystemOpener(executable: "/usr/bin/xdg-open", policy: policy, mailer: nil)
        #expect(noMailer.command(for: "mailto:jane@example.com")?.0 == "/usr/bin/xdg-open")
    }

    @Test("The documents folder follows the XDG user directories")
    func documentsFolder() throws {
        let home = folder()
        #expect(ShareService.documentsFolder(environment: ["HOME": home]) == home)
        try FileManager.default.createDirectory(atPath: home + "/Documents", withIntermediateDirectories: true)
        #expect(ShareService.documentsFolder(environment: ["HOME": home]) == home + "/Documents")
        try FileManager.default.createDirectory(atPath: home + "/.config", withIntermediateDirectories: true)
        try "XDG_DOCUMENTS_DIR=\"$HOME/Dokumente\"\n".write(
            toFile: home + "/.config/user-dirs.dirs", atomically: true, encoding: .utf8)
        #expect(ShareService.documentsFolder(environment: ["HOME": home]) == home + "/Dokumente")
        #expect(
            ShareService.documentsFolder(environment: ["HOME": home, "XDG_DOCUMENTS_DIR": "/srv/docs"]) == "/srv/docs")
    }
}
