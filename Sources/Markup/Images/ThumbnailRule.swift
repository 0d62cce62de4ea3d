import Common

/// When a forum wants an image posted as a thumbnail (a tag that shows it small until clicked)
/// rather than inline at full size.
public struct ThumbnailRule: Sendable, Equatable {
    /// Wider than this, or taller than `maxHeight`, and the image is a thumbnail.
    public var maxWidth: Int
    public var maxHeight: Int
    /// The thumbnail tag's name.
    public var tag: String

    public init(maxWidth: Int, maxHeight: Int, tag: String) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.tag = tag
    }

    public func wantsThumbnail(_ size: PixelSize) -> Bool {
        size.width > maxWidth || size.height > maxHeight
    }

    /// Something Awful's forum rules: "Keep all images smaller than 800 pixels horizontal and
    /// 600 pixels vertical" (http://www.somethingawful.com/d/forum-rules/forum-rules.php?page=2,
    /// as quoted by Awful.app, the SA iOS client, in AwfulComposeTextView.h, which posts larger
    /// images as `[timg]` for the same reason). `[timg]` is SA's thumbnail-until-clicked tag.
    public static let somethingAwful = ThumbnailRule(maxWidth: 800, maxHeight: 600, tag: "timg")
}

extension Dialect {
    /// The dialect's thumbnail rule, or nil where the engine has no thumbnail tag (vBulletin,
    /// phpBB and XenForo scale images with CSS and use their one image tag; Misago takes a
    /// Markdown image). The outbox names the images it finds too large in
    /// `ConversionOptions.largeImages`, and the converter writes them in the dialect's large-image tag.
    public var thumbnailRule: ThumbnailRule? {
        switch self {
        case .somethingawful: .somethingAwful
        case .vbulletin, .phpbb, .xenforo, .misago: nil
        }
    }

}
