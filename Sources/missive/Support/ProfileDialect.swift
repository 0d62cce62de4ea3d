import Common
import Markup

extension Profile {
    /// The profile's BBCode dialect: the one config.toml names, else its engine's, else the
    /// default. A name Missive does not know is an error, not a silent fallback: a typo would
    /// otherwise convert every post for another forum's parser.
    func bbcodeDialect() throws(CommandError) -> Dialect {
        guard let named = dialect else { return Dialect(rawValue: engine) ?? .default }
        guard let known = Dialect(rawValue: named) else {
            throw CommandError(.config, invalidValue("dialect", named, isNot: "a dialect Missive knows",
                                                     validValues: Dialect.allCases.map(\.rawValue)))
        }
        return known
    }
}
