import Foundation

/// A form as the page offers it, and the fields a browser would submit from it.
public struct HTMLForm: Sendable, Equatable {
    /// One submittable element, in tree order.
    public struct Control: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// hidden, text, password, textarea, a select's chosen option: always sent.
            case value
            /// Sent only when checked.
            case checkbox(checked: Bool)
            case radio(checked: Bool)
            /// Sent only when it is the button that was clicked.
            case submit
            /// Sent as an empty file part unless something is attached.
            case file
        }

        public var name: String
        public var value: String
        public var kind: Kind

        public init(name: String, value: String, kind: Kind) {
            self.name = name
            self.value = value
            self.kind = kind
        }
    }

    public var name: String?
    /// The absolute URL the form posts to.
    public var action: URL
    /// "GET" or "POST".
    public var method: String
    public var controls: [Control]

    public init(name: String?, action: URL, method: String, controls: [Control]) {
        self.name = name
        self.action = action
        self.method = method
        self.controls = controls
    }

    /// The first value of a control with this name (the textarea's text for `message`).
    public func value(of name: String) -> String? {
        controls.first { $0.name == name }?.value
    }

    /// Submit buttons by name, with the label each one carries.
    public var submitButtons: [(name: String, value: String)] {
        controls.compactMap { $0.kind == .submit ? ($0.name, $0.value) : nil }
    }

    public func hasSubmitButton(named name: String) -> Bool {
        submitButtons.contains { $0.name == name }
    }

    /// The values a radio group offers.
    public func radioValues(_ name: String) -> [String] {
        controls.compactMap { control in
            if case .radio = control.kind, control.name == name { return control.value }
            return nil
        }
    }

    /// Sets every non-button control with this name to `value`, or adds a hidden one if none exists.
    public mutating func set(_ name: String, to value: String) {
        var found = false
        for index in controls.indices where controls[index].name == name && controls[index].kind == .value {
            controls[index].value = value
            found = true
        }
        if !found { controls.append(Control(name: name, value: value, kind: .value)) }
    }

    /// Checks the radio button of a group that has `value` (and unchecks the rest); false when the
    /// group has no such button.
    @discardableResult
    public mutating func choose(_ name: String, value: String) -> Bool {
        guard radioValues(name).contains(value) else { return false }
        for index in controls.indices {
            guard controls[index].name == name, case .radio = controls[index].kind else { continue }
            controls[index].kind = .radio(checked: controls[index].value == value)
        }
        return true
    }

    public mutating func setChecked(_ name: String, _ checked: Bool) {
        for index in controls.indices where controls[index].name == name {
            if case .checkbox = controls[index].kind { controls[index].kind = .checkbox(checked: checked) }
        }
    }

    /// Makes the form send `name=value` the way its own controls allow: checks the box or picks
    /// the radio button that carries `value`, or sets (or adds) a plain field.
    public mutating func include(_ name: String, _ value: String) {
        let kinds = controls.filter { $0.name == name }.map(\.kind)
        if kinds.contains(where: { if case .checkbox = $0 { true } else { false } }) {
            for index in controls.indices where controls[index].name == name {
                if case .checkbox = controls[index].kind {
                    controls[index].kind = .checkbox(checked: controls[index].value == value)
                }
            }
        } else if !choose(name, value: value) {
            set(name, to: value)
        }
    }

    /// What a browser sends when `submitter` (a submit button's name) is clicked: every control in
    /// order, checked boxes only, the clicked button only, an empty part for each file input.
    public func submission(clicking submitter: String?) -> [FormField] {
        var fields: [FormField] = []
        var submitted = false
        for control in controls {
            switch control.kind {
            case .value, .checkbox(checked: true), .radio(checked: true):
                fields.append(FormField(control.name, control.value))
            case .submit where control.name == submitter && !submitted:
                fields.append(FormField(control.name, control.value))
                submitted = true
            case .file:
                fields.append(FormField(name: control.name, value: .file(name: "", contentType: "application/octet-stream", bytes: [])))
            case .checkbox, .radio, .submit:
                break
            }
        }
        return fields
    }
}

extension HTMLDocument {
    /// The form with this `name` attribute (the forum's compose pages use `vbform`).
    public func form(named name: String) -> HTMLForm? {
        first("//form[@name='\(name)']").flatMap(form(at:))
    }

    /// Scrapes a form the way a browser decides what belongs to it: its descendants, controls
    /// elsewhere that name it in a `form` attribute, and those HTML5's form element pointer gives it.
    public func form(at element: HTMLNode) -> HTMLForm? {
        guard element.name == "form" else { return nil }
        let action = element.attribute("action").flatMap { $0.isEmpty ? nil : resolve($0) } ?? url
        guard let action else { return nil }
        var query = "(.//input | .//select | .//textarea | .//button)[not(@form)]"
        if let id = element.attribute("id"), !id.isEmpty, !id.contains("'") {
            // An XPath union comes back in document order, which is the order a browser submits in.
            query += " | //*[@form='\(id)'][self::input or self::select or self::textarea or self::button]"
        }
        let elements = addingPointerControls(of: element, to: select(query, in: element))
        let controls = elements.flatMap(Self.controls(for:))
        let method = (element.attribute("method") ?? "GET").uppercased() == "POST" ? "POST" : "GET"
        return HTMLForm(name: element.attribute("name"), action: action, method: method, controls: controls)
    }

    private static func controls(for element: HTMLNode) -> [HTMLForm.Control] {
        guard let name = element.attribute("name"), !name.isEmpty,
            !element.hasAttribute("disabled"), element.first("ancestor::fieldset[@disabled]") == nil
        else { return [] }
        switch element.name {
        case "textarea":
            return [.init(name: name, value: element.textareaValue, kind: .value)]
        case "select":
            return selectedOptions(of: element).map { .init(name: name, value: $0, kind: .value) }
        case "button":
            let type = (element.attribute("type") ?? "submit").lowercased()
            return type == "submit" ? [.init(name: name, value: element.attribute("value") ?? "", kind: .submit)] : []
        default:
            let value = element.attribute("value")
            switch (element.attribute("type") ?? "text").lowercased() {
            case "checkbox":
                return [.init(name: name, value: value ?? "on", kind: .checkbox(checked: element.hasAttribute("checked")))]
            case "radio":
                return [.init(name: name, value: value ?? "on", kind: .radio(checked: element.hasAttribute("checked")))]
            case "submit":
                return [.init(name: name, value: value ?? "Submit", kind: .submit)]
            case "file":
                return [.init(name: name, value: "", kind: .file)]
            case "button", "reset", "image":
                // Image buttons submit coordinates, not a value; nothing on the forum's forms uses one.
                return []
            default:
                return [.init(name: name, value: value ?? "", kind: .value)]
            }
        }
    }

    /// The options a select submits: those marked selected, or for a single-choice list with none
    /// marked, the first one that is not disabled.
    private static func selectedOptions(of select: HTMLNode) -> [String] {
        let options = select.select(".//option[not(@disabled)]")
        func value(_ option: HTMLNode) -> String {
            option.attribute("value") ?? option.visibleText
        }
        let selected = options.filter { $0.hasAttribute("selected") }
        if select.hasAttribute("multiple") { return selected.map(value) }
        if let last = selected.last { return [value(last)] }
        return options.first.map { [value($0)] } ?? []
    }
}
