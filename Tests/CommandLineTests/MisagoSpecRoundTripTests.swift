import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The CommonMark spec's examples through `missive convert --dialect misago` and then the
/// engine's own renderer (`POST /api/parse-markup/`, what the adapter's preview calls), compared
/// with cmark's HTML from the spec after whitespace is normalised. Misago is not CommonMark, so
/// not every example can match: the count is printed, and a floor measured on Misago 0.39.6 is
/// asserted (sending the examples unconverted matched 215 of 652; the dialect 380, the floor
/// keeps a small margin). Most of the rest is the engine's own doing: `target="_blank"` on
/// every link, raw HTML escaped, `<img>` attributes in another order, posts under 5 characters
/// refused. One of MisagoEndToEndTests' serialized family: the fault tests read the engine's
/// request log and set its fault hook.
extension MisagoEndToEndTests {
@Suite struct MisagoSpecRoundTripTests {
    struct Example: Decodable {
        let markdown: String
        let html: String
    }

    static let floor = 370

    @Test func specExamplesRenderOnTheEngineAsCmarkRendersThem() async throws {
        let specPath = MisagoEndToEndTests.packageRoot.appendingPathComponent(".cache/commonmark-spec.json")
        let examples = try JSONDecoder().decode([Example].self, from: try Data(contentsOf: specPath))
        let (home, _, base, _) = try MisagoEndToEndTests.world()
        defer { try? FileManager.default.removeItem(at: home) }
        let cookies = try Self.cookies(in: home.appendingPathComponent("data/cookies/member.txt"))
        var matching = 0
        for example in examples {
            // CommonMark's soft breaks, as the spec's HTML has them (posts keep typed lines instead).
            let converted = try runMissive(["convert", "--dialect", "misago", "--soft-breaks", "space"], stdin: Data(example.markdown.utf8))
            let parsed = try await Self.parsed(converted.output, on: base, cookies: cookies)
            if let parsed, Self.normalised(parsed) == Self.normalised(example.html) { matching += 1 }
        }
        print("Misago spec round trip: \(matching) of \(examples.count) examples render as cmark renders them")
        #expect(examples.count == 652)
        #expect(matching >= Self.floor, "\(matching) of \(examples.count)")
    }

    /// Spoilers (`<details>`, `||inline||`) and attributed quotes (the engine's own `[quote="@name"]`, as
    /// `missive reply --quote` puts it in a ```bbcode fence) drawn by the engine as its own.
    @Test func spoilersAndAttributedQuotesRenderAsTheEngineDrawsThem() async throws {
        let (home, _, base, _) = try MisagoEndToEndTests.world()
        defer { try? FileManager.default.removeItem(at: home) }
        let cookies = try Self.cookies(in: home.appendingPathComponent("data/cookies/member.txt"))
        let markdown = """
            ```bbcode
            [quote="@MissiveAdmin"]
            The ending is **sad**.
            [/quote]
            ```

            <details>
            <summary>The ending</summary>

            They *all* die.

            </details>

            After it, and ||this|| too.
            """
        let converted = try runMissive(["convert", "--dialect", "misago"], stdin: Data(markdown.utf8))
        let html = Self.normalised(try #require(try await Self.parsed(converted.output, on: base, cookies: cookies)))
        // (Normalised: no whitespace next to a tag.)
        #expect(html.contains(#"data-quote="@MissiveAdmin" target="_blank">@MissiveAdmin</a>has written:</div>"#), "\(html)")
        #expect(html.contains(#"data-author="@MissiveAdmin" data-block="quote"><p>The ending is<strong>sad</strong>.</p></blockquote>"#), "\(html)")
        #expect(html.contains(#"<p>The ending</p><aside class="spoiler-block"><blockquote class="spoiler-body" data-block="spoiler"><p>They<em>all</em>die.</p></blockquote>"#), "\(html)")
        #expect(html.hasSuffix(#"</aside><p>After it, and</p><aside class="spoiler-block"><blockquote class="spoiler-body" data-block="spoiler"><p>this</p></blockquote><div class="spoiler-overlay" data-noquote="1"><button class="spoiler-reveal" type="button">Reveal spoiler</button></div></aside><p>too.</p>"#), "\(html)")
    }

    /// The engine's rendering of `markup` (`POST /api/parse-markup/`, what its editor's preview calls).
    static func parsed(_ markup: String, on base: URL, cookies: [String: String]) async throws -> String? {
        var request = URLRequest(url: base.appendingPathComponent("api/parse-markup/"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "), forHTTPHeaderField: "Cookie")
        request.setValue(cookies["csrftoken"] ?? "", forHTTPHeaderField: "X-CSRFToken")
        request.setValue(base.absoluteString + "/", forHTTPHeaderField: "Referer")
        request.httpBody = try JSONSerialization.data(withJSONObject: ["post": markup])
        let (body, _) = try await URLSession.shared.data(for: request)
        return (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["parsed"] as? String
    }

    /// Whitespace runs as one space, and none next to a tag.
    static func normalised(_ html: String) -> String {
        html.replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
            .replacingOccurrences(of: #"\s*(<[^>]+>)\s*"#, with: "$1", options: .regularExpression)
            .trimmingCharacters(in: .whitespaces)
    }

    /// The Netscape cookie file `missive login` wrote (HttpOnly cookies carry a `#HttpOnly_` prefix).
    static func cookies(in jar: URL) throws -> [String: String] {
        var cookies: [String: String] = [:]
        for line in try String(contentsOf: jar, encoding: .utf8).split(separator: "\n") {
            let text = line.hasPrefix("#HttpOnly_") ? line.dropFirst(10) : line
            guard !text.hasPrefix("#") else { continue }
            let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count >= 7 { cookies[String(fields[5])] = String(fields[6]) }
        }
        return cookies
    }
}
}
