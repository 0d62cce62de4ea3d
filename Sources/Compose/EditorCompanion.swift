import Foundation

/// Something that runs beside the editor for one session, on the buffer file itself: the live
/// preview (`reply --live`). It starts after the buffer is written and before the editor opens,
/// and stops when the editor closes, however the session ends.
public protocol EditorCompanion: Sendable {
    /// Starts on `file`, whose context (below `cut`) is not part of the post. Returns the lines
    /// to show the user before the editor opens (and in the buffer's notice), e.g. the URL.
    func start(file: URL, cut: CutLine?) async throws -> [String]
    func stop() async
}
