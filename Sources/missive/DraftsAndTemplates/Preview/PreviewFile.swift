import Common
import Foundation

/// Writes a page through the private writer: atomically, never through a link left at its name.
enum PreviewFile {
    static func write(_ text: String, to url: URL) throws(PreviewCommandError) {
        do {
            try PrivateFile.write(Data(text.utf8), to: url)
        } catch {
            throw .cannotWrite(url.path, reason: Self.folderProblem(url.deletingLastPathComponent()) ?? error.reason)
        }
    }

    /// What is wrong with the folder, said in its words rather than the system's.
    private static func folderProblem(_ directory: URL) -> String? {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) { return "no such directory" }
        if !isDirectory.boolValue { return "\(directory.path) is not a directory" }
        return nil
    }
}

/// Where `preview --html` puts the page, and what it says about it.
enum PreviewDestination: Equatable {
    /// Piped, without --output or --open: the HTML itself, for the next program.
    case standardOutput
    /// `--output FILE`.
    case chosen(URL)
    /// A file named after what is previewed, in Missive's state directory: for a browser to open
    /// (--open), or because standard output is a terminal, where 60 lines of HTML help nobody.
    case kept(URL)

    static func choose(output: String?, open: Bool, target: String, paths: MissivePaths,
                       terminal: Bool = isatty(STDOUT_FILENO) == 1) -> PreviewDestination {
        if let output { return .chosen(URL(fileURLWithPath: output)) }
        guard open || terminal else { return .standardOutput }
        return .kept(paths.state.appendingPathComponent("previews", isDirectory: true)
            .appendingPathComponent(PreviewName(target).fileName))
    }

    /// Writes `page` there; says where on standard error, or opens it (--open), which then says
    /// only what went wrong.
    func deliver(_ page: String, target: String, open: Bool) throws(PreviewCommandError) {
        let file: URL
        switch self {
        case .standardOutput:
            return Console.write(page)
        case let .chosen(url):
            file = url
        case let .kept(url):
            file = url
            // The state directory may not exist yet on a fresh machine; a failure shows in the write.
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                     attributes: [.posixPermissions: 0o700])
        }
        try PreviewFile.write(page, to: file)
        guard open else { return Console.note("wrote preview of \(PreviewName(target).described) to \(file.path)") }
        if let failure = Browser.open(file) { throw .cannotOpen(file.path, failure) }
    }
}

/// What is previewed, as a message names it and as its page's file is called: draft 3 is
/// "draft-3.html", post.md "post.html", standard input "standard-input.html".
struct PreviewName {
    var described: String
    var fileName: String

    /// The same reading as `PreviewDraft.source`: a file of that name first, else a draft id.
    init(_ target: String) {
        if target == "-" {
            (described, fileName) = ("standard input", "standard-input.html")
        } else if !FileManager.default.fileExists(atPath: target), let id = DraftIDText.parse(target) {
            (described, fileName) = ("draft \(id)", "draft-\(id).html")
        } else {
            let url = URL(fileURLWithPath: target)
            let stem = url.deletingPathExtension().lastPathComponent
            described = url.lastPathComponent
            fileName = (stem.isEmpty || stem.hasPrefix(".") ? "preview" : stem) + ".html"
        }
    }
}
