import Application
import Common
import Compose
import Foundation
import Testing

@Suite("doctor's use case: what it reports, gathered")
struct DiagnoseSetupTests {
    /// The service's state as the composition root would read it; here a word, passed on as it is.
    struct FixedService: SenderServiceProbe {
        func read() -> String { "not installed" }
    }

    @Test("the store's counts, the editor, leftover buffers and the service's state, as found")
    func gathers() async throws {
        try await ApplicationFixture.with { fixture in
            let buffers = BufferDirectory(paths: fixture.paths).url
            try FileManager.default.createDirectory(at: buffers, withIntermediateDirectories: true)
            try Data("left behind".utf8).write(to: buffers.appendingPathComponent("new-1.md"))
            let found = try DiagnoseSetup(store: fixture.store, paths: fixture.paths, environment: ["EDITOR": "nano"],
                                          configuredEditor: nil, service: FixedService()).run(now: Date())
            #expect(found.store.healthy && found.store.openDrafts == 0 && found.mostOverdue == nil)
            #expect(found.editor?.value == "nano" && found.leftoverBuffers == 1 && found.service == "not installed")
            #expect(!found.configExists && found.buffers == buffers.path && !found.storeMode.isEmpty)

            let dumb = try DiagnoseSetup(store: fixture.store, paths: fixture.paths, environment: ["TERM": "dumb"],
                                         configuredEditor: nil, service: FixedService()).run(now: Date())
            #expect(dumb.editor == nil)
        }
    }
}
