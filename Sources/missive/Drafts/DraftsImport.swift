import ArgumentParser
import Common
import Compose
import Foundation
import Store

struct DraftsImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Make drafts from buffer files (.md files with front matter), all or none.",
        discussion: """
            Takes files and directories (their .md files). Every file is checked first; one bad file \
            stops the import with its name and line, and nothing is stored. Prints the new ids.
            """)

    @Argument(help: ArgumentHelp("Buffer files or directories.", valueName: "path"))
    var paths: [String]

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give the files or directories to import") }
    }

    func run() async throws {
        let workspace = try Workspace.open()
        let files = try BufferFileList.expand(paths)
        var writes: [DraftWrite] = []
        for file in files {
            let text = try TextInput.read(path: file, limit: ComposeEnvironment.defaultByteLimit)
            writes.append(DraftWrite(content: try Buffer.parse(text, source: file, defaultProfile: workspace.config.defaultProfile),
                                     note: "imported from \(URL(fileURLWithPath: file).lastPathComponent)"))
        }
        let drafts = try workspace.store.importDrafts(writes, now: workspace.now)
        for draft in drafts { Console.print(String(draft.id)) }
        Console.note("imported \(drafts.count) draft(s)")
    }
}

/// Files named on the command line, with directories expanded to their `.md` files (sorted).
enum BufferFileList {
    static func expand(_ paths: [String]) throws -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CommandError(.noInput, "\(path): no such file or directory")
            }
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                files += names.filter { $0.hasSuffix(".md") }.sorted().map { (path as NSString).appendingPathComponent($0) }
            } else {
                files.append(path)
            }
        }
        if files.isEmpty { throw CommandError(.noInput, "no .md files in \(paths.joined(separator: ", "))") }
        return files
    }
}
