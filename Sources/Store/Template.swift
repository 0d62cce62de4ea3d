import Foundation
import GRDB

/// A stored prototype of a draft. Field values and the body are kept as written, with their
/// `{{variables}}`; Compose fills them in when a draft is cloned from the template.
public struct Template: Equatable, Codable, Sendable {
    public var name: String
    /// A template whose fields this one inherits (its own fields win).
    public var parent: String?
    /// One line for `templates list`.
    public var summary: String
    /// Front matter keys (kind, thread, to, subject, ...) to values, variables unexpanded.
    public var fields: [String: String]
    public var body: String

    public init(name: String, parent: String? = nil, summary: String = "", fields: [String: String] = [:], body: String = "") {
        self.name = name
        self.parent = parent
        self.summary = summary
        self.fields = fields
        self.body = body
    }

    /// Also what `templates show --json` prints, so a missing parent is written as null rather than
    /// left out: scripts find every key (the row stores NULL either way).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(parent, forKey: .parent)
        try container.encode(summary, forKey: .summary)
        try container.encode(fields, forKey: .fields)
        try container.encode(body, forKey: .body)
    }

    /// Names may be typed on a command line and used as file names.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && name.first != "-"
            && name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0) }
    }

    /// The chain from this template up through its parents, nearest first, or an error naming a
    /// cycle or a missing parent.
    public static func lineage(of name: String, in templates: [String: Template]) throws(StoreError) -> [Template] {
        var chain: [Template] = []
        var seen: [String] = []
        var next: String? = name
        while let current = next {
            if let start = seen.firstIndex(of: current) {
                let cycle = (seen[start...] + [current]).joined(separator: " -> ")
                throw .invalid("template parents form a cycle: \(cycle)")
            }
            guard let template = templates[current] else {
                throw seen.isEmpty
                    ? .notFound(what: "template '\(current)'")
                    : .invalid("template '\(seen.last ?? name)' names parent '\(current)', which does not exist")
            }
            seen.append(current)
            chain.append(template)
            next = template.parent
        }
        return chain
    }
}

extension Template: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "template"
}
