import Common
import Compose
import Store

/// `init`: the starter templates the store does not have yet. One of the user's own with the
/// same name wins, and running it again changes nothing.
public struct AddStarterTemplates: Sendable {
    let local: LocalContext

    public init(_ local: LocalContext) {
        self.local = local
    }

    /// `files` are the starter set's file names and texts, in buffer format.
    public func run(_ files: [(String, String)]) throws {
        let existing = Set(try local.store.templates().map(\.name))
        var added: [(name: String, template: Template?)] = []
        for (file, text) in files {
            let template = try TemplateBuffer.parse(text, source: "starter template \(file)")
            if !existing.contains(template.name) { added.append((template.name, template)) }
        }
        guard !added.isEmpty else { return }
        _ = try local.store.changeTemplates(added, kind: .templateImport,
                                            summary: "add " + counted(added.count, "starter template"), now: local.now)
        local.console.note("added the starter templates: \(added.map(\.name).joined(separator: ", ")) (`missive templates list`)")
    }
}
