import Application
import Common
import Foundation
import LivePreview
import Outbox

/// `missive preview TARGET --live`: serves the page until Ctrl-C or SIGTERM. The address goes
/// alone on standard output (a script reads one line); notes go to standard error.
struct LivePreviewRun {
    let target: String
    let choices: PreviewPost.Choices
    let port: UInt16

    func run(_ preview: PreviewDraft, paths: MissivePaths) async throws {
        // A missing file or draft is said now, not as a page in the browser.
        _ = try preview.source(target)
        let page = LivePreviewPage(target: target, cut: nil, choices: choices, preview: preview, paths: paths)
        let stop = StopSignal()
        StopSignals.install(stop)
        let server = try await page.start(port: port)
        Console.write(server.address.absoluteString + "\n")
        Console.note("live preview of \(target): open the address above; the page is redrawn on each save. Ctrl-C stops it.")
        // The signal handler only sets the flag; a look ten times a second costs nothing.
        while stop.requested == nil {
            try? await Task.sleep(for: .milliseconds(100))
        }
        await server.stop()
        // Ctrl-C leaves "^C" on the terminal's line (as the sandbox's stop says): the news goes on its own.
        if stop.requested == "SIGINT", isatty(STDERR_FILENO) == 1 { FileHandle.standardError.write(Data("\n".utf8)) }
        Console.note("live preview stopped (\(stop.requested ?? "signal"))")
    }
}
