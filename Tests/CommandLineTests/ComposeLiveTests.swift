import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `reply --live`: the live preview runs beside the editor on the buffer itself. Its address is
/// printed before the editor opens and is in the buffer's notice; the page shows the body as saved
/// and nothing of the context below the cut line; it stops when the editor closes.
@Suite(.serialized) struct ComposeLiveTests {
    @Test func theLivePreviewFollowsTheBufferWhileTheEditorIsOpenAndStopsAfter() async throws {
        let world = try await OutboxWorld()
        try await world.login(as: "sandbox")
        let home = world.home
        let address = home.appendingPathComponent("address")
        let during = home.appendingPathComponent("during.html")
        // The editor: finds the address in the buffer's notice, types a body, saves, and fetches
        // the page a browser would (its /page is what the open page redraws from).
        let script = home.appendingPathComponent("live-editor.sh")
        try """
            #!/bin/sh
            url=$(grep -o 'http://127.0.0.1:[0-9]*/?token=[0-9a-f]*' "$1" | head -1)
            printf '%s' "$url" > '\(address.path)'
            python3 - "$1" <<'PY'
            import sys
            path = sys.argv[1]
            lines = open(path, encoding="utf-8").read().split("\\n")
            closing = [i for i, l in enumerate(lines) if l == "---"][1]
            lines.insert(closing + 1, "Seen **live** while writing")
            open(path + ".tmp", "w", encoding="utf-8").write("\\n".join(lines))
            PY
            mv "$1.tmp" "$1"
            # The page the open tab redraws from, asked with the Host the server listens as.
            page=$(printf '%s' "$url" | sed 's#/?token=#/page?token=#')
            for i in 1 2 3 4 5 6 7 8 9 10; do
                host=${url#http://}; host=${host%%/*}
                curl -s -H "Host: $host" "$page" > '\(during.path)'
                grep -q 'live' '\(during.path)' && break
                sleep 0.3
            done
            """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)

        let result = try await world.run(["reply", "3500001", "--live"], editor: script.path)
        #expect(result.status == 0, "\(result.errorOutput)")
        let url = try String(contentsOf: address, encoding: .utf8)
        #expect(url.hasPrefix("http://127.0.0.1:"), "the buffer's notice names the address")
        // Said before the editor opened (stderr), besides being in the buffer.
        #expect(result.errorOutput.contains("live preview (redrawn on each save): \(url)"), "\(result.errorOutput)")
        let page = try String(contentsOf: during, encoding: .utf8)
        #expect(page.contains("<strong>live</strong>") || page.contains("<b>live</b>"), "the saved body, drawn: \(page)")
        #expect(!page.contains("Below the line above"), "nothing of the context below the cut line")
        #expect(!page.contains("This is a practice forum"), "no context post")

        // The editor closed: the server is gone.
        let stopped = await Self.answers(url)
        #expect(!stopped, "the live preview stops with the editor")
        let shown = try await world.run(["drafts", "show", "1", "--json"])
        let draft = try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any]
        #expect(draft?["body"] as? String == "Seen **live** while writing", "\(shown.output)")
    }

    /// Whether anything answers at `url` now.
    static func answers(_ url: String) async -> Bool {
        guard let address = URL(string: url) else { return false }
        var request = URLRequest(url: address, timeoutInterval: 2)
        request.httpMethod = "GET"
        do {
            _ = try await URLSession.shared.data(for: request)
            return true
        } catch {
            return false
        }
    }
}
