import Common
import Foundation
import Sandbox
import Testing

/// The sandbox's Imgur-compatible host, spoken to in raw HTTP (the client's own tests are in
/// ForumTests/ImgurHostTests).
@Suite struct SandboxImageHostTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        + [0, 0, 3, 0x20, 0, 0, 2, 0x58, 8, 6, 0, 0, 0] + Array(repeating: 0xAB, count: 64)

    func request(_ server: SandboxServer, _ method: String, _ target: String, auth: String? = "Client-ID test",
                 fields: [(String, Data)] = []) async throws -> RawResponse {
        try await request(port: server.imagesPort, method, target, auth: auth, fields: fields)
    }

    func request(port: UInt16, _ method: String, _ target: String, auth: String? = "Client-ID test",
                 fields: [(String, Data)] = []) async throws -> RawResponse {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let auth { head += "Authorization: \(auth)\r\n" }
        var body = Data()
        if !fields.isEmpty {
            for (name, value) in fields {
                body += Data("--b0undary\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n".utf8) + value + Data("\r\n".utf8)
            }
            body += Data("--b0undary--\r\n".utf8)
            head += "Content-Type: multipart/form-data; boundary=b0undary\r\n"
        }
        head += "Content-Length: \(body.count)\r\n\r\n"
        return try await RawHTTP.exchange(port: port, request: Data(head.utf8) + body)
    }

    func json(_ response: RawResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    @Test func aBase64UploadIsStoredServedAndKeptAcrossARestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("missive-sandbox-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = SandboxConfiguration(dataDirectory: directory, floodInterval: 0)
        let link = try await withSandbox(configuration) { server in
            let response = try await request(server, "POST", "/3/image", fields: [
                ("type", Data("base64".utf8)), ("image", Data(Data(Self.png).base64EncodedString().utf8)),
            ])
            #expect(response.status == 200)
            let data = try #require(try json(response)["data"] as? [String: Any])
            #expect(data["width"] as? Int == 800)
            #expect(data["height"] as? Int == 600)
            #expect(data["type"] as? String == "image/png")
            return try #require(data["link"] as? String)
        }
        let path = try #require(URL(string: link)?.path)
        try await withSandbox(configuration) { server in
            let image = try await request(server, "GET", path, auth: nil)
            #expect(image.status == 200)
            #expect(image.header("Content-Type") == "image/png")
            #expect([UInt8](image.body) == Self.png)
        }
    }

    @Test func requestsWithoutCredentialsOrForMissingThingsAreRefusedInImgursShape() async throws {
        try await withSandbox { server in
            let anonymous = try await request(server, "POST", "/3/image", auth: nil, fields: [("image", Data(Self.png))])
            #expect(anonymous.status == 401)
            #expect(try json(anonymous)["success"] as? Bool == false)
            let listing = try await request(server, "GET", "/3/account/me/images", auth: "Client-ID test")
            #expect(listing.status == 401)
            #expect(try await request(server, "DELETE", "/3/image/nosuchhash").status == 404)
            #expect(try await request(server, "GET", "/i/nosuch.png", auth: nil).status == 404)
            #expect(try await request(server, "POST", "/3/image", fields: [("title", Data("no image".utf8))]).status == 400)
            let badFault = try await request(server, "POST", "/_sandbox/image-fault?next=explode", auth: nil)
            #expect(badFault.status == 400)
            #expect(badFault.text.contains("drop, 500, 500stored, 429"))
            // The forum's own pages are on the forum's port.
            #expect(try await request(port: server.port, "GET", "/index.php", auth: nil).status == 200)
        }
    }

    @Test func anAccountListsItsOwnImagesNewestFirstAndDeletesByID() async throws {
        try await withSandbox { server in
            for index in 0..<3 {
                let response = try await request(server, "POST", "/3/image", auth: index == 2 ? "Bearer other" : "Bearer mine",
                                                 fields: [("image", Data(Self.png)), ("description", Data("n\(index)".utf8))])
                #expect(response.status == 200)
            }
            let listing = try await request(server, "GET", "/3/account/me/images/0", auth: "Bearer mine")
            let images = try #require(try json(listing)["data"] as? [[String: Any]])
            #expect(images.map { $0["description"] as? String } == ["n1", "n0"])
            let id = try #require(images.first?["id"] as? String)
            #expect(try await request(server, "DELETE", "/3/image/\(id)", auth: "Bearer other").status == 404)
            #expect(try await request(server, "DELETE", "/3/image/\(id)", auth: "Bearer mine").status == 200)
            let after = try await request(server, "GET", "/3/account/me/images", auth: "Bearer mine")
            #expect((try json(after)["data"] as? [[String: Any]])?.count == 1)
        }
    }

    @Test func theImageHostHasAPortOfItsOwnThatTheForumNames() async throws {
        try await withSandbox { server in
            #expect(server.imagesPort != server.port)
            #expect(server.imagesURL.absoluteString == "http://127.0.0.1:\(server.imagesPort)/")
            let upload = try await request(server, "POST", "/3/image", fields: [("image", Data(Self.png))])
            let link = try #require(try json(upload)["data"] as? [String: Any])["link"] as? String
            #expect(link?.hasPrefix(server.imagesURL.absoluteString + "i/") == true, "the link points at the image port")
            // Neither side answers the other's routes.
            let onForum = try await request(port: server.port, "POST", "/3/image", fields: [("image", Data(Self.png))])
            #expect((try? JSONSerialization.jsonObject(with: onForum.body)) == nil, "the forum port is no Imgur API")
            let faultOnForum = try await request(port: server.port, "POST", "/_sandbox/image-fault?next=500", auth: nil)
            #expect(faultOnForum.status == 400)
            let pageOnImages = try await request(server, "GET", "/index.php", auth: nil)
            #expect(pageOnImages.status == 404)
            #expect(pageOnImages.text.contains("forum's pages are on its own port"))
            // The forum's status page says where the images are.
            let status = try await request(port: server.port, "GET", "/_sandbox/status.json", auth: nil)
            #expect(try SandboxStatus.decode(status.body).imagesURL == server.imagesURL)
        }
    }

    @Test func aFixedImagesPortIsUsedAndATakenOneIsRefusedNamingItsOption() async throws {
        // A port that was free a moment ago (the first sandbox's), asked for by number.
        let port = try await withSandbox { $0.imagesPort }
        try await withSandbox(SandboxConfiguration(imagesPort: port, floodInterval: 0)) { server in
            #expect(server.imagesPort == port)
            do {
                _ = try await SandboxServer.start(SandboxConfiguration(imagesPort: port, floodInterval: 0))
                Issue.record("a second sandbox started on a taken images port")
            } catch let error as SandboxServer.StartError {
                #expect(error.status == SandboxServer.StartError.portInUseStatus)
                #expect(error.description.contains("--images-port"))
            }
        }
    }
}
