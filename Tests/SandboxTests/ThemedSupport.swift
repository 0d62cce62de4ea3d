import Foundation
import TestSupport
import Sandbox

/// The built `missive` and `missive-sandbox` programs, for checking the sandbox's pages against
/// what the command line draws from the same theme files.
enum ThemedPrograms {
    struct Result {
        var status: Int32
        var output: String
        var errorOutput: String
    }

    /// `MISSIVE_BIN_DIR`, else this package's `.build/debug` (where `swift build` puts them).
    static var directory: URL {
        if let dir = ProcessInfo.processInfo.environment["MISSIVE_BIN_DIR"], !dir.isEmpty {
            return URL(fileURLWithPath: dir, isDirectory: true)
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // SandboxTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()
            .appendingPathComponent(".build/debug", isDirectory: true)
    }

    /// Runs a program to completion with only PATH, HOME and MISSIVE_HOME set.
    static func run(_ program: String, _ arguments: [String], home: URL) throws -> Result {
        let process = ChildProcess()
        process.executableURL = directory.appendingPathComponent(program)
        process.arguments = arguments
        let inherited = ProcessInfo.processInfo.environment
        process.environment = ["PATH": inherited["PATH"] ?? "/usr/bin:/bin", "HOME": home.path,
                               "MISSIVE_HOME": home.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                      errorOutput: String(decoding: err, as: UTF8.self))
    }

    /// A theme's resolved keys as `missive themes show NAME --json` reports them.
    static func resolvedKeys(of theme: String, home: URL) throws -> [String: String] {
        let result = try run("missive", ["themes", "show", theme, "--json"], home: home)
        guard result.status == 0,
              let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any],
              let keys = object["keys"] as? [[String: Any]]
        else { throw RawHTTPError(description: "themes show \(theme) failed: \(result.errorOutput)") }
        var values: [String: String] = [:]
        for entry in keys {
            if let key = entry["key"] as? String, let value = entry["value"] as? String { values[key] = value }
        }
        return values
    }

    /// The post inside the page `missive preview --html` writes: what is between the post box's
    /// `div.postbody` tags.
    static func previewFragment(_ page: String) -> String? {
        between(page, "<div class=\"postbody\">\n", "\n</div>\n</article>")
    }
}

/// The sandbox's rendering of one post: what is between its content markers in `table#postN`.
func sandboxFragment(_ page: String, post: Int64) -> String? {
    guard let table = page.range(of: "<table class=\"post\" id=\"post\(post)\"") else { return nil }
    return between(String(page[table.upperBound...]), "<!-- BeginContentMarker -->\n", "\n<!-- EndContentMarker -->")
}

private func between(_ text: String, _ start: String, _ end: String) -> String? {
    guard let open = text.range(of: start), let close = text.range(of: end, range: open.upperBound..<text.endIndex)
    else { return nil }
    return String(text[open.upperBound..<close.lowerBound])
}

/// A stylesheet read into (selector, property) → values, whitespace normalised, so a test can ask
/// what colour a rule gives rather than search the text.
struct StyleRules {
    private var declarations: [String: [String: [String]]] = [:]
    /// The whole stylesheet, normalised.
    let text: String

    init(_ css: String) {
        text = Self.normalize(css)
        for rule in text.split(separator: "}") {
            let parts = rule.split(separator: "{", maxSplits: 1)
            guard parts.count == 2 else { continue }
            for selector in parts[0].split(separator: ",") {
                for declaration in parts[1].split(separator: ";") {
                    let pair = declaration.split(separator: ":", maxSplits: 1)
                    guard pair.count == 2 else { continue }
                    declarations[String(selector), default: [:]][String(pair[0]), default: []].append(String(pair[1]))
                }
            }
        }
    }

    /// Every value `selector` gives `property`, in order.
    func values(_ selector: String, _ property: String) -> [String] {
        declarations[selector]?[property] ?? []
    }

    /// Comments out, runs of white space made one space, and none around punctuation.
    static func normalize(_ css: String) -> String {
        var text = css.replacingOccurrences(of: #"/\*.*?\*/"#, with: "", options: .regularExpression)
        text = text.replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
        text = text.replacingOccurrences(of: #" ?([{}:;,]) ?"#, with: "$1", options: .regularExpression)
        return text.trimmingCharacters(in: .whitespaces)
    }
}

/// A MISSIVE_HOME with no config (so the default `sandbox` profile) and, optionally, user themes.
func themedHome(userThemes: [String: String] = [:]) throws -> URL {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("missive-themed-\(UUID().uuidString)")
    let themes = home.appendingPathComponent("config/themes", isDirectory: true)
    try FileManager.default.createDirectory(at: themes, withIntermediateDirectories: true)
    for (name, text) in userThemes {
        try Data(text.utf8).write(to: themes.appendingPathComponent("\(name).toml"))
    }
    return home
}
