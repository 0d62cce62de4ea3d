import Common

/// Which theme a preview uses: the one asked for, else the profile's choice for the forum the post
/// goes to (as Awful.app themes each forum), else the profile's theme, else `default`.
public enum ThemeSelection {
    public static func name(requested: String?, profile: Profile?, forum: String?) -> String {
        if let requested { return requested }
        if let profile {
            if let forum, let perForum = profile.forumThemes[forum] { return perForum }
            if let theme = profile.theme { return theme }
        }
        return ThemeFactory.rootTheme
    }
}
