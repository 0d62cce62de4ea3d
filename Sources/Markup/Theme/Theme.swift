/// Where a resolved key's value was set.
public struct ThemeOrigin: Sendable, Equatable {
    public var theme: String
    public var file: String
    public var line: Int
}

/// A theme with its parents merged in: every key has a value, and each value knows its file.
public struct Theme: Sendable, Equatable {
    public let name: String
    public let description: String?
    /// This theme, then its parent, then that one's parent, ending at `default`.
    public let chain: [String]
    public let origins: [ThemeKey: ThemeOrigin]
    private let values: [ThemeKey: ThemeValue]

    /// Fails unless every key has a value of its kind, so the accessors below never have to guess.
    init(name: String, description: String?, chain: [String], files: [String],
         settings: [ThemeKey: (ThemeValue, ThemeOrigin)]) throws(ThemeError) {
        for key in ThemeKey.allCases {
            guard let (value, _) = settings[key] else {
                throw .missingKey(theme: name, key: key.rawValue, files: files)
            }
            switch (key.kind, value) {
            case (.color, .color), (.font, .text), (.length, .text), (.css, .text): break
            default: throw .missingKey(theme: name, key: key.rawValue, files: files)
            }
        }
        self.name = name
        self.description = description
        self.chain = chain
        self.values = settings.mapValues(\.0)
        self.origins = settings.mapValues(\.1)
    }

    public func value(_ key: ThemeKey) -> ThemeValue {
        values[key] ?? .text("")  // unreachable: init checked every key
    }

    /// The colour for a colour key (black for any other key, which init makes impossible).
    public func color(_ key: ThemeKey) -> ThemeColor {
        guard case .color(let color) = values[key] else { return ThemeColor(red: 0, green: 0, blue: 0) }
        return color
    }

    /// The text of a font, length or CSS key.
    public func text(_ key: ThemeKey) -> String {
        guard case .text(let text) = values[key] else { return "" }
        return text
    }
}
