/// `&`, `<`, `>`, `"` and `'` as references, for text and for attribute values (double- or
/// single-quoted). Markup's one HTML escaper: the BBCode renderer and themed pages use it, and
/// any other module writing HTML can too.
/// Works on UTF-8 bytes: every special character is ASCII, and posts are mostly plain text.
public func htmlEscaped(_ text: String) -> String {
    let special: (UInt8) -> Bool = { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }
    guard text.utf8.contains(where: special) else { return text }
    var result: [UInt8] = []
    result.reserveCapacity(text.utf8.count + 32)
    for byte in text.utf8 {
        switch byte {
        case 0x26: result.append(contentsOf: "&amp;".utf8)
        case 0x3C: result.append(contentsOf: "&lt;".utf8)
        case 0x3E: result.append(contentsOf: "&gt;".utf8)
        case 0x22: result.append(contentsOf: "&quot;".utf8)
        case 0x27: result.append(contentsOf: "&#39;".utf8)
        default: result.append(byte)
        }
    }
    return String(decoding: result, as: UTF8.self)
}
