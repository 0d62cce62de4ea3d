import ArgumentParser
import Common
import Foundation
import Markup

/// `missive convert`: the Markdown-to-BBCode converter on its own, stdin/stdout friendly.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert Markdown to a forum's BBCode.",
        discussion: """
            Reads FILE (or standard input when FILE is missing or "-") and writes the BBCode to \
            standard output. BBCode tags the forum knows, typed into the Markdown, pass through; \
            --strict shows them as text instead. Extensions: ~~strike~~, ||spoiler||, and a \
            ```bbcode fenced block copied verbatim.
            """
    )

    @Argument(help: "The Markdown file to convert (default: standard input).")
    var file: String?

    @Option(help: "The forum engine to write for.")
    var dialect: Dialect = .default

    @Flag(help: "Treat all text as literal: every tag-like sequence is shown, not obeyed.")
    var strict = false

    @Option(name: .customLong("soft-breaks"), help: "How a line break inside a paragraph is written.")
    var softBreaks: SoftBreaks = .space

    func run() throws {
        // The bytes as read, parsed in place, and the BBCode written as it is made: a post can be
        // megabytes, and neither it nor its BBCode is copied into a String.
        let markdown = try MarkdownInput.read(path: file)
        let converter = BBCodeConverter(dialect: dialect, options: ConversionOptions(strict: strict, softBreaks: softBreaks))
        var output = StandardOutput()
        let wroteAny = markdown.bytes.withUnsafeBufferPointer { bytes in
            converter.convert(utf8: UnsafeBufferPointer(rebasing: bytes[markdown.start...])) { output.write($0) }
        }
        if wroteAny {
            let newline = [UInt8(ascii: "\n")]
            newline.withUnsafeBufferPointer { output.write($0) }
        }
        try output.check()
    }
}

/// The Markdown to convert, read whole with plain `read(2)` into the one buffer cmark parses.
/// Accepts exactly what `TextInput` accepts: on any problem `TextInput` reads it again and
/// throws its own error, so messages and exit statuses stay the same as every other command's.
struct MarkdownInput {
    var bytes: [UInt8]
    /// Past a UTF-8 byte-order mark, which TextInput drops too.
    var start: Int

    static func read(path: String?) throws -> MarkdownInput {
        let isStdin = path == nil || path == "-"
        let source = isStdin ? "<stdin>" : path ?? ""
        let descriptor = isStdin ? STDIN_FILENO : open(source, O_RDONLY | O_CLOEXEC)
        defer { if !isStdin, descriptor >= 0 { close(descriptor) } }
        guard descriptor >= 0, let bytes = readAll(descriptor) else {
            return try fallback(path: isStdin ? nil : source)
        }
        let acceptable = bytes.withUnsafeBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            return memchr(base, 0, buffer.count) == nil && UTF8Check.isValid(buffer)
        }
        guard acceptable else {
            // Throws the error that names the bad byte.
            _ = try TextInput.decode(Data(bytes), source: source)
            return try fallback(path: isStdin ? nil : source)
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return MarkdownInput(bytes: bytes, start: start)
    }

    /// Everything up to end of file, or nil when it cannot be read (a directory, say). A regular
    /// file's size is known, so its bytes land in a buffer of the right size.
    private static func readAll(_ descriptor: Int32) -> [UInt8]? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { return nil }
        var bytes: [UInt8] = []
        if info.st_mode & S_IFMT == S_IFREG { bytes.reserveCapacity(Int(info.st_size)) }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let got = Foundation.read(descriptor, chunk.baseAddress, chunk.count)
            if got == 0 { return bytes }
            if got < 0 {
                if errno == EINTR { continue }
                return nil
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<got]))
        }
    }

    /// Lets TextInput read the input and say what is wrong with it.
    private static func fallback(path: String?) throws -> MarkdownInput {
        let text = try TextInput.read(path: path)
        return MarkdownInput(bytes: Array(text.utf8), start: 0)
    }
}

/// Whether bytes are well-formed UTF-8 (no overlongs, surrogates or code points past U+10FFFF),
/// eight ASCII bytes at a time: Markdown is mostly ASCII, and this runs over every byte of it.
enum UTF8Check {
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index < count {
            if index + 8 <= count,
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // Anything else is one scalar at a time by the standard library's own strict decoder.
            var parser = Unicode.UTF8.ForwardParser()
            var rest = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
            guard case .valid(let scalar) = parser.parseScalar(from: &rest) else { return false }
            index += scalar.count
        }
        return true
    }
}

/// Standard output through `write(2)`, in the pieces the converter hands over (tens of KiB):
/// no second buffer, and a failed write (a closed pipe, a full disk) is reported once at the end.
struct StandardOutput {
    private var failure: Int32?

    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard failure == nil, var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let written = Foundation.write(STDOUT_FILENO, next, left)
            if written < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            next += written
            left -= written
        }
    }

    func check() throws(OutputError) {
        if let failure { throw OutputError(reason: String(cString: strerror(failure))) }
    }
}

struct OutputError: MissiveError {
    let reason: String
    var status: ExitStatus { .ioError }
    var description: String { "cannot write the BBCode to standard output: \(reason)" }
}
