import ArgumentParser
import Common
import Compose
import Store

struct TemplatesNew: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a new template in your editor (or read it from a file).",
        discussion: "The buffer is a draft buffer plus `template:`, `description:` and `parent:`; values and body may use {{variables}}.")

    @Argument(help: ArgumentHelp("The template's name.", valueName: "name"))
    var name: String

    @Option(name: .long, help: ArgumentHelp("The kind of draft it makes.", valueName: "kind"))
    var kind: DraftKind = .reply

    @Option(name: .long, help: ArgumentHelp("A template to inherit fields from.", valueName: "name"))
    var parent: String?

    @Option(name: .long, help: ArgumentHelp("Read the whole template buffer from FILE (- for stdin) instead of the editor.", valueName: "file"))
    var file: String?

    func validate() throws {
        if !Template.isValidName(name) { throw ValidationError("'\(name)' is not a template name (letters, digits, - _ .)") }
    }

    func run() async throws {
        let workspace = try Workspace.open()
        if (try? workspace.store.template(named: name)) != nil {
            throw CommandError(.cantCreate, "template '\(name)' exists already; change it with `missive templates edit \(name)`")
        }
        if let file {
            var template = try TemplateBuffer.parse(
                try TextInput.read(path: file, limit: ComposeEnvironment.defaultByteLimit), source: file)
            template.name = name
            try workspace.store.changeTemplates([(name, template)], kind: "template.new", summary: "new template \(name)", now: workspace.now)
            Console.note("created template \(name)")
            return
        }
        let targetKey: [DraftKind: String] = [.reply: "thread", .pm: "to", .thread: "forum", .edit: "post"]
        var fields = ["kind": kind.rawValue]
        if let key = targetKey[kind] { fields[key] = "{{\(key)}}" }
        let skeleton = Template(name: name, parent: parent, summary: "", fields: fields, body: "")
        if try await TemplateSession(environment: workspace.environment).edit(skeleton, existing: nil) != nil {
            Console.note("created template \(name)")
        }
    }
}
