import Common
import Foundation
import Markup
import Store

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
    /// The queue step for a draft's images (as `LocalImages.local` found them, so the draft is
    /// parsed once): every local image is checked first; only when all of them are good is each
    /// one copied into the store. A URL image is left to the converter.
    /// With `resize`, an image over `limit` is scaled down to fit it (`ImageResizer`) and the
    /// smaller copy is kept instead; without it, such an image is refused with a hint.
    /// Throws `DraftImagesError` naming each bad file and why (and then keeps nothing).
    public func keepLocalImages(
        _ images: [DraftImage], limit: Int, resize: Bool = false, now: Date = Date()
    ) throws -> [KeptDraftImage] {
        var opened: [(DraftImage, CheckedImage)] = []
        var problems: [ImageFileError] = []
        for image in images {
            guard case let .local(path, resolved) = image.location else { continue }
            do {
                opened.append((image, try Self.check(path: path, resolved: resolved, limit: limit, resize: resize)))
            } catch {
                if !problems.contains(error) { problems.append(error) }
            }
        }
        guard problems.isEmpty else { throw DraftImagesError(problems: problems) }
        var kept: [KeptDraftImage] = []
        do {
            for (image, checked) in opened {
                let copy = switch checked {
                case let .file(file): try keep(file, now: now)
                case let .resized(resized):
                    try keep(bytes: resized.bytes, format: resized.format, pixelSize: resized.size, now: now)
                }
                kept.append(KeptDraftImage(image: image, kept: copy))
            }
        } catch {
            try? removeUnused(kept.map(\.kept))
            throw error
        }
        return kept
    }

    /// What is kept of one local image: the file itself, or (with `--resize`) a smaller copy.
    private enum CheckedImage {
        case file(LocalImageFile)
        case resized(ResizedImage)
    }

    private static func check(path: String, resolved: String, limit: Int, resize: Bool) throws(ImageFileError) -> CheckedImage {
        do {
            return .file(try LocalImageFile(path: path, resolvedPath: resolved, limit: limit))
        } catch let error where resize && error.isTooLarge {
            // Only an image the host would refuse for its size is resized, and only when asked.
            guard let data = FileManager.default.contents(atPath: resolved) else {
                throw ImageFileError(path: path, problem: .readFailed(reason: "it could not be read whole"))
            }
            do {
                return .resized(try ImageResizer.fit([UInt8](data), within: ImageLimit(maxBytes: limit)))
            } catch {
                throw ImageFileError(path: path, problem: .notResizable(error))
            }
        }
    }
}
