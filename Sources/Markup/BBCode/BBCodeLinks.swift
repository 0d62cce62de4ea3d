/// Where links and images point, decided once for both renderers: which URL an element uses,
/// and whether it is one a page may follow. Only http, https, mailto and relative URLs pass;
/// `javascript:`, `data:` and every other scheme are refused, however they are disguised.
enum BBCodeLinks {
    /// The target of a link-like element (`[url]`, `[email]`, `[video]`, `[thread]`, `[post]`),
    /// already checked, or nil when it has none a page may follow.
    static func href(of node: BBCodeNode, in document: BBCodeDocument) -> String? {
        guard let element = node.element else { return nil }
        let content = plainContent(of: node, in: document)
        switch element.role {
        case .link:
            return (element.option ?? content).flatMap(safeLink)
        case .video:
            return content.flatMap(safeImage)
        case .email:
            guard let address = (element.option ?? content)?.trimmingBlanks(), address.contains("@") else { return nil }
            let target = address.lowercased().hasPrefix("mailto:") ? String(address) : "mailto:\(address)"
            return safeLink(target)
        case .threadLink, .postLink:
            guard let id = (element.option ?? content)?.trimmingBlanks(), !id.isEmpty,
                id.allSatisfy({ $0.isASCII && $0.isNumber })
            else { return nil }
            return element.role == .threadLink ? "showthread.php?t=\(id)" : "showthread.php?p=\(id)#post\(id)"
        default:
            return nil
        }
    }

    /// The source of an `[img]`, checked (http and https only), or nil.
    static func imageSource(of node: BBCodeNode, in document: BBCodeDocument) -> String? {
        plainContent(of: node, in: document).flatMap(safeImage)
    }

    /// An element's content when it is nothing but text (the URL inside `[url]...[/url]`).
    /// Content with tags in it is never used as an address.
    static func plainContent(of node: BBCodeNode, in document: BBCodeDocument) -> String? {
        var text = ""
        for child in node.children {
            switch document[child].kind {
            case .text(let piece): text += piece
            case .lineBreak: text += "\n"
            default: return nil
            }
        }
        return text
    }

    static func safeLink(_ raw: String) -> String? {
        guard let url = cleaned(raw) else { return nil }
        switch scheme(of: url) {
        case .none:
            // Engines read a bare `www.example.com` as a web address, not a relative path.
            return url.lowercased().hasPrefix("www.") ? "http://\(url)" : url
        case .some(let scheme):
            return ["http", "https", "mailto"].contains(scheme) ? url : nil
        }
    }

    static func safeImage(_ raw: String) -> String? {
        guard let url = cleaned(raw), let scheme = scheme(of: url), ["http", "https"].contains(scheme) else {
            return nil
        }
        return url
    }

    /// Browsers drop ASCII tabs and newlines anywhere in a URL and trim spaces and controls around
    /// it, so `java\nscript:` is `javascript:`; check the URL the browser will actually use.
    private static func cleaned(_ raw: String) -> String? {
        let kept = raw.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        let trimmed = String(String.UnicodeScalarView(kept)).trimmingBlanks()
        let url = String(trimmed.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F })
        return url.isEmpty ? nil : url
    }

    /// The lower-cased scheme, or nil for a relative URL. Anything before a `:` that comes ahead
    /// of `/`, `?` and `#` counts as a scheme, so nothing unusual slips through as "relative".
    private static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let head = url[..<colon]
        if head.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { return nil }
        return head.lowercased()
    }
}
