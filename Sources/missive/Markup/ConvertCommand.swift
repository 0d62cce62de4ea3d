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

    @Option(name: .customLong("soft-breaks"), help: ArgumentHelp(
        "How a line break typed inside a paragraph is written: newline keeps it, as a forum's text box does; space joins "
            + "the lines, CommonMark's rule, for hard-wrapped text. Default: config.toml's soft_breaks (newline unless set), "
            + "space with --strict.", valueName: "space|newline"))
    var softBreaks: SoftBreaks?

    func run() throws {
        try ConvertRun(file: file, dialect: dialect, strict: strict, softBreaks: softBreaks).run()
    }
}

/// One conversion, as `convert` was asked for it: what `ConvertCommand` runs once it has parsed,
/// and what a plain `convert ...` runs without the argument parser (see `plain(_:)`).
struct ConvertRun {
    var file: String?
    var dialect: Dialect = .default
    var strict = false
    var softBreaks: SoftBreaks?

    /// A plain `convert [FILE] [--dialect D] [--strict] [--soft-breaks S]` (the arguments after
    /// `convert`), read without the argument parser; nil for anything else (help, a mistake, a
    /// repeated option), which the parser then reads and answers as always. Why: scripts run convert
    /// over and over, and the parser's reflection over the options cost three times what converting
    /// a 1 KB post does (14 of 20 million instructions, measured with callgrind); building even the
    /// parsed command's option wrappers cost half a million more.
    static func plain(_ arguments: [String]) -> ConvertRun? {
        var run = ConvertRun()
        var dialect: Dialect?, strict: Bool?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            let (name, attached) = argument.hasPrefix("--") ? Self.split(argument) : (argument, nil)
            // The value of an option: attached with `=`, or the next argument.
            func value() -> String? { attached ?? rest.popFirst() }
            switch name {
            case "--dialect" where dialect == nil:
                guard let value = value().flatMap(Dialect.init(rawValue:)) else { return nil }
                dialect = value
            case "--soft-breaks" where run.softBreaks == nil:
                guard let value = value().flatMap(SoftBreaks.init(rawValue:)) else { return nil }
                run.softBreaks = value
            case "--strict" where strict == nil && attached == nil:
                strict = true
            case _ where run.file == nil && (argument == "-" || !argument.hasPrefix("-")):
                run.file = argument
            default:
                return nil
            }
        }
        run.dialect = dialect ?? .default
        run.strict = strict ?? false
        return run
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The choice made here, else CommonMark's under --strict, else the one posts are sent with.
    var lineBreaks: SoftBreaks {
        if let softBreaks { return softBreaks }
        if strict { return .space }
        // A broken config.toml is for the commands that need it to say; converting does not.
        return (try? Config.load(directory: MissivePaths.configDirectoryOfThisProcess()))?.softBreaks ?? Config().softBreaks
    }

    func run() throws {
        // The Markdown is parsed as it is read and the BBCode written as it is made, as cmark's own
        // command line does: a post can be megabytes, and neither it nor its BBCode is held whole.
        let input = try MarkdownReader(path: file)
        let converter = BBCodeConverter(dialect: dialect, options: ConversionOptions(strict: strict, softBreaks: lineBreaks))
        var output = StandardOutput()
        let wroteAny = try converter.convert(pieces: { try input.next() }, beforeExit: true) { output.write($0) }
        if wroteAny {
            let newline = [UInt8(ascii: "\n")]
            newline.withUnsafeBufferPointer { output.write($0) }
        }
        try output.check()
    }
}

/// The Markdown to convert, read with plain `read(2)` in pieces of up to 64 KiB. Each piece is
/// checked as `TextInput` checks a whole input (no NUL byte, strict UTF-8, a leading byte-order
/// mark dropped) before it is handed on, and a bad input fails with the error `TextInput` would
/// throw for it, so messages and exit statuses stay the same as every other command's.
final class MarkdownReader {
    private let descriptor: Int32
    private let source: String
    private let closesDescriptor: Bool
    private let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
    /// The buffer holds `count` bytes from input offset `offset` on; the first `handedOn` of them
    /// have been returned, the rest start a UTF-8 sequence the next read completes.
    private var count = 0
    private var offset = 0
    private var handedOn = 0
    private var atEnd = false

