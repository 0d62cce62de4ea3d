import Application
import ArgumentParser
import Common
import Markup

extension ProfilesCommand {
    /// `missive profiles add`: a new profile, or new settings for an existing one.
    struct Add: ParsableCommand {
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
                    _ = try Profile(name: name, baseURL: baseURL).forumURL()
                } catch {
                    throw ValidationError("--base-url \"\(baseURL)\" is not an http:// or https:// address.")
                }
            }
            if let username, username.trimmingCharacters(in: .whitespaces).isEmpty {
                throw ValidationError("--username must not be empty.")
            }
        }

        func run() throws {
            do {
                try Home.load().addProfile().run(name, AddProfile.Settings(
                    baseURL: baseURL, engine: engine, username: username, dialect: dialect, theme: theme, makeDefault: makeDefault))
            } catch let error as AddProfileError {
                throw ValidationError(error.description)
            }
        }
    }
}

extension ForumEngine: ExpressibleByArgument {}
