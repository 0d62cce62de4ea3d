import Common

/// Markup converts and renders for a `Dialect`; the type is Common's, since config.toml names one.
public typealias Dialect = Common.Dialect
