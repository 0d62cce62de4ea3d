import Foundation
import Testing

/// `--json` on every command that lists or shows something (issue 13): the output parses, keeps
/// the keys scripts rely on (a key renamed or dropped fails here), every key is snake_case and
/// present even without a value, and every time is RFC 3339 with an offset.
@Suite(.serialized) struct JSONEverywhereTests {
    /// Keys that hold times: each is null or an RFC 3339 time.
    static let timeKeys: Set<String> = ["created_at", "updated_at", "due", "date", "started_at", "finished_at"]

    /// Parses `result`'s stdout, checks keys and times all the way down, and returns the objects
    /// at the top (the object, or each one of a list).
    @discardableResult
    private func check(_ result: CommandResult, _ command: [String], keys expected: Set<String>) throws -> [[String: Any]] {
        #expect(result.status == 0, "\(command): \(result.errorOutput)")
        let value = try JSONSerialization.jsonObject(with: result.stdout)
        let objects = (value as? [[String: Any]]) ?? (value as? [String: Any]).map { [$0] } ?? []
        #expect(!objects.isEmpty, "\(command) printed no object to check: \(result.output)")
        for object in objects {
            #expect(Set(object.keys) == expected, "\(command): keys \(object.keys.sorted()), expected \(expected.sorted())")
        }
        walk(value, command)
        return objects
    }

    /// Every key snake_case, every time key null or RFC 3339, and every string that starts like a
    /// date is RFC 3339 too (no second time format hiding under another name).
    private func walk(_ value: Any, _ command: [String], key: String? = nil) {
        if let object = value as? [String: Any] {
            for (name, child) in object {
                #expect(Self.isSnakeCase(name), "\(command): key \(name) is not snake_case")
                walk(child, command, key: name)
            }
        } else if let list = value as? [Any] {
            for child in list { walk(child, command, key: key) }
        } else if let text = value as? String {
            if let key, Self.timeKeys.contains(key) || text.wholeMatch(of: /\d{4}-\d\d-\d\d[T ].*/) != nil {
                #expect(Self.isRFC3339(text), "\(command): \(key) is \(text), not RFC 3339 with an offset")
            }
        } else if let key, Self.timeKeys.contains(key) {
            #expect(value is NSNull, "\(command): \(key) is neither a time nor null")
        }
    }

