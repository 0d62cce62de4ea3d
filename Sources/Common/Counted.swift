/// "1 draft", "2 drafts": a count with its noun agreeing, so no message says "draft(s)".
public func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
}
