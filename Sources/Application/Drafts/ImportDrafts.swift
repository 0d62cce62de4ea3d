import Common
import Compose
import Foundation
import Store

/// `drafts import`: buffer files made into drafts, all or none.
public struct ImportDrafts: Sendable {
    let store: Store
    let clock: @Sendable () -> Date
    let defaultProfile: String
    let console: any ConsoleOutput

    public init(store: Store, clock: @escaping @Sendable () -> Date, defaultProfile: String, console: any ConsoleOutput) {
        self.store = store
        self.clock = clock
        self.defaultProfile = defaultProfile
        self.console = console
    }

    /// Every file is read and checked before anything is stored; prints the new ids.
    public func run(_ paths: [String]) throws {
        var writes: [DraftWrite] = []
        for file in try BufferFileList.expand(paths) {
            let text = try TextInput.read(path: file, limit: ComposeEnvironment.defaultByteLimit)
            writes.append(DraftWrite(content: try Buffer.parse(text, source: file, defaultProfile: defaultProfile),
                                     note: "imported from \(URL(fileURLWithPath: file).lastPathComponent)"))
        }
        let drafts = try store.importDrafts(writes, now: clock())
        for draft in drafts { console.print(String(draft.id)) }
        console.note("imported \(drafts.count) draft(s)")
    }
}
