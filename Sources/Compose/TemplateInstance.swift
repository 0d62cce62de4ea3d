import Common
import Foundation
import Store

/// What a command asks of a template: which one, the kind and fields the command line fixes,
/// and the `--var NAME=VALUE` values.
public struct TemplateRequest: Sendable {
    public var name: String
    /// Set by reply/pm/thread/edit-post: the template must make this kind (or leave it open).
    public var kind: DraftKind?
    /// Fields the command line fixes; they win over the template's.
    public var fixed: [Buffer.Key: String]
    public var variables: [String: String]

    public init(name: String, kind: DraftKind? = nil, fixed: [Buffer.Key: String] = [:], variables: [String: String] = [:]) {
        self.name = name
        self.kind = kind
        self.fixed = fixed
        self.variables = variables
    }
}

/// Clones a template into the content of a new, independent draft: parents' fields first, the
/// template's own over them, variables filled in, then the result checked like any buffer.
public enum TemplateInstance {
    public static let builtins = ["date", "time", "thread", "to", "forum", "subject", "profile"]

    public static func make(
        _ request: TemplateRequest, templates: [Template], now: Date, timeZone: TimeZone = LocalClock.zone,
        defaultProfile: String
    ) throws -> DraftContent {
        let byName = Dictionary(templates.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let chain = try Template.lineage(of: request.name, in: byName)
        var fields: [String: String] = [:]
        for template in chain.reversed() {
            fields.merge(template.fields) { _, own in own }
        }
        let body = chain.first { !$0.body.isEmpty }?.body ?? ""
        let place = "template '\(request.name)'"

        var values = builtinValues(request, now: now, timeZone: timeZone, defaultProfile: defaultProfile)
        values.merge(request.variables) { _, given in given }

        // A field the command line fixes is replaced whole, so its placeholders need no value.
        fields = fields.filter { key, _ in Buffer.Key(rawValue: key).map { request.fixed[$0] == nil } ?? true }
        var used: [Placeholder] = []
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            used += try Placeholders.scan(value, place: "\(place), `\(key)`")
        }
        used += try Placeholders.scan(body, place: "\(place), body")
        var missing: [String] = []
        for placeholder in used where values[placeholder.name] == nil && placeholder.defaultValue == nil {
            if !missing.contains(placeholder.name) { missing.append(placeholder.name) }
        }
        let usedNames = Set(used.map(\.name))
        let unknown = request.variables.keys.filter { !usedNames.contains($0) && !builtins.contains($0) }.sorted()
        if !missing.isEmpty || !unknown.isEmpty {
            var parts: [String] = []
            if !missing.isEmpty {
                parts.append("no value for \(missing.joined(separator: ", ")) (give each with --var NAME=VALUE)")
            }
            if !unknown.isEmpty {
                let uses = usedNames.isEmpty ? "no variables" : usedNames.sorted().joined(separator: ", ")
                parts.append("unknown variable\(unknown.count == 1 ? "" : "s") \(unknown.joined(separator: ", ")) (it uses \(uses))")
            }
            throw ComposeError.template("\(place): " + parts.joined(separator: "; "))
        }

        var filled = fields.mapValues { Placeholders.fill($0, values: values) }
        for (key, value) in request.fixed { filled[key.rawValue] = value }
        if let kind = request.kind {
            if let made = filled["kind"], made != kind.rawValue {
                throw ComposeError.template("\(place) makes a \(made), not a \(kind.rawValue); use it with `missive new --template \(request.name)`")
            }
            filled["kind"] = kind.rawValue
        }
        let entries = filled.sorted { $0.key < $1.key }.map { FrontMatterEntry(key: $0.key, value: $0.value, line: nil) }
        return try Buffer.content(
            from: entries, body: FrontMatter.trimBody(Placeholders.fill(body, values: values)),
            missingLine: nil, source: place, defaultProfile: defaultProfile)
    }

    private static func builtinValues(
        _ request: TemplateRequest, now: Date, timeZone: TimeZone, defaultProfile: String
    ) -> [String: String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: now)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        var values = [
            "date": "\(parts.year ?? 1970)-\(two(parts.month))-\(two(parts.day))",
            "time": "\(two(parts.hour)):\(two(parts.minute))",
            "profile": request.fixed[.profile] ?? defaultProfile,
        ]
        let fromCommandLine: [(String, Buffer.Key)] = [("thread", .thread), ("to", .to), ("forum", .forum), ("subject", .subject)]
        for (name, key) in fromCommandLine {
            if let value = request.fixed[key] { values[name] = value }
        }
        return values
    }
}
