import Application
import Common
import Foundation
import Store
import Testing

@Suite("The template use cases over a real store")
struct TemplateUseCaseTests {
    static let thanks = "---\ntemplate: thanks\nkind: reply\nthread: \"{{thread}}\"\n---\nThanks {{name|everyone}}!\n"

    @Test("import loads every file or none: a name defined twice stops it")
    func importAllOrNone() async throws {
        try await ApplicationFixture.with { fixture in
            let importer = ImportTemplates(fixture.local())
            let one = try fixture.file("one.md", Self.thanks), two = try fixture.file("two.md", Self.thanks)
            let error = #expect(throws: UseCaseError.self) { try importer.run([one, two]) }
            #expect(error?.status == .dataError)
            #expect(error?.description == "\(two): template 'thanks' is defined twice")
            #expect(try fixture.store.templates().isEmpty)
            try importer.run([one])
            #expect(try fixture.store.templates().map(\.name) == ["thanks"])
            #expect(fixture.console.notes == ["imported 1 template, 1 new or changed"])
        }
    }

    @Test("new from a file takes the name given; a name in use is refused")
    func newFromFile() async throws {
        try await ApplicationFixture.with { fixture in
            let new = NewTemplate(fixture.local())
            let file = try fixture.file("t.md", Self.thanks)
            try await new.run("grateful", kind: .reply, parent: nil, file: file)
            #expect(try fixture.store.template(named: "grateful").body.hasPrefix("Thanks {{name|everyone}}!"))
            let error = await #expect(throws: UseCaseError.self) { try await new.run("grateful", kind: .reply, parent: nil, file: file) }
            #expect(error?.status == .cantCreate)
        }
    }

    @Test("new in the editor starts from a skeleton with the kind's target variable")
    func newInTheEditor() async throws {
        try await ApplicationFixture.with { fixture in
            let typed = "---\ntemplate: hello\nkind: pm\nto: \"{{to}}\"\n---\nHello {{to}}.\n"
            try await NewTemplate(fixture.local(editor: ScriptedEditor(text: typed)))
                .run("hello", kind: .pm, parent: nil, file: nil)
            #expect(try fixture.store.template(named: "hello").fields["to"] == "{{to}}")
            #expect(fixture.console.notes == ["created template hello"])
        }
    }

    @Test("delete checks every name first: an unknown one deletes nothing")
    func deleteAllOrNone() async throws {
        try await ApplicationFixture.with { fixture in
            try ImportTemplates(fixture.local()).run([try fixture.file("t.md", Self.thanks)])
            let delete = DeleteTemplates(fixture.local())
            #expect(throws: StoreError.self) { try delete.run(["thanks", "nope"]) }
            #expect(try fixture.store.templates().count == 1)
            try delete.run(["thanks"])
            #expect(try fixture.store.templates().isEmpty)
            #expect(fixture.console.notes.last == "deleted thanks (`missive undo` brings it back)")
        }
    }

    @Test("edit left unchanged says so")
    func editUnchanged() async throws {
        try await ApplicationFixture.with { fixture in
            try ImportTemplates(fixture.local()).run([try fixture.file("t.md", Self.thanks)])
            try await EditTemplate(fixture.local(editor: ScriptedEditor(text: nil))).run("thanks")
            #expect(fixture.console.notes.last == "template thanks is unchanged")
        }
    }
}
