import Application
import Forum
import Foundation
import Store
import Testing

/// Domain types printed by `--json` as they are: an absent value is a null key, never a missing one.
@Suite("Domain types as --json")
struct DomainJSONTests {
    @Test("a smilie without picture or title has both keys, null; a cache written without them still reads")
    func smilieNulls() throws {
        let smilie = try JSONDecoder().decode(Smilie.self, from: Data(#"{"code": ":x:", "group": "Other"}"#.utf8))
        #expect(try encodeJSON(smilie) == """
            {
              "code" : ":x:",
              "group" : "Other",
              "image_url" : null,
              "title" : null
            }

            """)
        let pictured = try JSONDecoder().decode(Smilie.self, from: Data(#"{"code": ":)", "group": "Basic", "imageURL": "http://x/s.gif"}"#.utf8))
        #expect(try encodeJSON(pictured).contains(#""image_url" : "http://x/s.gif""#))
        #expect(try JSONDecoder().decode(Smilie.self, from: JSONEncoder().encode(smilie)) == smilie)
    }

    @Test("a template without a parent has parent: null")
    func templateNullParent() throws {
        let template = Template(name: "t", summary: "s", fields: ["kind": "reply"], body: "b")
        #expect(try encodeJSON(template) == """
            {
              "body" : "b",
              "fields" : {
                "kind" : "reply"
              },
              "name" : "t",
              "parent" : null,
              "summary" : "s"
            }

            """)
    }
}
