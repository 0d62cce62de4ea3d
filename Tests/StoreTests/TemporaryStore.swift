import Foundation
import Store

/// A store in a fresh temp directory, removed when the test is done with it.
struct TemporaryStore {
    let directory: URL
    let store: Store

    var path: String { store.path }

    init(busyTimeout: TimeInterval = 5) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("missive-store-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try Store(path: directory.appendingPathComponent(Store.fileName).path, busyTimeout: busyTimeout)
    }

    func reopen(busyTimeout: TimeInterval = 5) throws -> Store {
        try Store(path: path, busyTimeout: busyTimeout)
    }

    func remove() {
        try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
        try? FileManager.default.removeItem(at: directory)
    }
}

let now = Date(timeIntervalSince1970: 1_800_000_000)

func reply(_ thread: Int64, _ body: String, profile: String = "sandbox") -> DraftContent {
    DraftContent(kind: .reply, target: DraftTarget(thread: thread), body: body, profile: profile)
}

func fileBytes(_ path: String) -> Data {
    FileManager.default.contents(atPath: path) ?? Data()
}
