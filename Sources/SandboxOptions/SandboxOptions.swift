import ArgumentParser
import Common
import Foundation

/// The options of the practice forum, declared once for both ways of starting it: `missive sandbox`
/// (which hands exactly the options given to `missive-sandbox`) and `missive-sandbox` itself.
/// Each is optional: nil means the sandbox's default, which `missive-sandbox` fills in.
public struct SandboxOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The port on 127.0.0.1; 0 picks a free one (default \(Config.sandboxPort), the sandbox profile's).",
                               valueName: "port"))
    public var port: UInt16?

    @Option(help: ArgumentHelp("The image host's port (Imgur's API); default the forum's port + 1, 0 picks a free one.",
                               valueName: "port"))
    public var imagesPort: UInt16?

    @Flag(help: "Print where the sandbox answers as one JSON object (forum_url, images_url, data_directory, pid).")
    public var json = false

    @Option(help: ArgumentHelp("Keep the forum's data in this directory (default: sandbox/ in Missive's state directory, kept across restarts).",
                               valueName: "dir"))
    public var data: String?

    @Flag(help: "A throwaway forum: its data goes in a temporary directory, removed when it stops.")
    public var temp = false

    @Option(help: ArgumentHelp("Seconds between posts, and between PMs, per user; 0 turns flood control off (default \(Self.defaultFlood)).",
                               valueName: "seconds"))
    public var flood: Int?

    @Option(help: ArgumentHelp("Faults to inject at seeded rates, e.g. drop=0.1,dberror=0.05 (see FAULTS).", valueName: "spec"))
    public var faults: String?

    @Option(help: ArgumentHelp("Seed for the fault dice (default \(Self.defaultSeed)).", valueName: "seed"))
    public var seed: UInt64?

    @Option(help: ArgumentHelp("The theme the pages wear (default \"default\"; see THEMES).", valueName: "name"))
    public var theme: String?

    /// Off by default: `missive sandbox &` shares its terminal with the editor, and a line per
    /// request would be written over vim.
    @Flag(help: "Log every request on standard error (method, page, status).")
    public var verbose = false

    public init() {}

    /// The forum's own flood interval, which the sandbox keeps unless told otherwise.
    public static let defaultFlood = Config.sandboxFloodInterval
    public static let defaultSeed: UInt64 = 1

    // What an option left out means, here beside the help that states it, so the two agree.

    public var forumPort: UInt16 { port ?? UInt16(Config.sandboxPort) }
    public var floodInterval: Int { flood ?? Self.defaultFlood }
    public var diceSeed: UInt64 { seed ?? Self.defaultSeed }

    /// Where the forum keeps its data; nil with --temp, for a temporary directory removed on stop.
    public var dataDirectory: URL? {
        if temp { return nil }
        return data.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? Self.defaultDataDirectory()
    }

    /// Kept across restarts, beside Missive's other state (`$XDG_STATE_HOME/missive/sandbox`, or
    /// under MISSIVE_HOME).
    public static func defaultDataDirectory() -> URL {
        MissivePaths.resolve().state.appendingPathComponent("sandbox", isDirectory: true)
    }

    public func validate() throws {
        if temp, data != nil { throw ValidationError("--temp and --data exclude each other: a throwaway forum, or one kept in a directory.") }
        if let flood, flood < 0 { throw ValidationError("--flood must be 0 or more seconds.") }
        if let faults, faults.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--faults needs a spec such as drop=0.1,500=0.05.")
        }
    }

    /// The options as arguments again, exactly those given: what `missive sandbox` hands on.
    public var arguments: [String] {
        var arguments: [String] = []
        if let port { arguments += ["--port", String(port)] }
        if let imagesPort { arguments += ["--images-port", String(imagesPort)] }
        if json { arguments.append("--json") }
        if let data { arguments += ["--data", data] }
        if temp { arguments.append("--temp") }
        if let flood { arguments += ["--flood", String(flood)] }
        if let faults { arguments += ["--faults", faults] }
        if let seed { arguments += ["--seed", String(seed)] }
        if let theme { arguments += ["--theme", theme] }
        if verbose { arguments.append("--verbose") }
        return arguments
    }
}
