import Common
import Foundation
import Markup

/// A local image of a draft, kept in the store: what the outbox needs to upload it and to put
/// the hosted address back where the draft had the path.
public struct KeptDraftImage: Sendable, Equatable {
    public var image: DraftImage
    public var kept: KeptImage
}

/// Every bad image of a draft, not just the first, so one edit fixes them all.
public struct DraftImagesError: MissiveError, Equatable {
    public var problems: [ImageFileError]

    public var status: ExitStatus { problems.first?.status ?? .dataError }
    public var description: String {
        let lines = problems.map(\.description)
        return lines.count == 1 ? lines[0] + "; nothing was queued"
            : "\(lines.count) images cannot be sent; nothing was queued:\n" + lines.map { "  " + $0 }.joined(separator: "\n")
    }
}

extension ImageBlobs {
    /// The queue step for a draft's images: every local image is checked first; only when all of
    /// them are good is each one copied into the store. A URL image is left to the converter.
    /// Throws `DraftImagesError` naming each bad file and why (and then keeps nothing).
    public func keepLocalImages(of markdown: String, base: ImagePathBase, limit: Int, now: Date = Date()) throws -> [KeptDraftImage] {
        let images = LocalImages.local(in: markdown, base: base)
        var opened: [(DraftImage, LocalImageFile)] = []
        var problems: [ImageFileError] = []
        for image in images {
            guard case let .local(path, resolved) = image.location else { continue }
            do {
                opened.append((image, try LocalImageFile(path: path, resolvedPath: resolved, limit: limit)))
            } catch {
                if !problems.contains(error) { problems.append(error) }
            }
        }
        guard problems.isEmpty else { throw DraftImagesError(problems: problems) }
        return try opened.map { image, file in KeptDraftImage(image: image, kept: try keep(file, now: now)) }
    }
}
