import Foundation
import Testing

/// `make install` / `make uninstall` (scripts/install.sh) into a throw-away DESTDIR. The install
/// takes the already-built binaries (`--bin-dir`) rather than a release build: same files, minutes
/// faster. Serialized: the first install builds swift-argument-parser's generate-manual tool, and
/// two builds on one scratch path would only wait for each other.
@Suite(.serialized) struct InstallTests {
    static let prefix = "/usr/local"

    /// Runs scripts/install.sh with a clean environment plus `environment`.
    private func installScript(_ arguments: [String], environment: [String: String]) async throws -> (status: Int32, output: String) {
        let script = BuiltBinary.packageRoot.appendingPathComponent("scripts/install.sh").path
        let env = childEnvironment(environment)
        return try await offThePool { try runProgram(["bash", script] + arguments, environment: env) }
    }

    /// `make TARGET VARS...` in the package root, as a user types it.
    private func make(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let root = BuiltBinary.packageRoot
        let env = childEnvironment([:])
        return try await offThePool { try runProgram(["make", "-s"] + arguments, environment: env, directory: root) }
    }

    private func install(into destdir: URL) async throws {
        let result = try await installScript(
            ["install", "--bin-dir", BuiltBinary.directory.path],
            environment: ["DESTDIR": destdir.path, "PREFIX": Self.prefix])
        try #require(result.status == 0, "\(result.output)")
    }

