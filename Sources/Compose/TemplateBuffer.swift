import Store

/// A template in the buffer format: the draft keys (values may hold `{{variables}}`) plus
/// `template:` (its name), `parent:` and `description:`. `drafts/templates/*.md` are written this way.
public enum TemplateBuffer {
    enum OwnKey: String, CaseIterable {
        case template, parent, description
    }

    public static func render(_ template: Template, notice: [String] = []) -> String {
        var lines: [String] = []
        lines.append("---")
        lines.append("template: \(FrontMatter.render(template.name))")
        if !template.summary.isEmpty { lines.append("description: \(FrontMatter.render(template.summary))") }
        if let parent = template.parent { lines.append("parent: \(FrontMatter.render(parent))") }
        for key in Buffer.Key.allCases {
            if let value = template.fields[key.rawValue] { lines.append("\(key.rawValue): \(FrontMatter.render(value))") }
        }
        lines.append("---")
        lines.append(template.body)
        lines.append("")
        lines.append("""
            <!-- Missive: a template. Variables look like {{name}} or {{name|default}}; built in: \
            \(TemplateInstance.builtins.joined(separator: ", ")). -->
            """)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a template; every problem is reported with its line.
    public static func parse(_ text: String, source: String) throws(BufferError) -> Template {
        let split = try FrontMatter.split(text, source: source)
        var problems: [BufferProblem] = []
        var template = Template(name: "", body: split.body)
        for entry in split.entries {
            if let own = OwnKey(rawValue: entry.key) {
                switch own {
                case .template: template.name = entry.value
                case .parent: template.parent = entry.value.isEmpty ? nil : entry.value
                case .description: template.summary = entry.value
                }
                continue
            }
            guard let key = Buffer.Key(rawValue: entry.key) else {
                problems.append(BufferProblem(line: entry.line, "unknown key `\(entry.key)`; a template takes "
                    + (OwnKey.allCases.map(\.rawValue) + Buffer.Key.allCases.map(\.rawValue)).joined(separator: ", ")))
                continue
            }
            if key == .kind, DraftKind(rawValue: entry.value) == nil {
                problems.append(BufferProblem(line: entry.line, "unknown kind `\(entry.value)`; it must be reply, pm, thread or edit"))
            }
            if key == .format, DraftFormat(rawValue: entry.value) == nil {
                problems.append(BufferProblem(line: entry.line, "unknown format `\(entry.value)`; it must be markdown or bbcode"))
            }
            do {
                _ = try Placeholders.scan(entry.value, place: "`\(entry.key)`")
            } catch {
                problems.append(BufferProblem(line: entry.line, error.description))
            }
            template.fields[key.rawValue] = entry.value
        }
        if template.name.isEmpty {
            problems.append(BufferProblem(line: split.closingLine, "a template needs `template: NAME`"))
        } else if !Template.isValidName(template.name) {
            problems.append(BufferProblem(line: line(of: "template", in: split), "`\(template.name)` is not a template name (letters, digits, - _ .)"))
        }
        if let parent = template.parent, parent == template.name {
            problems.append(BufferProblem(line: line(of: "parent", in: split), "a template cannot be its own parent"))
        }
        do {
            _ = try Placeholders.scan(split.body, place: "the body")
        } catch {
            problems.append(BufferProblem(line: nil, error.description))
        }
        if !problems.isEmpty { throw BufferError(source: source, problems: problems) }
        return template
    }

    private static func line(of key: String, in split: SplitBuffer) -> Int? {
        split.entries.first { $0.key == key }?.line
    }
}
