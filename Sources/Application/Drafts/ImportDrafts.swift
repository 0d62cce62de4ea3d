import Common
import Compose
import Foundation
import Store

/// `drafts import`: buffer files made into drafts, all or none.
public struct ImportDrafts: Sendable {
    let context: LocalContext

    public init(_ context: LocalContext) {
        self.context = context
    }

    /// Every file is read and checked before anything is stored; prints the new ids.
    public func run(_ paths: [String]) throws {
        var writes: [DraftWrite] = []
        for file in try BufferFileList.expand(paths) {
            let text = try TextInput.read(path: file, limit: ComposeEnvironment.defaultByteLimit)
            writes.append(DraftWrite(content: try Buffer.parse(text, source: file, defaultProfile: context.environment.defaultProfile),
                                     note: "imported from \(URL(fileURLWithPath: file).lastPathComponent)"))
        }
        let drafts = try context.store.importDrafts(writes, now: context.now)
        for draft in drafts { context.console.print(String(draft.id)) }
        context.console.note("imported " + counted(drafts.count, "draft"))
    }
}
