import Foundation
import Testing

@Suite(.serialized) struct SmiliesCommandTests {
    @Test func smiliesAreSearchedAndServedFromADailyCache() throws {
        let sandbox = try SandboxProcess()
        let all = try sandbox.run(["smilies"])
        #expect(all.status == 0)
        let search = try sandbox.run(["smilies", "CHEER", "--no-headers"])
        #expect(search.output.split(separator: "\n").allSatisfy { $0.lowercased().contains("cheer") })
        #expect(search.output.hasPrefix(":cheers:  "))
        #expect(try sandbox.run(["smilies", "CHEER"]).output.hasPrefix("CODE "))
        #expect(all.output.split(separator: "\n").count > search.output.split(separator: "\n").count + 1)

        // With the forum gone, the cached list still answers; a forced refresh cannot.
        sandbox.stop()
        #expect(try sandbox.run(["smilies", "cheer", "--no-headers"]).output == search.output)
        let refresh = try sandbox.run(["smilies", "--refresh"])
        #expect(refresh.status == 69)
        #expect(refresh.errorOutput.contains("cannot connect"))
    }
}
