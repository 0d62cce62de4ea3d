import Application
import Common
import Foundation

/// Every use case a command calls, built here over the workspace's store, editor, clock, forums
/// and console: a command parses, asks for one, runs it and prints what it returns.
extension Workspace {
    /// The compose use case over this workspace's store, editor, clock, forums and console.
    func composeDraft(_ options: ComposeOptions, forum: ForumText? = nil, timeout: Int = 30,
                      delivery: DeliveryOptions? = nil) throws -> ComposeDraft {
        var request = try options.request()
        request.delivering = delivery?.delivers ?? false
        return ComposeDraft(local, config: config, forums: forums, request: request, forum: forum, timeout: timeout,
                     companion: options.live
                        ? LivePreviewCompanion(profile: options.profile, theme: nil, preview: Home(paths: paths, config: config).previewDraft(),
                                               paths: paths)
                        : nil)
    }

    /// The `--tag` check before a thread's editor opens.
    func checkThreadTag(profile: String?) throws -> CheckThreadTag {
        CheckThreadTag(profile: try config.profile(named: profile), forums: forums, console: console)
    }

    func queueDrafts() -> QueueDrafts { QueueDrafts(local, config: config, images: imageSetup.intake(), forums: forums) }

    func changeQueue() -> ChangeQueue { ChangeQueue(local) }

    func showQueueItem() -> ShowQueueItem { ShowQueueItem(local) }

    func concludeSend() -> ConcludeSend { ConcludeSend(local) }

    func sendQueued(_ senders: any SenderSource, progress: SendProgressLines = SendProgressLines()) -> SendQueued {
        SendQueued(local, senders: senders, progress: progress)
    }

    func deliverDraft() -> DeliverDraft {
        DeliverDraft(local, config: config, senders: senders(), progress: SendProgressLines(), images: imageSetup.intake())
    }

    func stepHistory() -> StepHistory {
        StepHistory(local, undoWindow: TimeInterval(config.undoWindow), senders: senders(), progress: SendProgressLines(),
                    handed: ChangeHanded(local, config: config, shell: remoteShell))
    }

    func listDrafts(includeDeleted: Bool, limit: Int?) -> ListDrafts { ListDrafts(local, includeDeleted: includeDeleted, limit: limit) }

    func searchDrafts() -> SearchDrafts { SearchDrafts(store: store) }

    func showDraft() -> ShowDraft { ShowDraft(store: store) }

    func diffDraft() -> DiffDraft { DiffDraft(store: store) }

    func draftRevisions() -> DraftRevisions { DraftRevisions(store: store) }

    func restoreRevision() -> RestoreRevision { RestoreRevision(local) }

    func editDraft() -> EditDraft { EditDraft(local, config: config, forums: forums) }

    func deleteDrafts() -> DeleteDrafts { DeleteDrafts(local) }

    func importDrafts() -> ImportDrafts { ImportDrafts(local) }

    func exportDrafts() -> ExportDrafts { ExportDrafts(local) }

    func listTemplates() -> ListTemplates { ListTemplates(store: store) }

    func showTemplate() -> ShowTemplate { ShowTemplate(store: store) }

    func newTemplate() -> NewTemplate { NewTemplate(local) }

    func editTemplate() -> EditTemplate { EditTemplate(local) }

    func deleteTemplates() -> DeleteTemplates { DeleteTemplates(local) }

    func importTemplates() -> ImportTemplates { ImportTemplates(local) }

    func addStarterTemplates() -> AddStarterTemplates { AddStarterTemplates(local) }

    func listHistory() -> ListHistory { ListHistory(store: store) }

    func listImages() -> ListImages { ListImages(local) }

    func removeImage(timeout: Int) -> RemoveImage { RemoveImage(local, hosts: imageHosts(timeout: timeout)) }

    func diagnoseSetup() -> DiagnoseSetup<SystemdServiceProbe> {
        let environment = ProcessInfo.processInfo.environment
        return DiagnoseSetup(store: store, paths: paths, environment: environment, configuredEditor: config.editor,
                             service: SystemdServiceProbe(paths: paths, environment: environment))
    }
}

/// The sender service as `missive service status` reads it, for doctor.
struct SystemdServiceProbe: SenderServiceProbe {
    let paths: MissivePaths
    let environment: [String: String]

    func read() -> ServiceState { ServiceState.read(paths: paths, environment: environment) }
}

extension Home {
    /// `queue list` reads the store alone: no config.toml, no recovery, nothing written.
    static func listQueue() throws -> ListQueue { ListQueue(store: try store(access: .readOnly)) }
}

/// The use cases on config.toml alone.
extension Home {
    /// Preview only reads: the store is opened for a draft id alone, read-only and without
    /// recovery, so that previewing a file works without one.
    func previewDraft() -> PreviewDraft {
        PreviewDraft(config: config, paths: paths, store: readOnlyStore)
    }

    func listProfiles() -> ListProfiles { ListProfiles(config: config) }

    var configFile: ConfigFile { ConfigFile(paths: paths, config: config, console: TerminalConsole()) }

    func addProfile() -> AddProfile {
        AddProfile(configFile) { base in
            // The port a loopback forum listens on; a sandbox there names its image host.
            guard let port = URL(string: base)?.port, let forumPort = UInt16(exactly: port) else { return nil }
            return SandboxProbe.statusNow(port: forumPort, timeout: 2)?.imagesURL
        }
    }

    func removeProfile() -> RemoveProfile { RemoveProfile(configFile) }

    func useProfile() -> UseProfile { UseProfile(configFile) }
}
