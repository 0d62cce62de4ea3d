import Foundation
import Testing

/// What every start of `missive` loads: the libraries its ELF header names as NEEDED. libcurl (and
/// the thirty libraries it brings) is opened at the first request (Sources/System/CCurl), never at
/// start; the live preview's server library, which would bring it through FoundationNetworking,
/// lives in `missive-live`. libxml2 (and the ICU it brings) is opened at the first page read.
@Suite struct StartupLibrariesTests {
    static func needed(_ binary: String) throws -> [String] {
        let result = try runProgram(["readelf", "-d", BuiltBinary.url(binary).path])
        try #require(result.status == 0, "readelf: \(result.output)")
        return result.output.split(separator: "\n").compactMap { line in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    @Test func missiveNeedsNeitherLibcurlNorFoundationNetworking() throws {
        let libraries = try Self.needed("missive")
        #expect(!libraries.isEmpty, "readelf found no NEEDED entry: is \(BuiltBinary.url("missive").path) an ELF file?")
        #expect(!libraries.contains { $0.hasPrefix("libcurl") || $0.hasPrefix("libFoundationNetworking") }, "\(libraries)")
        // Nor anything libcurl's TLS and authentication bring.
        #expect(!libraries.contains { ["libgnutls", "libssl", "libkrb5", "libldap", "libnghttp2"].contains(where: $0.hasPrefix) }, "\(libraries)")
    }

    /// Only reading a forum's pages needs libxml2; `convert`, `drafts` and `--version` don't.
    @Test func missiveOpensLibxml2OnlyWhenItReadsAPage() throws {
        let libraries = try Self.needed("missive")
        #expect(!libraries.isEmpty)
        #expect(!libraries.contains { ["libxml2", "libicu", "liblzma"].contains(where: $0.hasPrefix) }, "\(libraries)")
    }

    /// Only the store needs SQLite, which Debian's libsqlite3 makes costly to load (it binds all of
    /// its 1,500 symbols at load): CSQLite opens it at the first call, so a start loads it only if
    /// some call went around CSQLite's table.
    @Test func missiveOpensSQLiteOnlyWhenItOpensTheStore() throws {
        let libraries = try Self.needed("missive")
        #expect(!libraries.isEmpty)
        #expect(!libraries.contains { $0.hasPrefix("libsqlite3") }, "\(libraries)")
    }

    /// Opened at first use, SQLite can be missing or wrong when the store is reached: that
    /// command fails saying what to install, and a command without the store works on. (A
    /// `libsqlite3.so.0` without SQLite's functions, put first on the library path, stands in
    /// for a broken install; the real one cannot be taken away here.)
    @Test func aBrokenSQLiteIsNamedWhenTheStoreIsReached() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("empty.c")
        try "int not_sqlite;\n".write(to: source, atomically: true, encoding: .utf8)
        let built = try runProgram(["cc", "-shared", "-fPIC", "-o", directory.appendingPathComponent("libsqlite3.so.0").path, source.path])
        try #require(built.status == 0, "cc: \(built.output)")
        let environment = ["MISSIVE_HOME": directory.appendingPathComponent("home").path, "LD_LIBRARY_PATH": directory.path]

        let list = try runMissive(["drafts", "list"], environment: environment)
        #expect(list.status == 73, "\(list)")
        #expect(list.errorOutput.contains("missive: cannot open ") && list.errorOutput.contains("libsqlite3.so.0 has no sqlite3_") && list.errorOutput.contains("install libsqlite3-0"), "\(list)")
        #expect(!list.errorOutput.contains("Fatal error"), "\(list)")

        let convert = try runMissive(["convert"], stdin: Data("a *b*\n".utf8), environment: environment)
        #expect(convert.status == 0 && convert.output == "a [i]b[/i]\n", "\(convert)")
    }

    /// The server that does need them is its own program, started only by `--live`.
    @Test func theLivePreviewServerIsAProgramOfItsOwn() throws {
        #expect(FileManager.default.isExecutableFile(atPath: BuiltBinary.url("missive-live").path))
        let usage = try runMissive(["--port"], binary: "missive-live")
        #expect(usage.status == 64 && usage.errorOutput.contains("usage: missive-live --port N"), "\(usage)")
    }
}
