import Foundation
import GRDB

extension Store {
    public func templates() throws -> [Template] {
        try read { db in try Template.order(Column("name")).fetchAll(db) }
    }

    public func template(named name: String) throws -> Template {
        try read { db in
            guard let template = try Template.fetchOne(db, key: name) else {
                throw StoreError.notFound(what: "template '\(name)'")
            }
            return template
        }
    }

    /// Writes, replaces (a value) or deletes (nil) templates in one transaction, recorded as one
    /// command. Refused, with nothing written, when a parent would be missing or parents would form
    /// a cycle. Returns what changed (nothing when every template was already as given).
    @discardableResult
    public func changeTemplates(
        _ changes: [(name: String, template: Template?)], kind: HistoryKind, summary: String, now: Date
    ) throws -> [TemplateTransition] {
        try write { db in
            var transitions: [TemplateTransition] = []
            for (name, template) in changes {
                let before = try Template.fetchOne(db, key: name)
                if before == template { continue }
                if let template { try template.save(db) } else { _ = try Template.deleteOne(db, key: name) }
                transitions.append(TemplateTransition(name: name, before: before, after: template))
            }
            guard !transitions.isEmpty else { return [] }
            let all = Dictionary(uniqueKeysWithValues: try Template.fetchAll(db).map { ($0.name, $0) })
            for name in all.keys.sorted() {
                _ = try Template.lineage(of: name, in: all)
            }
            try Store.record(db, kind: kind, summary: summary, payload: LocalChange(templates: transitions), now: now)
            return transitions
        }
    }
}
