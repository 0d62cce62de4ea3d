import Application
import ArgumentParser
import Foundation

/// `missive bookmarks [list|add THREAD|remove THREAD]`: the forum's own bookmark list.
struct BookmarksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookmarks",
        abstract: "List your bookmarked threads with their new posts, or add and remove one.",
        subcommands: [List.self, Add.self, Remove.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "The forum's bookmark list, with how many posts are new in each thread.",
            discussion: "NEW is - when the forum does not say (a thread you never opened). Only looks: no read position moves."
        )

        @OptionGroup var forum: ForumOptions

        @Flag(help: ArgumentHelp("Print JSON: a list of thread, title, unread (null when the forum does not say)."))
        var json = false

        @OptionGroup var headerOptions: HeaderOptions

        func run() async throws {
            let threads = try await Home.load().listBookmarks(forum).run()
            if json { return try printJSON(threads.map(BookmarkJSON.init)) }
            if threads.isEmpty {
                Console.print("No bookmarks. Add one with `missive bookmarks add THREAD`.")
                return
            }
            var table = TextTable([("THREAD", 0), ("NEW", 0), ("TITLE", 0)])
            for thread in threads {
                table.append([String(thread.thread), thread.unread.map(String.init) ?? "-",
                              thread.title + (thread.closed ? " (closed)" : "")])
            }
            Console.write(table.render(width: TableTerminal.width(), headers: headerOptions.headers))
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Bookmark a thread on the forum.")

        @OptionGroup var forum: ForumOptions

        @Argument(help: ArgumentHelp("The thread's id or URL.", valueName: "thread"))
        var thread: String

        func validate() throws { try checkThread(thread) }

        func run() async throws {
            let id = try await Home.load().changeBookmark(forum).run(thread, bookmarked: true)
            Console.print("Bookmarked thread \(id).")
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Take a thread off the forum's bookmarks.")

        @OptionGroup var forum: ForumOptions

        @Argument(help: ArgumentHelp("The thread's id or URL.", valueName: "thread"))
        var thread: String

        func validate() throws { try checkThread(thread) }

        func run() async throws {
            let id = try await Home.load().changeBookmark(forum).run(thread, bookmarked: false)
            Console.print("Removed the bookmark of thread \(id).")
        }
    }
}

/// A thread argument the parser refuses early (exit 64) when it names no thread.
func checkThread(_ text: String) throws {
    do {
        _ = try ForumReference.parse(text, as: .thread)
    } catch {
        throw ValidationError(error.description)
    }
}

struct BookmarkJSON: Encodable {
    var thread: Int
    var title: String
    @JSONNull var unread: Int?

    init(_ mark: BookmarkedThread) {
        thread = mark.thread
        title = mark.title
        unread = mark.unread
    }
}
