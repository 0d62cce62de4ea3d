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
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n"
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
        return try await RawHTTP.exchange(port: server.port, request: Data(head.utf8) + body)
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
            // The forum's own pages are still the forum's.
            #expect(try await request(server, "GET", "/index.php", auth: nil).status == 200)
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
}
