import Common

extension Config {
    /// Saves, and says so when config.toml is a link and its target is what was written
    /// (a dotfiles setup: the file the user keeps elsewhere changed, not just the link's folder).
    public func save(to paths: MissivePaths, console: any ConsoleOutput) throws {
        if let target = try save(to: paths) {
            console.note("\(Config.file(in: paths).path) is a symbolic link: wrote its target \(target.path)")
        }
    }
}
