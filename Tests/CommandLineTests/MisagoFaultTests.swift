import Foundation
import Synchronization
import Testing

/// The outbox's promises against the real Misago engine, through the built `missive send`: the
/// engine killed while a reply is in flight (before it stores it, and after), a closed thread,
/// its flood interval, a session that expired, a CSRF token it no longer accepts. Each counts
/// what reached the engine from its own API and its own request log (`run/misago.log`).
/// The moments to kill at come from scripts/engine.sh's fault hook (files in `run/`), which holds
/// a posting request inside the engine; the kill itself is a real SIGKILL of runserver.
extension MisagoEndToEndTests {
    @Suite struct Faults {
        static let run = MisagoEndToEndTests.engineHome.appendingPathComponent("run")
        static let handedOut = Mutex(0)

        /// A member no other test of this process posts as: Misago's flood interval is per user.
        static func freshMember() throws -> String {
            let index = handedOut.withLock { count in
                defer { count += 1 }
                return count
            }
            let members = try MisagoEndToEndTests.members.get()
            return try #require(members.indices.contains(index) ? members[index] : nil, "more members asked for than made")
        }

        /// A world with a fresh member, the admin's new thread, and the member's reply to it (its
        /// text holding a token of its own) queued.
        struct Setup {
            var home: URL, environment: [String: String], base: URL, member: String, thread: Int, token: String
        }

        static func replyQueued(_ label: String, config: [String] = []) throws -> Setup {
            let member = try freshMember()
            let (home, environment, base, _) = try MisagoEndToEndTests.world(member: member, config: config)
            let thread = try MisagoEndToEndTests.openThread(in: home, environment: environment)
            let token = "misago-\(label)-\(UUID().uuidString.prefix(8))"
            try queueReply("A reply (\(label)) \(token)", to: thread, home: home, environment: environment)
            return Setup(home: home, environment: environment, base: base, member: member, thread: thread, token: token)
        }

        /// Queues the member's reply holding `text` to `thread`.
        static func queueReply(_ text: String, to thread: Int, home: URL, environment: [String: String]) throws {
            let body = home.appendingPathComponent("reply-\(UUID().uuidString).md")
            try (text + "\n").write(to: body, atomically: true, encoding: .utf8)
            let queued = try runMissive(["reply", String(thread), "--profile", "member", "--no-edit", "--body-file", body.path, "--queue"],
                                        environment: environment)
            #expect(queued.status == 0, "\(queued.errorOutput)")
        }

        /// How many posts of the thread hold `token`, read from the engine's API.
        static func posts(holding token: String, in thread: Int, on base: URL) throws -> Int {
            let data = try Data(contentsOf: base.appendingPathComponent("api/threads/\(thread)/posts/"))
            let page = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let posts = (page["post_set"] as? [String: Any])?["results"] as? [[String: Any]] ?? []
            return posts.filter { ($0["content"] as? String ?? "").contains(token) }.count
        }

