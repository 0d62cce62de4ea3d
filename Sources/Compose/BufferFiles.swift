import Common
import Foundation
import Store

/// Which draft a buffer file belongs to, written into its name so that a crash leaves enough
/// behind to put the text where it belongs.
public enum BufferOwner: Equatable, Sendable {
    case draft(Int64)
    /// A draft not stored yet; the lock file holds the content it started from.
    case new
    /// A template being edited; recovery leaves these alone (the error names the file).
    case template

    var prefix: String {
        switch self {
        case let .draft(id): "draft-\(id)"
        case .new: "new"
        case .template: "template"
        }
    }

    /// What stays as it was when a buffer is set aside (`:cq`, a NUL byte), said after its path,
    /// and the way back to the text.
    func afterSetAside(_ file: String) -> String {
        switch self {
        case let .draft(id): "; draft \(id) keeps its last saved revision; `missive drafts edit \(id)` and paste it in to keep it"
        case .new: "; no draft was made; `missive drafts import \(file)` makes it one"
        case .template: "; the template is unchanged"
        }
    }

    /// How to bring a set-aside buffer's text back once it is fixed.
    func readBack(_ file: String) -> String {
        switch self {
        case let .draft(id): "`missive drafts edit \(id)` and paste it in"
        case .new, .template: "`missive drafts import \(file)`"
        }
    }

    /// What stays as it was when a session saves nothing.
    var keptWhenRemoved: String {
        switch self {
        case let .draft(id): "draft \(id) keeps its last saved revision"
        case .new: "no draft was made"
        case .template: "the template is unchanged"
        }
    }
}

/// One buffer file under `state/buffers/`, with the lock that says a live session owns it.
/// The lock is an flock on a `.lock` file beside the buffer (not on the buffer itself, which
/// editors may replace by renaming); the kernel drops it when the process dies, which is how
/// the next run knows the buffer was left behind.
public final class BufferFile {
    public private(set) var url: URL
    /// Recovery re-points a buffer whose draft no longer exists at a new draft.
    public internal(set) var owner: BufferOwner
    let lockURL: URL
    private var lockDescriptor: Int32

    init(url: URL, owner: BufferOwner, lockURL: URL, lockDescriptor: Int32) {
        self.url = url
        self.owner = owner
        self.lockURL = lockURL
        self.lockDescriptor = lockDescriptor
    }

    deinit { unlock() }

    /// The file's bytes as text, or a `TextInputError` naming the offset of the bad byte.
    public func read(limit: Int) throws -> String {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw TextInputError.unreadable(source: url.path, reason: "it was removed or cannot be read")
        }
        return try TextInput.decode(data, source: url.path, limit: limit)
    }

    /// Replaces the buffer with a new private file: a link the editor (or anyone) left where the
    /// buffer was is replaced, never written through.
    public func write(_ text: String) throws {
        try write(Data(text.utf8))
    }

    /// The same for bytes that may not be text yet (a buffer reopened over its bad bytes).
    public func write(_ data: Data) throws {
        do {
            try PrivateFile.write(data, to: url)
        } catch {
            throw ComposeError.bufferDirectory(path: url.path, reason: error.reason)
        }
    }

    /// Removes the buffer and its lock: call only after its text is committed.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.removeItem(at: lockURL)
        unlock()
    }

    /// Lets go of the file while keeping it, for the next run to recover.
    public func release() { unlock() }

    /// Keeps the file for the user under a name recovery never looks at (`kept-...`), and lets go
    /// of it: the user called the edit off (`:cq`), or the text cannot be stored as it is (a NUL
    /// byte, too large). Rule 1 holds (the text stays on disk, named in the message) without the
    /// next command turning it into a draft nobody asked for. Returns where it is.
    @discardableResult
    public func setAside() -> URL {
        let kept = url.deletingLastPathComponent().appendingPathComponent("kept-" + url.lastPathComponent)
        if (try? FileManager.default.moveItem(at: url, to: kept)) != nil { url = kept }
        try? FileManager.default.removeItem(at: lockURL)
        unlock()
        return url
    }

    /// What the lock file says the draft started as (for new drafts whose buffer will not parse).
    public func origin() -> DraftContent? {
        lockRecord()?.origin
    }

    /// The cut line the buffer was written with, as its lock file recorded it: recovery cuts the
    /// context off only with the buffer's own token, never with a line that merely looks like one.
    public var cut: CutLine? {
        lockRecord()?.cut.map(CutLine.init(token:))
    }

    private func lockRecord() -> BufferLockRecord? {
        guard let data = FileManager.default.contents(atPath: lockURL.path) else { return nil }
        if let record = try? JSONDecoder().decode(BufferLockRecord.self, from: data) { return record }
        // Lock files written before cut lines held the origin alone.
        return (try? JSONDecoder().decode(DraftContent.self, from: data)).map { BufferLockRecord(origin: $0, cut: nil) }
    }

    private func unlock() {
        if lockDescriptor >= 0 {
            close(lockDescriptor)
            lockDescriptor = -1
        }
    }
}

/// What a buffer's lock file holds: the content the draft started from and the buffer's cut token.
struct BufferLockRecord: Codable {
    var origin: DraftContent
    var cut: String?
}

