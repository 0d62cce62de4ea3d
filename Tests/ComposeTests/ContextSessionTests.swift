import Common
import Foundation
import Store
import Testing
@testable import Compose

/// An editing session with context below the cut line, driven by shell scripts as the editor:
/// the editor sees the context, the store never does, whatever the user types under it.
@Suite struct ContextSessionTests {
    /// Words that appear only in the context, to search the store for.
    static let marker = "zanzibarcontextword"

    static let context = BufferContext(heading: "Thread 7: the last 2 posts, newest last.", entries: [
        BufferContext.Entry(header: "Zoë · Nov 27, 2026 14:02 · post 11", text: "an older post about \(marker)"),
        BufferContext.Entry(header: "sandbox · Nov 27, 2026 14:05 · post 12", text: "the newest post\n> quoting \(marker)"),
    ])

    static let extras = SessionExtras(notices: ["draft 3 for thread 7 is open: continuing it"], context: context)

    /// A script line that appends `text` at the very end of the buffer, below the context.
    static func typeBelowTheCut(_ text: String) -> String {
        "printf '%s\\n' '\(text)' >> \"$1\""
    }

    /// Every text the store holds for its drafts: current bodies, raw texts, every revision's.
    func everythingStored(_ store: Store) throws -> String {
        var texts: [String] = []
        for summary in try store.list(includeDeleted: true) {
            for revision in try store.revisions(of: summary.id) {
                texts += [revision.content.body, revision.content.subject, revision.raw ?? "", revision.problem ?? ""]
            }
        }
        return texts.joined(separator: "\n")
    }

    @Test func theEditorSeesTheContextAndTheRevisionHoldsNoneOfItEvenWithTextTypedBelowTheCut() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let seen = fixture.root.appendingPathComponent("seen.md")
        let environment = try fixture.environment(editor: """
            cp "$1" "\(seen.path)"
            \(Edits.writeBody("my answer"))
            \(Self.typeBelowTheCut("typed under the posts \(Self.marker)"))
            """)
        let result = try await EditSession(environment: environment).compose(reply7, extras: Self.extras)
        guard case let .created(draft) = result.outcome else {
            Issue.record("not created: \(result)")
            return
        }
        let shown = try String(contentsOf: seen, encoding: .utf8)
        #expect(shown.contains(CutLine.explanation))
        #expect(shown.contains("─── Zoë · Nov 27, 2026 14:02 · post 11\nan older post about \(Self.marker)"))
        #expect(shown.hasPrefix("<!-- Missive: draft 3 for thread 7 is open: continuing it\n-->\n---\n"))

