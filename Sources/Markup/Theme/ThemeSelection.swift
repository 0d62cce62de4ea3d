import Common

/// Which theme a preview uses: the one asked for, else the profile's choice for the forum the post
/// goes to (as Awful.app themes each forum), else the profile's theme, else `default`.
public enum ThemeSelection {
    public static func name(requested: String?, profile: Profile?, forum: String?) -> String {
        choice(requested: requested, profile: profile, forum: forum).name
    }

    /// The name, and the profile's key in config.toml that chose it ("theme",
    /// "forum_themes.219"); nil when it was asked for or is the default.
    public static func choice(requested: String?, profile: Profile?, forum: String?) -> (name: String, profileKey: String?) {
        if let requested { return (requested, nil) }
        if let profile {
            if let forum, let perForum = profile.forumThemes[forum] { return (perForum, "forum_themes." + forum) }
            if let theme = profile.theme { return (theme, "theme") }
        }
        return (ThemeFactory.rootTheme, nil)
    }

    /// The theme, from `factory`; a name config.toml gave that is no theme is reported at its
    /// line in config.toml, with the themes there are.
    public static func theme(requested: String?, profile: Profile?, forum: String?,
                             from factory: ThemeFactory) throws(ThemeError) -> Theme {
        let (name, key) = choice(requested: requested, profile: profile, forum: forum)
        do {
            return try factory.theme(named: name)
        } catch .unknownTheme(let unknown, let known) where unknown == name {
            guard let key, let profile else { throw .unknownTheme(unknown, known: known) }
            throw .invalidConfigValue(profile.invalidValue(key, name, isNot: "a theme Missive has", validValues: known))
        }
    }
}
