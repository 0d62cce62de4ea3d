import Common
import Compose
import Store

/// `templates new`: a template written in the editor from a skeleton for its kind, or read whole from a file.
public struct NewTemplate: Sendable {
    let context: LocalContext

    public init(_ context: LocalContext) {
        self.context = context
    }

    /// `file` (`-` for stdin) holds the whole template buffer; without it the editor opens.
    public func run(_ name: String, kind: DraftKind, parent: String?, file: String?) async throws {
        let store = context.store
        if (try? store.template(named: name)) != nil {
            throw UseCaseError(.cantCreate, "template '\(name)' exists already; change it with `missive templates edit \(name)`")
        }
        if let file {
            var template = try TemplateBuffer.parse(
                try TextInput.read(path: file, limit: ComposeEnvironment.defaultByteLimit), source: file)
            template.name = name
            try store.changeTemplates([(name, template)], kind: .templateNew, summary: "new template \(name)", now: context.now)
            context.console.note("created template \(name)")
            return
        }
        let targetKey: [DraftKind: String] = [.reply: "thread", .pm: "to", .thread: "forum", .edit: "post"]
        var fields = ["kind": kind.rawValue]
        if let key = targetKey[kind] { fields[key] = "{{\(key)}}" }
        let skeleton = Template(name: name, parent: parent, summary: "", fields: fields, body: "")
        if try await TemplateSession(environment: context.environment).edit(skeleton, existing: nil) != nil {
            context.console.note("created template \(name)")
        }
    }
}
