import Common
import Compose
import Foundation
import Outbox
import Store

/// Where the sender service stands. The composition root reads it (systemd is the `service`
/// command's business); doctor only passes it on, so its shape is the reader's.
public protocol SenderServiceProbe: Sendable {
    associatedtype State: Sendable
    func read() -> State
}

/// `doctor`: all it reports, gathered here: the store's integrity and counts (`CheckStore`), where
/// Missive's files are, the editor a session would open, buffers left behind, the sender service.
public struct DiagnoseSetup<Service: SenderServiceProbe>: Sendable {
    let checkStore: CheckStore
    let paths: MissivePaths
    let buffers: BufferDirectory
    /// The process's variables and config.toml's `editor`, which decide the editor.
    let environment: [String: String]
    let configuredEditor: String?
    let service: Service

    public init(store: Store, paths: MissivePaths, environment: [String: String], configuredEditor: String?, service: Service) {
        checkStore = CheckStore(store: store)
        self.paths = paths
        buffers = BufferDirectory(paths: paths)
        self.environment = environment
        self.configuredEditor = configuredEditor
        self.service = service
    }

    public struct Diagnosis: Sendable {
        public var store: StoreReport
        /// The queued item whose time passed longest ago, if any.
        public var mostOverdue: OutboxRow?
        public var configFile: String
        public var configExists: Bool
        /// The store file's permission bits in octal ("600").
        public var storeMode: String
        public var buffers: String
        /// Nil on a dumb terminal with no editor set.
        public var editor: EditorCommand?
        public var leftoverBuffers: Int
        /// Texts set aside by an editor that exited non-zero or a buffer that could not be stored.
        public var keptBuffers: [String]
        public var service: Service.State
    }

    public func run(now: Date) throws -> Diagnosis {
        let (report, overdue) = try checkStore.run(now: now)
        let configFile = Config.file(in: paths).path
        return Diagnosis(
            store: report, mostOverdue: overdue, configFile: configFile,
            configExists: FileManager.default.fileExists(atPath: configFile), storeMode: Self.mode(of: report.path),
            buffers: buffers.url.path, editor: try? EditorCommand.resolve(environment: environment, configured: configuredEditor),
            leftoverBuffers: buffers.leftovers().count, keptBuffers: buffers.kept().map(\.path), service: service.read())
    }

    private static func mode(of path: String) -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return String(attributes?[.posixPermissions] as? Int ?? 0, radix: 8)
    }
}