    init(path: String?) throws {
        let isStdin = path == nil || path == "-"
        source = isStdin ? "<stdin>" : path ?? ""
        descriptor = isStdin ? STDIN_FILENO : open(source, O_RDONLY | O_CLOEXEC)
        closesDescriptor = !isStdin && descriptor >= 0
        var info = stat()
        guard descriptor >= 0, fstat(descriptor, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else {
            // TextInput says what is wrong (no such file, a directory, ...).
            _ = try TextInput.read(path: isStdin ? nil : source)
            throw TextInputError.unreadable(source: source, reason: "it cannot be read")
        }
    }

    deinit {
        buffer.deallocate()
        if closesDescriptor { close(descriptor) }
    }

    /// The next piece of checked Markdown, valid until the next call; nil at the end.
    func next() throws(TextInputError) -> UnsafeBufferPointer<UInt8>? {
        guard let base = buffer.baseAddress else { return nil }
        // What was held back goes to the front, ahead of the next read.
        count -= handedOn
        offset += handedOn
        memmove(base, base + handedOn, count)
        handedOn = 0
        while handedOn == 0 {
            if atEnd {
                // A sequence cut off by the end of the input is as bad as any other.
                if count > 0 { throw TextInputError.invalidUTF8(source: source, offset: offset) }
                return nil
            }
            let got = Foundation.read(descriptor, base + count, buffer.count - count)
            if got < 0 {
                if errno == EINTR { continue }
                throw TextInputError.unreadable(source: source, reason: String(cString: strerror(errno)))
            }
            count += got
            atEnd = got == 0
            handedOn = atEnd ? count : UTF8Check.completeLength(UnsafeBufferPointer(start: base, count: count))
        }
        let piece = UnsafeBufferPointer(start: base, count: handedOn)
        if memchr(base, 0, handedOn) != nil {
            throw TextInputError.nulByte(source: source, offset: offset + (piece.firstIndex(of: 0) ?? 0))
        }
        if let bad = UTF8Check.firstInvalidOffset(piece) {
            // TextInput names a NUL byte anywhere in the input before bad UTF-8.
            if let nul = nulInRest() { throw TextInputError.nulByte(source: source, offset: nul) }
            throw TextInputError.invalidUTF8(source: source, offset: offset + bad)
        }
        let bom = offset == 0 && piece.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return UnsafeBufferPointer(rebasing: piece[bom...])
    }

    /// Where the first NUL byte is in what is left of the input after the current piece, if any.
    private func nulInRest() -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        var position = offset + count
        while true {
            let got = Foundation.read(descriptor, base, buffer.count)
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return nil }
            if let found = memchr(base, 0, got) { return position + base.distance(to: found.assumingMemoryBound(to: UInt8.self)) }
            position += got
        }
    }
}

/// Strict UTF-8 (no overlongs, surrogates or code points past U+10FFFF), eight ASCII bytes at a
/// time: Markdown is mostly ASCII, and this runs over every byte of it.
enum UTF8Check {
    /// The offset of the first sequence that is not well-formed, or nil when all of it is.
    static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = 0
        while index < count {
            if index + 8 <= count,
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            if base[index] < 0x80 {
                index += 1
                continue
            }
            // Anything else is one scalar at a time by the standard library's own strict decoder.
            var parser = Unicode.UTF8.ForwardParser()
            var rest = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
            guard case .valid(let scalar) = parser.parseScalar(from: &rest) else { return index }
            index += scalar.count
        }
        return nil
    }

    /// How many of `bytes` come before a multi-byte sequence that runs past their end (a read can
    /// stop in the middle of a character): all of them when none does.
    static func completeLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard !bytes.isEmpty else { return 0 }
        for back in 1...min(3, bytes.count) {
            let byte = bytes[bytes.count - back]
            if byte & 0xC0 == 0x80 { continue }  // a continuation byte: look further back
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return back < length ? bytes.count - back : bytes.count
        }
        return bytes.count
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
