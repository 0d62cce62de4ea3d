import Foundation
import Store

/// What a session needs from the outside world.
public struct ComposeEnvironment: Sendable {
    public var store: Store
    public var buffers: BufferDirectory
    public var editor: any Editor
    public var defaultProfile: String
    public var clock: @Sendable () -> Date
    /// The most a buffer may hold; more is refused with the file kept.
    public var byteLimit: Int

    public static let defaultByteLimit = 1 << 20

    public init(store: Store, buffers: BufferDirectory, editor: any Editor, defaultProfile: String,
                clock: @escaping @Sendable () -> Date = { Date() }, byteLimit: Int = defaultByteLimit) {
        self.store = store
        self.buffers = buffers
        self.editor = editor
        self.defaultProfile = defaultProfile
        self.clock = clock
        self.byteLimit = byteLimit
    }
}
