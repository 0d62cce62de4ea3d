import Common
import Testing

/// config.toml's `ssh_command` and `[remotes.NAME]` (issue 33): read, written back, refused when wrong.
@Suite struct RemoteConfigTests {
    @Test func remotesAndTheSSHCommandReadAndWriteBack() throws {
        let text = """
            ssh_command = "ssh -p 2222 -i ~/.ssh/box"

            [remotes.box]
            dest = "me@box.example"
            missive = "env MISSIVE_HOME=/srv/m /usr/bin/missive"

            [remotes.vps]
            dest = "vps"
            """
        let config = try Config.parse(text, source: "c")
        #expect(config.sshCommand == "ssh -p 2222 -i ~/.ssh/box")
        #expect(config.remotes == [Remote(name: "box", destination: "me@box.example", missive: "env MISSIVE_HOME=/srv/m /usr/bin/missive"),
                                   Remote(name: "vps", destination: "vps", missive: "missive")])
        #expect(try Config.parse(config.render(), source: "c") == config)
        #expect(try config.remote(named: "vps").destination == "vps")
        #expect(throws: ConfigError.unknownRemote("nas", known: ["box", "vps"])) { try config.remote(named: "nas") }
        #expect(Config().sshCommand == nil && Config().remotes.isEmpty, "ssh by default, and no remote")
    }

    @Test func aRemoteThatSSHCouldNotTakeIsRefusedWhereItIsWritten() {
        #expect(throws: ConfigError.missingKey(file: "c", table: "remotes.box", key: "dest")) {
            try Config.parse("[remotes.box]\nmissive = \"missive\"\n", source: "c")
        }
        #expect(throws: ConfigError.self) { try Config.parse("[remotes.box]\ndest = \"-oProxyCommand=evil\"\n", source: "c") }
        #expect(throws: ConfigError.self) { try Config.parse("[remotes.box]\ndest = \"a b\"\n", source: "c") }
        #expect(throws: ConfigError.badRemoteName(file: "c", line: 1, name: "my box")) {
            try Config.parse("[remotes.\"my box\"]\ndest = \"box\"\n", source: "c")
        }
        do {
            _ = try Config.parse("[remotes.box]\ndest = \"box\"\nport = 22\n", source: "c")
            Issue.record("an unknown key is refused")
        } catch {
            #expect(error.description.contains("remotes.box.port is not a setting Missive reads"), "\(error)")
        }
    }
}
