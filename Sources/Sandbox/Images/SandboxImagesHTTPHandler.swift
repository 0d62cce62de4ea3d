import FlyingFox
import Foundation

/// The image host's own listener: Imgur's routes (`/3/...`, `/i/...`) and its controls
/// (`/_sandbox/image-fault`, `/_sandbox/images.json`); anything else is not found here, as the
/// forum's pages are on the forum's port.
struct SandboxImagesHTTPHandler: HTTPHandler {
    let images: SandboxImageHost

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        if let answer = try await images.handle(request) { return answer }
        return HTTPResponse(statusCode: .notFound, headers: [.contentType: "text/plain"],
                            body: Data("not an image host route: \(request.path) (the forum's pages are on its own port)\n".utf8))
    }
}
