import Foundation

/// The pictures the pages name. Smilies and post icons are small SVG badges showing their code
/// or name, so that a person browsing sees something without the sandbox needing files or the
/// network; anything else is a 1x1 transparent GIF.
enum Images {
    private static let gif = Data([
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00,
        0xFF, 0xFF, 0xFF, 0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00,
        0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
    ])

    /// The picture at `path` (as requested, with its leading slash).
    static func image(at path: String) -> SandboxResponse {
        if let smilie = Catalog.smilieGroups.flatMap(\.smilies).first(where: { $0.imagePath == path }) {
            return badge(smilie.code, background: "#ffd93b")
        }
        let tags = Catalog.postIcons + Catalog.secondaryTags.values.flatMap(\.tags)
        if let icon = tags.first(where: { $0.imagePath == path }) {
            return badge(icon.name, background: "#cfe0f5")
        }
        return SandboxResponse(status: 200, headers: [("Content-Type", "image/gif")], body: gif)
    }

    private static func badge(_ text: String, background: String) -> SandboxResponse {
        let width = 12 + text.count * 7
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="18">\
            <rect width="\(width)" height="18" rx="4" fill="\(background)" stroke="#8a7a30"/>\
            <text x="6" y="13" font-family="monospace" font-size="11">\(esc(text))</text></svg>
            """
        return SandboxResponse(status: 200, headers: [("Content-Type", "image/svg+xml")], body: Data(svg.utf8))
    }
}
