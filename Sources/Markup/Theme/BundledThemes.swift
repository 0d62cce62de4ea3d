import Common
import Foundation

/// Where the themes that ship with Missive are, and the Factory a command uses.
public enum BundledThemes {
    /// Folders tried in order: `MISSIVE_THEMES_DIR`; `share/missive/themes` beside an installed
    /// binary's `bin/`; the `Themes/` folder of the source tree this binary was built from, which is
    /// where `swift build` and `make` leave things.
    public static func candidates(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = Bundle.main.executableURL
    ) -> [URL] {
        var candidates: [URL] = []
        if let override = environment["MISSIVE_THEMES_DIR"], !override.isEmpty {
            candidates.append(URL(fileURLWithPath: override, isDirectory: true))
        }
        if let executable {
            candidates.append(executable.resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent("../share/missive/themes", isDirectory: true).standardizedFileURL)
        }
        candidates.append(sourceTreeThemes)
        return candidates
    }

    /// `Themes/` at the package root, found from this file's place in the tree.
    static let sourceTreeThemes = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Theme
        .deletingLastPathComponent()  // Markup
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()
        .appendingPathComponent("Themes", isDirectory: true)

    public static func directory(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = Bundle.main.executableURL
    ) throws(ThemeError) -> URL {
        let candidates = candidates(environment: environment, executable: executable)
        for candidate in candidates
        where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("default.toml").path) {
            return candidate
        }
        throw .noBundledThemes(searched: candidates.map(\.path))
    }

    /// The user's own themes: `themes/` in Missive's config folder.
    public static func userDirectory(_ paths: MissivePaths) -> URL {
        paths.config.appendingPathComponent("themes", isDirectory: true)
    }

    /// The bundled themes with the user's laid over them.
    public static func factory(
        paths: MissivePaths, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ThemeError) -> ThemeFactory {
        try ThemeFactory.load(bundledDirectory: try directory(environment: environment),
                              userDirectory: userDirectory(paths))
    }
}
