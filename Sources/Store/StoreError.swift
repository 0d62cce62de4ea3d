import Common
import Foundation
import GRDB

/// What can go wrong with the store, each with the exit status a script can tell apart.
public enum StoreError: MissiveError, Equatable {
    /// The file was written by a newer Missive; it is left exactly as it is.
    case newerSchema(path: String, unknown: [String])
    /// Another process holds the write lock past the busy timeout.
    case locked(path: String)
    /// The file or its directory does not allow writing.
    case readOnly(path: String)
    /// SQLite says the file is not a database or is damaged.
    case corrupt(path: String, detail: String)
    case cannotCreate(path: String, reason: String)
    /// SQLite could not open the file (or could not be loaded itself: CSQLite says so in `reason`).
    case cannotOpen(path: String, reason: String)
    case notFound(what: String)
    /// A row the store should hold (a draft whose revisions are there, an id it has handed
    /// out) cannot be read: the file is damaged there. `found`: what SQLite's check says.
    case damaged(what: String, path: String, found: String)
    case invalid(String)
    /// An SQLite failure none of the cases above explains.
    case database(String)
    /// No room left on the disk that holds the store (the folder is named, so the user knows which disk).
    case diskFull(path: String)

    public var status: ExitStatus {
        switch self {
        case .newerSchema: .config
        case .locked: .tempFailure
        case .readOnly: .noPermission
        case .corrupt: .dataError
        case .cannotCreate, .cannotOpen: .cantCreate
        case .notFound: .noInput
        case .damaged: .dataError
        case .invalid: .dataError
        case .database, .diskFull: .ioError
        }
    }

    public var description: String {
        switch self {
        case let .newerSchema(path, unknown):
            "\(path) was written by a newer Missive (schema steps \(unknown.joined(separator: ", ")) are unknown "
                + "to this one); it is left untouched: upgrade Missive to use it"
        case let .locked(path):
            "\(path) is locked by another Missive or SQLite process; nothing was changed, try again in a moment"
        case let .readOnly(path):
            "\(path) is read-only; nothing was changed (make it writable with chmod u+w to save)"
        case let .corrupt(path, detail):
            "\(path) is not a healthy Missive store (\(detail)); run `missive doctor` and restore from a backup"
        case let .cannotCreate(path, reason):
            "cannot create \(path): \(reason)"
        case let .cannotOpen(path, reason):
            "cannot open \(path): \(reason)"
        case let .notFound(what):
            "\(what) does not exist"
        case let .damaged(what, path, found):
            "\(what) \(what.hasPrefix("drafts ") ? "are" : "is") damaged: the store has \(what.hasPrefix("drafts ") ? "them" : "it"), but \(what.hasPrefix("drafts ") ? "their rows" : "its row") cannot be read (`missive doctor` finds: \(found)). "
                + "Restore \(path) from a backup if you have one; `missive drafts export DIR` saves the drafts that can "
                + "still be read; SQLite's .recover rebuilds what it can: `sqlite3 \(path) .recover | sqlite3 recovered.sqlite`, "
                + "then put recovered.sqlite in its place"
        case let .invalid(message):
            message
        case let .database(message):
            "the store failed: \(message)"
        case let .diskFull(path):
            "the disk is full (\(path)): free some space"
        }
    }

    /// Translates SQLite's result codes into the cases a person can act on. `freeBytes` is how
    /// much room the store's disk has left (statvfs), asked only for an I/O error.
    package static func from(_ error: any Error, path: String, freeBytes: (String) -> Int? = StoreError.freeBytes) -> any Error {
        if error is StoreError || error is MissiveError { return error }
        // A record's column holds what its type cannot be (a draft state this Missive does not know).
        if let error = error as? DecodingError { return StoreError.unreadableRecord(error) }
        if error is RowDecodingError { return StoreError.invalid("the store holds a row this Missive cannot read: \(error)") }
        guard let error = error as? DatabaseError else { return StoreError.database(String(describing: error)) }
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return StoreError.locked(path: path)
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
            return StoreError.readOnly(path: path)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return StoreError.corrupt(path: path, detail: error.message ?? "corrupt")
        case .SQLITE_CANTOPEN:
            return StoreError.cannotOpen(path: path, reason: error.message ?? "unable to open the database file")
        case .SQLITE_FULL:
            return StoreError.diskFull(path: path)
        case .SQLITE_TOOBIG:
            return StoreError.invalid("the text is too large for the store")
        case .SQLITE_IOERR:
            // ENOSPC while growing -shm or syncing comes back as a bare "disk I/O error"; a disk
            // with (next to) no room left is the cause worth naming.
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if let free = freeBytes(folder), free < 1 << 20 { return StoreError.diskFull(path: path) }
            return StoreError.database(error.message ?? error.description)
        default:
            return StoreError.database(error.message ?? error.description)
        }
    }

    /// The bytes an unprivileged writer may still use on the disk holding `folder`.
    static func freeBytes(_ folder: String) -> Int? {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return nil }
        let (bytes, overflow) = Int(clamping: info.f_bavail).multipliedReportingOverflow(by: Int(clamping: info.f_frsize))
        return overflow ? .max : bytes
    }
}
