import Application
import Compose

/// What a template asks for, as `templates list` shows it: "name=everyone, fix, thread", each
/// variable once, with its default after `=` when it has one. Parents' fields count (a child
/// inherits them), and the body is the one the draft would get, as `missive new` fills them.
enum TemplateVariables {
    static func describe(_ template: Template, among templates: [String: Template]) -> String {
        let chain = (try? Template.lineage(of: template.name, in: templates)) ?? [template]
        var fields: [String: String] = [:]
        for link in chain.reversed() { fields.merge(link.fields) { _, own in own } }
        let body = chain.first { !$0.body.isEmpty }?.body ?? ""
        var found: [Placeholder] = []
        for text in fields.sorted(by: { $0.key < $1.key }).map(\.value) + [body] {
            // A template that does not scan is listed all the same; `missive new` says what is wrong.
            for placeholder in (try? Placeholders.scan(text, place: template.name)) ?? []
            where !found.contains(where: { $0.name == placeholder.name }) {
                found.append(placeholder)
            }
        }
        return found.map { placeholder in
            placeholder.defaultValue.map { "\(placeholder.name)=\($0)" } ?? placeholder.name
        }.joined(separator: ", ")
    }
}
