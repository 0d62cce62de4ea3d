extension SandboxForum {
    func editPost(_ request: SandboxRequest, user: UserRecord?) async throws -> SandboxResponse {
        ErrorPages.standardError("not built yet", user: user)
    }
    func newThread(_ request: SandboxRequest, user: UserRecord?) async throws -> SandboxResponse {
        ErrorPages.standardError("not built yet", user: user)
    }
    func privateMessages(_ request: SandboxRequest, user: UserRecord?) async throws -> SandboxResponse {
        ErrorPages.standardError("not built yet", user: user)
    }
    func misc(_ request: SandboxRequest, user: UserRecord?) async throws -> SandboxResponse {
        ErrorPages.standardError("not built yet", user: user)
    }
}
