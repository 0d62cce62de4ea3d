import ArgumentParser
import Markup

// Markup's option types as command-line values. The conformance lives here because only the
// executable depends on swift-argument-parser. An unknown value is then one usage error (status
// 64, naming the valid values) in every command that takes one, and help lists the values.
extension Dialect: ExpressibleByArgument {}
extension SoftBreaks: ExpressibleByArgument {}
