import Foundation
import Markup
import Testing
@testable import Forum

/// Issue 22, "a receipt is the post itself", on the real engine. Misago answers a reply or an
/// edit with the post it stored, so no page needs opening: the answer's post must be the one the
/// send made (a new id above the marker; for an edit the edited post) and hold our text.
extension MisagoEngineTests {
    @Suite struct Receipts {
        /// The engine's answer shows our text as the local stand-in draws it, so a normal send
        /// needs no further request.
        @Test(arguments: ["A plain reply of some words.", "Some **bold** and _italic_ words\nover two lines.",
                          "[quote=\"@someone\"]\nquoted words\n[/quote]\n\nand an answer [b]in bold[/b]."])
        func aReplysAnswerHoldsOurTextAsTheStandInDrawsIt(markup: String) async throws {
            let fixture = try await MisagoThreadFixture.make()
            let outcome = await fixture.member.reply(Reply(threadID: fixture.threadID, bbcode: markup))
            guard case let .sent(receipt) = outcome, let id = receipt.id else {
                Issue.record("expected sent, got \(outcome)")
                return
            }
            let page = try await fixture.member.read(MisagoJSON.PostPage.self, "api/threads/\(fixture.threadID)/posts/", subject: .thread)
            let post = try #require(page.postSet.results.first { $0.id == id })
            #expect(MisagoAdapter.shownText(post.content ?? "") == MisagoAdapter.shownText(MisagoPreviewHTML.render(markup)))
        }

        /// An answer naming a post that is not this send's, or one that does not hold our text
        /// (its content and its stored markup both), is unknown, with the marker for reconcile; a
        /// content drawn otherwise than the stand-in draws it is settled by the stored markup.
        @Test func anAnswerThatIsNotOurPostWithOurTextIsUnknown() async throws {
            let fixture = try await MisagoThreadFixture.make()
            let markup = "The words this reply holds."
            let marker = try await fixture.lastPost()
            guard case let .sent(receipt) = await fixture.member.reply(Reply(threadID: fixture.threadID, bbcode: markup)), let id = receipt.id else {
                Issue.record("the reply was not sent")
                return
            }
            let page = try await fixture.member.read(MisagoJSON.PostPage.self, "api/threads/\(fixture.threadID)/posts/", subject: .thread)
            let post = try #require(page.postSet.results.first { $0.id == id })
            let editor = "api/threads/\(fixture.threadID)/posts/\(id)/post_editor/"
            let adapter = fixture.member

            // Not a new post (the thread's own first post is older than the marker).
            let old = await adapter.confirm(post, isNew: false, markup: markup, editor: editor, marker: marker, receipt: receipt)
            #expect(old.evidence?.summary.contains("not the post this send made") == true, "\(old)")
            #expect(old.evidence?.reconcileAfter == marker)

            // Our post, but another text: neither its content nor its markup is ours.
            let other = await adapter.confirm(post, isNew: true, markup: "Words never sent.", editor: editor, marker: marker, receipt: receipt)
            #expect(other.evidence?.summary.contains("does not hold the text sent") == true, "\(other)")
            #expect(other.evidence?.reconcileAfter == marker)

            // Content drawn differently: the stored markup (post_editor) is ours, so it is sent.
            var drawnOtherwise = post
            drawnOtherwise.content = "<p>Something else entirely.</p>"
            #expect(await adapter.confirm(drawnOtherwise, isNew: true, markup: markup, editor: editor, marker: marker, receipt: receipt) == .sent(receipt))
        }

        /// An edit's answer is the edited post with the new text.
        @Test func anEditsAnswerIsTheEditedPostWithTheNewText() async throws {
            let fixture = try await MisagoThreadFixture.make()
            guard case let .sent(receipt) = await fixture.member.reply(Reply(threadID: fixture.threadID, bbcode: "Before the edit.")),
                  let id = receipt.id else {
                Issue.record("the reply was not sent")
                return
            }
            let edited = await fixture.member.edit(MisagoPostAddress(threadID: fixture.threadID, postID: id), markup: "After the edit, **bold**.")
            guard case let .sent(editReceipt) = edited else {
                Issue.record("expected sent, got \(edited)")
                return
            }
            #expect(editReceipt.kind == .edit && editReceipt.id == id)
        }
    }
}
