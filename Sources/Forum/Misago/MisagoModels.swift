import Foundation

/// The parts of Misago's JSON answers the adapter reads (decoded with `MisagoJSON.decoder`, which
/// maps its snake_case keys); every other field is ignored.
enum MisagoJSON {
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }

    /// `GET/POST /api/auth/`: `id` is null when nobody is logged in.
    struct User: Decodable {
        var id: Int?
        var username: String?
    }

    /// A new thread or private thread: `{"id", "title", "url": "/t/slug/T/"}`.
    struct Created: Decodable {
        var id: Int
        var url: String?
    }

    /// A post, as a reply's answer and a thread's post list give it.
    struct Post: Decodable {
        struct Poster: Decodable {
            struct Rank: Decodable {
                var name: String?
                var isDefault: Bool?
            }

            var id: Int
            /// The member's own title, when set.
            var title: String?
            var rank: Rank?
        }
        struct Links: Decodable { var index: String? }

        var id: Int
        var poster: Poster?
        var posterName: String?
        var content: String?
        var postedOn: String?
        var isEvent: Bool?
        var url: Links?
        /// The reader has not read it (issue 30's read tracking; per post, explicit).
        var isNew: Bool?
    }

    /// A thread or private thread, alone or in a list.
    struct Thread: Decodable {
        struct Participant: Decodable { var username: String }

        var id: Int
        var title: String
        var lastPost: Int?
        var starterName: String?
        var lastPosterName: String?
        var startedOn: String?
        var lastPostOn: String?
        var isRead: Bool?
        var isClosed: Bool?
        var participants: [Participant]?
    }

    /// `GET /api/threads/?category=C`, `GET /api/private-threads/`: newest activity first, `next` is
    /// the cursor (a post id) of the following page.
    struct ThreadList: Decodable {
        var results: [Thread]
        var next: Int?
    }

    /// `GET /api/threads/T/posts/?page=N`: the thread, and one page of its posts, oldest first.
    struct PostPage: Decodable {
        struct Posts: Decodable {
            var page: Int
            var pages: Int
            var results: [Post]
        }

        /// What the reader may do in the thread.
        struct ACL: Decodable {
            var canReply: Bool?
        }

        var id: Int
        var title: String
        var starterName: String?
        var startedOn: String?
        var isClosed: Bool?
        var acl: ACL?
        var postSet: Posts
    }

    /// `GET .../posts/P/post_editor/`: the post's markup as stored.
    struct Editor: Decodable {
        var post: String
        var poster: String?
    }

    /// `GET /api/users/U/posts/`: the user's posts, newest first, with each post's thread.
    struct UserPosts: Decodable {
        struct Item: Decodable {
            struct ThreadLink: Decodable { var url: String? }
            var id: Int
            var thread: ThreadLink?
        }

        var results: [Item]
        var next: Int?
    }

    /// `POST /api/parse-markup/`.
    struct Parsed: Decodable {
        var parsed: String
    }
}
