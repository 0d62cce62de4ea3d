import Foundation

/// `systemctl --user`, run and read. Where there is no user manager (a container, CI, a login
/// without a session bus) every call fails with systemctl's own words, which are passed on: they
/// say why better than a guess would.
struct UserSystemd {
    var environment: [String: String]

    struct Answer {
        var status: Int32
        var output: String
        var error: String
    }

    /// Why the user's systemd cannot be used from here; nil when it can.
    func unavailable() -> String? {
        // `is-system-running` says "offline" without a reason; `is-active` of any unit answers
        // with a word when a manager is there, and says why not when none is.
        guard let answer = run(["is-active", UserUnit.name]) else { return "systemctl is not installed" }
        if !answer.output.isEmpty { return nil }
        let why = answer.error.split(separator: "\n").first.map(String.init) ?? "systemctl --user failed (\(answer.status))"
        return why.hasSuffix(".") ? String(why.dropLast()) : why
    }

    /// `systemctl --user ARGS`; nil when systemctl cannot be started at all.
    @discardableResult
    func run(_ arguments: [String]) -> Answer? {
        guard let program = Self.find("systemctl", path: environment["PATH"]) else { return nil }
        let process = Process()
        process.executableURL = program
        process.arguments = ["--user"] + arguments
        process.environment = environment
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        // systemctl says little; both pipes are read to the end after it exits without filling.
        process.waitUntilExit()
        func text(_ pipe: Pipe) -> String {
            String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return Answer(status: process.terminationStatus, output: text(output), error: text(error))
    }

    /// "active", "inactive", "failed"...; nil when the manager did not answer.
    func word(_ verb: String, unit: String) -> String? {
        guard let answer = run([verb, unit]), !answer.output.isEmpty else { return nil }
        return answer.output.split(separator: "\n").first.map(String.init)
    }

    /// The main process of the unit, when it runs.
    func mainPID(unit: String) -> Int32? {
        guard let answer = run(["show", "--property=MainPID", "--value", unit]), let pid = Int32(answer.output), pid > 0 else {
            return nil
        }
        return pid
    }

    static func find(_ name: String, path: String?) -> URL? {
        for directory in (path ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