    /// Every command path the binary knows ("missive drafts list"), from its own help dump: the
    /// man pages must cover exactly these.
    private func commandPaths(_ binary: String) throws -> [[String]] {
        let dump = try runMissive(["--experimental-dump-help"], binary: binary)
        let object = try JSONSerialization.jsonObject(with: dump.stdout) as? [String: Any]
        let root = try #require(object?["command"] as? [String: Any], "\(dump.errorOutput)")
        var paths: [[String]] = []
        func walk(_ command: [String: Any], _ parent: [String]) {
            guard let name = command["commandName"] as? String else { return }
            paths.append(parent + [name])
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub, parent + [name]) }
        }
        walk(root, [])
        return paths
    }

    private func files(under directory: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isDirectoryKey])
        return (enumerator?.allObjects as? [URL] ?? []).filter { url in
            (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) != true
        }.map { String($0.path.dropFirst(directory.path.count)) }.sorted()
    }

    @Test func everySubcommandHasAManPageThatManRenders() async throws {
        let destdir = try makeTemporaryDirectory("missive-install")
        defer { try? FileManager.default.removeItem(at: destdir) }
        try await install(into: destdir)
        let root = destdir.appendingPathComponent(String(Self.prefix.dropFirst()))
        let man1 = root.appendingPathComponent("share/man/man1")

        for program in ["missive", "missive-sandbox"] {
            let installed = root.appendingPathComponent("bin/\(program)")
            #expect(FileManager.default.isExecutableFile(atPath: installed.path), "\(program) is installed")
            let paths = try commandPaths(program)
            #expect(paths.count > (program == "missive" ? 40 : 1), "\(paths)")
            let expected = Set(paths.map { $0.joined(separator: ".") + ".1" })
            let pages = Set((try FileManager.default.contentsOfDirectory(atPath: man1.path))
                .filter { $0.hasPrefix(program + ".") || $0 == program + ".1" })
            #expect(pages == expected, "pages without a command: \(pages.subtracting(expected)), commands without a page: \(expected.subtracting(pages))")

            let files = paths.map { man1.appendingPathComponent($0.joined(separator: ".") + ".1").path }
            let renders = try await Self.render(files)
            try #require(renders.count == files.count)
            for ((path, page), rendered) in zip(zip(paths, files), renders) {
                #expect(rendered.status == 0, "\(page): \(rendered.output)")
                let lines = rendered.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                let name = lines.firstIndex(of: "NAME").flatMap { $0 + 1 < lines.count ? lines[$0 + 1] : nil }
                #expect(name?.hasPrefix(path.joined(separator: " ") + " ") == true, "\(page) NAME: \(name ?? "none")\n\(rendered.output)")
            }
        }
    }

    /// `man -l` on each page, several at a time: man spends most of its time waiting for its
    /// pipeline (preconv, tbl, nroff), not computing, so one page after another costs mostly waits.
    /// Results come back in the order of `pages`.
    private static func render(_ pages: [String], width: Int = 8) async throws -> [(status: Int32, output: String)] {
        // man writes to a file here, not a terminal, so it formats without a pager.
        let env = childEnvironment(["MANWIDTH": "80"])
        return try await withThrowingTaskGroup(of: (Int, (status: Int32, output: String)).self) { group in
            var results = [(status: Int32, output: String)?](repeating: nil, count: pages.count)
            for (index, page) in pages.enumerated() {
                if index >= width, let (done, result) = try await group.next() { results[done] = result }
                group.addTask { (index, try await offThePool { try runProgram(["man", "-l", page], environment: env) }) }
            }
            for try await (done, result) in group { results[done] = result }
            return results.compactMap { $0 }
        }
    }

    @Test func completionsAreInTheirStandardPlacesAndBashCompletesSubcommands() async throws {
        let destdir = try makeTemporaryDirectory("missive-install")
        defer { try? FileManager.default.removeItem(at: destdir) }
        try await install(into: destdir)
        let share = destdir.appendingPathComponent(String(Self.prefix.dropFirst()) + "/share")

        let bash = share.appendingPathComponent("bash-completion/completions/missive").path
        // bash calls a completion function with the command, the word being completed and the one before.
        func complete(_ words: [String]) async throws -> String {
            let line = words.joined(separator: " ")
            let script = """
                source "$1"
                COMP_WORDS=(\(words.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
                COMP_LINE='\(line)'; COMP_POINT=\(line.utf8.count)
                _missive missive "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                echo "${COMPREPLY[@]}"
                """
            let env = childEnvironment([:])
            let result = try await offThePool { try runProgram(["bash", "-c", script, "bash", bash], environment: env) }
            #expect(result.status == 0, "\(result.output)")
            return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try await complete(["missive", "dra"]) == "drafts")
        #expect(try await complete(["missive", "drafts", "hi"]) == "history")

        let zsh = try String(contentsOf: share.appendingPathComponent("zsh/site-functions/_missive"), encoding: .utf8)
        #expect(zsh.hasPrefix("#compdef missive"))
        let fish = try String(contentsOf: share.appendingPathComponent("fish/vendor_completions.d/missive.fish"), encoding: .utf8)
        #expect(fish.contains("complete -c 'missive'") || fish.contains("complete -c missive"), "\(fish.prefix(400))")
    }

    @Test func uninstallRemovesExactlyWhatInstallPutThere() async throws {
        let destdir = try makeTemporaryDirectory("missive-install")
        defer { try? FileManager.default.removeItem(at: destdir) }
        // Another program's man page and completion in the same directories must survive.
        let share = destdir.appendingPathComponent(String(Self.prefix.dropFirst()) + "/share")
        let others = ["man/man1/other.1", "bash-completion/completions/other"].map { share.appendingPathComponent($0) }
        for other in others {
            try FileManager.default.createDirectory(at: other.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("other\n".utf8).write(to: other)
        }
        let before = files(under: destdir)
        try await install(into: destdir)
        #expect(files(under: destdir).count > before.count + 60, "binaries, man pages and completions")

        let result = try await make(["uninstall", "DESTDIR=\(destdir.path)"])
        #expect(result.status == 0, "\(result.output)")
        #expect(files(under: destdir) == before)
        // Directories only the install needed are gone too.
        for dir in ["bin", "share/zsh", "share/fish"] {
            let path = destdir.appendingPathComponent(String(Self.prefix.dropFirst()) + "/" + dir).path
            #expect(!FileManager.default.fileExists(atPath: path), "\(dir) left behind")
        }
    }

    @Test(arguments: ["", "local", "usr/local"])
    func aPrefixThatIsNotAnAbsolutePathIsRefused(prefix: String) async throws {
        let destdir = try makeTemporaryDirectory("missive-install")
        defer { try? FileManager.default.removeItem(at: destdir) }
        let result = try await make(["install", "PREFIX=\(prefix)", "DESTDIR=\(destdir.path)"])
        #expect(result.status != 0)
        #expect(result.output.contains(prefix.isEmpty ? "error: PREFIX is empty" : "error: PREFIX must be an absolute path, not '\(prefix)'"), "\(result.output)")
        #expect(files(under: destdir).isEmpty)
        #expect(!result.output.contains("Compiling"), "refused before any build")
    }

    @Test func aDestdirThatCannotBeWrittenIsAClearError() async throws {
        let scratch = try makeTemporaryDirectory("missive-install")
        defer { try? FileManager.default.removeItem(at: scratch) }
        // A file where a directory should be stops root as well as anyone else.
        let file = scratch.appendingPathComponent("a-file")
        try Data().write(to: file)
        let result = try await installScript(
            ["install", "--bin-dir", BuiltBinary.directory.path],
            environment: ["DESTDIR": file.appendingPathComponent("stage").path])
        #expect(result.status != 0)
        #expect(result.output.contains("error: cannot create \(file.path)/stage/usr/local/bin"), "\(result.output)")
        #expect(result.output.contains("DESTDIR"), "the message names the variable to fix")

        // Permissions stop everyone but root (whom they never stop).
        if getuid() != 0 {
            let locked = scratch.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
            let denied = try await installScript(
                ["install", "--bin-dir", BuiltBinary.directory.path], environment: ["DESTDIR": locked.path])
            #expect(denied.status != 0)
            #expect(denied.output.contains("error: cannot create \(locked.path)/usr/local/bin"), "\(denied.output)")
        }
    }
}
