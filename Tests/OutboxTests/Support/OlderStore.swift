import Foundation
import GRDB
@testable import Store

/// A store file in a fresh temp folder laid out as an older Missive left it: migrated up to
/// `version` and filled by `fill` with raw SQL, then closed, for the migrations after it to carry.
struct OlderStore {
    let directory: URL
    var path: String { directory.appendingPathComponent(Store.fileName).path }

    init(upTo version: String, _ fill: (Database) throws -> Void) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("missive-old-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let old = try DatabaseQueue(path: directory.appendingPathComponent(Store.fileName).path)
        try Schema.migrator.migrate(old, upTo: version)
        try old.write(fill)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
