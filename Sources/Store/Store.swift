import Common
import Foundation
import GRDB

/// The SQLite store: one file, private to the user, in WAL mode, carried forward by versioned migrations.
public final class Store: Sendable {
    /// The file name under `MissivePaths.data`.
    public static let fileName = "missive.sqlite"

    public let path: String
    /// True when the file is not writable: reading works, every write fails with `StoreError.readOnly`.
    public let isReadOnly: Bool
    let queue: DatabaseQueue

    /// Opens (creating when needed) the store under `paths.data`.
    public static func open(paths: MissivePaths, busyTimeout: TimeInterval = 5) throws -> Store {
        do {
            try paths.createDirectories()
        } catch {
            throw StoreError.cannotCreate(path: paths.data.path, reason: error.localizedDescription)
        }
        return try Store(path: paths.data.appendingPathComponent(fileName).path, busyTimeout: busyTimeout)
    }

    /// Opens the store at `path`. A store from a newer Missive is refused before anything is written.
    public init(path: String, busyTimeout: TimeInterval = 5) throws {
        self.path = path
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists {
            try Store.createPrivateFile(at: path)
        }
        isReadOnly = exists && !Store.isWritable(path)

        var config = Configuration()
        config.readonly = isReadOnly
        config.busyMode = .timeout(busyTimeout)
        config.foreignKeysEnabled = true
        config.label = "missive"
        do {
            queue = try DatabaseQueue(path: path, configuration: config)
            try Store.migrate(queue, readOnly: isReadOnly, path: path)
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// Reads in one transaction, with SQLite errors turned into `StoreError`.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try queue.read(body)
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// Writes in one IMMEDIATE transaction: all of it is committed, or none of it.
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        if isReadOnly { throw StoreError.readOnly(path: path) }
        do {
            return try queue.write(body)
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// The migrations this Missive knows, in order.
    public static var knownMigrations: [String] { Schema.migrator.migrations }

    public func appliedMigrations() throws -> [String] {
        try read { db in try Schema.migrator.appliedMigrations(db) }
    }

    // MARK: - Opening

    private static func migrate(_ queue: DatabaseQueue, readOnly: Bool, path: String) throws {
        let migrator = Schema.migrator
        // Look before writing anything, so that a newer store is left byte for byte as it was.
        let (superseded, complete, unknown) = try queue.read { db in
            let applied = try migrator.appliedIdentifiers(db)
            return (try migrator.hasBeenSuperseded(db), try migrator.hasCompletedMigrations(db),
                    applied.subtracting(migrator.migrations).sorted())
        }
        if superseded { throw StoreError.newerSchema(path: path, unknown: unknown) }
        if complete { return }
        if readOnly { throw StoreError.readOnly(path: path) }
        try queue.writeWithoutTransaction { db in
            // WAL is a property of the file, so it is set once, when the schema is first laid.
            try db.execute(sql: "PRAGMA journal_mode = WAL")
        }
        try migrator.migrate(queue)
    }

    /// Creates the file with mode 0600 before SQLite sees it (SQLite gives -wal and -shm the same mode).
    private static func createPrivateFile(at path: String) throws {
        let fd = Foundation.open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if fd < 0 {
            let reason = String(cString: strerror(errno))
            if errno == EACCES || errno == EROFS || errno == EPERM { throw StoreError.readOnly(path: path) }
            throw StoreError.cannotCreate(path: path, reason: reason)
        }
        close(fd)
    }

    /// The owner's write bit decides, so that `chmod a-w` protects the store even for root.
    private static func isWritable(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & S_IWUSR != 0 && access(path, W_OK) == 0
    }
}
