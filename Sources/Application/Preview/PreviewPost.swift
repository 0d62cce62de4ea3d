import Common
import Foundation
import Markup
import Store

/// A post made ready to draw: the profile, dialect and theme chosen for it, its local images put
/// under stand-in addresses, and its BBCode. The terminal preview, `--html` and `--live` all start here.
public struct PreviewPost: Sendable {
    /// What the command line chose; nil leaves it to the draft or buffer, then the profile.
    public struct Choices: Sendable {
        public var profile: String?
        public var theme: String?
        public var dialect: Dialect?
        public var format: DraftFormat?

        public init(profile: String? = nil, theme: String? = nil, dialect: Dialect? = nil, format: DraftFormat? = nil) {
            self.profile = profile
            self.theme = theme
            self.dialect = dialect
            self.format = format
        }
    }

    public let source: PreviewSource
    public let profile: Profile
    public let dialect: Dialect
    public let images: PreviewLocalImages?
    public let bbcode: String
    public let author: String
    public let theme: Theme

    init(_ source: PreviewSource, choices: Choices, config: Config, paths: MissivePaths) throws {
        self.source = source
        profile = try config.profile(named: choices.profile ?? source.profile)
        dialect = choices.dialect ?? profile.bbcodeDialect
        let format = choices.format ?? source.format
        // Local images are shown before they are uploaded: named with their size, or embedded.
        images = format == .markdown ? PreviewLocalImages(markdown: source.body, base: PreviewLocalImages.commandBase(), dialect: dialect) : nil
        bbcode = images.map { [dialect] in
            BBCodeConverter(dialect: dialect, options: ConversionOptions(softBreaks: config.softBreaks, largeImages: $0.largeImages))
                .convert($0.markdown)
        } ?? source.body
        author = profile.username ?? profile.name
        theme = try ThemeSelection.theme(requested: choices.theme, profile: profile, forum: source.forum,
                                         from: BundledThemes.factory(paths: paths))
    }

    /// Misago reads Markdown with a little BBCode, which no BBCode parser models: its HTML is
    /// drawn by its own renderer (and has no smilie codes).
    public var misagoHTML: String? { dialect == .misago ? MisagoPreviewHTML.render(bbcode) : nil }

    /// The post as the forum engine would draw it here, smilies included when their pictures are
    /// known (`missive smilies` caches the list).
    public func html(of document: BBCodeDocument, paths: MissivePaths) -> String {
        let html = document.renderHTML(imageSources: images?.sources ?? [:])
        return Self.smilies(for: profile, paths: paths).draw(in: html)
    }

    /// The page around the post.
    /// The line above a terminal preview: who writes, and where it goes when the source says
    /// ("Missive Tester · PM to Zoë: A question"), so a preview is never of a post to nowhere in particular.
    public var header: String {
        guard let kind = source.kind else { return author }
        let subject = source.subject.isEmpty ? "" : ": \(source.subject)"
        let place: String = switch kind {
        case .reply: "reply to \(source.target.describe(kind))"
        case .pm: source.target.describe(kind) + subject
        case .thread: "new thread in \(source.target.describe(kind))" + subject
        case .edit: "edit of \(source.target.describe(kind))"
        }
        return "\(author) · \(place)"
    }

    public func page(_ title: String, bodyHTML: String) -> ThemedPage {
        ThemedPage(title: "\(title): \(source.title)", theme: theme, posts: [ThemedPage.Post(author: author, bodyHTML: bodyHTML)])
    }

    /// The profile's cached smilie list, however old (pictures seldom change); none when never fetched.
    static func smilies(for profile: Profile, paths: MissivePaths) -> SmiliePictures {
        let cached = SmiliesCache(directory: paths.cache, profile: profile.name).loadAnyAge() ?? []
        return SmiliePictures(cached.compactMap { smilie in
            smilie.imageURL.map { SmiliePictures.Picture(code: smilie.code, source: $0.absoluteString) }
        })
    }
}
