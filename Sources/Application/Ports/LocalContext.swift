import Compose
import Foundation
import Store

/// What every use case that works on the user's own data is given: Compose's environment (the
/// store, the buffer directory, the editor, the clock) and the console it reports on. The
/// composition root builds one; a test builds one over a store in a temporary directory.
public struct LocalContext: Sendable {
    public var environment: ComposeEnvironment
    public var console: any ConsoleOutput

    public init(environment: ComposeEnvironment, console: any ConsoleOutput) {
        self.environment = environment
        self.console = console
    }

    var store: Store { environment.store }
    var now: Date { environment.clock() }
}
