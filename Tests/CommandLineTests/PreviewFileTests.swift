import Foundation
import Testing

/// `preview --html` as issue 26 asked: on a terminal the page goes to a file named after the
/// draft and its path is said; piped, the HTML itself; `--output` confirms; `--open` without a
/// browser says so in one line, keeps the file and exits 1 (69 means the forum is unreachable).
@Suite struct PreviewFileTests {
    static func home() throws -> MissiveHome {
        let home = try MissiveHome()
        let body = try home.file("post.md", Data("Some **bold** words.".utf8))
        #expect(try home.run(["reply", "3500001", "--body-file", body, "--no-edit"]).status == 0)
        return home
    }

    @Test func onATerminalThePageGoesToAFileNamedAfterTheDraft() throws {
        let home = try Self.home()
        defer { home.remove() }
        let page = home.root.appendingPathComponent("state/previews/draft-1.html").path
        let screen = try runInTerminal(["preview", "1", "--html"], environment: home.environment())
        #expect(screen.status == 0, "\(screen.output)")
        #expect(screen.output == "missive: wrote preview of draft 1 to \(page)\n", "\(screen.output)")
        #expect(try String(contentsOfFile: page, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))

        // Piped, the HTML itself, for the next program, and no file.
        try FileManager.default.removeItem(atPath: page)
        let piped = try home.run(["preview", "1", "--html"])
        #expect(piped.status == 0 && piped.output.hasPrefix("<!DOCTYPE html>") && piped.errorOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: page))

        // A file is named after itself.
        let file = try home.file("notes.md", Data("hi".utf8))
        let named = try runInTerminal(["preview", file, "--html"], environment: home.environment())
        #expect(named.output.contains("wrote preview of notes.md to \(home.root.path)/state/previews/notes.html"), "\(named.output)")
    }

    @Test func outputSaysWhereThePageWent() throws {
        let home = try Self.home()
        defer { home.remove() }
        let output = home.root.appendingPathComponent("page.html").path
        let result = try home.run(["preview", "1", "--html", "--output", output])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.errorOutput == "missive: wrote preview of draft 1 to \(output)\n")
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("<b>bold</b>"))
    }

    @Test func openWithoutABrowserSaysSoInOneLineAndKeepsThePage() throws {
        let home = try Self.home()
        defer { home.remove() }
        let page = home.root.appendingPathComponent("state/previews/draft-1.html").path
        // No BROWSER, and a PATH without xdg-open.
        let empty = home.root.appendingPathComponent("empty-bin")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let none = try runMissive(["preview", "1", "--html", "--open"],
                                  environment: home.environment().merging(["PATH": empty.path]) { $1 })
        #expect(none.status == 1, "not 69, which says the forum cannot be reached")
        #expect(none.errorOutput == "missive: no browser to open \(page): BROWSER is not set and xdg-open is not "
            + "installed; the page is kept there\n", "\(none.errorOutput)")
        #expect(try String(contentsOfFile: page, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))

        // An xdg-open that fails as a desktop-less machine's does: several lines of noise, status 3.
        let bin = home.root.appendingPathComponent("noisy-bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let xdgOpen = bin.appendingPathComponent("xdg-open")
        // Written by a child process, not this one: a test running beside this one may fork while
        // our descriptor for the file is open, and exec then fails with ETXTBSY (status 126).
        let written = try runProgram(["sh", "-c", "printf '%s\\n' '#!/bin/sh' \"echo 'xdg-open: no method available for opening' >&2\" "
            + "\"echo 'www-browser: not found' >&2\" 'echo out' 'exit 3' > \"$1\" && chmod 755 \"$1\"", "sh", xdgOpen.path])
        try #require(written.status == 0, "\(written.output)")
        let failing = try runMissive(["preview", "1", "--html", "--open"],
                                     environment: home.environment().merging(["PATH": bin.path + ":/usr/bin:/bin"]) { $1 })
        #expect(failing.status == 1)
        #expect(failing.stdout.isEmpty, "xdg-open's own output goes nowhere")
        #expect(failing.errorOutput == "missive: could not open \(page) with xdg-open (exit status 3); the page is kept "
            + "there: open it yourself, or set BROWSER\n", "\(failing.errorOutput)")
    }
}
