import Foundation
import Testing
@testable import Forum

extension MisagoEngineTests {
    /// Reading as a member on the real engine (docs/misago.md, "Reading"): watched threads as
    /// bookmarks with their unread posts counted, per-post read tracking (reading marks read unless
    /// asked not to), a post quoting the reader, and no ignore list.
    @Suite struct Reading {
        @Test func watchedThreadsCountUnreadPostsAndReadingMarksThemRead() async throws {
            let engine = try await MisagoEngine.get()
            let directory = try misagoTestDirectory()
            let (starter, starterName) = try await engine.loggedIn(in: directory)
            let (reader, readerName) = try await engine.loggedIn(in: directory)
            let outcome = await starter.newThread(NewThread(forumID: MisagoEngine.firstCategory, subject: "Read me, \(readerName)",
                                                            bbcode: "The first post of the thread."))
            let thread = try #require(outcome.receipt?.id, "\(outcome)")

            #expect(try await reader.bookmarks(limit: 40).contains { $0.thread == thread } == false)
            try await reader.setBookmark(thread: thread, true)
            var marks = try await reader.bookmarks(limit: 40)
            #expect(marks.first { $0.thread == thread }?.unread == 1, "never read: its one post is unread")
            #expect(marks.first { $0.thread == thread }?.title == "Read me, \(readerName)")

            let looked = try await reader.threadPage(thread, at: .firstUnread, marking: .leaveUnread)
            #expect(looked.posts.map(\.seen) == [false] && looked.reader == readerName)
            #expect(try await reader.bookmarks(limit: 40).first { $0.thread == thread }?.unread == 1, "looking marks nothing")

            let read = try await reader.threadPage(thread, at: .firstUnread, marking: .markRead)
            #expect(read.posts.first?.text?.contains("The first post of the thread.") == true)
            #expect(try await reader.bookmarks(limit: 40).first { $0.thread == thread }?.unread == 0)

            for text in ["A second post, quoting you.", "A third post."] {
                // The engine's flood interval has to pass between two posts of one account.
                try await Task.sleep(for: MisagoAnswer.floodInterval + .milliseconds(300))
                let bbcode = text.contains("quoting") ? "[quote=\"@\(readerName)\"]\nhi\n[/quote]\n\(text)" : text
                #expect(await starter.reply(Reply(threadID: thread, bbcode: bbcode)).receipt != nil)
            }
            marks = try await reader.bookmarks(limit: 40)
            #expect(marks.first { $0.thread == thread }?.unread == 2)
            let news = try await reader.threadPage(thread, at: .firstUnread, marking: .leaveUnread)
            let unread = news.posts.filter { !$0.seen }
            #expect(unread.count == 2 && unread.first?.quotesYou == true && unread.last?.quotesYou == false)
            #expect(news.posts.first?.quotesYou == false && news.posts.first?.author == starterName)

            try await reader.setBookmark(thread: thread, false)
            #expect(try await reader.bookmarks(limit: 40).contains { $0.thread == thread } == false)
        }

        @Test func aThreadThatIsNotThereAndTheIgnoreListThatIsNot() async throws {
            let engine = try await MisagoEngine.get()
            let (reader, _) = try await engine.loggedIn(in: try misagoTestDirectory())
            do {
                try await reader.setBookmark(thread: 99_999_999, true)
                Issue.record("a thread that does not exist was watched")
            } catch {
                #expect((error as? ForumError)?.status == .noInput, "\(error)")
            }
            do {
                _ = try await reader.ignoreList()
                Issue.record("Misago gave an ignore list")
            } catch {
                #expect("\(error)".contains("Misago has no ignore list"), "\(error)")
            }
        }
    }
}
