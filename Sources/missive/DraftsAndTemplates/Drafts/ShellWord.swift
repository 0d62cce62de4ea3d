/// A word as a command line to copy would hold it: bare when the shell reads it as it is, else
/// in single quotes.
enum ShellWord {
    static func quote(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./:@%+=,".unicodeScalars.contains(scalar)
        }
        return plain ? word : Browser.shellQuote(word)
    }
}
