import Foundation

/// The smilie list at `misc.php?action=showsmilies`: `.smilie_list h3` names a group, each
/// `.smilie_group li` holds the code in `.text` and the picture in its `img`.
extension SomethingAwfulAdapter {
    public func smilies() async throws(ForumError) -> [Smilie] {
        let document = try await page(url("misc.php", [("action", "showsmilies")]), requiresLogin: false)
        let items = document.select("//*[\(xpathHasClass("smilie_group"))]//li")
        if items.isEmpty {
            throw .unexpected(Evidence("the page has no smilie list", url: document.url))
        }
        return items.compactMap { item in
            guard let code = item.first(".//*[\(xpathHasClass("text"))]")?.visibleText, !code.isEmpty else { return nil }
            let image = item.first(".//img")
            return Smilie(code: code, group: item.first("preceding::h3[1]")?.visibleText ?? "",
                          imageURL: image?.attribute("src").flatMap(document.resolve), title: image?.attribute("title"))
        }
    }
}
