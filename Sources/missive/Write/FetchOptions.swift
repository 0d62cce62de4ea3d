import ArgumentParser

/// `--timeout` for the compose commands that read from the forum.
struct FetchOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Give up on fetching from the forum after this many seconds.", valueName: "seconds"))
    var timeout: Int = 30

    func validate() throws {
        if timeout < 1 { throw ValidationError("--timeout must be at least 1 second.") }
    }
}
