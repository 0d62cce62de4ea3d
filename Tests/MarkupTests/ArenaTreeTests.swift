import CMarkArena
import Foundation
import Markup
import Testing

/// `missive convert` builds its tree in CMarkArena's allocator (nodes packed without malloc's
/// headers, freed blocks reused): the BBCode must be what the malloc-built tree gives, for every
/// spec example, in every dialect, and the arena must really have served the blocks.
@Suite struct ArenaTreeTests {
    /// Converts `markdown` as `convert` does, the tree in the arena, handed over in small pieces.
    static func convertInArena(_ markdown: String, _ converter: BBCodeConverter) -> [UInt8] {
        let bytes = Array(markdown.utf8)
        var offset = 0
        var output: [UInt8] = []
        bytes.withUnsafeBufferPointer { all in
            _ = converter.convert(pieces: {
                guard offset < all.count else { return nil }
                // 7 bytes at a time: pieces end inside lines and inside UTF-8 sequences.
                let piece = UnsafeBufferPointer(rebasing: all[offset..<min(offset + 7, all.count)])
                offset += piece.count
                return piece
            }, beforeExit: true) { output.append(contentsOf: $0) }
        }
        return output
    }

    @Test(arguments: Dialect.allCases)
    func everySpecExampleConvertsAsTheMallocTreeDoes(dialect: Dialect) throws {
        let converter = BBCodeConverter(dialect: dialect)
        var differing: [Int] = []
        for example in try CommonMarkSpecTests.examples() {
            let inArena = Self.convertInArena(example.markdown, converter)
            let inMalloc = converter.convertToUTF8(example.markdown)
            if inArena != inMalloc { differing.append(example.example) }
        }
        // About 8,000 blocks each: past the process's first 4,096, the arena serves them.
        #expect(differing.isEmpty, "spec examples converted differently from the arena: \(differing)")
    }

    @Test func blocksFreedDuringAParseAreReusedClean() {
        // Emphasis delimiters and link brackets are allocated and freed while inlines are parsed,
        // so the later ones come back from the arena's free lists: left dirty, they would show
        // here as wrong emphasis or links.
        let markdown = (0..<2000).map { "*a* **b** [c](http://d.example/\($0)) _e_ ![f](g.png)" }.joined(separator: "\n\n")
        let converter = BBCodeConverter(dialect: .somethingawful)
        let servedBefore = cmark_arena_blocks_served()
        #expect(Self.convertInArena(markdown, converter) == converter.convertToUTF8(markdown))
        // Some 30,000 nodes, delimiters and brackets, the first few thousand of the process's from
        // malloc: had the arena not reserved its space, none at all.
        #expect(cmark_arena_blocks_served() - servedBefore > 10_000)
    }
}
