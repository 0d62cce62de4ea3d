import Application
import ArgumentParser
import Common
import Compose

/// Options every creating command shares (reply, pm, thread, edit-post, new).
struct ComposeOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Start a new draft from this template (see `missive templates list`).", valueName: "name"))
    var template: String?

    @Option(name: .customLong("var"), help: ArgumentHelp("A template variable, NAME=VALUE (repeatable).", valueName: "name=value"))
    var variables: [String] = []

    @Option(name: .long, help: ArgumentHelp("The profile (forum account) the draft is for; default from config.", valueName: "name"))
    var profile: String?

    @Option(name: .long, help: ArgumentHelp("How the body is written.", valueName: "format"))
    var format: DraftFormat?

    @Option(name: .customLong("body-file"), help: ArgumentHelp("Take the body from FILE (- for stdin).", valueName: "file"))
    var bodyFile: String?

    @Flag(name: .customLong("no-edit"), help: "Save without opening the editor (with --body-file, a template, or text from the forum).")
    var noEdit = false

    @Flag(name: .customLong("new"), help: "Start another draft even if one is open for the same target.")
    var forceNew = false

    @Option(name: .customLong("context"), help: ArgumentHelp(
        "Show this many of the thread's latest posts below the buffer's cut line (0 to 40; default: the profile's `context`, else 5).",
        valueName: "n"))
    var contextPosts: Int?

    @Flag(name: .customLong("no-context"), help: "Show nothing of the thread below the buffer (the forum is still asked first).")
    var noContext = false

    @Flag(help: "Do not ask the forum before the editor opens: no refusal check, no context.")
    var offline = false

    @Flag(help: "Serve a live preview of the buffer on 127.0.0.1 while the editor is open; its address is printed and put in the buffer.")
    var live = false

    func validate() throws {
        _ = try parsedVariables()
        if let contextPosts, !(0...40).contains(contextPosts) {
            throw ValidationError("--context takes 0 to 40 posts (the forum's reply page carries the 40 newest), not \(contextPosts)")
        }
        if noContext, let contextPosts { throw ValidationError("--no-context and --context \(contextPosts) say opposite things: give one") }
        if noEdit, live { throw ValidationError("--live previews the buffer while the editor is open, and --no-edit opens none") }
    }

    /// `--no-edit` needs a body from somewhere: a file, a template, or text fetched from the
    /// forum (`fetching`: quotes, a post's current text). Each command says which it has.
    func requireBodySource(fetching: Bool) throws {
        if noEdit, bodyFile == nil, template == nil, !fetching {
            throw ValidationError("--no-edit needs --body-file or --template: there would be nothing to save")
        }
    }

    /// The options as the compose use case takes them.
    func request() throws -> ComposeRequest {
        ComposeRequest(template: template, variables: try parsedVariables(), profile: profile, format: format,
                       bodyFile: bodyFile, noEdit: noEdit, forceNew: forceNew, contextPosts: noContext ? 0 : contextPosts,
                       offline: offline)
    }

    /// `--var k=v` as a dictionary; a malformed or repeated one is a usage error.
    func parsedVariables() throws -> [String: String] {
        var values: [String: String] = [:]
        for item in variables {
            guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                throw ValidationError("--var wants NAME=VALUE, not '\(item)'")
            }
            let name = String(item[..<equals])
            guard values[name] == nil else { throw ValidationError("--var \(name) is given twice") }
            values[name] = String(item[item.index(after: equals)...])
        }
        return values
    }
}

extension DraftFormat: ExpressibleByArgument {}
extension DraftKind: ExpressibleByArgument {}
