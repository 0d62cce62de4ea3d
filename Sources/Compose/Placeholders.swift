/// `{{name}}` and `{{name|default}}` in template text.
public struct Placeholder: Equatable, Sendable {
    public var name: String
    public var defaultValue: String?
}

public enum Placeholders {
    /// Every placeholder in `text`, in order; an unclosed `{{` or a bad name is an error naming `place`.
    public static func scan(_ text: String, place: String) throws(ComposeError) -> [Placeholder] {
        var found: [Placeholder] = []
        _ = try walk(text, place: place) { found.append($0); return "" }
        return found
    }

    /// `text` with each placeholder replaced by its value, or its default. Call after `scan`
    /// has shown that every placeholder has one.
    public static func fill(_ text: String, values: [String: String]) -> String {
        (try? walk(text, place: "") { values[$0.name] ?? $0.defaultValue ?? "" }) ?? text
    }

    private static func walk(
        _ text: String, place: String, replace: (Placeholder) -> String
    ) throws(ComposeError) -> String {
        var output = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            output += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                throw .template("\(place): `{{` without a closing `}}`")
            }
            let inside = rest[open.upperBound..<close.lowerBound]
            let parts = inside.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts[0].trimmingCharacters(in: " ")
            guard isValidName(name) else {
                throw .template("\(place): `{{\(inside)}}` is not a variable (names are letters, digits, - and _)")
            }
            let defaultValue = parts.count > 1 ? parts[1].trimmingCharacters(in: " ") : nil
            output += replace(Placeholder(name: name, defaultValue: defaultValue))
            rest = rest[close.upperBound...]
        }
        return output + rest
    }

    static func isValidName(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") && $0.isASCII }
    }
}

extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        String(drop(while: { $0 == set }).reversed().drop(while: { $0 == set }).reversed())
    }
}
