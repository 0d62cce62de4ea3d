import Foundation

extension URL {
    /// The forum's base as a folder: relative addresses (`newreply.php`, `api/threads/`) resolve
    /// beneath it only when it ends in a slash. Every adapter's base goes through this one rule.
    var asFolder: URL {
        let text = absoluteString
        return text.hasSuffix("/") ? self : URL(string: text + "/") ?? self
    }
}
