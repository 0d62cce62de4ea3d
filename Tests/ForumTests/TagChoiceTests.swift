import Foundation
import Testing
@testable import Forum

/// Choosing a second tag from a new-thread form shaped like the live Ask/Tell one: bare radios,
/// an unquoted value, a picture without alt or title, the first one checked.
@Suite struct TagChoiceTests {
    static let askTellPage = """
        <html><body class="newthread">
        <form enctype="multipart/form-data" action="newthread.php" method="POST" name="vbform">
        <input type="hidden" name="forumid" value="158">
        <div class="mainbodytextsmall"><input type="radio" name="iconid" value="0" CHECKED>&nbsp;No icon</div>
        <div class="posticon"><input type="radio" name="iconid" value="64">
        <img src="http://fi.example/posticons/question.png" alt="Question"></div>
        <input type="radio" name="tma_ama" value=0 checked><img src="http://fi.example/tma.gif" border=0> I want people to <b>TELL</b> me<br>
        <input type="radio" name="tma_ama" value=1><img src="http://fi.example/ama.gif" border=0> I want people to <b>ASK</b> me
        <textarea name="message"></textarea>
        <input type="submit" name="preview" value="Preview Post">
        </form></body></html>
        """

    private func page() throws -> (HTMLDocument, HTMLForm) {
        let document = try #require(HTMLDocument(Self.askTellPage, url: URL(string: "https://forums.example/newthread.php")))
        return (document, try #require(document.form(named: "vbform")))
    }

    /// The picture's file name stands in for a missing title, so `AMA` can be typed.
    private func titles(_ document: HTMLDocument) -> [PostIcon] {
        document.select("//input[@type='radio' and @name='tma_ama']").map { input in
            PostIcon(group: "tma_ama", id: input.attribute("value") ?? "",
                     title: SomethingAwfulAdapter.title(of: input.first("following-sibling::img[1]")))
        }
    }

    @Test func groupsComeFromTheFormWithTitlesFromThePage() throws {
        let (document, form) = try page()
        #expect(titles(document).map(\.title) == ["tma", "ama"])
        let groups = TagGroup.groups(in: form, titles: titles(document))
        #expect(groups.map(\.name) == ["tma_ama"])
        #expect(groups.first?.tags.map(\.id) == ["0", "1"])
        #expect(groups.first?.defaultTag?.id == "0")
    }

    @Test func aTagIsFoundByValueOrByTitleInAnyCase() throws {
        let (document, form) = try page()
        let choice = TagChoice(forumID: 158, groups: TagGroup.groups(in: form, titles: titles(document)))
        #expect(try choice.pick("AMA")?.id == "1")
        #expect(try choice.pick(" tma ")?.id == "0")
        #expect(try choice.pick("1")?.id == "1")
        #expect(try choice.pick(nil) == nil, "the form's default goes out")
        #expect(throws: TagChoiceError.unknown(forumID: 158, name: "sold", valid: ["tma", "ama"])) { try choice.pick("sold") }
        #expect(TagChoiceError.unknown(forumID: 61, name: "sold", valid: ["selling", "buying", "trading", "other"]).description
            == "forum 61 has no tag 'sold'; its tags: selling, buying, trading, other (`missive icons 61`)")
    }

    @Test func aGroupWithNothingCheckedNeedsATag() throws {
        let (document, pageForm) = try page()
        var form = pageForm
        form.controls = form.controls.map { control in
            guard control.name == "tma_ama" else { return control }
            return HTMLForm.Control(name: control.name, value: control.value, kind: .radio(checked: false))
        }
        let choice = TagChoice(forumID: 158, groups: TagGroup.groups(in: form, titles: titles(document)))
        #expect(throws: TagChoiceError.missing(forumID: 158, group: "tma_ama", valid: ["tma", "ama"])) { try choice.pick(nil) }
        #expect(throws: TagChoiceError.missing(forumID: 158, group: "tma_ama", valid: ["tma", "ama"])) { try choice.pick("  ") }
        #expect(try choice.pick("ama")?.id == "1")
    }

    @Test func aNameThatFitsTwoGroupsIsRefused() throws {
        let groups = [
            TagGroup(name: "a", tags: [PostIcon(group: "a", id: "1", title: "One", isDefault: true)]),
            TagGroup(name: "b", tags: [PostIcon(group: "b", id: "1", title: "Uno", isDefault: true)]),
        ]
        #expect(throws: TagChoiceError.ambiguous(forumID: 9, name: "1", matches: ["a=1", "b=1"])) {
            try TagChoice(forumID: 9, groups: groups).pick("1")
        }
        #expect(try TagChoice(forumID: 9, groups: groups).pick("uno")?.group == "b")
    }
}
