import Foundation

/// The programs that come with `missive`: `missive-sandbox` beside it, and the ones only missive
/// starts (`missive-live`), which an install keeps off PATH in `../lib/missive` (as git keeps its
/// helpers in lib/git-core). The running `missive` is found through /proc/self/exe, symlinks
/// resolved, so a build tree works as an install does.
enum SiblingProgram {
    static func url(_ name: String) -> URL {
        let directory = runningExecutable().deletingLastPathComponent()
        let beside = directory.appendingPathComponent(name)
        let helper = directory.deletingLastPathComponent().appendingPathComponent("lib/missive/\(name)")
        if !FileManager.default.isExecutableFile(atPath: beside.path), FileManager.default.isExecutableFile(atPath: helper.path) {
            return helper
        }
        return beside
    }

    private static func runningExecutable() -> URL {
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        guard own.path == "/proc/self/exe" else { return own }
        return (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
    }
}
