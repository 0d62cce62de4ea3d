import Foundation
import Store
import Testing
@testable import Compose

@Suite struct TemplateTests {
    let base = Template(name: "base", fields: ["kind": "thread", "forum": "{{forum}}", "subject": "{{topic}} news"],
                        body: "Hello {{name|everyone}}, it is {{date}} {{time}}.")
    let recap = Template(name: "recap", parent: "base", fields: ["subject": "{{topic}} recap ({{profile}})"])
    let moment = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00 UTC
    let utc = TimeZone(identifier: "UTC") ?? .current

    @Test func aChildInheritsItsParentsFieldsAndVariablesAreFilled() throws {
        let content = try TemplateInstance.make(
            TemplateRequest(name: "recap", variables: ["forum": "44", "topic": "YOSPOS"]),
            templates: [base, recap], now: moment, timeZone: utc, defaultProfile: "sandbox")
        #expect(content.kind == .thread)
        #expect(content.target.forum == 44)
        #expect(content.subject == "YOSPOS recap (sandbox)")
        #expect(content.body == "Hello everyone, it is 2027-01-15 08:00.")
    }

    @Test func everyMissingAndUnknownVariableIsNamedAtOnce() {
        do {
            _ = try TemplateInstance.make(
                TemplateRequest(name: "recap", variables: ["nmae": "x", "colour": "red"]),
                templates: [base, recap], now: moment, timeZone: utc, defaultProfile: "sandbox")
            Issue.record("instantiated with missing variables")
        } catch let error as ComposeError {
            #expect(error.status == .dataError)
            #expect(error.description.contains("no value for forum, topic"), "\(error.description)")
            #expect(error.description.contains("unknown variables colour, nmae"), "\(error.description)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func theCommandLinesFieldsWinAndNeedNoVariable() throws {
        let thanks = Template(name: "thanks", fields: ["kind": "reply", "thread": "{{thread}}"], body: "Thanks in {{thread}}")
        let content = try TemplateInstance.make(
            TemplateRequest(name: "thanks", kind: .reply, fixed: [.thread: "123"]),
            templates: [thanks], now: moment, defaultProfile: "sandbox")
        #expect(content.target.thread == 123)
        #expect(content.body == "Thanks in 123")
        #expect(throws: ComposeError.self) {
            try TemplateInstance.make(TemplateRequest(name: "thanks", kind: .pm, fixed: [.to: "bob"]),
                                      templates: [thanks], now: moment, defaultProfile: "sandbox")
        }
    }

    @Test func aFilledValueThatIsNotANumberIsCaughtLikeAnyBuffer() {
        #expect(throws: BufferError.self) {
            try TemplateInstance.make(TemplateRequest(name: "base", variables: ["forum": "yospos", "topic": "t"]),
                                      templates: [base], now: moment, defaultProfile: "sandbox")
        }
    }

    @Test func aParentCycleIsAnError() {
        var looping = base
        looping.parent = "recap"
        #expect(throws: StoreError.invalid("template parents form a cycle: recap -> base -> recap")) {
            try TemplateInstance.make(TemplateRequest(name: "recap", variables: ["forum": "1", "topic": "t"]),
                                      templates: [looping, recap], now: moment, defaultProfile: "sandbox")
        }
    }

    @Test(arguments: ["{{unclosed", "{{two words}}", "{{}}", "{{9lives}}"])
    func malformedPlaceholdersAreErrors(text: String) {
        #expect(throws: ComposeError.self) { try Placeholders.scan(text, place: "body") }
    }

    @Test func theTemplateBufferRoundTripsAndChecksItsKeys() throws {
        let text = TemplateBuffer.render(recap)
        #expect(try TemplateBuffer.parse(text, source: "t") == recap)
        #expect(throws: BufferError.self) { try TemplateBuffer.parse("---\ntemplate: x\nkind: letter\n---\n", source: "t") }
        #expect(throws: BufferError.self) { try TemplateBuffer.parse("---\nkind: reply\n---\n", source: "t") }
        #expect(throws: BufferError.self) { try TemplateBuffer.parse("---\ntemplate: x\nthred: 1\n---\n", source: "t") }
        #expect(throws: BufferError.self) { try TemplateBuffer.parse("---\ntemplate: x\n---\n{{oops\n", source: "t") }
    }

    @Test func aDraftFromATemplateAndTheTemplateNeverChangeEachOther() throws {
        let fixture = try ComposeFixture()
        defer { fixture.remove() }
        let store = fixture.store
        try store.changeTemplates([("base", base)], kind: .templateNew, summary: "new", now: moment)
        let content = try TemplateInstance.make(
            TemplateRequest(name: "base", variables: ["forum": "1", "topic": "t"]),
            templates: try store.templates(), now: moment, defaultProfile: "sandbox")
        let draft = try store.createDraft(DraftWrite(content: content), now: moment)

        // Editing the draft leaves the template alone...
        var edited = content
        edited.body = "my own words"
        _ = try store.saveRevision(of: draft.id, DraftWrite(content: edited), now: moment)
        #expect(try store.template(named: "base") == base)

        // ...and editing the template leaves the draft alone.
        var changed = base
        changed.body = "a different template body"
        try store.changeTemplates([("base", changed)], kind: .templateEdit, summary: "edit", now: moment)
        #expect(try store.draft(draft.id).content.body == "my own words")
        #expect(try store.revision(of: draft.id, number: 1).content.body == content.body)
    }
}
