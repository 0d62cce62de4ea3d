import ArgumentParser
import Common
import Foundation
import Markup

/// `missive profiles add`: a new profile, or new settings for an existing one.
struct ProfilesAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a profile (or change one).",
        discussion: """
            Example: missive profiles add sa --base-url https://forums.somethingawful.com/ --username SomeGoon
            Options not given keep their current value when the profile exists.
            """
    )

    @Argument(help: "The profile's name: letters, digits, - and _.")
    var name: String

    @Option(help: ArgumentHelp("The forum's address, e.g. https://forums.somethingawful.com/.", valueName: "url"))
    var baseURL: String?

    @Option(help: ArgumentHelp("The forum engine: \(ForumEngine.allCases.map(\.rawValue).joined(separator: ", ")).",
                               valueName: "engine"))
    var engine: ForumEngine?

    @Option(help: ArgumentHelp("Your username on that forum.", valueName: "name"))
    var username: String?

    @Option(help: ArgumentHelp("BBCode dialect: \(Dialect.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "dialect"))
    var dialect: Dialect?

    @Option(help: ArgumentHelp("Preview theme for this profile.", valueName: "theme"))
    var theme: String?

    @Flag(name: .customLong("default"), help: "Make it the default profile.")
    var makeDefault = false

    func validate() throws {
        // The same rule config.toml is read with: a name it would refuse must not be written into it.
        guard Profile.nameProblem(name) == nil else {
            throw ValidationError("A profile name is 1 to \(Profile.maxNameLength) of letters, digits, - and _ (got \"\(name)\").")
        }
        if let baseURL {
            do {
                _ = try ForumConnection.baseURL(of: Profile(name: name, baseURL: baseURL))
            } catch {
                throw ValidationError("--base-url \"\(baseURL)\" is not an http:// or https:// address.")
            }
        }
        if let username, username.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--username must not be empty.")
        }
    }

    func run() throws {
        let paths = MissivePaths.resolve()
        var config = try Config.load(from: paths)
        if let theme {
            // The themes are known only here, with the user's own files among them.
            let known = try BundledThemes.factory(paths: paths).names
            guard known.contains(theme) else {
                throw ValidationError("Unknown theme \"\(theme)\"; known: \(known.joined(separator: ", ")).")
            }
        }
        if let index = config.profiles.firstIndex(where: { $0.name == name }) {
            var profile = config.profiles[index]
            if let baseURL { profile.baseURL = baseURL }
            if let engine { profile.engine = engine }
            if let username { profile.username = username }
            if let dialect { profile.dialect = dialect }
            if let theme { profile.theme = theme }
            config.profiles[index] = profile
            print("Updated profile \(name).")
        } else {
            guard let baseURL else { throw ValidationError("A new profile needs --base-url.") }
            config.profiles.append(Profile(name: name, engine: engine ?? .somethingawful, baseURL: baseURL,
                                           username: username, dialect: dialect, theme: theme))
            print("Added profile \(name).")
        }
        if makeDefault { config.defaultProfile = name }
        try config.saveNotingLink(to: paths)
    }
}

extension ForumEngine: ExpressibleByArgument {}
