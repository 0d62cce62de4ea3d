import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Calls `changed` when a watched name in the directory is written, created, moved in or
/// removed. On Linux the kernel says so (inotify: no work between saves, the news at once); where
/// inotify is missing or out of watches, a stat of each name every 150 ms does (a few
/// microseconds each). A thread of its own waits, so the cooperative pool never blocks.
final class DirectoryWatch: @unchecked Sendable {
    /// How the thread learns of changes.
    private enum Mode {
        case inotify(descriptor: Int32)
        case polling(interval: Int32)
    }

    private let target: WatchTarget
    private let changed: @Sendable () -> Void
    private let mode: Mode
    /// Written once to wake the thread and end it.
    private let wake: (read: Int32, write: Int32)

    init(_ target: WatchTarget, changed: @escaping @Sendable () -> Void) throws(LivePreviewError) {
        self.target = target
        self.changed = changed
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target.directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .cannotWatch(path: target.directory.path, reason: "no such directory")
        }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .cannotWatch(path: target.directory.path, reason: String(cString: strerror(errno))) }
        wake = (ends[0], ends[1])
        mode = Self.inotifyMode(target.directory) ?? .polling(interval: 150)
        let worker = Thread { [self] in run() }
        worker.name = "missive live preview watch"
        worker.start()
    }

    #if canImport(Glibc)
    private static func inotifyMode(_ directory: URL) -> Mode? {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        // Close-write and moved-to are the ends of a save; create, modify and delete catch the rest
        // (a file removed, or written by a program that keeps it open).
        let events = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_CREATE)
            | UInt32(IN_MODIFY) | UInt32(IN_DELETE) | UInt32(IN_ATTRIB)
        guard inotify_add_watch(descriptor, directory.path, events) >= 0 else {
            close(descriptor)
            return nil
        }
        return .inotify(descriptor: descriptor)
    }
    #else
    private static func inotifyMode(_ directory: URL) -> Mode? { nil }
    #endif

    /// Ends the watch; `changed` is not called after the thread has seen this.
    func stop() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    private func run() {
        defer {
            if case .inotify(let descriptor) = mode { close(descriptor) }
            close(wake.read)
            close(wake.write)
        }
        switch mode {
        case .inotify(let descriptor): watchEvents(descriptor)
        case .polling(let interval): pollStats(every: interval)
        }
    }

    private func watchEvents(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 2, -1) >= 0 || errno == EINTR else { return }
            if fds[1].revents != 0 { return }
            guard fds[0].revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            if touchesTarget(buffer, count: count) { changed() }
        }
    }

    /// Whether any event in the batch names a watched file (or says events were lost).
    private func touchesTarget(_ buffer: [UInt8], count: Int) -> Bool {
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let (mask, length) = buffer.withUnsafeBytes { raw in
                (raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                 Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
            }
            if mask & UInt32(IN_Q_OVERFLOW) != 0 { return true }
            let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
            if target.names.contains(String(decoding: nameBytes, as: UTF8.self)) { return true }
            offset += header + length
        }
        return false
    }

    /// What a stat says of each name: enough to see a rewrite, a rename over it, or a removal.
    private func signature() -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        for name in target.names {
            var info = stat()
            guard stat(target.directory.appendingPathComponent(name).path, &info) == 0 else { continue }
            result[name] = [Int(info.st_ino), Int(info.st_size), info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int(info.st_ctim.tv_nsec)]
        }
        return result
    }

    private func pollStats(every interval: Int32) {
        var last = signature()
        while true {
            var fds = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 1, interval)
            if fds[0].revents != 0 { return }
            let now = signature()
            if now != last {
                last = now
                changed()
            }
        }
    }
}