        #expect(draft.content.body == "my answer")
        #expect(draft.raw == nil)
        #expect(try fixture.store.search(Self.marker).isEmpty)
        #expect(try fixture.store.search("typed").isEmpty)
        #expect(try fixture.store.search("answer").map(\.id) == [draft.id])
        let stored = try everythingStored(fixture.store)
        #expect(!stored.contains(Self.marker) && !stored.contains(">8"), "\(stored)")
        #expect(fixture.bufferFiles.isEmpty)
    }

    /// An editor set to DOS line endings (vim's `:set fileformat=dos`) writes CRLF: the cut and the
    /// notice are found all the same, and the user's text is kept.
    @Test(arguments: [true, false])
    func aBufferSavedWithCRLFLineEndingsIsReadTheSame(withNotice: Bool) async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let environment = try fixture.environment(editor: """
            \(Edits.writeBody("written with CRLF"))
            \(Self.typeBelowTheCut("below the cut \(Self.marker)"))
            sed -i 's/$/\\r/' "$1"
            """)
        let extras = withNotice ? Self.extras : SessionExtras(context: Self.context)
        let result = try await EditSession(environment: environment).compose(reply7, extras: extras)
        guard case let .created(draft) = result.outcome else {
            Issue.record("not created: \(result)")
            return
        }
        #expect(draft.content.body == "written with CRLF")
        #expect(!(try everythingStored(fixture.store)).contains(Self.marker))
    }

    @Test func anExistingDraftEditedWithContextKeepsOnlyItsBody() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        var content = reply7
        content.body = "first version"
        let draft = try fixture.store.createDraft(DraftWrite(content: content), now: Date())
        let environment = try fixture.environment(editor: """
            sed -i 's/^first version$/second version/' "$1"
            \(Self.typeBelowTheCut("more below \(Self.marker)"))
            """)
        let result = try await EditSession(environment: environment).edit(draft, extras: Self.extras)
        guard case let .saved(saved, _) = result.outcome else {
            Issue.record("not saved: \(result)")
            return
        }
        #expect(saved.content.body == "second version")
        #expect(try fixture.store.revisions(of: draft.id).map(\.content.body) == ["first version", "second version"])
        #expect(!(try everythingStored(fixture.store)).contains(Self.marker))
    }

    /// Only below the cut did anything change: the draft is unchanged, no revision is made.
    @Test func typingOnlyBelowTheCutIsNoChange() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        var content = reply7
        content.body = "as it was"
        let draft = try fixture.store.createDraft(DraftWrite(content: content), now: Date())
        let environment = try fixture.environment(editor: Self.typeBelowTheCut("only here \(Self.marker)"))
        let result = try await EditSession(environment: environment).edit(draft, extras: Self.extras)
        #expect(result.outcome == .unchanged(try fixture.store.draft(draft.id)))
        #expect(try fixture.store.revisions(of: draft.id).count == 1)
    }

    @Test func afterAFrontMatterErrorTheReopenedBufferStillShowsTheContext() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let second = fixture.root.appendingPathComponent("second.md")
        let round = fixture.root.appendingPathComponent("round")
        let environment = try fixture.environment(editor: """
            if [ ! -e "\(round.path)" ]; then
              touch "\(round.path)"
              sed -i 's/^thread: 7/thread: seven/' "$1"
              \(Edits.writeBody("kept through the reopen"))
              \(Self.typeBelowTheCut("round one below the cut"))
            else
              cp "$1" "\(second.path)"
              sed -i 's/^thread: seven/thread: 8/' "$1"
            fi
            """)
        let result = try await EditSession(environment: environment).compose(reply7, extras: Self.extras)
        let shown = try String(contentsOf: second, encoding: .utf8)
        #expect(shown.hasPrefix("<!-- Missive: The front matter has errors"))
        #expect(shown.contains("thread: seven\n"))
        #expect(shown.contains("kept through the reopen"))
        // The context is there again, whole, under a cut line, after the user's text.
        let cutAt = try #require(shown.range(of: "------------------------ >8 ------------------------ "))
        #expect(shown.range(of: "kept through the reopen")!.lowerBound < cutAt.lowerBound)
        #expect(shown[cutAt.upperBound...].contains("─── Zoë · Nov 27, 2026 14:02 · post 11\nan older post about \(Self.marker)"))
        #expect(shown[cutAt.upperBound...].contains("─── sandbox · Nov 27, 2026 14:05 · post 12"))
        // One cut line, not one per round.
        #expect(shown.components(separatedBy: "------------------------ >8 ------------------------").count == 2)
        guard case let .created(draft) = result.outcome else {
            Issue.record("not created: \(result)")
            return
        }
        #expect(draft.content.target.thread == 8)
        #expect(draft.content.body == "kept through the reopen")
        #expect(!(try everythingStored(fixture.store)).contains(Self.marker))
    }

    /// A missing closing `---` and an unknown key, in a buffer with notices on top and context
    /// below: both are reported in one round, each at a line the reopened editor shows holding it.
    @Test func allFrontMatterErrorsAtOnceNameLinesOfTheReopenedBuffer() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let second = fixture.root.appendingPathComponent("second.md")
        let round = fixture.root.appendingPathComponent("round")
        let environment = try fixture.environment(editor: """
            if [ ! -e "\(round.path)" ]; then
              touch "\(round.path)"
              python3 - "$1" <<'PY'
            import sys
            path = sys.argv[1]
            lines = open(path, encoding="utf-8").read().split("\\n")
            closing = [i for i, l in enumerate(lines) if l == "---"][1]
            lines[closing] = "thred: 2"
            open(path, "w", encoding="utf-8").write("\\n".join(lines))
            PY
            else
              cp "$1" "\(second.path)"
            fi
            """)
        _ = try await EditSession(environment: environment).compose(reply7, extras: Self.extras)
        let shown = try String(contentsOf: second, encoding: .utf8)
        let lines = shown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let named = lines.prefix { !$0.hasPrefix("---") }.compactMap { line -> (Int, String)? in
            guard let range = line.range(of: #"line (\d+): "#, options: .regularExpression) else { return nil }
            return (Int(line[range].dropFirst(5).dropLast(2)) ?? 0, String(line[range.upperBound...]))
        }
        #expect(named.contains { $0.1.contains("unknown key `thred`") }, "\(shown)")
        #expect(named.contains { $0.1.contains("no closing `---` line") }, "\(shown)")
        for (number, message) in named {
            #expect(number >= 1 && number <= lines.count, "line \(number) of \(lines.count): \(message)")
            #expect(number <= lines.count && lines[number - 1] == "thred: 2", "line \(number) is not the key: \(shown)")
        }
        // The context is still below, and what was reported is above the cut.
        #expect(shown.contains("─── Zoë · Nov 27, 2026 14:02 · post 11"))
    }

    @Test func aDraftLeftFlaggedKeepsNoContextInItsRawText() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let environment = try fixture.environment(editor: """
            if ! grep -q 'kind: nonsense' "$1"; then
              sed -i 's/^kind: reply.*/kind: nonsense/' "$1"
              \(Edits.writeBody("flagged words"))
            fi
            """)
        let result = try await EditSession(environment: environment).compose(reply7, extras: Self.extras)
        guard case let .created(draft) = result.outcome else {
            Issue.record("not created: \(result)")
            return
        }
        #expect(draft.raw?.contains("flagged words") == true)
        #expect(draft.raw?.contains(">8") == false, "\(draft.raw ?? "")")
        #expect(!(try everythingStored(fixture.store)).contains(Self.marker))
    }

    /// A session killed with context in its buffer: recovery cuts with the token the lock file
    /// recorded, so the context does not become part of the recovered draft.
    @Test func recoveryOfAKilledSessionLeavesTheContextOut() throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let environment = try fixture.environment(editor: "true")
        let cut = CutLine.fresh()
        var content = reply7
        content.body = "written before the crash"
        let text = Buffer.render(content, context: Self.context, cut: cut) + "typed below \(Self.marker)\n"
        let file = try environment.buffers.create(for: .new, text: text, origin: reply7, cut: cut)
        file.release()  // as if the process died
        let reports = Recovery(environment: environment).run()
        #expect(reports.map(\.recovered) == [true], "\(reports)")
        let drafts = try fixture.store.list()
        #expect(drafts.count == 1)
        #expect(try fixture.store.draft(try #require(drafts.first).id).content.body == "written before the crash")
        #expect(!(try everythingStored(fixture.store)).contains(Self.marker))
    }

    /// The editor is told where the body starts: a script named `vim` gets `+N`, and line N of the
    /// buffer it was given is the body's first line, below the notices.
    @Test func anEditorNamedVimIsToldTheBodysFirstLine() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let directory = fixture.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = directory.appendingPathComponent("vim")
        let record = fixture.root.appendingPathComponent("cursor")
        try """
            #!/bin/sh
            line=${1#+}
            sed -n "${line}p" "$2" > "\(record.path)"
            """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        var environment = try fixture.environment(editor: "true")
        environment.editor = TerminalEditor(command: EditorCommand(value: script.path, source: "test"))

        var content = reply7
        content.body = "the first line of the body\nsecond"
        let draft = try fixture.store.createDraft(DraftWrite(content: content), now: Date())
        _ = try await EditSession(environment: environment).edit(draft, extras: Self.extras)
        #expect(try String(contentsOf: record, encoding: .utf8) == "the first line of the body\n")

        // A draft left flagged opens on its raw text under the error notice: still the body.
        var flagged = draft
        flagged.raw = "---\nkind: reply\nthread: seven\n---\nflagged first line\n"
        _ = try? await EditSession(environment: environment).edit(flagged, extras: Self.extras)
        #expect(try String(contentsOf: record, encoding: .utf8) == "flagged first line\n")
    }
}
