import ArgumentParser

/// `missive completion bash|zsh|fish`: the shell's completion script on standard output, as
/// `gh completion -s bash` prints its own. The package installs them already; this is for an
/// install by hand, or a shell it did not cover.
struct CompletionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completion",
        abstract: "Print the completion script for bash, zsh or fish.",
        discussion: """
            Load it in the running shell, or keep it where the shell looks:
              bash:  source <(missive completion bash)
                     missive completion bash > ~/.local/share/bash-completion/completions/missive
              zsh:   missive completion zsh > "${fpath[1]}/_missive"
              fish:  missive completion fish > ~/.config/fish/completions/missive.fish
            """
    )

    enum Shell: String, ExpressibleByArgument, CaseIterable {
        case bash, zsh, fish

        var completionShell: CompletionShell {
            switch self {
            case .bash: .bash
            case .zsh: .zsh
            case .fish: .fish
            }
        }
    }

    @Argument(help: ArgumentHelp("The shell: bash, zsh or fish.", valueName: "shell"))
    var shell: Shell

    func run() {
        print(Missive.completionScript(for: shell.completionShell), terminator: "")
    }
}
