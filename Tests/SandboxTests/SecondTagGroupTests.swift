import Foundation
import Sandbox
import Testing

/// SA-Mart's `samart_tag` and Ask/Tell's `tma_ama`: a second radio group on the new-thread form,
/// laid out as the real form lays it out, required by the forum, and only Preview at first.
@Suite struct SecondTagGroupTests {
    @Test func theSeededForumsNameTheirGroupsAndValuesInTheStateDump() async throws {
        try await withSandbox { server in
            let forums = try await state(of: server).forums
            let samart = try #require(forums.first { $0.id == Seed.Ids.samartForum })
            #expect(samart.secondaryTagGroup == "samart_tag" && samart.previewFirst && samart.initialSecondaryTag == nil)
            #expect(samart.secondaryTags.map(\.id) == [1, 2, 3, 4])
            #expect(samart.secondaryTags.map(\.name) == ["Selling", "Buying", "Trading", "Other"])
            let askTell = try #require(forums.first { $0.id == Seed.Ids.askTellForum })
            #expect(askTell.secondaryTagGroup == "tma_ama" && askTell.previewFirst && askTell.initialSecondaryTag == 0)
            #expect(askTell.secondaryTags.map(\.id) == [0, 1] && askTell.secondaryTags.map(\.name) == ["TMA", "AMA"])
            #expect(forums.filter { $0.secondaryTagGroup != nil }.count == 2)
        }
    }

    @Test func samartNeedsAPreviewAndOneOfItsFourTags() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let target = "/newthread.php?action=newthread&forumid=\(Seed.Ids.samartForum)"
            let raw = try await browser.get(target)
            // Values unquoted, as the real form writes them; none chosen for the poster.
            for value in 1...4 { #expect(raw.text.contains("<input type=\"radio\" name=\"samart_tag\" value=\(value)>")) }
            let form = try #require(HTMLPage(raw.body))
            #expect(form.nodes("//tr[td/b='Sale Type:']//input[@type='radio'][@name='samart_tag']").count == 4)
            #expect(form.nodes("//input[@name='samart_tag'][@checked]").isEmpty)
            #expect(form.first("//tr[td/b='Sale Type:']/preceding-sibling::tr[.//div[@class='posticon']]") != nil, "after the icons")
            #expect(form.first("//form[@name='vbform']//input[@name='submit']") == nil, "only Preview at first")

            // The preview's form may submit; without a tag, or with one SA-Mart does not have, it is refused.
            let preview = try await browser.submit(form, script: "newthread.php", message: "one sandbox", button: "preview",
                                                   changes: ["subject": "FS: sandbox"])
            let previewForm = try #require(HTMLPage(preview.body))
            #expect(previewForm.first("//form[@name='vbform']//input[@name='submit']") != nil)
            for tag in [nil, "9", "TMA"] as [String?] {
                var fields = previewForm.vbformSubmission(clicking: "submit").filter { $0.name != "samart_tag" }
                if let tag { fields.append(("samart_tag", tag)) }
                let refused = try await browser.post("/newthread.php", fields)
                let page = try #require(HTMLPage(refused.body))
                #expect(page.first("//body[contains(@class,'standarderror')]") != nil, "\(tag ?? "none")")
                #expect(page.text("//div[@class='inner']")?.contains("sale type") == true)
            }
            #expect(try await state(of: server).threads.contains { $0.title == "FS: sandbox" } == false)

            let chosen = try await browser.submit(form, script: "newthread.php", message: "one sandbox", button: "preview",
                                                  changes: ["subject": "FS: sandbox", "samart_tag": "3"])
            let chosenForm = try #require(HTMLPage(chosen.body))
            #expect(chosenForm.first("//input[@name='samart_tag'][@value='3']")?["checked"] != nil, "the choice survives the preview")
            let posted = try await browser.submit(chosenForm, script: "newthread.php")
            #expect(HTMLPage(posted.body)?.first("//a[contains(@href,'showthread.php?threadid=')]") != nil)
            let thread = try #require(try await state(of: server).threads.first { $0.title == "FS: sandbox" })
            #expect(thread.forumId == Seed.Ids.samartForum && thread.secondaryTagId == 3)
        }
    }

    @Test func askTellStartsOnTMAAndTakesOnlyItsTwoValuesAfterAPreview() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            let raw = try await browser.get("/newthread.php?action=newthread&forumid=\(Seed.Ids.askTellForum)")
            #expect(raw.text.contains("<input type=\"radio\" name=\"tma_ama\" value=0 checked>"))
            #expect(raw.text.contains("<input type=\"radio\" name=\"tma_ama\" value=1>"))
            let form = try #require(HTMLPage(raw.body))
            #expect(form.nodes("//tr[td/b='Thread Type:']//input[@name='tma_ama']").count == 2)
            #expect(form.nodes("//input[@name='tma_ama']/following-sibling::img[1]").count == 2)
            #expect(form.first("//form[@name='vbform']//input[@name='submit']") == nil)

            // Forcing a submit with the first form is refused: preview first.
            let forced = try await browser.post("/newthread.php", form.vbformSubmission(clicking: "none").map {
                $0.name == "message" ? ($0.name, "m") : $0.name == "subject" ? ($0.name, "Forced") : $0
            } + [("submit", "Submit New Thread")])
            #expect(forced.text.contains("requires that you preview"))

            let preview = try await browser.submit(form, script: "newthread.php", message: "Ask away", button: "preview",
                                                   changes: ["subject": "AMA: sandboxes", "tma_ama": "1"])
            let previewForm = try #require(HTMLPage(preview.body))
            let unknown = try await browser.submit(previewForm, script: "newthread.php", changes: ["tma_ama": "2"])
            #expect(HTMLPage(unknown.body)?.text("//div[@class='inner']")?.contains("thread type") == true)
            let posted = try await browser.submit(previewForm, script: "newthread.php")
            #expect(HTMLPage(posted.body)?.first("//a[contains(@href,'showthread.php?threadid=')]") != nil)
            let threads = try await state(of: server).threads.filter { $0.title == "AMA: sandboxes" }
            #expect(threads.count == 1 && threads.first?.secondaryTagId == 1)
        }
    }
}
