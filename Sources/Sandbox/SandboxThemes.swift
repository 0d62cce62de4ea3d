import Common
import Markup

/// The themes the sandbox's pages can wear: the same files `missive preview` reads, each resolved
/// once at start-up into its stylesheet. The sandbox's own theme (`--theme`) must resolve; a
/// person comparing themes picks another with `?theme=NAME` on any page.
public struct SandboxThemes: Sendable {
    /// The theme a page wears when the address names none.
    public let defaultName: String
    /// Every theme the factory knows, `default` first.
    public let names: [String]
    private let styles: [String: String]
    /// Themes that exist but do not resolve (a user's file with a loop of parents, say): asking
    /// for one shows why on the page instead of failing the whole sandbox.
    private let problems: [String: ThemeError]

    /// Resolves every theme; throws only when `defaultName` is unknown or does not resolve.
    public init(factory: ThemeFactory, defaultName: String = ThemeFactory.rootTheme) throws(ThemeError) {
        var styles: [String: String] = [:]
        var problems: [String: ThemeError] = [:]
        for name in factory.names {
            do {
                styles[name] = SandboxStylesheet.css(for: try factory.theme(named: name))
            } catch {
                problems[name] = error
            }
        }
        if styles[defaultName] == nil {
            throw problems[defaultName] ?? .unknownTheme(defaultName, known: factory.names)
        }
        self.defaultName = defaultName
        self.names = factory.names
        self.styles = styles
        self.problems = problems
    }

    /// The bundled themes with the user's laid over them, as `missive preview` loads them.
    public static func bundled(defaultName: String = ThemeFactory.rootTheme,
                               paths: MissivePaths = .resolve()) throws(ThemeError) -> SandboxThemes {
        try SandboxThemes(factory: BundledThemes.factory(paths: paths), defaultName: defaultName)
    }

    /// The style for a page whose address asked for `requested` (nil or empty: the sandbox's own).
    /// A name that is no usable theme gets the sandbox's own, with a note saying why.
    func style(for requested: String?) -> PageStyle {
        let fallback = styles[defaultName] ?? ""
        guard let requested, !requested.isEmpty, requested != defaultName else {
            return PageStyle(themeName: defaultName, css: fallback)
        }
        if let css = styles[requested] { return PageStyle(themeName: requested, css: css) }
        let problem = problems[requested] ?? .unknownTheme(requested, known: names)
        return PageStyle(themeName: defaultName, css: fallback,
                         notice: "\(problem.description). This page wears the sandbox's theme, \(defaultName).")
    }
}