/// The directory of editor buffers: private (0700), files 0600, `.md` so editors highlight Markdown.
public struct BufferDirectory: Sendable {
    public let url: URL

    public init(paths: MissivePaths) {
        url = paths.state.appendingPathComponent("buffers", isDirectory: true)
    }

    /// A new buffer holding `text`, locked by this process before the text is written.
    public func create(for owner: BufferOwner, text: String, origin: DraftContent, cut: CutLine? = nil) throws -> BufferFile {
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ComposeError.bufferDirectory(path: url.path, reason: error.localizedDescription)
        }
        let token = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        let name = "\(owner.prefix)-\(token)"
        let lockURL = url.appendingPathComponent(name + ".lock")
        guard let descriptor = lock(lockURL, create: true) else {
            throw ComposeError.bufferDirectory(path: lockURL.path, reason: String(cString: strerror(errno)))
        }
        let file = BufferFile(url: url.appendingPathComponent(name + ".md"), owner: owner,
                              lockURL: lockURL, lockDescriptor: descriptor)
        // Written through the locked descriptor: replacing the lock file would drop the lock.
        let originJSON = [UInt8]((try? JSONEncoder().encode(BufferLockRecord(origin: origin, cut: cut?.token))) ?? Data())
        guard Foundation.write(descriptor, originJSON, originJSON.count) == originJSON.count else {
            file.remove()
            throw ComposeError.bufferDirectory(path: url.path, reason: "cannot write the lock file: \(String(cString: strerror(errno)))")
        }
        do {
            try file.write(text)
        } catch {
            file.remove()
            throw error
        }
        return file
    }

    /// Whether any buffer file is there at all, looked at without locking (so without writing):
    /// a reading command opens the store for writing only when it may have text to recover.
    public var mayHoldLeftovers: Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.contains { $0.hasSuffix(".md") && BufferDirectory.owner(of: String($0.dropLast(3))) != nil }
    }

    /// Texts set aside (`:cq`, a buffer that could not be stored), oldest first: recovery leaves
    /// them alone, so they stay until the user brings them back or removes them.
    public func kept() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasPrefix("kept-") && $0.hasSuffix(".md") }.map { url.appendingPathComponent($0) }
            .sorted { Self.modified($0) < Self.modified($1) }
    }

    /// The kept buffers whose front matter names the same kind and target as `content` (the
    /// same thread, post, forum or recipient), oldest first: text set aside for what is being
    /// written again. A kept buffer whose front matter cannot be read names nothing.
    public func kept(for content: DraftContent) -> [URL] {
        let target = content.target.describe(content.kind)
        return kept().filter { file in
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { return false }
            let entries = Dictionary(FrontMatter.scan(text).entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            guard let kind = entries["kind"].flatMap(DraftKind.init(rawValue:)), kind == content.kind else { return false }
            let keptTarget = DraftTarget(
                thread: entries["thread"].flatMap { Int64($0) }, post: entries["post"].flatMap { Int64($0) },
                forum: entries["forum"].flatMap { Int64($0) }, recipient: entries["to"])
            return keptTarget.describe(kind) == target
        }
    }

    private static func modified(_ file: URL) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date) ?? .distantPast
    }

    /// Buffers no live session holds, oldest first, each locked for the caller.
    public func leftovers() -> [BufferFile] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return [] }
        var found: [(Date, BufferFile)] = []
        for name in names where name.hasSuffix(".md") {
            let stem = String(name.dropLast(3))
            guard let owner = BufferDirectory.owner(of: stem) else { continue }
            let lockURL = url.appendingPathComponent(stem + ".lock")
            guard let descriptor = lockPatiently(lockURL) else { continue }
            let fileURL = url.appendingPathComponent(name)
            let attributes = try? FileManager.default.attributesOfItem(atPath: fileURL.path)
            let date = attributes?[.modificationDate] as? Date ?? .distantPast
            found.append((date, BufferFile(url: fileURL, owner: owner, lockURL: lockURL, lockDescriptor: descriptor)))
        }
        return found.sorted { $0.0 < $1.0 }.map(\.1)
    }

    static func owner(of stem: String) -> BufferOwner? {
        let parts = stem.split(separator: "-")
        if parts.count == 3, parts[0] == "draft", let id = Int64(parts[1]) { return .draft(id) }
        if parts.count == 2, parts[0] == "new" { return .new }
        return nil
    }

    /// A child forked anywhere in this process holds a copy of a lock descriptor until it execs,
    /// so a lock that was just released can look held for a moment: ask a few times before
    /// deciding that a live session owns the buffer (under 0.1 s, and only when it looks held).
    private func lockPatiently(_ lockURL: URL) -> Int32? {
        for attempt in 0..<5 {
            if let descriptor = lock(lockURL, create: true) { return descriptor }
            if attempt < 4 { usleep(20_000) }
        }
        return nil
    }

    /// An exclusive, non-blocking flock; nil when another process holds it.
    private func lock(_ lockURL: URL, create: Bool) -> Int32? {
        // Never through a link: the origin JSON is written into a new lock file.
        let descriptor = open(lockURL.path, O_RDWR | O_CLOEXEC | O_NOFOLLOW | (create ? O_CREAT : 0), 0o600)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}
