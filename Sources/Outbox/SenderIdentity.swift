import Foundation

/// Who holds a lease: host, process id and the process's start time (so that a recycled pid is
/// not mistaken for the sender that died).
public struct SenderIdentity: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var pid: Int32
    /// The kernel's start time of the process (clock ticks since boot, from /proc); "" where unknown.
    public var started: String

    public init(host: String, pid: Int32, started: String) {
        self.host = host
        self.pid = pid
        self.started = started
    }

    public static func current() -> SenderIdentity {
        let pid = getpid()
        return SenderIdentity(host: ProcessInfo.processInfo.hostName, pid: pid, started: startTime(of: pid) ?? "")
    }

    public var description: String { "\(host)/\(pid)/\(started)" }

    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, let pid = Int32(parts[1]) else { return nil }
        self.init(host: String(parts[0]), pid: pid, started: String(parts[2]))
    }

    /// Field 22 of /proc/PID/stat. The command name (field 2) may hold spaces and parentheses,
    /// so the fields are counted from the last ')'.
    static func startTime(of pid: Int32) -> String? {
        guard let fields = statFields(of: pid) else { return nil }
        // After ')' come field 3 (state) onwards, so field 22 is at index 19.
        return fields.count > 19 ? fields[19] : nil
    }

    /// A process that has ended but not been waited for yet (state Z) is gone all the same.
    static func isZombie(_ pid: Int32) -> Bool {
        statFields(of: pid)?.first == "Z"
    }

    private static func statFields(of pid: Int32) -> [String]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").map(String.init)
    }
}

/// Whether the sender named in a lease still runs. A lease whose holder is gone can be taken over
/// at once (after checking with the forum) instead of waiting for it to run out; a lease whose
/// holder is known to run is never taken over, even once it has run out.
public protocol SenderLiveness: Sendable {
    func status(of owner: String) -> SenderStatus
}

public enum SenderStatus: Sendable, Equatable {
    /// Its process runs on this machine: whatever it holds may still be in flight.
    case running
    /// Its process has ended.
    case gone
    /// It runs elsewhere, or its process cannot be read: only its lease running out frees its items.
    case cannotTell
}

/// Looks at this machine's processes.
public struct LocalSenders: SenderLiveness {
    public var host: String

    public init(host: String = ProcessInfo.processInfo.hostName) {
        self.host = host
    }

    public func status(of owner: String) -> SenderStatus {
        guard let identity = SenderIdentity(owner), identity.host == host else { return .cannotTell }
        if kill(identity.pid, 0) != 0 && errno == ESRCH { return .gone }
        if SenderIdentity.isZombie(identity.pid) { return .gone }
        guard !identity.started.isEmpty, let started = SenderIdentity.startTime(of: identity.pid) else {
            return .cannotTell
        }
        return started == identity.started ? .running : .gone
    }
}
