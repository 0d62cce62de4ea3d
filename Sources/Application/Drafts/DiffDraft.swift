import Common
import Compose
import Store

/// `drafts diff`: what changed between a revision and the current text. Bodies are compared line
/// by line; the front matter, key by key, one line for each key that changed; Missive's own
/// comment is never part of either.
public struct DiffDraft: Sendable {
    let store: Store

    public init(store: Store) {
        self.store = store
    }

    /// The comparison made: `old` and `diff` are nil when the draft has only one revision;
    /// `diff` is "" when the revisions read the same. `diff` is `fields` (one line each) above
    /// `body` (a unified diff of the bodies, "" when they are the same).
    public struct Result: Equatable, Sendable {
        public var old: Int?
        public var new: Int
        public var diff: String?
        public var fields: [FieldChange]
        public var body: String

        public init(old: Int?, new: Int, diff: String?, fields: [FieldChange] = [], body: String = "") {
            self.old = old
            self.new = new
            self.diff = diff
            self.fields = fields
            self.body = body
        }
    }

    /// Without `revision`, the one before the current; when the current one is the first (after
    /// an undo), the newest, which the undo took back.
    public func run(_ id: Int64, revision: Int?) throws -> Result {
        let draft = try store.draft(id)
        // The same revisions `drafts history` lists: after an undo the current one may be the first,
        // with newer ones kept for redo.
        let newest = try store.revisions(of: id).map(\.number).max() ?? draft.revision
        let number = revision ?? (draft.revision > 1 ? draft.revision - 1 : newest)
        guard number != draft.revision || revision != nil else { return Result(old: nil, new: draft.revision, diff: nil) }
        let old = Self.read(try store.revision(of: id, number: number))
        let current = Self.read(try store.revision(of: id, number: draft.revision))
        let fields = FieldChange.between(old.fields, current.fields)
        let body = LineDiff.unified(
            old.body, current.body, oldName: "draft \(id) revision \(number)",
            newName: "draft \(id) revision \(draft.revision) (current)")
        let diff = fields.map { $0.line + "\n" }.joined() + body
        return Result(old: number, new: draft.revision, diff: diff, fields: fields, body: body)
    }

    /// A revision's front matter and body as the editor showed them, read back the way a saved
    /// buffer is read: so a revision whose front matter was broken (kept as the raw buffer)
    /// compares by whatever keys and body could be found in it.
    private static func read(_ revision: Revision) -> (fields: [FrontMatterEntry], body: String) {
        let text = revision.raw ?? Buffer.render(revision.content)
        let scanned = FrontMatter.scan(text)
        return (scanned.entries, scanned.split?.body ?? FrontMatter.bestEffortBody(text))
    }
}

/// One front matter key that differs between two revisions: "subject: old → new".
public struct FieldChange: Equatable, Sendable {
    public var key: String
    /// Nil where the revision has no such key.
    public var old: String?
    public var new: String?

    public init(key: String, old: String?, new: String?) {
        self.key = key
        self.old = old
        self.new = new
    }

    public var line: String { "\(key): \(old ?? "(none)") → \(new ?? "(none)")" }

    /// The keys that differ, in the order the newer revision has them, then those only the older has.
    static func between(_ old: [FrontMatterEntry], _ new: [FrontMatterEntry]) -> [FieldChange] {
        let before = Dictionary(old.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(new.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let keys = new.map(\.key) + old.map(\.key).filter { after[$0] == nil }
        return keys.compactMap { key in
            before[key] == after[key] ? nil : FieldChange(key: key, old: before[key], new: after[key])
        }
    }
}
