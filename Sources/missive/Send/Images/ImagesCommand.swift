import Application
import ArgumentParser
import Common
import Foundation
import Outbox

struct ImagesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "images",
        abstract: "List the images the outbox uploaded, take one down, or save the image host token.",
        discussion: """
            A draft's local images (`![cat](cat.png)`) are kept in the store when it is queued and \
            uploaded to the profile's image host (image_api in config.toml) when it is sent, before \
            the post that shows them.
            """,
        subcommands: [List.self, Remove.self, Token.self])
}

extension ImagesCommand {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the outbox's images, newest item first.",
            discussion: "Columns: host id, state, size, outbox item, when uploaded, hosted address, and the file as the draft named it.")

        @Flag(name: .long, help: "Print JSON for scripts.")
        var json = false

        @OptionGroup var headerOptions: HeaderOptions

        func run() async throws {
            let workspace = try Workspace.open(access: .readOnly)
            let entries = try workspace.listImages().run()
            if json {
                try printJSON(entries.map(ImageRowJSON.init))
                return
            }
            guard !entries.isEmpty else {
                Console.note("no images yet: a queued draft's local images are listed here")
                return
            }
            let now = Date()
            var table = TextTable([("ID", 0), ("STATE", 0), ("SIZE", 0), ("ITEM", 0), ("UPLOADED", 0), ("URL", 0), ("FILE", 0)])
            for entry in entries {
                let row = ImageRowJSON(entry)
                table.append([row.id ?? "-", row.state, "\(row.bytes) B, \(row.width)x\(row.height)", "\(row.item) (\(row.itemState))",
                              entry.image.state.uploadedAt.map { LocalClock.withRelative($0, now: now) } ?? "-", row.url ?? "-", row.file])
            }
            Console.write(table.render(width: TableTerminal.width(), headers: headerOptions.headers))
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm",
            abstract: "Take an uploaded image down through the host's delete handle.",
            discussion: "Name it by its host id or its address (`missive images list`). One the host no longer has counts as done.")

        @Argument(help: ArgumentHelp("The host's id of the image, or its address.", valueName: "id-or-url"))
        var name: String

        @Option(name: .long, help: ArgumentHelp("Seconds to wait for the image host.", valueName: "seconds"))
        var timeout = 60

        func run() async throws {
            let workspace = try Workspace.open()
            try await workspace.removeImage(timeout: timeout).run(name)
        }
    }

    struct Token: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "token",
            abstract: "Save the image host access token (read from standard input) for a profile.",
            discussion: """
                With a token, uploads go to your own account, and an upload whose answer was lost can be \
                looked up instead of held for you. The token is kept like the cookie jar (mode 0600, \
                beside it), never in config.toml, and never printed.
                """)

        @Option(name: .long, help: ArgumentHelp("The profile (default: the default profile).", valueName: "name"))
        var profile: String?

        @Flag(name: .long, help: "Forget the saved token.")
        var remove = false

        func run() throws {
            let home = try Home.load()
            let paths = home.paths
            let name = try home.config.profile(named: profile).name
            let file = ImageHostSetup.tokenFile(for: name, in: paths)
            if remove {
                try? FileManager.default.removeItem(at: file)
                Console.note("forgot the image host token of profile \(name)")
                return
            }
            let token = (readLine(strippingNewline: true) ?? "").trimmingCharacters(in: .whitespaces)
            do {
                _ = try ImgurCredential.bearer(token).validated()
            } catch {
                throw ValidationError(error.description)
            }
            try MissivePaths.createPrivateDirectory(file.deletingLastPathComponent())
            try PrivateFile.write(Data((token + "\n").utf8), to: file)
            Console.note("saved the image host token of profile \(name) in \(file.path)")
        }
    }
}

extension OutboxImageState {
    /// When the image went up to its host, if it did.
    var uploadedAt: Date? {
        switch self {
        case let .uploaded(_, at), let .deleted(_, at, _): at
        case .pending, .uploading: nil
        }
    }
}

/// One line of `images list --json`.
/// Not the `OutboxImageEntry`: its image's state and host spread into keys, beside its item's.
struct ImageRowJSON: Encodable {
    @JSONNull var id: String?
    var sha256: String
    var state: String
    var file: String
    var path: String
    var bytes: Int
    var width: Int
    var height: Int
    @JSONNull var url: String?
    @JSONNull var uploadedAt: String?
    var deletable: Bool
    var item: Int64
    var itemState: String
    var itemTarget: String
    @JSONNull var postUrl: String?

    init(_ entry: OutboxImageEntry) {
        let hosted = entry.image.state.hosted
        id = hosted?.id
        sha256 = entry.image.hash.hex
        state = entry.image.state.name
        file = entry.image.target
        path = entry.image.path
        bytes = entry.byteCount
        width = entry.pixelSize.width
        height = entry.pixelSize.height
        url = hosted?.url.absoluteString
        uploadedAt = entry.image.state.uploadedAt?.formatted(.iso8601)
        deletable = hosted?.deleteHandle != nil && entry.image.state.name == "uploaded"
        item = entry.image.item
        itemState = entry.itemState
        itemTarget = entry.itemTarget
        postUrl = entry.postURL
    }
}
