import Foundation
import Testing

/// The HTML preview of one rich post under every bundled theme, drawn by headless Chromium
/// (scripts/screenshots.sh), and the PNGs read back (scripts/png-stats.py) to prove the page
/// loaded with the theme's CSS and is not blank. The pictures stay in artifacts/screenshots/.
@Suite struct PreviewScreenshotTests {
    static let root = BuiltBinary.packageRoot
    static let output = root.appendingPathComponent("artifacts/screenshots", isDirectory: true)

    @Test func everyBundledThemeDrawsTheRichPost() throws {
        let environment = ProcessInfo.processInfo.environment.merging([
            "MISSIVE_BIN_DIR": BuiltBinary.directory.path, "OUT_DIR": Self.output.path,
        ]) { $1 }
        let (status, log) = try runProgram(["bash", "scripts/screenshots.sh"], environment: environment, directory: Self.root)
        #expect(status == 0, "\(log)")
        let themes = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Themes").path)
            .filter { $0.hasSuffix(".toml") }.map { String($0.dropLast(5)) }.sorted()
        #expect(themes.count >= 7)
        var mostCommon: [String: String] = [:]
        for theme in themes {
            let png = Self.output.appendingPathComponent("\(theme).png").path
            // (2,2) is inside the body's padding: the page background. (40,80) is inside the post box.
            let colours = try resolvedThemeKeys(theme)
            let textColour = try #require(colours["text.color"])
            let (decoded, json) = try runProgram(["python3", "scripts/png-stats.py", png, "--at", "2,2", "--at", "40,80",
                                                  "--count", textColour], directory: Self.root)
            #expect(decoded == 0, "\(theme): \(json)")
            let stats = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(theme)")
            let at = try #require(stats["at"] as? [String: String])
            let share = try #require(stats["share"] as? [String: Double])
            #expect(stats["width"] as? Int == 800 && stats["height"] as? Int == 600, "\(theme)")
            // The theme's CSS was applied: the page and the post box have the theme's colours.
            #expect(at["2,2"] == colours["page.background"], "\(theme): page is \(at["2,2"] ?? "?")")
            #expect(at["40,80"] == colours["post.background"], "\(theme): post box is \(at["40,80"] ?? "?")")
            #expect((share[colours["post.background"] ?? ""] ?? 0) > 0.15, "\(theme)")
            // Not blank: text and boxes were drawn in many colours, and no colour fills the page.
            #expect((stats["colours"] as? Int ?? 0) >= 50, "\(theme): \(stats["colours"] ?? 0) colours")
            #expect((stats["most_common_share"] as? Double ?? 1) < 0.8, "\(theme)")
            // Text was drawn in the theme's text colour (the cores of the glyphs, inside the antialiasing).
            let textPixels = (stats["count"] as? [String: Int])?[textColour] ?? 0
            #expect(textPixels > 100, "\(theme): \(textPixels) pixels of \(textColour)")
            mostCommon[theme] = stats["most_common"] as? String
        }
        // The themes really differ from each other on screen.
        #expect(Set(mostCommon.values).count >= 5, "\(mostCommon)")
    }
}