    /// The keys a `--json` help line names ("Print JSON: a list of id, subject (a, b), ..."), nil
    /// when it names none; parentheses list the keys a level down and are left out.
    static func documented(_ help: String) -> Set<String>? {
        let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard let start = flat.range(of: "Print JSON: ") else { return nil }
        let rest = String(flat[start.upperBound...]).replacing(/\([^)]*\)/, with: "")
        let list = rest[..<(rest.firstIndex(of: ".") ?? rest.endIndex)].replacingOccurrences(of: "a list of ", with: "")
        return Set(list.components(separatedBy: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }

    /// The keys `command --help` names, where it names them, are the keys it prints.
    private func expectHelpNames(_ keys: Set<String>, _ command: [String], help: CommandResult) {
        guard let named = Self.documented(help.output) else { return }
        #expect(named == keys, "\(command) --help names \(named.sorted()), it prints \(keys.sorted())")
    }

    static func isSnakeCase(_ key: String) -> Bool {
        key.wholeMatch(of: /[a-z][a-z0-9]*(_[a-z0-9]+)*/) != nil
    }

    static func isRFC3339(_ text: String) -> Bool {
        guard text.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)/) != nil else { return false }
        return ISO8601DateFormatter().date(from: text) != nil
    }

    @Test func theCheckRejectsWhatItShould() {
        #expect(Self.isSnakeCase("attempt_count") && !Self.isSnakeCase("replyTo") && !Self.isSnakeCase("reply-to"))
        #expect(Self.isRFC3339("2026-11-25T15:30:00Z") && Self.isRFC3339("2026-11-25T15:30:00+01:00"))
        #expect(Self.documented("--json  Print JSON: a list of id, tags (a, b), due.") == ["id", "tags", "due"])
        #expect(Self.documented("--json  Print JSON for scripts.") == nil)
        #expect(!Self.isRFC3339("2026-11-25 15:30:00") && !Self.isRFC3339("2026-11-25T15:30:00") && !Self.isRFC3339("Mar 4, 2013"))
    }

    @Test func localCommands() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let starters = BuiltBinary.packageRoot.appendingPathComponent("drafts/templates").path
        #expect(try home.run(["templates", "import", starters]).status == 0)
        let (reply, pm) = try QueueCommandTests.buffers(home)
        #expect(try home.run(["drafts", "edit", String(reply)], editor: try home.bodyEditor("More words.")).status == 0)
        #expect(try home.run(["queue", String(pm), "--at", "+2h"]).status == 0)

        let draftKeys: Set<String> = [
            "id", "kind", "thread", "post", "forum", "icon", "tag", "to", "reply_to", "forward", "subject", "profile",
            "state", "revisions", "revision", "updated_at", "flagged", "excerpt", "format", "body", "problem",
        ]
        let cases: [([String], Set<String>)] = [
            (["history"], ["id", "kind", "summary", "state", "created_at"]),
            (["templates", "list"], ["name", "kind", "parent", "summary"]),
            (["templates", "show", "pm-reply"], ["name", "parent", "summary", "fields", "body"]),
            (["drafts", "list"], draftKeys),
            (["drafts", "search", "reply"], draftKeys),
            (["drafts", "show", String(reply)], draftKeys),
            (["drafts", "history", String(reply)], ["revision", "current", "created_at", "words", "subject", "note", "needs_fixing"]),
            (["drafts", "diff", String(reply)], ["draft", "old_revision", "new_revision", "diff"]),
            (["drafts", "diff", String(pm)], ["draft", "old_revision", "new_revision", "diff"]),
            (["queue", "list"], QueueJSONTests.rowKeys),
            (["queue", "show", "1"], QueueJSONTests.itemKeys),
            (["themes", "list"], ["name", "parent", "source", "description", "files"]),
            (["themes", "show", "default"], ["name", "description", "chain", "keys"]),
            (["profiles", "list"], ["name", "engine", "base_url", "username", "dialect", "theme", "default"]),
            (["doctor"], [
                "config", "config_exists", "store", "read_only", "mode", "buffers", "migrations", "known_migrations", "journal",
                "drafts", "revisions", "templates", "history", "outbox", "editor", "editor_source", "leftover_buffers",
                "kept_buffers", "problems", "unreadable_drafts", "healthy", "service", "most_overdue",
            ]),
            (["service", "status"], [
                "unit", "installed", "systemd", "no_systemd_because", "active", "enabled", "exec_start", "environment",
                "watcher_pid", "summary",
            ]),
        ]
        for (command, keys) in cases {
            try check(try home.run(command + ["--json"]), command, keys: keys)
            expectHelpNames(keys, command, help: try home.run(command + ["--help"]))
        }

        let history = try check(try home.run(["drafts", "history", String(reply), "--json"]), [], keys: cases[6].1)
        #expect(history.map { $0["current"] as? Bool } == [false, true])
        let diff = try check(try home.run(["drafts", "diff", String(pm), "--json"]), [], keys: cases[7].1)
        #expect(diff.first?["old_revision"] is NSNull && diff.first?["diff"] is NSNull, "one revision: nothing to compare")
        let changed = try check(try home.run(["drafts", "diff", String(reply), "--json"]), [], keys: cases[7].1)
        #expect((changed.first?["diff"] as? String)?.contains("+More words.") == true)
        let templates = try check(try home.run(["templates", "show", "pm-reply", "--json"]), [], keys: cases[2].1)
        #expect((templates.first?["fields"] as? [String: String])?["kind"] == "pm")
        let keys = try check(try home.run(["themes", "show", "default", "--json"]), [], keys: cases[12].1)
        for key in (keys.first?["keys"] as? [[String: Any]]) ?? [] {
            #expect(Set(key.keys) == ["key", "value", "theme", "file", "line"])
        }
    }

    /// Tables give local time and, for recent changes, how long ago: no UTC "Z" time to convert.
    @Test func tablesGiveLocalTimeAndHowLongAgo() throws {
        let home = try MissiveHome()
        defer { home.remove() }
        let (reply, pm) = try QueueCommandTests.buffers(home)
        for command in [["history"], ["drafts", "history", String(reply)]] {
            let output = try home.run(command).output
            #expect(output.contains("(just now)") && output.wholeMatch(of: /(?s).*T\d\d:\d\d:\d\dZ.*/) == nil, "\(command): \(output)")
        }
        // Queued after the history check: the queue entry's summary quotes the due time in the outbox's own (UTC) words.
        #expect(try home.run(["queue", String(pm), "--at", "+2h"]).status == 0)
        let shown = try home.run(["queue", "show", "1"]).output
        #expect(shown.wholeMatch(of: /(?s).*state: +queued for ([A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d \(in 2 h\)\n.*/) != nil, "\(shown)")
    }

    @Test func forumCommands() throws {
        let sandbox = try SandboxProcess()
        #expect(try sandbox.run(["profiles", "add", "member", "--base-url", sandbox.baseURL, "--username", "sandbox",
                                 "--default"]).status == 0)
        try check(try sandbox.run(["login", "--password-stdin", "--json"], stdin: "sandbox\n"), ["login"], keys: Self.sessionKeys)
        // The sandbox profile has no username, dialect or theme: null, not missing.
        let profiles = try check(try sandbox.run(["profiles", "list", "--json"]), ["profiles", "list"],
                                 keys: ["name", "engine", "base_url", "username", "dialect", "theme", "default"])
        #expect(profiles.first { $0["name"] as? String == "sandbox" }?["theme"] is NSNull)

        let cases: [([String], Set<String>)] = [
            (["whoami"], Self.sessionKeys),
            (["inbox"], ["id", "subject", "correspondent", "date", "date_text", "unread", "replied", "forwarded"]),
            (["inbox", "list"], ["id", "subject", "correspondent", "date", "date_text", "unread", "replied", "forwarded"]),
            (["inbox", "show", "9000001"], ["id", "subject", "author", "date", "date_text", "text"]),
            (["pm", "show", "9000001"], ["id", "subject", "author", "date", "date_text", "text"]),
            (["smilies"], ["code", "group", "image_url", "title"]),
            (["icons", String(ThreadTagCommandTests.askTellForum)], ["forum_id", "post_icons", "tag_groups"]),
            (["read", "3500001"], ["post", "author", "date", "date_text", "text", "quotes_you", "ignored"]),
            (["bookmarks"], ["thread", "title", "unread"]),
            (["status"], ["profile", "messages", "threads", "quotes", "outbox", "unavailable"]),
        ]
        #expect(try sandbox.run(["bookmarks", "add", "3500001"]).status == 0)
        for (command, keys) in cases {
            let objects = try check(try sandbox.run(command + ["--json"]), command, keys: keys)
            expectHelpNames(keys, command, help: try sandbox.run(command + ["--help"]))
            // The forum's PM dates parse: a null date would be honest but useless here.
            if command.first == "inbox" || command.first == "pm" || command.first == "read" {
                #expect(objects.allSatisfy { $0["date"] is String }, "\(command): \(objects)")
            }
        }
    }

    /// `missive help json` documents the conventions above and names every command tested here.
    @Test func helpJSONIsATopicNamingTheRules() throws {
        let help = try runMissive(["help", "json"])
        #expect(help.status == 0, "\(help.errorOutput)")
        let text = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for words in ["snake_case", "null", "RFC 3339", "2026-11-25T15:30:00Z", "templates list, show",
                      "drafts list, show, search, history, diff", "inbox show, pm show", "themes list, show", "whoami"] {
            #expect(text.contains(words), "missive help json does not say \(words)")
        }
        // Hidden: not a command in the list, and no guess for a typo.
        #expect(!(try runMissive(["--help"]).output.contains("  json ")))
        #expect(!(try runMissive(["jsn"]).errorOutput.contains("did you mean")))
    }

    static let sessionKeys: Set<String> = ["profile", "base_url", "logged_in", "userid", "username"]
}
