import Application
import Common
import Compose
import Foundation
import LivePreview
import Markup

/// What `preview --live` serves: preview's own use case (`PreviewDraft`, the same page `--html`
/// writes) as the render closure the server calls after each save, and what the server watches
/// for a file or a draft.
struct LivePreviewPage: Sendable {
    /// A file, or a draft id.
    let target: String
    /// The editor session's cut line, when it runs beside one.
    let cut: CutLine?
    let choices: PreviewPost.Choices
    let preview: PreviewDraft
    let paths: MissivePaths

    /// Listens and watches; the server calls `render` now and after each change.
    func start(port: UInt16) async throws -> LivePreviewServer {
        let page = self
        return try await LivePreviewServer.start(program: SiblingProgram.url("missive-live"), port: port, watching: watchTarget()) {
            page.render()
        }
    }

    /// The page, or (after a save with broken front matter, say) a page that says what is wrong:
    /// never an error, so the browser always shows the latest save's fate.
    func render() -> String {
        do {
            let post = try preview.run(target, choices: choices, cut: cut)
            if let rendered = post.misagoHTML { return post.page("Live preview", bodyHTML: rendered).render() }
            let document = BBCode.parse(post.bbcode, dialect: post.dialect)
            return post.page("Live preview", bodyHTML: post.html(of: document, paths: paths)).render()
        } catch {
            return problemPage(error)
        }
    }

    /// A file is watched in its directory, since editors save by rename. A draft is watched
    /// through the store's files: every save writes its WAL (and a checkpoint the database).
    func watchTarget() -> WatchTarget {
        if !FileManager.default.fileExists(atPath: target), DraftIDText.parse(target) != nil {
            return WatchTarget(directory: paths.data, names: ShowDraft.changedFiles)
        }
        return .file(URL(fileURLWithPath: target))
    }

    private func problemPage(_ error: any Error) -> String {
        let message = (error as? any MissiveError)?.description ?? "\(error)"
        let body = "<p class=\"missive-live-problem\"><b>This save cannot be drawn:</b> \(ThemedPage.escape(message))</p>\n"
            + "<p>Fix it and save again; this page follows.</p>"
        guard let factory = try? BundledThemes.factory(paths: paths),
              let theme = try? ThemeSelection.theme(requested: choices.theme, profile: nil, forum: nil, from: factory) else {
            return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Live preview</title></head>"
                + "<body>\(body)</body></html>\n"
        }
        return ThemedPage(title: "Live preview: cannot draw", theme: theme, posts: [ThemedPage.Post(author: nil, bodyHTML: body)]).render()
    }
}
