import Foundation
import Testing

/// Issue 31: a real store whose `draft` page has 256 bytes overwritten in the middle. Every
/// command that meets a draft on that page says it is damaged (exit 65) with what doctor found
/// and what to do, never "does not exist" (66); `doctor` names those drafts.
@Suite struct DamagedStoreTests {
    @Test func everyCommandThatMeetsADamagedDraftSaysSoAndDoctorNamesIt() throws {
        let home = try MissiveHome()
        #expect(try home.run(["init"]).status == 0)
        let folder = home.root.appendingPathComponent("import", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for number in 1...20 {
            try "---\nkind: reply\nthread: 3500001\nformat: bbcode\n---\nsalvage me \(number)\n"
                .write(to: folder.appendingPathComponent(String(format: "%02d.md", number)), atomically: true, encoding: .utf8)
        }
        let imported = try home.run(["drafts", "import", folder.path])
        #expect(imported.status == 0, "\(imported.errorOutput)")
        #expect(try home.drafts().count == 20)

        // Everything in the main file, then the middle of the draft table's page overwritten.
        let layout = try runProgram(["sqlite3", home.store, "PRAGMA wal_checkpoint(TRUNCATE);",
                                     "SELECT rootpage FROM sqlite_master WHERE name = 'draft';", "PRAGMA page_size;"])
        let numbers = layout.output.split(separator: "\n").compactMap { Int($0) }
        try #require(layout.status == 0 && numbers.count == 2, "\(layout.output)")
        let (page, size) = (numbers[0], numbers[1])
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: home.store))
        try handle.seek(toOffset: UInt64((page - 1) * size + size / 2 - 128))
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 256))
        try handle.close()

        let doctor = try home.run(["doctor", "--json"])
        #expect(doctor.status == 65)
        let report = try JSONSerialization.jsonObject(with: doctor.stdout) as? [String: Any]
        let damaged = (report?["unreadable_drafts"] as? [Int]) ?? []
        try #require(!damaged.isEmpty, "doctor names the unreadable drafts: \(doctor.output)")
        let plain = try home.run(["doctor"])
        #expect(plain.status == 65)
        #expect(plain.output.contains("damaged:   draft"), "\(plain.output)")

        let id = String(damaged[0])
        for arguments in [["drafts", "show", id], ["drafts", "history", id], ["drafts", "rm", id], ["queue", id]] {
            let result = try home.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.status) \(result.errorOutput)")
            #expect(result.errorOutput.contains("draft \(id) is damaged"), "\(arguments): \(result.errorOutput)")
            #expect(result.errorOutput.contains(".recover") && result.errorOutput.contains("missive drafts export"))
            #expect(!result.errorOutput.contains("does not exist"), "\(arguments): \(result.errorOutput)")
        }
        // A search finds what can be read, and names what matches but cannot be.
        let search = try home.run(["drafts", "search", "salvage"])
        #expect(search.status == 0, "\(search.errorOutput)")
        #expect(search.errorOutput.contains("is damaged") || search.errorOutput.contains("are damaged"), "\(search.errorOutput)")
        for number in damaged { #expect(search.errorOutput.contains(String(number))) }
        // A draft that never was still does not exist.
        let never = try home.run(["drafts", "show", "999"])
        #expect(never.status == 66 && never.errorOutput.contains("does not exist"), "\(never.errorOutput)")
    }
}
