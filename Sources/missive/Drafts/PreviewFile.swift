import Common
import Foundation

/// Writes a page through the private writer: atomically, never through a link left at its name.
enum PreviewFile {
    static func write(_ text: String, to url: URL) throws(PreviewError) {
        do {
            try PrivateFile.write(Data(text.utf8), to: url)
        } catch {
            throw .cannotWrite(url.path, reason: Self.folderProblem(url.deletingLastPathComponent()) ?? error.reason)
        }
    }

    /// What is wrong with the folder, said in its words rather than the system's.
    private static func folderProblem(_ directory: URL) -> String? {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) { return "no such directory" }
        if !isDirectory.boolValue { return "\(directory.path) is not a directory" }
        return nil
    }
}
