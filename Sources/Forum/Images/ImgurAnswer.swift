import Foundation

/// An Imgur API v3 answer: every one is `{"data": ..., "success": Bool, "status": Int}`; on a
/// failure `data.error` is a message, or (on some endpoints) an object with one.
struct ImgurAnswer<Payload: Decodable>: Decodable {
    var data: Payload?
    var success: Bool?
    var status: Int?
}

/// One image as Imgur describes it (upload answer, account listing).
struct ImgurImage: Decodable {
    var id: String
    var link: String
    var deletehash: String?
    var description: String?

    var hosted: HostedImage? {
        guard let url = URL(string: link), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http" else {
            return nil
        }
        return HostedImage(url: url, id: id, deleteHandle: deletehash.map(DeleteHandle.init))
    }
}

struct ImgurError: Decodable {
    var error: Message?

    struct Message: Decodable {
        var text: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self.text = text
            } else {
                self.text = try container.decode(Detailed.self).message ?? "no message"
            }
        }

        struct Detailed: Decodable { var message: String? }
    }

    /// The host's own words from a failed answer, or a summary of the status when it gave none.
    static func message(in response: HTTPResponse) -> String {
        let decoded = try? JSONDecoder().decode(ImgurAnswer<ImgurError>.self, from: Data(response.body))
        return decoded?.data?.error?.text ?? "HTTP \(response.status)"
    }
}

/// How long a rate-limited answer asks us to wait: `Retry-After` (seconds or an HTTP date), else
/// Imgur's `X-RateLimit-UserReset` (a Unix time) once `X-RateLimit-UserRemaining` is 0.
enum RateLimitWait {
    static func from(_ response: HTTPResponse, now: Date) -> Duration? {
        if let value = response.header("Retry-After")?.trimmingCharacters(in: .whitespaces) {
            if let seconds = Int(value), seconds >= 0 { return .seconds(seconds) }
            if let date = httpDate(value) { return .seconds(max(0, Int(date.timeIntervalSince(now).rounded(.up)))) }
        }
        if response.header("X-RateLimit-UserRemaining") == "0", let reset = response.header("X-RateLimit-UserReset").flatMap(Double.init) {
            return .seconds(max(0, Int((reset - now.timeIntervalSince1970).rounded(.up))))
        }
        return nil
    }

    private static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}
