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

    /// The server that does need them is its own program, started only by `--live`.
    @Test func theLivePreviewServerIsAProgramOfItsOwn() throws {
        #expect(FileManager.default.isExecutableFile(atPath: BuiltBinary.url("missive-live").path))
        let usage = try runMissive(["--port"], binary: "missive-live")
        #expect(usage.status == 64 && usage.errorOutput.contains("usage: missive-live --port N"), "\(usage)")
    }
}
