import Common
import Compose
import Foundation
import Store

/// `drafts export`: drafts written as buffer files (draft-ID.md) that `drafts import` reads back.
public struct ExportDrafts: Sendable {
    let context: LocalContext

    public init(_ context: LocalContext) {
        self.context = context
    }

    /// Writes the drafts (all open ones when `ids` is empty) into `directory`, made if missing;
    /// without a directory, prints the one draft asked for.
    public func run(_ ids: [Int64], to directory: String?) throws {
        let ids = ids.isEmpty ? try context.store.list().map(\.id) : ids
        let drafts = try ids.map { try context.store.draft($0) }
        guard let directory else {
            if let draft = drafts.first { context.console.print(draft.raw ?? Buffer.render(draft.content).trimmingTrailingNewlines()) }
            return
        }
        let url = URL(fileURLWithPath: directory, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for draft in drafts {
                try PrivateFile.write(Data((draft.raw ?? Buffer.render(draft.content)).utf8),
                                      to: url.appendingPathComponent("draft-\(draft.id).md"))
            }
        } catch let error as PrivateFile.WriteError {
            throw UseCaseError(.cantCreate, "cannot write into \(directory): \(error.reason)")
        } catch {
            throw UseCaseError(.cantCreate, "cannot write into \(directory): \(error.localizedDescription)")
        }
        context.console.note("wrote \(counted(drafts.count, "draft")) to \(directory)")
    }
}
