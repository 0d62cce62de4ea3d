import Common

/// The `multipart/form-data` body of an image upload, with the image's bytes read straight into
/// it from the upload's source: the body is the one copy of the image held in memory.
struct ImageUploadBody {
    var bytes: [UInt8]
    var contentType: String

    /// Text fields first, then the image as the `fileField` part.
    static func make(_ image: ImageUpload, fileField: String, fields: [(String, String)]) throws -> ImageUploadBody {
        while true {
            let boundary = MultipartFormData.randomBoundary()
            var body: [UInt8] = []
            body.reserveCapacity(image.byteCount + 1024)
            for (name, value) in fields {
                body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
            }
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(fileField)\"; filename=\"\(image.fileName)\"\r\n".utf8)
            body += Array("Content-Type: \(image.format.mediaType)\r\n\r\n".utf8)
            try image.bytes { piece in body.append(contentsOf: piece) }
            body += Array("\r\n--\(boundary)--\r\n".utf8)
            // The image could hold the boundary by chance (one in 62^24): then choose another.
            if body.occurrences(of: Array("--\(boundary)".utf8)) == fields.count + 2 {
                return ImageUploadBody(bytes: body, contentType: "multipart/form-data; boundary=\(boundary)")
            }
        }
    }
}
