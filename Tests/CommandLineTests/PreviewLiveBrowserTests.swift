import Foundation
import TestSupport
import Testing

/// A real browser on the live page (headless Chromium, driven over the DevTools protocol by
/// scripts/cdp-eval.py): a save redraws the open page in place, with no reload (a value the test
/// left in the page's window survives) and at the same scroll position.
@Suite struct PreviewLiveBrowserTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: chromium != nil, "chromium is not installed (`make test-deps` installs Debian's chromium)"))
    func aSaveRedrawsTheOpenPageInPlace() async throws {
        let home = try makeTemporaryDirectory("missive-live-browser")
        defer { try? FileManager.default.removeItem(at: home) }
        let post = home.appendingPathComponent("post.md")
        let long = (0..<150).map { "line \($0) of a long post" }.joined(separator: "\n\n")
        try "FIRST **edition**\n\n\(long)\n".write(to: post, atomically: false, encoding: .utf8)
        let live = try LivePreviewProcess(["preview", post.path, "--live"], environment: ["MISSIVE_HOME": home.path], directory: home)
        let address = try #require(await live.address(), "\(live.errorOutput)")

        let profile = home.appendingPathComponent("chromium")
        let browser = try Self.startChromium(address, profile: profile)
        // Chromium runs in a process group of its own (`ChildProcess`): end the group, renderers and all.
        defer { kill(-browser.processIdentifier, SIGKILL); kill(browser.processIdentifier, SIGKILL) }

        let loaded = try await Self.evaluate("document.body.innerText", in: profile, until: "FIRST edition")
        #expect(loaded.status == 0, "the page did not load: \(loaded.output)")
        let marked = try await Self.evaluate("window.missiveMarker = 'same page'; window.scrollTo(0, 400); String(window.scrollY)", in: profile)
        #expect(marked.output == "400", "\(marked.output)")

        let saved = home.appendingPathComponent("post.md.swp")
        try "SECOND **edition**\n\n\(long)\n".write(to: saved, atomically: false, encoding: .utf8)
        #expect(rename(saved.path, post.path) == 0)
        let redrawn = try await Self.evaluate("document.body.innerHTML", in: profile, until: "SECOND <b>edition</b>", timeout: 3)
        #expect(redrawn.status == 0, "the page was not redrawn: \(redrawn.output.prefix(300))")
        #expect(!redrawn.output.contains("FIRST"))
        let state = try await Self.evaluate("[window.missiveMarker, window.scrollY, document.documentElement.dataset.version].join('|')", in: profile)
        #expect(state.output == "same page|400|2", "no reload, same scroll, version 2: \(state.output)")

        live.signal(SIGTERM)
        #expect(await live.exitStatus(within: 10) == 0)
    }

    private static func startChromium(_ address: URL, profile: URL) throws -> ChildProcess {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: chromium ?? "chromium")
        // --no-sandbox: CI runs as root. Port 0: Chromium picks one and writes it in the profile.
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--window-size=800,600", "--remote-debugging-port=0",
                             "--user-data-dir=\(profile.path)", "--no-first-run", address.absoluteString]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    private static func evaluate(_ expression: String, in profile: URL, until text: String? = nil,
                                 timeout: Double = 20) async throws -> (status: Int32, output: String) {
        var arguments = ["python3", "scripts/cdp-eval.py", profile.path, expression, "--timeout", String(timeout)]
        if let text { arguments += ["--until", text] }
        let (status, output) = try await offThePool { try runProgram(arguments, directory: BuiltBinary.packageRoot) }
        return (status, output.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
