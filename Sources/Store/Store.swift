import Common
import Foundation
import GRDB
import GRDBSQLite

/// What a command means to do with the store.
public enum StoreAccess: Sendable, Equatable {
    case readWrite
    /// The command only reads: the file is opened with SQLITE_OPEN_READONLY and nothing on disk
    /// (folders, modes, the file) is created or changed, so it works on a read-only data folder.
    case readOnly
}

/// The SQLite store: one file, private to the user, in WAL mode, carried forward by versioned migrations.
public final class Store: Sendable {
    /// The file name under `MissivePaths.data`.
    public static let fileName = "missive.sqlite"

    public let path: String
    /// True when opened read-only (the file is not writable, or the command only reads): reading
    /// works, every write fails with `StoreError.readOnly`.
    public let isReadOnly: Bool
    /// For the outbox's own transactions (`Store.outbox`), which pick their durability.
    package let queue: DatabaseQueue

    /// Opens (creating when needed) the store under `paths.data`. Read-only access to a store
    /// that is not there yet, or not yet brought up to this Missive's schema, opens it for writing
    /// as before: the first run creates it, an upgrade migrates it.
    public static func open(paths: MissivePaths, busyTimeout: TimeInterval = 5, access: StoreAccess = .readWrite) throws -> Store {
        let path = paths.data.appendingPathComponent(fileName).path
        if access == .readOnly, FileManager.default.fileExists(atPath: path) {
            do {
                return try Store(path: path, busyTimeout: busyTimeout, access: .readOnly)
            } catch StoreError.readOnly {
                // Only an incomplete schema makes a read-only open fail so: migrate it below.
            }
        }
        do {
            try paths.createDirectories()
        } catch {
            throw StoreError.cannotCreate(path: paths.data.path, reason: error.localizedDescription)
        }
        return try Store(path: path, busyTimeout: busyTimeout)
    }

    /// Opens the store at `path`. A store from a newer Missive is refused before anything is written.
    public convenience init(path: String, busyTimeout: TimeInterval = 5, access: StoreAccess = .readWrite) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try self.init(path: path, busyTimeout: busyTimeout, access: access, folderWritable: Foundation.access(folder, W_OK) == 0)
    }

    init(path: String, busyTimeout: TimeInterval, access: StoreAccess, folderWritable: Bool) throws {
        self.path = path
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists {
            try Store.createPrivateFile(at: path)
        }
        isReadOnly = exists && (access == .readOnly || !Store.isWritable(path))

        var config = Configuration()
        config.readonly = isReadOnly
        config.busyMode = .timeout(busyTimeout)
        config.foreignKeysEnabled = true
        config.label = "missive"
        do {
            let location = isReadOnly && !folderWritable ? Store.unwritableFolderLocation(path) : path
            queue = try DatabaseQueue(path: location, configuration: config)
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

    /// Even a read-only connection to a WAL store makes `-shm` and `-wal` files beside it, which a
    /// folder that cannot be written refuses. With no `-wal` there, no writer is at work (one
    /// always has it open), so the file is opened immutable: SQLite then reads it as it is.
    static func unwritableFolderLocation(_ path: String) -> String {
        guard !FileManager.default.fileExists(atPath: path + "-wal"), sqlite3_compileoption_used("USE_URI") == 1 else { return path }
        let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#%"))) ?? path
        return "file:\(escaped)?immutable=1"
    }

    /// The owner's write bit decides, so that `chmod a-w` protects the store even for root.
    private static func isWritable(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & S_IWUSR != 0 && access(path, W_OK) == 0
    }
}
