import Common
import Foundation

/// A key's value after checking it against the key's kind.
public enum ThemeValue: Sendable, Equatable, CustomStringConvertible {
    case color(ThemeColor)
    /// Fonts, lengths and CSS, already checked.
    case text(String)

    public var description: String {
        switch self {
        case .color(let color): color.description
        case .text(let text): text
        }
    }
}

/// One theme file as written: the keys it sets (with their lines) and the parent it names.
/// It is not a usable theme until the Factory has merged it with its parents.
public struct ThemeFile: Sendable, Equatable {
    public struct Setting: Sendable, Equatable {
        public var value: ThemeValue
        public var line: Int
    }

    public struct ParentReference: Sendable, Equatable {
        public var name: String
        public var line: Int
    }

    /// The file name without `.toml`.
    public var name: String
    public var path: String
    public var parent: ParentReference?
    public var description: String?
    public var settings: [ThemeKey: Setting]

    /// Keys a file may set besides the theme keys; neither is inherited.
    static let metadataKeys = ["parent", "description"]

    public static func load(_ url: URL) throws(ThemeError) -> ThemeFile {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(file: url.path, reason: error.localizedDescription)
        }
        let text: String
        do {
            text = try TextInput.decode(data, source: url.path)
        } catch {
            throw .unreadable(file: url.path, reason: error.description)
        }
        return try parse(text, name: url.deletingPathExtension().lastPathComponent, path: url.path)
    }

    public static func parse(_ text: String, name: String, path: String) throws(ThemeError) -> ThemeFile {
        let document: TOMLDocument
        do {
            document = try TOML.parse(text, source: path)
        } catch {
            throw .syntax(error)
        }
        var file = ThemeFile(name: name, path: path, parent: nil, description: nil, settings: [:])
        for entry in document.entries {
            switch entry.key {
            case "parent":
                guard let parent = entry.value.string, !parent.isEmpty else {
                    throw .badValue(file: path, line: entry.line, key: "parent", expected: "a theme name in quotes")
                }
                file.parent = ParentReference(name: parent, line: entry.line)
            case "description":
                guard let description = entry.value.string else {
                    throw .badValue(file: path, line: entry.line, key: "description", expected: "a quoted string")
                }
                file.description = description
            default:
                guard let key = ThemeKey(rawValue: entry.key) else {
                    throw .unknownKey(file: path, line: entry.line, key: entry.key,
                                      suggestion: nearestKey(to: entry.key))
                }
                let value = try check(entry.value, for: key, file: path, line: entry.line)
                file.settings[key] = Setting(value: value, line: entry.line)
            }
        }
        return file
    }

    static func check(_ raw: TOMLValue, for key: ThemeKey, file: String, line: Int) throws(ThemeError) -> ThemeValue {
        func bad(_ expected: String) -> ThemeError {
            .badValue(file: file, line: line, key: key.rawValue, expected: expected)
        }
        switch key.kind {
        case .color:
            guard let text = raw.string, let color = ThemeColor(hex: text) else {
                throw bad("a colour in quotes like \"#1a2b3c\" or \"#fff\"")
            }
            return .color(color)
        case .font:
            guard let text = raw.string, !text.trimmingCharacters(in: .whitespaces).isEmpty,
                  !text.contains(where: { ";{}<>\"\n".contains($0) }) else {
                throw bad("a font list in quotes like \"Verdana, Arial, sans-serif\" (single quotes inside it, no ; { } < >)")
            }
            return .text(text)
        case .length:
            guard let text = raw.string,
                  text.range(of: #"^[0-9]+(\.[0-9]+)?(px|pt|em|rem|%)$"#, options: .regularExpression) != nil else {
                throw bad("a CSS length in quotes like \"13px\" or \"1.1em\"")
            }
            return .text(text)
        case .css:
            let lines: [String]
            switch raw {
            case .string(let text): lines = [text]
            case .array(let values):
                var strings: [String] = []
                for value in values {
                    guard let string = value.string else { throw bad("a string or an array of strings (CSS lines)") }
                    strings.append(string)
                }
                lines = strings
            default: throw bad("a string or an array of strings (CSS lines)")
            }
            let css = lines.joined(separator: "\n")
            // The CSS lands inside a <style> element; it must not be able to close it.
            guard css.range(of: "</style", options: .caseInsensitive) == nil else {
                throw bad("CSS without \"</style\"")
            }
            return .text(css)
        }
    }

    /// The closest known key within three edits, for "did you mean".
    static func nearestKey(to key: String) -> String? {
        let candidates = ThemeKey.allCases.map(\.rawValue) + metadataKeys
        let scored = candidates.map { ($0, editDistance(key, $0)) }.filter { $0.1 <= 3 }
        return scored.min { $0.1 < $1.1 }?.0
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
