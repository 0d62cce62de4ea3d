import Common
import Foundation
import Testing

/// `notify_command` (top level and per profile) and `check_interval` (never under 2 minutes).
@Suite struct NotifyConfigTests {
    @Test func theCommandIsReadAtTheTopAndPerProfileAndWrittenBack() throws {
        let text = """
            notify_command = "notify-send Missive"
            check_interval = "5m"
            [profiles.sa]
            base_url = "https://forums.somethingawful.com/"
            notify_command = "printf '%s\\\\n'"
            [profiles.quiet]
            base_url = "http://127.0.0.1:8642/"
            """
        let config = try Config.parse(text, source: "config.toml")
        #expect(config.notifyCommand == "notify-send Missive")
        #expect(config.checkInterval == 300)
        #expect(try config.profile(named: "sa").notifyCommand == "printf '%s\\n'", "a TOML escape is read as one")
        #expect(try config.profile(named: "quiet").notifyCommand == nil)
        let again = try Config.parse(config.render(), source: "config.toml")
        #expect(again.notifyCommand == config.notifyCommand && again.checkInterval == 300)
        #expect(try again.profile(named: "sa").notifyCommand == "printf '%s\\n'", "a TOML escape is read as one")
        #expect(try Config.parse("", source: "config.toml").checkInterval == 600, "10 minutes unless said")
    }

    @Test(arguments: ["\"90s\"", "60", "\"1m\""])
    func anIntervalUnderTwoMinutesIsRefused(value: String) {
        do {
            _ = try Config.parse("check_interval = \(value)\n", source: "config.toml")
            Issue.record("check_interval = \(value) was taken")
        } catch {
            #expect(error.description.contains("config.toml:1: check_interval must be at least 2 minutes"), "\(error.description)")
        }
    }
}