        /// The engine's request log, one `METHOD PATH STATUS` a line (runserver writes a request's
        /// line just after its answer, so a moment is given for the last one).
        static func requestLog() -> [String] {
            Thread.sleep(forTimeInterval: 0.3)
            let text = (try? String(contentsOf: run.appendingPathComponent("misago.log"), encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { line in
                guard let match = line.firstMatch(of: #/"(\w+) (\S+) HTTP/[\d.]+" (\d{3})/#) else { return nil }
                return "\(match.1) \(match.2) \(match.3)"
            }
        }

        /// The statuses of the POSTs to `path` logged after `before` lines.
        static func posts(to path: String, since before: Int) -> [String] {
            requestLog().dropFirst(before).filter { $0.hasPrefix("POST \(path) ") }.map { String($0.split(separator: " ")[2]) }
        }

        /// Rewrites one cookie of the profile's jar (a Netscape file: tab-separated fields).
        static func setCookie(_ name: String, to value: String, profile: String, home: URL) throws {
            let jar = home.appendingPathComponent("data/cookies/\(profile).txt")
            let text = try String(contentsOf: jar, encoding: .utf8)
            var changed = false
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                var fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard fields.count == 7, fields[5] == name else { return String(line) }
                fields[6] = value
                changed = true
                return fields.joined(separator: "\t")
            }
            #expect(changed, "no \(name) cookie in \(jar.path)")
            try lines.joined(separator: "\n").write(to: jar, atomically: true, encoding: .utf8)
        }

        /// A write to the engine's API as the admin, with the admin profile's own jar (curl reads
        /// the Netscape file libcurl wrote). Returns the HTTP status.
        static func adminWrite(_ method: String, _ path: String, json: String, home: URL, base: URL) throws -> Int {
            let jar = home.appendingPathComponent("data/cookies/admin.txt")
            let lines: [[Substring]] = try String(contentsOf: jar, encoding: .utf8).split(separator: "\n")
                .map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
            let cookie: [Substring]? = lines.last { $0.count == 7 && $0[5] == "csrftoken" }
            let token = cookie.map { String($0[6]) } ?? ""
            let url: String = base.appendingPathComponent(path).absoluteString
            let arguments: [String] = ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", method, "-b", jar.path,
                                       "-H", "X-CSRFToken: " + token, "-H", "Referer: " + base.absoluteString,
                                       "-H", "Content-Type: application/json", "--data", json, url]
            let result = try runProgram(arguments)
            return Int(result.output) ?? 0
        }

        static func engineScript(_ command: String) throws -> (status: Int32, output: String) {
            try runProgram(["bash", MisagoEndToEndTests.packageRoot.appendingPathComponent("scripts/engine.sh").path, command],
                           environment: childEnvironment(["MISSIVE_ENGINE_HOME": MisagoEndToEndTests.engineHome.path]))
        }

        enum Moment: String, CaseIterable, CustomStringConvertible {
            case before, after
            var description: String { "killed \(rawValue) the engine stores the reply" }
        }

        @Test(arguments: Moment.allCases)
        func anEngineKilledMidSendIsReconciledNeverDoubled(_ moment: Moment) async throws {
            let setup = try Self.replyQueued("killed-\(moment.rawValue)", config: ["retry_base = 1", "reconcile_grace = 2"])
            let (home, environment, base, thread, token) = (setup.home, setup.environment, setup.base, setup.thread, setup.token)
            defer { try? FileManager.default.removeItem(at: home) }

            let hold = Self.run.appendingPathComponent("hold-\(moment.rawValue)-post")
            let held = Self.run.appendingPathComponent("held")
            try? FileManager.default.removeItem(at: held)
            FileManager.default.createFile(atPath: hold.path, contents: nil)
            defer {
                try? FileManager.default.removeItem(at: hold)
                try? FileManager.default.removeItem(at: held)
            }
            let before = Self.requestLog().count
            let sender = try Launched(["send"], environment: environment, log: home.appendingPathComponent("send.log"))
            #expect(await eventually(within: 30) { FileManager.default.fileExists(atPath: held.path) }, "the engine never held the reply")
            // The engine dies with the request in its hands: no answer ever comes.
            let pid = try #require(Int32(try String(contentsOf: Self.run.appendingPathComponent("misago.pid"), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(kill(pid, SIGKILL) == 0)
            #expect(await eventually(within: 10) { (try? Self.engineScript("status").status) != 0 }, "runserver outlived SIGKILL")
            try FileManager.default.removeItem(at: hold)
            #expect(await eventually(within: 30) { sender.output.contains("no clear answer") }, "\(sender.output)")
            // What the kill left: the reply stored (killed after), or not (killed before).
            let restarted = try Self.engineScript("start")
            #expect(restarted.status == 0, "\(restarted.output)")
            #expect(restarted.output.hasSuffix(base.absoluteString + "\n"), "the engine came back elsewhere: \(restarted.output)")
            #expect(try Self.posts(holding: token, in: thread, on: base) == (moment == .after ? 1 : 0))

            // The same `missive send` waits the engine out, asks it, and finishes the item.
            let status = await sender.exitStatus(within: 120)
            #expect(status == 0, "\(sender.output)")
            #expect(sender.output.contains("checking with the forum whether it arrived"), "\(sender.output)")
            #expect(sender.output.contains(moment == .after ? ": sent: it had arrived (post " : ": sent: post "), "\(sender.output)")
            // Found where it landed (no second POST is logged: the held one died unlogged), or sent
            // once more after the check found nothing.
            #expect(Self.posts(to: "/api/threads/\(thread)/posts/", since: before) == (moment == .after ? [] : ["200"]))
            #expect(try Self.posts(holding: token, in: thread, on: base) == 1)
            let show = try runMissive(["queue", "show", "2", "--json"], environment: environment)
            let item = try #require(try JSONSerialization.jsonObject(with: show.stdout) as? [String: Any])
            #expect(item["state"] as? String == "sent" && item["post_id"] is Int, "\(item)")
        }

        @Test func aClosedThreadTakesOneRequestAndFailsTheItem() throws {
            let setup = try Self.replyQueued("closed")
            let (home, environment, base, thread, token) = (setup.home, setup.environment, setup.base, setup.thread, setup.token)
            defer { try? FileManager.default.removeItem(at: home) }
            #expect(try Self.adminWrite("PATCH", "api/threads/\(thread)/", json: #"[{"op":"replace","path":"is-closed","value":true}]"#,
                                        home: home, base: base) == 200)
            let before = Self.requestLog().count
            let sent = try runMissive(["send"], environment: environment)
            #expect(sent.status == 1, "\(sent.errorOutput)")
            #expect(sent.errorOutput.contains("failed: the thread is closed"), "\(sent.errorOutput)")
            #expect(Self.posts(to: "/api/threads/\(thread)/posts/", since: before) == ["403"])
            let show = try runMissive(["queue", "show", "2", "--json"], environment: environment)
            let item = try #require(try JSONSerialization.jsonObject(with: show.stdout) as? [String: Any])
            #expect(item["state"] as? String == "failed" && item["post_id"] is NSNull, "\(item)")
            #expect(try Self.posts(holding: token, in: thread, on: base) == 0)
            // A second send does not try again.
            let again = Self.requestLog().count
            _ = try runMissive(["send"], environment: environment)
            #expect(Self.posts(to: "/api/threads/\(thread)/posts/", since: again).isEmpty)
        }

