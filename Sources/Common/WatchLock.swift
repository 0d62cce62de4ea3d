import Foundation
#if canImport(Glibc)
import Glibc
#endif

public enum WatchLockError: MissiveError, Equatable {
    /// Another `send --watch` holds the lock of this store.
    case alreadyWatching(pid: Int32, store: String)
    case unusable(file: String, reason: String)

    public var status: ExitStatus {
        switch self {
        // Try again later: a service restarted on failure takes over once the other one stops.
        case .alreadyWatching: .tempFailure
        case .unusable: .cantCreate
        }
    }

    public var description: String {
        switch self {
        case let .alreadyWatching(pid, store):
            "a sender is already watching this store (pid \(pid), \(store)); the outbox leases make two safe, but one is "
                + "enough. Stop that one first (Ctrl-C where it runs, `kill \(pid)`, or `systemctl --user stop "
                + "missive-send.service` when it is the service) to watch from here"
        case let .unusable(file, reason):
            "cannot use the watch lock \(file): \(reason); check that the state directory is writable"
        }
    }
}

/// One `send --watch` per store: the watcher holds an advisory lock (`flock`) on a file in the
/// state directory, with its pid written in it. The kernel drops the lock when the process ends,
/// however it ends, so a crashed watcher never leaves a stale lock behind; the file itself stays
/// (removing it would race with a watcher starting). The outbox leases already keep two senders
/// from sending one item: this only keeps a second watcher from running for nothing.
public final class WatchLock: Sendable {
    public static let fileName = "send-watch.lock"
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    public static func file(in paths: MissivePaths) -> URL {
        paths.state.appendingPathComponent(fileName)
    }

    /// Takes the lock for this process, or says who holds it. Held until the process ends.
    public static func take(paths: MissivePaths, store: String) throws(WatchLockError) -> WatchLock {
        let url = file(in: paths)
        do {
            try MissivePaths.createPrivateDirectory(paths.state)
        } catch {
            throw .unusable(file: url.path, reason: error.localizedDescription)
        }
        // Close-on-exec: an editor or anything else started meanwhile must not keep it locked.
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unusable(file: url.path, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let failure = errno
            let pid = readPID(descriptor)
            close(descriptor)
            if failure == EWOULDBLOCK { throw .alreadyWatching(pid: pid ?? 0, store: store) }
            throw .unusable(file: url.path, reason: String(cString: strerror(failure)))
        }
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pwrite(descriptor, text, text.count, 0)
        return WatchLock(descriptor: descriptor)
    }

    /// The pid of the live watcher of this store; nil when none runs. Reads only: a missing
    /// state directory or lock file means nobody watches.
    public static func holder(paths: MissivePaths) -> Int32? {
        let descriptor = open(file(in: paths).path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // A shared lock is granted unless a watcher holds its exclusive one; it is let go at once.
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            flock(descriptor, LOCK_UN)
            return nil
        }
        return readPID(descriptor) ?? 0
    }

    private static func readPID(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    deinit {
        close(descriptor)
    }
}
