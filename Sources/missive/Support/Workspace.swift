import Application
import Common
import Compose
import Forum
import Foundation
import Outbox
import Store

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
        let paths = MissivePaths.resolve(environment: processEnvironment)
        let config = try Config.load(from: paths)
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

    /// The compose use case over this workspace's store, editor, clock, forums and console.
    func composeDraft(_ options: ComposeOptions, forum: ForumText? = nil, timeout: Int = 30) throws -> ComposeDraft {
        ComposeDraft(local, config: config, forums: forums, request: try options.request(), forum: forum, timeout: timeout,
                     companion: options.live ? LivePreviewCompanion(profile: options.profile, theme: nil, paths: paths) : nil)
    }

    /// The `--tag` check before a thread's editor opens.
    func checkThreadTag(profile: String?) throws -> CheckThreadTag {
        CheckThreadTag(profile: try config.profile(named: profile), forums: forums, console: console)
    }

    /// The senders of the outbox use cases: `timeout` per forum request, `maxWait` for retries
    /// (the product's default when nil), a password asked for only with `credentials`.
    func senders(timeout: Int = 60, maxWait: TimeInterval? = nil,
                 credentials: (any CredentialSource)? = TerminalPassword.ifInteractive(), profile: String? = nil) -> any SenderSource {
        ConfiguredSenders(wiring: OutboxWiring(workspace: self), timeout: timeout, maxWait: maxWait, credentials: credentials,
                          profile: profile)
    }

    func queueDrafts() -> QueueDrafts { QueueDrafts(local, config: config, images: imageHosts().intake()) }

    func changeQueue() -> ChangeQueue { ChangeQueue(local) }

    func showQueueItem() -> ShowQueueItem { ShowQueueItem(local) }

    func concludeSend() -> ConcludeSend { ConcludeSend(local) }

    func sendQueued(_ senders: any SenderSource) -> SendQueued {
        SendQueued(local, senders: senders, progress: SendProgressLines())
    }

    func deliverDraft() -> DeliverDraft {
        DeliverDraft(local, config: config, senders: senders(), progress: SendProgressLines(), images: imageHosts().intake())
    }

    func stepHistory() -> StepHistory {
        StepHistory(local, undoWindow: TimeInterval(config.undoWindow), senders: senders(), progress: SendProgressLines())
    }

    /// The profile a command names, or the default; an unknown name is a config error.
    func profile(_ name: String?) throws -> String {
        try config.profile(named: name).name
    }

    var now: Date { environment.clock() }
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
