import Common
import Foundation

/// Why an exchange with a box did not come back with its answer, each said so that the person
/// at the terminal knows what happened to their draft and what to do.
public enum RemoteError: MissiveError, Equatable {
    /// ssh could not connect (no route, refused, unknown host): nothing ran on the box.
    case unreachable(remote: String, destination: String, sshError: String)
    /// ssh would have had to ask (a password, an unknown or changed host key) and BatchMode
    /// refused: nothing ran on the box.
    case refused(remote: String, destination: String, sshError: String, byHand: String)
    /// The box's shell found no such command.
    case missiveMissing(remote: String, command: String, boxError: String)
    /// The box's Missive does not know `queue import` (or speaks an older protocol).
    case tooOld(remote: String, command: String, version: String?)
    /// The connection or the box's Missive ended without an answer: the box may or may not
    /// have done what it was asked.
    case lost(remote: String, detail: String)
    /// The box answered something that is not an answer.
    case unreadable(remote: String, detail: String)

    public var status: ExitStatus {
        switch self {
        case .unreachable, .missiveMissing, .tooOld: .unavailable
        case .refused: .noPermission
        case .lost: .tempFailure
        case .unreadable: .protocolError
        }
    }

    public var description: String {
        switch self {
        case let .unreachable(remote, destination, sshError):
            "cannot reach \(remote) (\(destination)): \(sshError)"
        case let .refused(remote, destination, sshError, byHand):
            "ssh would not log in to \(remote) (\(destination)) without asking: \(sshError). Missive runs ssh with "
                + "BatchMode, so it never stops to ask; run `\(byHand)` by hand once (answer its question: accept the "
                + "host's key, or set up a key with ssh-copy-id), then try again"
        case let .missiveMissing(remote, command, boxError):
            "Missive is not installed on \(remote), or not where `\(command)` finds it (\(boxError)); install it there, "
                + "or name it with `missive remotes add \(remote) DEST --missive /path/to/missive`"
        case let .tooOld(remote, command, version):
            "the Missive on \(remote) (`\(command)`\(version.map { ", version \($0)" } ?? "")) is too old to take handoffs; "
                + "install this version or newer there"
        case let .lost(remote, detail):
            "the exchange with \(remote) ended without an answer (\(detail))"
        case let .unreadable(remote, detail):
            "\(remote) answered something Missive cannot read: \(detail)"
        }
    }

    /// Whether the box surely did nothing: ssh never ran a command there, or none was found.
    public var nothingRan: Bool {
        switch self {
        case .unreachable, .refused, .missiveMissing, .tooOld: true
        case .lost, .unreadable: false
        }
    }
}

/// One exchange with a box: the request on the box Missive's standard input, its answer read
/// back, and every way it can fail told apart (`RemoteError`).
struct RemoteCall: Sendable {
    let shell: any RemoteShell
    let remote: Remote

    func exchange(_ request: HandoffRequest) async throws -> HandoffAnswer {
        let run = try await shell.run(remote, command: "\(remote.missive) queue import", input: try HandoffCoding.encode(request))
        if let failure = sshFailure(run) { throw failure }
        if let answer = try? HandoffCoding.decode(HandoffAnswer.self, from: run.output) { return answer }
        // No answer. A Missive too old to know `queue import` reads "import" as a draft id and
        // refuses the command line (64) before it touches its store.
        if run.status == ExitStatus.usage.rawValue {
            throw RemoteError.tooOld(remote: remote.name, command: remote.missive, version: await version())
        }
        let said = Self.lastLine(run.errorOutput)
        if run.status == 0 {
            throw RemoteError.unreadable(remote: remote.name, detail: String(decoding: run.output.prefix(200), as: UTF8.self))
        }
        throw RemoteError.lost(remote: remote.name, detail: said.isEmpty ? "exit status \(run.status)" : said)
    }

    /// The box's `missive --version`, for a message; nil when even that fails.
    func version() async -> String? {
        guard let run = try? await shell.run(remote, command: "\(remote.missive) --version", input: Data()), run.status == 0 else { return nil }
        let text = String(decoding: run.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text.replacingOccurrences(of: "missive ", with: "")
    }

    /// What ssh's own status (255) and words, or the box shell's "not found" (127), say.
    private func sshFailure(_ run: RemoteRun) -> RemoteError? {
        let said = Self.lastLine(run.errorOutput)
        if run.status == 127 || run.status == 126 {
            return .missiveMissing(remote: remote.name, command: remote.missive, boxError: said.isEmpty ? "exit status \(run.status)" : said)
        }
        guard run.status == 255, run.output.isEmpty else { return nil }
        let words = run.errorOutput
        let refusals = ["Permission denied", "Host key verification failed", "host key is known", "HOST IDENTIFICATION HAS CHANGED",
                        "Too many authentication failures", "No more authentication methods"]
        if let line = Self.line(of: words, containingAny: refusals) {
            return .refused(remote: remote.name, destination: remote.destination, sshError: line,
                            byHand: "\(shell.sshCommand) \(remote.destination) true")
        }
        let unreachable = ["Could not resolve hostname", "Connection refused", "Connection timed out", "No route to host",
                           "Network is unreachable", "Name or service not known", "Temporary failure in name resolution",
                           "Operation timed out", "connect to host"]
        if let line = Self.line(of: words, containingAny: unreachable) {
            return .unreachable(remote: remote.name, destination: remote.destination, sshError: line)
        }
        // Anything else ssh says (a connection closed or reset mid-way) may come after the box
        // began: not "unreachable", whatever it was, so a handoff is asked about, not dropped.
        return .lost(remote: remote.name, detail: said.isEmpty ? "ssh ended with status 255 and said nothing" : said)
    }

    static func line(of text: String, containingAny needles: [String]) -> String? {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .first { line in needles.contains { line.localizedCaseInsensitiveContains($0) } }
    }

    static func lastLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }
}
