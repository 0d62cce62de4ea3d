import Foundation

/// Loads the bundled themes and the user's own, and resolves a theme by name through its parents.
/// A user file with a bundled theme's name is laid over that theme: the keys it sets win (its
/// `parent` too), everything else still comes from the bundled file.
public struct ThemeFactory: Sendable {
    public static let rootTheme = "default"

    /// Each theme's files, bundled first, then the user's.
    private let layers: [String: [ThemeFile]]

    public init(bundled: [ThemeFile], user: [ThemeFile] = []) {
        var layers: [String: [ThemeFile]] = [:]
        for file in bundled + user { layers[file.name, default: []].append(file) }
        self.layers = layers
    }

    /// Reads every `*.toml` in `bundledDirectory` and, when it exists, `userDirectory`.
    public static func load(bundledDirectory: URL, userDirectory: URL?) throws(ThemeError) -> ThemeFactory {
        let bundled = try files(in: bundledDirectory, required: true)
        guard bundled.contains(where: { $0.name == rootTheme }) else {
            throw .noBundledThemes(searched: [bundledDirectory.path])
        }
        let user = try userDirectory.map { (directory) throws(ThemeError) in try files(in: directory, required: false) }
        return ThemeFactory(bundled: bundled, user: user ?? [])
    }

    static func files(in directory: URL, required: Bool) throws(ThemeError) -> [ThemeFile] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            var isDirectory: ObjCBool = false
            if !required && !FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
                return []
            }
            if required { throw .noBundledThemes(searched: [directory.path]) }
            throw .unreadable(file: directory.path, reason: error.localizedDescription)
        }
        var files: [ThemeFile] = []
        for name in names.sorted() where name.hasSuffix(".toml") && !name.hasPrefix(".") {
            files.append(try ThemeFile.load(directory.appendingPathComponent(name)))
        }
        return files
    }

    /// Every theme's name, `default` first, then alphabetical.
    public var names: [String] {
        layers.keys.sorted { ($0 == Self.rootTheme ? 0 : 1, $0) < ($1 == Self.rootTheme ? 0 : 1, $1) }
    }

    /// The files that define `name`, bundled first.
    public func files(of name: String) -> [ThemeFile] { layers[name] ?? [] }

    /// The parent `name` inherits from, as written (top file first), or `default` when none is.
    public func parent(of name: String) -> String? {
        declaredParent(of: name).map(\.reference.name) ?? (name == Self.rootTheme ? nil : Self.rootTheme)
    }

    private func declaredParent(of name: String) -> (reference: ThemeFile.ParentReference, file: String)? {
        for file in files(of: name).reversed() {
            if let parent = file.parent { return (parent, file.path) }
        }
        return nil
    }

    /// `name` merged with all of its parents.
    public func theme(named name: String) throws(ThemeError) -> Theme {
        guard layers[name] != nil else { throw .unknownTheme(name, known: names) }
        let chain = try chain(from: name)
        var settings: [ThemeKey: (ThemeValue, ThemeOrigin)] = [:]
        for theme in chain {
            for file in files(of: theme).reversed() {
                for (key, setting) in file.settings where settings[key] == nil {
                    settings[key] = (setting.value, ThemeOrigin(theme: theme, file: file.path, line: setting.line))
                }
            }
        }
        let description = files(of: name).reversed().lazy.compactMap(\.description).first
        return try Theme(name: name, description: description, chain: chain,
                         files: chain.flatMap { files(of: $0).map(\.path) }, settings: settings)
    }

    /// `name`, its parent, that one's parent... until a theme with no parent.
    private func chain(from name: String) throws(ThemeError) -> [String] {
        var chain: [String] = []
        var steps: [ThemeError.Step] = []
        var current = name
        while true {
            if let start = chain.firstIndex(of: current) {
                throw .cycle(Array(steps[start...]))
            }
            chain.append(current)
            let declared = declaredParent(of: current)
            steps.append(.init(theme: current, file: declared?.file ?? files(of: current).last?.path ?? current))
            guard let parent = parent(of: current) else { return chain }
            guard layers[parent] != nil else {
                throw .unknownParent(theme: current, file: declared?.file ?? files(of: current).last?.path ?? current,
                                     line: declared?.reference.line, parent: parent, known: names)
            }
            current = parent
        }
    }
}
