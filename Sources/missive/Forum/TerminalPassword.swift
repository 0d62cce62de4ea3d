import Application
import Common
import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum PasswordError: MissiveError, Equatable {
    case noTerminal
    case empty

    var status: ExitStatus {
        switch self {
        case .noTerminal: .usage
        case .empty: .dataError
        }
    }

    var description: String {
        switch self {
        case .noTerminal: "no terminal to ask for the password on; pipe it in with --password-stdin"
        case .empty: "the password is empty"
        }
    }
}

/// Asks for a password on the terminal (/dev/tty) with echo off, the way `ssh` and `sudo` do.
/// The password is returned to the caller and goes nowhere else.
struct TerminalPassword: CredentialSource {
    /// A prompt when there is a terminal to ask on; nil for scripts and the queued sender.
    static func ifInteractive() -> TerminalPassword? {
        isatty(STDIN_FILENO) == 1 ? TerminalPassword() : nil
    }

    /// Worded as `missive login` asks, so that a prompt met in the middle of another command
    /// says which forum it is for.
    func password(for username: String, at forum: URL) async -> String? {
        try? Self.ask(prompt: Self.prompt(username: username, forum: forum.absoluteString))
    }

    static func prompt(username: String, forum: String) -> String {
        "Password for \(username) at \(forum): "
    }

    static func ask(prompt: String) throws(PasswordError) -> String {
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY)
        guard tty >= 0 else { throw .noTerminal }
        defer { close(tty) }
        var saved = termios()
        guard tcgetattr(tty, &saved) == 0 else { throw .noTerminal }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        silent.c_lflag |= tcflag_t(ICANON)
        // Ctrl-C (or a kill) at the prompt must not leave the terminal without echo.
        let guardian = EchoGuard(tty: tty, saved: saved)
        // Echo goes off before the prompt is shown (as getpass and readpassphrase do): a person
        // types as soon as they see it, and what they type then must be neither echoed nor lost.
        // TCSANOW, not TCSAFLUSH: flushing would throw away a password typed ahead of the switch.
        _ = tcsetattr(tty, TCSANOW, &silent)
        defer {
            // Drained, not flushed: what was typed after the password belongs to the next reader.
            _ = tcsetattr(tty, TCSADRAIN, &saved)
            guardian.release()
            _ = write(tty, "\n", 1)
        }
        _ = prompt.withCString { write(tty, $0, strlen($0)) }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(tty, &byte, 1) == 1, byte != UInt8(ascii: "\n") {
            bytes.append(byte)
        }
        let password = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
        guard !password.isEmpty else { throw .empty }
        return password
    }

    /// The password piped in: all of stdin, strict UTF-8, minus the one line break `echo` adds.
    static func readStandardInput() throws -> String {
        var text = try TextInput.read(path: nil, limit: 4096)
        // "\r\n" is one Character in Swift, so one removal takes either ending.
        if text.hasSuffix("\r\n") || text.hasSuffix("\n") { text.removeLast() }
        guard !text.isEmpty else { throw PasswordError.empty }
        return text
    }
}

/// While echo is off, the signals that end a program at a prompt (Ctrl-C, Ctrl-\\, a hang-up, a
/// kill) first put the terminal back as it was, then end the program as they would have.
/// Only async-signal-safe calls happen in the handler: tcsetattr, write, signal, raise.
private struct EchoGuard {
    static let signals: [Int32] = [SIGINT, SIGQUIT, SIGTERM, SIGHUP]
    private var previous: [(Int32, __sighandler_t?)] = []

    init(tty: Int32, saved: termios) {
        echoGuardTerminal = saved
        echoGuardDescriptor = tty
        for number in Self.signals {
            let old = signal(number, restoreTerminalAndReraise)
            // A signal the program was told to ignore (nohup) stays ignored.
            if let old, unsafeBitCast(old, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                _ = signal(number, old)
                continue
            }
            previous.append((number, old))
        }
    }

    func release() {
        for (number, handler) in previous { _ = signal(number, handler) }
        echoGuardDescriptor = -1
    }
}

// The handler can reach only globals. Written before the handlers go in, read only by them.
private nonisolated(unsafe) var echoGuardTerminal = termios()
private nonisolated(unsafe) var echoGuardDescriptor: Int32 = -1

private func restoreTerminalAndReraise(_ number: Int32) {
    if echoGuardDescriptor >= 0 {
        _ = tcsetattr(echoGuardDescriptor, TCSANOW, &echoGuardTerminal)
        _ = write(echoGuardDescriptor, "\n", 1)
    }
    _ = signal(number, SIG_DFL)
    _ = raise(number)
}
