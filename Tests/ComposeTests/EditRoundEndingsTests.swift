import Common
import Foundation
import Store
import Testing
@testable import Compose

/// How an editing round may end besides a clean save: called off (`:cq`), bytes that are not
/// UTF-8, an emptied buffer, a NUL byte or too many bytes. Each keeps the user's text where the
/// message says, and none of them lets a later recovery make a draft nobody asked for.
@Suite struct EditRoundEndingsTests {
    static let extras = SessionExtras(notices: ["a notice from before the editor"], context: BufferContext(
        heading: "Thread 7: the last post.", entries: [BufferContext.Entry(header: "Zoë · post 11", text: "context text")]))

    /// `:w` then `:cq`: the text was written to the buffer, then the editor exited 1.
    @Test func writeThenAbortKeepsTheFileAndRecoveryNeverMakesADraftOfIt() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let environment = try fixture.environment(editor: Edits.writeBody("saved once, then called off") + "\nexit 1")
        var kept: String?
        do {
            let result = try await EditSession(environment: environment).compose(reply7, extras: Self.extras)
            Issue.record("saved anyway: \(result)")
        } catch let error as ComposeError {
            guard case let .editorExited(status, file?, after) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(status == 1 && error.status == .failure)
            #expect(after.contains("no draft was made"))
            #expect(error.description.contains(file))
            kept = file
        }
        let file = try #require(kept)
        #expect(URL(fileURLWithPath: file).lastPathComponent.hasPrefix("kept-new-"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(String(decoding: bytes, as: UTF8.self).contains("\nsaved once, then called off\n"))
        // Recovery, run as every later command runs it, twice: no draft, no history, the file as it was.
        for _ in 0..<2 {
            #expect(Recovery(environment: environment).run().isEmpty)
        }
        #expect(try fixture.store.list(includeDeleted: true).isEmpty)
        #expect(try fixture.store.history().isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == bytes)
        // Not even once its lock file is gone and a later session has come and gone.
        _ = try await EditSession(environment: try fixture.environment(editor: "true")).compose(reply7)
        #expect(Recovery(environment: environment).run().isEmpty)
        #expect(try fixture.store.list(includeDeleted: true).isEmpty)
    }

    @Test func writeThenAbortOnAnExistingDraftLeavesItsRevisionsAlone() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        var content = reply7
        content.body = "revision one"
        let draft = try fixture.store.createDraft(DraftWrite(content: content), now: Date())
        let environment = try fixture.environment(editor: "sed -i 's/^revision one$/changed, then :cq/' \"$1\"\nexit 1")
        await #expect(throws: ComposeError.self) {
            try await EditSession(environment: environment).edit(draft, extras: Self.extras)
        }
        #expect(fixture.bufferFiles.count == 1 && fixture.bufferFiles[0].hasPrefix("kept-draft-\(draft.id)-"))
        #expect(Recovery(environment: environment).run().isEmpty)
        #expect(try fixture.store.revisions(of: draft.id).map(\.content.body) == ["revision one"])
    }

    /// A script for two rounds: `first` in the first, `second` in the second; the buffer as the
    /// second round was given it is copied to `given`.
    func twoRounds(_ fixture: ComposeFixture, first: String, second: String, given: URL) throws -> ComposeEnvironment {
        let round = fixture.root.appendingPathComponent("round-\(UUID().uuidString)")
        return try fixture.environment(editor: """
            if [ ! -e "\(round.path)" ]; then
              touch "\(round.path)"
              \(first)
            else
              cp "$1" "\(given.path)"
              \(second)
            fi
            """)
    }

    /// 0xE9 is é in Latin-1: an editor set to it writes one byte that is not UTF-8.
    static let latin1Cafe = "printf 'caf\\351 au lait\\n' >> \"$1\""

    @Test func aByteThatIsNotUTF8ReopensTheEditorWithTheErrorOnTopAndTheBytesUntouched() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let given = fixture.root.appendingPathComponent("given.md")
        let environment = try twoRounds(fixture, first: Self.latin1Cafe,
                                        second: "LC_ALL=C sed -i 's/\\xe9/\\xc3\\xa9/g' \"$1\"", given: given)
        let result = try await EditSession(environment: environment).compose(reply7)
        let shownBytes = try Data(contentsOf: given)
        let shown = String(decoding: shownBytes, as: UTF8.self)
        #expect(shown.hasPrefix("<!-- Missive: "), "\(shown)")
        #expect(shown.contains("not valid UTF-8"), "\(shown)")
        #expect(shown.contains("Nothing was saved yet"))
        // The byte is still there as the editor wrote it, not replaced, not escaped.
        #expect(shownBytes.range(of: Data("caf\u{E9}".utf8)) == nil)
        #expect(shownBytes.range(of: Data([0x63, 0x61, 0x66, 0xE9, 0x20])) != nil)
        #expect(!shown.contains("\\xe9"))
        guard case let .created(draft) = result.outcome else {
            Issue.record("not created: \(result)")
            return
        }
        #expect(draft.content.body == "café au lait")
        #expect(result.problem == nil && draft.raw == nil)
        #expect(fixture.bufferFiles.isEmpty)
    }

    @Test func aSecondRoundStillNotUTF8IsSetAsideWithStatus65() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let given = fixture.root.appendingPathComponent("given.md")
        let environment = try twoRounds(fixture, first: Self.latin1Cafe,
                                        second: "true", given: given)
        do {
            let result = try await EditSession(environment: environment).compose(reply7)
            Issue.record("saved: \(result)")
        } catch let error as ComposeError {
            #expect(error.status == .dataError)
            #expect(error.status.rawValue == 65)
            guard case let .setAside(file, reason, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.contains("not valid UTF-8"))
            #expect(URL(fileURLWithPath: file).lastPathComponent.hasPrefix("kept-new-"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)).contains(0xE9))
        }
        #expect(try fixture.store.list(includeDeleted: true).isEmpty)
        #expect(Recovery(environment: environment).run().isEmpty)
        #expect(try fixture.store.list(includeDeleted: true).isEmpty)
    }

    @Test func anEmptiedBufferDiscardsANewDraftWithNothingStored() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let environment = try fixture.environment(editor: ": > \"$1\"")
        let result = try await EditSession(environment: environment).compose(reply7, extras: Self.extras)
        #expect(result.outcome == .discarded)
        #expect(result.problem == nil)
        #expect(try fixture.store.list(includeDeleted: true).isEmpty)
        #expect(try fixture.store.history().isEmpty)
        #expect(fixture.bufferFiles.isEmpty)
    }

    /// Everything above the cut deleted, the context left: as good as emptied.
    @Test func aBufferEmptiedDownToItsContextIsEmptiedToo() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let environment = try fixture.environment(editor: "sed -i '/ >8 /,$!d' \"$1\"")
        let result = try await EditSession(environment: environment).compose(reply7, extras: Self.extras)
        #expect(result.outcome == .discarded)
        #expect(try fixture.store.list(includeDeleted: true).isEmpty)
    }

    @Test func anEmptiedBufferLeavesAnExistingDraftUnchanged() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        var content = reply7
        content.body = "worth keeping"
        let draft = try fixture.store.createDraft(DraftWrite(content: content), now: Date())
        let historyBefore = try fixture.store.history().count
        let environment = try fixture.environment(editor: ": > \"$1\"")
        let result = try await EditSession(environment: environment).edit(draft, extras: Self.extras)
        #expect(result.outcome == .emptied(try fixture.store.draft(draft.id)))
        #expect(try fixture.store.draft(draft.id).content.body == "worth keeping")
        #expect(try fixture.store.revisions(of: draft.id).count == 1)
        #expect(try fixture.store.history().count == historyBefore)
        #expect(fixture.bufferFiles.isEmpty)
    }

    @Test(arguments: [
        ("printf 'a nul \\000 byte\\n' >> \"$1\"", "NUL byte", 0),
        ("head -c 5000 /dev/zero | tr '\\0' 'a' >> \"$1\"", "-byte limit", 4096),
    ])
    func aNulByteOrTooManyBytesAreSetAsideNamedWithHowToReadThemBack(script: String, words: String, limit: Int) async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let environment = try fixture.environment(editor: Edits.writeBody("text to keep") + "\n" + script,
                                                  byteLimit: limit == 0 ? ComposeEnvironment.defaultByteLimit : limit)
        var kept: String?
        do {
            let result = try await EditSession(environment: environment).compose(reply7, extras: Self.extras)
            Issue.record("saved: \(result)")
        } catch let error as ComposeError {
            #expect(error.status == .dataError)
            #expect(error.description.contains(words), "\(error.description)")
            guard case let .setAside(file, _, readBack) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(error.description.contains("your text is kept in \(file)"))
            #expect(readBack.contains("missive drafts import"))
            #expect(error.description.contains("missive drafts import"))
            // It no longer promises that the next command recovers it.
            #expect(!error.description.contains("recovered by the next"))
            kept = file
        }
        let file = URL(fileURLWithPath: try #require(kept))
        #expect(file.lastPathComponent.hasPrefix("kept-new-"))
        let bytes = try Data(contentsOf: file)
        #expect(String(decoding: bytes, as: UTF8.self).contains("text to keep"))
        #expect(Recovery(environment: environment).run().isEmpty)
        #expect(try Data(contentsOf: file) == bytes)
        #expect(try fixture.store.list(includeDeleted: true).isEmpty)
        #expect(try fixture.store.history().isEmpty)
    }

    @Test func aNulByteInAnExistingDraftSaysHowToBringItBackIntoThatDraft() async throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        var content = reply7
        content.body = "saved text"
        let draft = try fixture.store.createDraft(DraftWrite(content: content), now: Date())
        let environment = try fixture.environment(editor: "printf 'nul \\000\\n' >> \"$1\"")
        do {
            _ = try await EditSession(environment: environment).edit(draft)
            Issue.record("saved")
        } catch let error as ComposeError {
            #expect(error.description.contains("`missive drafts edit \(draft.id)` and paste it in"), "\(error.description)")
        }
        #expect(Recovery(environment: environment).run().isEmpty)
        #expect(try fixture.store.revisions(of: draft.id).count == 1)
        #expect(fixture.bufferFiles.count == 1 && fixture.bufferFiles[0].hasPrefix("kept-draft-\(draft.id)-"))
    }
}
