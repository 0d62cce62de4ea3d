import Application
import Common
import Compose
import Forum
import Foundation
import Outbox
import Store

/// Missive's directories and config.toml, found and read here and nowhere else: where every
/// command's wiring starts.
struct Home {
    let paths: MissivePaths
    let config: Config

    /// The directories alone, for what must work without a config.toml (or before there is one).
    static func paths(environment: [String: String] = MissivePaths.processEnvironment()) -> MissivePaths {
        MissivePaths.resolve(environment: environment)
    }

    static func load(environment: [String: String] = MissivePaths.processEnvironment()) throws -> Home {
        let paths = paths(environment: environment)
        return Home(paths: paths, config: try Config.load(from: paths))
    }

    /// The store alone, without config.toml or recovery: for a listing that must stay fast and
    /// write nothing.
    static func store(access: StoreAccess) throws -> Store {
        try Store.open(paths: paths(), access: access)
    }

    /// Opens the store when called, read-only and without recovery: for preview, which needs it
    /// for a draft id alone (a file previews without one).
    var readOnlyStore: @Sendable () throws -> Store {
        { [paths] in try Store.open(paths: paths, access: .readOnly) }
    }
}

/// The composition root for the commands that use the store: paths, config, store, editor, clock,
/// console and forums wired together once, and handed to the use cases (Sources/Application)
/// from here. Opening it also recovers buffers left by unfinished sessions.
struct Workspace {
    let paths: MissivePaths
    let config: Config
    let store: Store
    let environment: ComposeEnvironment
    let console: any ConsoleOutput = TerminalConsole()

    /// `recover: false` for commands that must not write (doctor on a damaged store);
    /// `access: .readOnly` for commands that only read, which then change nothing on disk.
    static func open(recover: Bool = true, access: StoreAccess = .readWrite) throws -> Workspace {
        let processEnvironment = ProcessInfo.processInfo.environment
        let home = try Home.load(environment: processEnvironment)
        let paths = home.paths, config = home.config
        let buffers = BufferDirectory(paths: paths)
        // Text a crashed session left comes first (product rule 1): recovering it writes, so a
        // reading command opens the store for writing only when there is something to recover.
        let recovering = recover && (access == .readWrite || buffers.mayHoldLeftovers)
        let store = try Store.open(paths: paths, access: recovering ? .readWrite : access)
        let editor = LazyEditor(environment: processEnvironment, configured: config.editor)
        let workspace = Workspace(
            paths: paths, config: config, store: store,
            environment: ComposeEnvironment(store: store, buffers: buffers, editor: editor, defaultProfile: config.defaultProfile))
        if recovering { workspace.recoverLeftovers() }
        return workspace
    }

    func recoverLeftovers() {
        for report in Recovery(environment: environment).run() {
            console.note(report.message)
        }
    }

    /// What the use cases on local data are given: the store, buffers, editor, clock and console.
    var local: LocalContext { LocalContext(environment: environment, console: console) }

    var forums: any ForumConnector { ConfiguredForums(paths: paths) }

    /// The senders of the outbox use cases: `timeout` per forum request, `maxWait` for retries
    /// (the product's default when nil), a password asked for only with `credentials`.
    func senders(timeout: Int = 60, maxWait: TimeInterval? = nil,
                 credentials: (any CredentialSource)? = TerminalPassword.ifInteractive(), profile: String? = nil) -> any SenderSource {
        ConfiguredSenders(wiring: OutboxWiring(workspace: self), timeout: timeout, maxWait: maxWait, credentials: credentials,
                          profile: profile)
    }

    /// The profile a command names, or the default; an unknown name is a config error.
    func profile(_ name: String?) throws -> String {
        try config.profile(named: name).name
    }

    var now: Date { environment.clock() }

    /// The store's file, as commands name it to the user.
    var storePath: String { store.path }
}

/// Resolves the editor only when one is needed, so that `--no-edit` works on a dumb terminal.
struct LazyEditor: Editor {
    var environment: [String: String]
    var configured: String?

    func edit(_ file: URL, line: Int?) async throws -> Int32 {
        let command = try EditorCommand.resolve(environment: environment, configured: configured)
        return try await TerminalEditor(command: command).edit(file, line: line)
    }
}
