import Common
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Tells a waiting process that another one may have changed the store, without polling: every
/// commit by any process writes the store's files (the WAL, or the database itself), and
/// inotify on their directory reports that write. A thread of its own sleeps in `poll` on the
/// inotify descriptor and rings `bell` once per batch of events that touch the store's files;
/// an idle store costs no wake-up at all.
public final class StoreChanges: Sendable {
    public let bell = Doorbell()
    private let inotify: Int32
    /// Written to by `close()`, so that the watching thread leaves its `poll`.
    private let closer: (read: Int32, write: Int32)
    private let fileName: String

    /// Watches the directory holding the store's file; nil where inotify is not available (the
    /// caller falls back to looking every few seconds).
    public static func watching(_ store: Store) -> StoreChanges? {
        #if os(Linux)
        let url = URL(fileURLWithPath: store.path)
        let descriptor = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        // Writes (a commit, a checkpoint), and files made, removed or renamed (a WAL or journal
        // that comes and goes, a store replaced by a restore).
        let mask = UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_CREATE) | UInt32(IN_DELETE)
            | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM)
        var ends: [Int32] = [0, 0]
        guard inotify_add_watch(descriptor, url.deletingLastPathComponent().path, mask) >= 0,
              pipe(&ends) == 0 else {
            Glibc.close(descriptor)
            return nil
        }
        // Not inherited by the editor or any other program started meanwhile.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let changes = StoreChanges(inotify: descriptor, closer: (ends[0], ends[1]), fileName: url.lastPathComponent)
        let thread = Thread { [changes] in changes.watch() }
        thread.name = "missive store changes"
        thread.start()
        return changes
        #else
        return nil
        #endif
    }

    private init(inotify: Int32, closer: (read: Int32, write: Int32), fileName: String) {
        self.inotify = inotify
        self.closer = closer
        self.fileName = fileName
    }

    /// Ends the watching thread; the bell rings no more.
    public func close() {
        var byte: UInt8 = 1
        _ = write(closer.write, &byte, 1)
    }

    private func watch() {
        var descriptors = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: closer.read, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 16 * 1_024)
        while true {
            let ready = poll(&descriptors, 2, -1)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0, descriptors[1].revents == 0 else { break }
            var touched = false
            // Everything queued so far, so that one commit's several writes ring once.
            while true {
                let count = read(inotify, &buffer, buffer.count)
                guard count > 0 else { break }
                touched = touched || Self.touches(buffer[0..<count], fileName: fileName)
            }
            if touched { bell.ring() }
        }
        Glibc.close(inotify)
        Glibc.close(closer.read)
        Glibc.close(closer.write)
    }

    /// Whether any event names one of the store's files ("missive.sqlite", "-wal", "-shm",
    /// "-journal"), or the queue overflowed (then anything may have changed). Events for other
    /// files in the directory (the cookie jars) are not changes to the queue.
    static func touches(_ events: ArraySlice<UInt8>, fileName: String) -> Bool {
        // struct inotify_event: int wd; uint32 mask, cookie, len; char name[len] (NUL-padded).
        let header = 16
        var offset = events.startIndex
        while offset + header <= events.endIndex {
            func word(_ at: Int) -> UInt32 {
                events[(offset + at)..<(offset + at + 4)].reversed().reduce(0) { $0 << 8 | UInt32($1) }
            }
            let mask = word(4), length = Int(word(12))
            if mask & UInt32(IN_Q_OVERFLOW) != 0 { return true }
            let nameEnd = min(offset + header + length, events.endIndex)
            let name = String(decoding: events[(offset + header)..<nameEnd].prefix { $0 != 0 }, as: UTF8.self)
            if name.hasPrefix(fileName) { return true }
            offset = nameEnd
        }
        return false
    }
}
