import Store

/// What the user asked of a compose command, beyond its target: the options every creating
/// command shares (reply, pm, thread, edit-post, new), parsed.
public struct ComposeRequest: Sendable, Equatable {
    /// Start a new draft from this template.
    public var template: String?
    /// `--var NAME=VALUE`, for the template.
    public var variables: [String: String]
    /// The profile the user named; nil for config's default.
    public var profile: String?
    public var format: DraftFormat?
    /// Take the body from this file (`-` for stdin).
    public var bodyFile: String?
    /// Save without opening the editor.
    public var noEdit: Bool
    /// Start another draft even if one is open for the same target.
    public var forceNew: Bool
    /// How many of a thread's latest posts the buffer shows below its cut line: nil for the
    /// profile's `context` (else 5), 0 for none (`--no-context`).
    public var contextPosts: Int?
    /// Do not ask the forum before the editor opens (`--offline`).
    public var offline: Bool
    /// `--send` or `--queue` follows the save: its message names no next step to take by hand.
    public var delivering = false

    public init(template: String? = nil, variables: [String: String] = [:], profile: String? = nil, format: DraftFormat? = nil,
                bodyFile: String? = nil, noEdit: Bool = false, forceNew: Bool = false, contextPosts: Int? = nil,
                offline: Bool = false) {
        self.template = template
        self.variables = variables
        self.profile = profile
        self.format = format
        self.bodyFile = bodyFile
        self.noEdit = noEdit
        self.forceNew = forceNew
        self.contextPosts = contextPosts
        self.offline = offline
    }
}
