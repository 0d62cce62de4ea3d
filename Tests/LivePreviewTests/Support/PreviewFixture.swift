import Foundation
import LivePreview

/// A live preview of one file in a temporary directory, whose page is the file's text in a <p>.
struct PreviewFixture {
    let directory: URL
    let file: URL
    let server: LivePreviewServer

    init(text: String = "first version") async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        file = directory.appendingPathComponent("post.md")
        try text.write(to: file, atomically: false, encoding: .utf8)
        let file = file
        server = try await LivePreviewServer.start(program: LiveProgram.url, watching: .file(file)) {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? "(missing)"
            return "<!DOCTYPE html>\n<html><head><title>t</title><style>p{}</style></head><body><p>\(text)</p></body></html>\n"
        }
    }

    var port: UInt16 { server.port }

    var token: String {
        URLComponents(url: server.address, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "token" }?.value ?? ""
    }

    /// Saves as vim does: a new file, renamed over the old one.
    func saveByRename(_ text: String) throws {
        let temporary = directory.appendingPathComponent("4913")
        try text.write(to: temporary, atomically: false, encoding: .utf8)
        guard rename(temporary.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Saves as nano does: the same file truncated and written.
    func saveInPlace(_ text: String) throws {
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    func finish() async {
        await server.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// The built `missive-live`, the server `LivePreviewServer` starts (`make test` builds every
/// product before the tests run; `MISSIVE_BIN_DIR` names another build, as for the command-line tests).
enum LiveProgram {
    static var url: URL {
        if let directory = ProcessInfo.processInfo.environment["MISSIVE_BIN_DIR"], !directory.isEmpty {
            return URL(fileURLWithPath: directory).appendingPathComponent("missive-live")
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/missive-live")
    }
}
