import Testing
@testable import Markup

/// The bundled themes from the source tree's Themes/, loaded once for the tests that draw with them.
enum BundledThemeFixture {
    static let factory: ThemeFactory? = try? ThemeFactory.load(bundledDirectory: BundledThemes.sourceTreeThemes,
                                                              userDirectory: nil)

    static func theme(_ name: String) throws -> Theme {
        try #require(factory).theme(named: name)
    }
}
