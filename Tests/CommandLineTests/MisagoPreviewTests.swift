import Foundation
import Testing

/// `missive preview` on a Misago profile, against the real engine: the local preview draws
/// Misago's Markdown and only the BBCode Misago honours (no BBCode parser's idea of it), and
/// `--remote` is the engine's own renderer (`POST /api/parse-markup/`, with the session's CSRF token).
extension MisagoEndToEndTests {
    @Suite struct Preview {
        static let markdown = "Some **bold** text\n\n- a\n- b\n\n1. one\n\n> quoted ||hidden||\n"

        static func file(_ text: String, in home: URL) throws -> String {
            let url = home.appendingPathComponent("draft-\(UUID().uuidString.prefix(6)).md")
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }

        @Test func theLocalPreviewDrawsMisagosMarkdownNotItsSource() throws {
            let world = try MisagoEndToEndTests.world()
            defer { try? FileManager.default.removeItem(at: world.home) }
            let path = try Self.file(Self.markdown, in: world.home)
            let shown = try runMissive(["preview", "--profile", "member", path], environment: world.environment.merging(["NO_COLOR": "1"]) { _, new in new })
            #expect(shown.status == 0, "\(shown.errorOutput)")
            // Drawn, not the Markdown the engine is sent (no asterisks, no zero-width-space reference).
            #expect(shown.output.contains("Some bold text") && !shown.output.contains("**"), "\(shown.output)")
            #expect(!shown.output.contains("&#8203;") && shown.output.contains("1. one"), "\(shown.output)")
            // The quote holding a spoiler is the engine's [quote]: its heading, the spoiler inside it.
            #expect(shown.output.contains("Quoted message:") && shown.output.contains("│ [spoiler"), "\(shown.output)")

            let page = try runMissive(["preview", "--profile", "member", "--html", path], environment: world.environment)
            #expect(page.status == 0, "\(page.errorOutput)")
            // Two lists, as the engine draws them (checked with its renderer below).
            #expect(page.output.contains("<ul>") && page.output.contains("<ol>"), "\(page.output)")
            #expect(page.output.contains(#"<aside class="spoiler-block">"#), "\(page.output)")
        }

        /// BBCode Misago does not honour stays text in the preview, as on the forum; what it honours is drawn.
        @Test func bbcodeMisagoLeavesLiteralStaysLiteral() throws {
            let world = try MisagoEndToEndTests.world()
            defer { try? FileManager.default.removeItem(at: world.home) }
            let text = "[b]strong[/b] [color=red]red[/color] [size=20]big[/size] [list][*]x[/list]\n"
            let path = try Self.file(text, in: world.home)
            let page = try runMissive(["preview", "--profile", "member", "--format", "bbcode", "--html", path], environment: world.environment)
            #expect(page.status == 0, "\(page.errorOutput)")
            #expect(page.output.contains("<b>strong</b>"), "\(page.output)")
            #expect(page.output.contains("[color=red]red[/color] [size=20]big[/size] [list][*]x[/list]"), "\(page.output)")
            // The engine agrees.
            let engine = try runMissive(["preview", "--profile", "member", "--format", "bbcode", "--remote", "--thread", "1", "--html", path],
                                        environment: world.environment)
            #expect(engine.status == 0, "\(engine.errorOutput)")
            #expect(engine.output.contains("<b>strong</b>") && engine.output.contains("[color=red]red[/color]"), "\(engine.output)")
        }

        @Test func remoteIsTheEnginesOwnRendering() throws {
            let world = try MisagoEndToEndTests.world()
            defer { try? FileManager.default.removeItem(at: world.home) }
            let path = try Self.file(Self.markdown, in: world.home)
            let log = MisagoEndToEndTests.engineHome.appendingPathComponent("run/misago.log")
            let before = (try? String(contentsOf: log, encoding: .utf8))?.count ?? 0
            let page = try runMissive(["preview", "--profile", "member", "--remote", "--thread", "1", "--html", path], environment: world.environment)
            #expect(page.status == 0, "\(page.errorOutput)")
            // The engine's markup: <strong>, two lists (the dialect separated them), the spoiler inside the quote.
            #expect(page.output.contains("<strong>bold</strong>"), "\(page.output)")
            #expect(page.output.contains("<ul>") && page.output.contains("<ol>"), "\(page.output)")
            let quote = try #require(page.output.range(of: #"<aside class="quote-block">"#), "\(page.output)")
            let spoiler = try #require(page.output.range(of: #"<aside class="spoiler-block">"#), "\(page.output)")
            #expect(quote.lowerBound < spoiler.lowerBound)
            let requests = String(((try? String(contentsOf: log, encoding: .utf8)) ?? "").dropFirst(before))
            #expect(requests.contains("POST /api/parse-markup/"), "\(requests)")
            #expect(!requests.contains("POST /api/threads/"), "a preview posts nothing: \(requests)")

            let shown = try runMissive(["preview", "--profile", "member", "--remote", "--thread", "1", path],
                                       environment: world.environment.merging(["NO_COLOR": "1"]) { _, new in new })
            #expect(shown.status == 0, "\(shown.errorOutput)")
            #expect(shown.output.contains("Some bold text") && shown.output.contains("Quoted message:"), "\(shown.output)")
            // The spoiler is drawn as one, not as a quote with its text in the open.
            #expect(shown.output.contains("[spoiler") && !shown.output.contains("Reveal spoiler"), "\(shown.output)")
        }

        /// Logged out, the engine refuses the preview: said, not shown as an empty post.
        @Test func remoteLoggedOutIsRefused() throws {
            let world = try MisagoEndToEndTests.world()
            defer { try? FileManager.default.removeItem(at: world.home) }
            #expect(try runMissive(["logout", "--profile", "member"], environment: world.environment).status == 0)
            let path = try Self.file(Self.markdown, in: world.home)
            let shown = try runMissive(["preview", "--profile", "member", "--remote", "--thread", "1", path], environment: world.environment)
            #expect(shown.status != 0)
            #expect(shown.errorOutput.contains("log"), "\(shown.errorOutput)")
        }
    }
}
