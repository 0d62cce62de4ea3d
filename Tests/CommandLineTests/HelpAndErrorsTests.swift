import Foundation
import Testing

/// The command line's own contract: help that teaches, and argument errors with a usage status.
@Suite struct HelpAndErrorsTests {
    @Test func helpNamesTheProgramAndExitsZero() throws {
        let result = try runMissive(["--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("USAGE: missive"))
    }

    @Test func versionPrintsTheVersion() throws {
        let result = try runMissive(["--version"])
        #expect(result.status == 0)
        #expect(result.output.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
    }

    @Test func unknownSubcommandIsAUsageError() throws {
        let result = try runMissive(["no-such-command"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(!result.errorOutput.isEmpty)
    }
}
