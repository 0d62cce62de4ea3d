/// One entry of a form submission, in the order a browser would send it.
public struct FormField: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case text(String)
        /// A file input. A browser sends an empty part (`filename=""`) for one left empty.
        case file(name: String, contentType: String, bytes: [UInt8])
    }

    public var name: String
    public var value: Value

    public init(_ name: String, _ text: String) {
        self.name = name
        self.value = .text(text)
    }

    public init(name: String, value: Value) {
        self.name = name
        self.value = value
    }

    public var text: String? {
        if case let .text(text) = value { return text }
        return nil
    }
}

extension [FormField] {
    /// The text of the first field with this name.
    public func value(of name: String) -> String? {
        first { $0.name == name }?.text
    }

    /// Sets the named field's value, adding the field when the form has none by that name.
    /// Later duplicates are dropped, so the value is sent once.
    public mutating func set(_ name: String, to text: String) {
        guard let index = firstIndex(where: { $0.name == name }) else {
            append(FormField(name, text))
            return
        }
        self[index] = FormField(name, text)
        var position = index + 1
        while position < count {
            if self[position].name == name { remove(at: position) } else { position += 1 }
        }
    }

    public mutating func remove(_ name: String) {
        removeAll { $0.name == name }
    }
}
