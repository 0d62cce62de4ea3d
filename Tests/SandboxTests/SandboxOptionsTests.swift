import ArgumentParser
import Common
import Foundation
import Sandbox
import SandboxOptions
import Testing

/// The options both `missive sandbox` and `missive-sandbox` parse: the defaults their help states
/// are the sandbox's own, and `missive sandbox` hands on exactly what it was given.
@Suite struct SandboxOptionsTests {
    @Test func optionsLeftOutMeanTheSandboxsOwnDefaults() throws {
        let options = try SandboxOptions.parse([])
        #expect(options.forumPort == UInt16(Config.sandboxPort))
        #expect(options.floodInterval == SandboxConfiguration.defaultFloodInterval)
        #expect(options.diceSeed == SandboxConfiguration().seed)
        #expect(options.dataDirectory == SandboxOptions.defaultDataDirectory())
        #expect(try SandboxOptions.parse(["--temp"]).dataDirectory == nil)
        #expect(try SandboxOptions.parse(["--data", "/tmp/forum"]).dataDirectory?.path == "/tmp/forum")
    }

    @Test func theArgumentsHandedOnAreThoseGiven() throws {
        let given = ["--port", "0", "--images-port", "9001", "--json", "--data", "/tmp/forum", "--flood", "0",
                     "--faults", "drop=0.1", "--seed", "7", "--theme", "dark", "--verbose"]
        #expect(try SandboxOptions.parse(given).arguments == given)
        #expect(try SandboxOptions.parse([]).arguments.isEmpty)
    }

    @Test func contradictionsAreRefusedBeforeTheSandboxStarts() {
        #expect(throws: (any Error).self) { try SandboxOptions.parse(["--temp", "--data", "/tmp/forum"]) }
        #expect(throws: (any Error).self) { try SandboxOptions.parse(["--flood", "-1"]) }
        #expect(throws: (any Error).self) { try SandboxOptions.parse(["--faults", " "]) }
    }
}
