import Foundation
import Testing

/// `status --notify`: `notify_command` runs once for each new thing, with its kind, title and
/// address in the environment and the title as its argument; a failing command is reported once
/// and never stops the check.
@Suite(.serialized) struct NotifyCommandTests {
    /// Puts `notify_command = COMMAND` at the top of config.toml (before the profile tables).
    private func setNotifyCommand(_ sandbox: SandboxProcess, _ command: String) throws {
        let file = sandbox.home.appendingPathComponent("config/config.toml")
        let text = try String(contentsOf: file, encoding: .utf8)
        let escaped = command.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        try ("notify_command = \"\(escaped)\"\n" + text).write(to: file, atomically: true, encoding: .utf8)
    }

    private func sendPM(_ sandbox: SandboxProcess, subject: String) throws -> Int {
        let answer = try runProgram(["curl", "-s", "-X", "POST", "-H", "Content-Type: text/plain", "--data-binary", "hello",
                                     sandbox.baseURL + "_sandbox/pm?from=Zo%C3%AB&to=Missive%20Tester&subject=\(subject)"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.output.utf8)) as? [String: Any])
        return try #require(object["id"] as? Int)
    }

    @Test func eachNewThingIsToldOnceWithItsEnvironment() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        let log = sandbox.home.appendingPathComponent("told.log")
        // The title comes as the command's argument too: `f "$1"`.
        try setNotifyCommand(sandbox, "f() { printf '%s|%s|%s|%s\\n' \"$MISSIVE_NOTIFY_KIND\" \"$MISSIVE_NOTIFY_TITLE\" \"$MISSIVE_NOTIFY_URL\" \"$1\" >> '\(log.path)'; }; f")
        let first = try sendPM(sandbox, subject: "Lunch%3F")
        let run = try sandbox.run(["status", "--notify"])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.output.contains("Notified: PM from Zoë: Lunch?\n"), "\(run.output)")
        var lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        let expected = "pm|PM from Zoë: Lunch?|\(sandbox.baseURL)private.php?action=show&privatemessageid=\(first)|PM from Zoë: Lunch?"
        #expect(lines.contains(expected), "\(lines)")
        #expect(lines.count == 2, "the seeded welcome message and this one: \(lines)")

        let again = try sandbox.run(["status", "--notify", "--json"])
        #expect(again.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: again.stdout) as? [String: Any])
        #expect((object["notified"] as? [Any])?.isEmpty == true, "nothing new: nothing told")
        #expect(try String(contentsOf: log, encoding: .utf8).split(separator: "\n").count == 2)

        _ = try sendPM(sandbox, subject: "Dinner%3F")
        #expect(try sandbox.run(["status", "--notify"]).status == 0)
        lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 3 && lines.last?.hasPrefix("pm|PM from Zoë: Dinner?|") == true, "\(lines)")
    }

    @Test func aFailingCommandIsReportedOnceAndTheCheckStillShows() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        try setNotifyCommand(sandbox, "exit 3")
        let run = try sandbox.run(["status", "--notify"])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.output.contains("Private messages\n"))
        #expect(run.errorOutput.contains("missive: could not notify \"PM from Zoë: Welcome, Missive Tester\": the notify command exited with status 3"),
                "\(run.errorOutput)")
        let again = try sandbox.run(["status", "--notify"])
        #expect(again.status == 0 && !again.errorOutput.contains("could not notify"), "reported once")
    }

    @Test func aCommandThatHangsIsKilledAfterTenSecondsAndReportedOnce() throws {
        let sandbox = try SandboxProcess()
        try sandbox.logIn()
        try setNotifyCommand(sandbox, "sleep 60; true")
        let started = Date()
        let run = try sandbox.run(["status", "--notify"])
        let took = Date().timeIntervalSince(started)
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(took >= 10 && took < 30, "\(took) s")
        #expect(run.errorOutput.contains("ran over 10 s and was stopped"), "\(run.errorOutput)")
        #expect(run.output.contains("Private messages\n"))
        let again = try sandbox.run(["status", "--notify"])
        #expect(again.status == 0 && !again.errorOutput.contains("ran over"), "reported once")
    }

    @Test func theSenderWatchChecksForNewsAndTellsIt() async throws {
        // OutboxWorld's config lines go at the top of config.toml.
        let world = try await OutboxWorld(config: ["undo_window = 0", "notify_command = \"true\""])
        let watch = try world.start(["send", "--watch"])
        // The first check is made as the watch starts; the seeded welcome PM is news.
        let told = await eventually(within: 20) { watch.output.contains("notified (sandbox): PM from Zoë: Welcome, Missive Tester") }
        #expect(told, "\(watch.output)")
        watch.signal(SIGINT)
        #expect(await watch.exitStatus(within: 20) == 130, "\(watch.output)")
    }
}
