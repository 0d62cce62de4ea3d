import Application
import Common
import Compose
import Foundation
import LivePreview
import Synchronization

/// `reply|pm|thread|edit-post --live`: the live preview beside the editor, on the buffer file,
/// with the profile and theme the command resolved. The buffer's context (below `cut`) is left out.
struct LivePreviewCompanion: EditorCompanion {
    private let choices: PreviewPost.Choices
    private let port: UInt16
    private let preview: PreviewDraft
    private let paths: MissivePaths
    /// The server while the editor is open.
    private let running = Running()

    /// `profile` and `theme` are names (nil: the buffer's profile, then the profile's theme);
    /// `port` 0 takes a free port.
    init(profile: String?, theme: String?, port: UInt16 = 0, preview: PreviewDraft, paths: MissivePaths) {
        choices = PreviewPost.Choices(profile: profile, theme: theme)
        self.port = port
        self.preview = preview
        self.paths = paths
    }

    func start(file: URL, cut: CutLine?) async throws -> [String] {
        let page = LivePreviewPage(target: file.path, cut: cut, choices: choices, preview: preview, paths: paths)
        let server = try await page.start(port: port)
        if let earlier = running.swap(server) { await earlier.stop() }
        return ["live preview (redrawn on each save): \(server.address.absoluteString)"]
    }

    func stop() async {
        await running.swap(nil)?.stop()
    }

    /// Holds the server between `start` and `stop`, which the protocol gives a value type.
    private final class Running: Sendable {
        private let server = Mutex<LivePreviewServer?>(nil)

        func swap(_ next: LivePreviewServer?) -> LivePreviewServer? {
            server.withLock { current in
                let previous = current
                current = next
                return previous
            }
        }
    }
}
