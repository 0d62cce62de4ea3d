/// A whole number written as a tag's option (`[heading=2]`, `[h=3]`), read the way PHP's
/// `intval` reads it: an optional sign and decimal digits, nothing else. The value is clamped
/// to the range the caller can use while it is read, so a post may write any number of digits
/// (`[heading=9223372036854775807]`) without the arithmetic after it ever overflowing.
enum OptionNumber {
    static func clamped(_ text: String, to range: ClosedRange<Int>) -> Int? {
        var digits = Substring(text).utf8[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        // Past the range's bounds every further digit only moves the value further out.
        let limit = max(abs(range.lowerBound), abs(range.upperBound)) + 1
        var magnitude = 0
        for digit in digits where magnitude <= limit {
            magnitude = magnitude * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return min(range.upperBound, max(range.lowerBound, negative ? -magnitude : magnitude))
    }
}