        @Test func theSecondOfTwoRepliesWaitsOutTheFloodIntervalAndLandsOnce() throws {
            let (home, environment, base, _) = try MisagoEndToEndTests.world(member: try Self.freshMember())
            defer { try? FileManager.default.removeItem(at: home) }
            let thread = try MisagoEndToEndTests.openThread(in: home, environment: environment)
            let tokens = (1...2).map { "misago-flood-\($0)-\(UUID().uuidString.prefix(8))" }
            for token in tokens { try Self.queueReply("Back to back \(token)", to: thread, home: home, environment: environment) }
            let before = Self.requestLog().count
            let started = Date()
            let sent = try runMissive(["send"], environment: environment)
            let took = Date().timeIntervalSince(started)
            #expect(sent.status == 0, "\(sent.errorOutput)")
            #expect(sent.errorOutput.contains("flood control: You can't post message so quickly"), "\(sent.errorOutput)")
            // The engine refused the second once, and it went in after the interval the engine keeps.
            #expect(Self.posts(to: "/api/threads/\(thread)/posts/", since: before) == ["200", "403", "200"])
            #expect(took >= 3, "the send took \(took) s")
            for token in tokens { #expect(try Self.posts(holding: token, in: thread, on: base) == 1) }
        }

        @Test func anExpiredSessionWithoutAPasswordExits77AndKeepsTheItem() throws {
            let setup = try Self.replyQueued("expired")
            let (home, environment, base, thread, token) = (setup.home, setup.environment, setup.base, setup.thread, setup.token)
            defer { try? FileManager.default.removeItem(at: home) }
            // The engine no longer knows the session (as when it expires).
            try Self.setCookie("sessionid", to: "expiredsession0000000000000000000", profile: "member", home: home)
            let sent = try runMissive(["send"], environment: environment)
            #expect(sent.status == 77, "\(sent.errorOutput)")
            #expect(sent.errorOutput.contains("missive login"), "\(sent.errorOutput)")
            let show = try runMissive(["queue", "show", "2", "--json"], environment: environment)
            let item = try #require(try JSONSerialization.jsonObject(with: show.stdout) as? [String: Any])
            #expect(item["state"] as? String != "failed" && item["state"] as? String != "sent", "\(item)")
            #expect(try Self.posts(holding: token, in: thread, on: base) == 0)
        }

        @Test func anExpiredSessionLogsInAgainWithThePasswordFromTheTerminal() throws {
            let setup = try Self.replyQueued("relogin")
            let (home, environment, base, member, thread, token) = (setup.home, setup.environment, setup.base, setup.member, setup.thread, setup.token)
            defer { try? FileManager.default.removeItem(at: home) }
            try Self.setCookie("sessionid", to: "expiredsession0000000000000000000", profile: "member", home: home)
            // A terminal is the password source `missive send` has: it asks there.
            let terminal = try TmuxTerminal(command: "\(BuiltBinary.url("missive").path) send", environment: childEnvironment(environment), term: "xterm")
            let deadline = Date().addingTimeInterval(30)
            while try !terminal.capture().contains("Password for \(member)") {
                guard Date() < deadline else { Issue.record("no prompt: \(try terminal.capture())"); return }
                Thread.sleep(forTimeInterval: 0.05)
            }
            try terminal.tmux(["send-keys", "-t", terminal.session, MisagoEndToEndTests.password, "Enter"])
            let screen = try terminal.waitForExit(seconds: 60)
            #expect(screen.contains("[exit 0]"), "\(screen)")
            #expect(try Self.posts(holding: token, in: thread, on: base) == 1)
        }

        @Test func aTokenTheEngineNoLongerAcceptsIsFetchedAfreshOnce() throws {
            let setup = try Self.replyQueued("csrf")
            let (home, environment, base, thread, token) = (setup.home, setup.environment, setup.base, setup.thread, setup.token)
            defer { try? FileManager.default.removeItem(at: home) }
            let stale = Self.run.appendingPathComponent("stale-csrf-once")
            FileManager.default.createFile(atPath: stale.path, contents: nil)
            defer { try? FileManager.default.removeItem(at: stale) }
            let before = Self.requestLog().count
            let sent = try runMissive(["send"], environment: environment)
            #expect(sent.status == 0, "\(sent.errorOutput)")
            // The marker's read, the refused POST, the index for a fresh token, the POST again.
            let posts = "/api/threads/\(thread)/posts/"
            #expect(Self.requestLog().dropFirst(before).filter { !$0.hasPrefix("GET /static") } ==
                    ["GET /api/threads/\(thread)/ 200", "POST \(posts) 403", "GET / 200", "POST \(posts) 200"])
            #expect(try Self.posts(holding: token, in: thread, on: base) == 1)
        }
    }
}
