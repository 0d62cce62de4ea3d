import Foundation
import Testing
import Store

@Suite struct TemplateStoreTests {
    let base = Template(name: "base", summary: "b", fields: ["kind": "reply", "thread": "{{thread}}"], body: "hi")
    let child = Template(name: "child", parent: "base", fields: ["format": "bbcode"])

    @Test func templatesAreStoredAndTheirChangesUndone() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        try temp.store.changeTemplates([("base", base), ("child", child)], kind: .templateImport, summary: "import", now: now)
        #expect(try temp.store.templates().map(\.name) == ["base", "child"])

        var edited = base
        edited.body = "hello"
        try temp.store.changeTemplates([("base", edited)], kind: .templateEdit, summary: "edit base", now: now)
        _ = try temp.store.undo(now: now)
        #expect(try temp.store.template(named: "base") == base)
        _ = try temp.store.undo(now: now)
        #expect(try temp.store.templates().isEmpty)
        _ = try temp.store.redo(now: now)
        #expect(try temp.store.template(named: "child") == child)
    }

    @Test func aParentCycleIsRefusedAndNothingIsWritten() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        try temp.store.changeTemplates([("base", base), ("child", child)], kind: .templateImport, summary: "import", now: now)
        var looping = base
        looping.parent = "child"
        #expect(throws: StoreError.invalid("template parents form a cycle: base -> child -> base")) {
            try temp.store.changeTemplates([("base", looping)], kind: .templateEdit, summary: "edit", now: now)
        }
        #expect(try temp.store.template(named: "base") == base)
        #expect(try temp.store.history().count == 1)
    }

    @Test func aMissingParentIsRefusedSoIsRemovingAParentInUse() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        #expect(throws: StoreError.self) {
            try temp.store.changeTemplates([("child", child)], kind: .templateNew, summary: "new", now: now)
        }
        try temp.store.changeTemplates([("base", base), ("child", child)], kind: .templateImport, summary: "import", now: now)
        #expect(throws: StoreError.invalid("template 'child' names parent 'base', which does not exist")) {
            try temp.store.changeTemplates([("base", nil)], kind: .templateDelete, summary: "rm", now: now)
        }
        #expect(try temp.store.templates().count == 2)
    }

    @Test func lineageListsNearestFirst() throws {
        let chain = try Template.lineage(of: "child", in: ["base": base, "child": child])
        #expect(chain.map(\.name) == ["child", "base"])
        #expect(throws: StoreError.notFound(what: "template 'nope'")) { try Template.lineage(of: "nope", in: [:]) }
    }
}
