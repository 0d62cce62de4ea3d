import Foundation

/// Files named on the command line, with directories expanded to their `.md` files (sorted).
public enum BufferFileList {
    public static func expand(_ paths: [String]) throws -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw UseCaseError(.noInput, "\(path): no such file or directory")
            }
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                files += names.filter { $0.hasSuffix(".md") }.sorted().map { (path as NSString).appendingPathComponent($0) }
            } else {
                files.append(path)
            }
        }
        if files.isEmpty { throw UseCaseError(.noInput, "no .md files in \(paths.joined(separator: ", "))") }
        return files
    }
}
