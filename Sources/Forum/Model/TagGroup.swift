import Foundation

/// A radio group of a new-thread form besides the post icons: Ask/Tell's `tma_ama`, SA-Mart's
/// `samart_tag`. Its name, values and titles all come from the form; nothing here knows a forum.
public struct TagGroup: Sendable, Equatable {
    public var name: String
    public var tags: [PostIcon]

    public init(name: String, tags: [PostIcon]) {
        self.name = name
        self.tags = tags
    }

    /// The tag the form checks as it comes, if any: what goes out when none is chosen.
    public var defaultTag: PostIcon? { tags.first(where: \.isDefault) }

    /// The tag groups among a form's icons (`postIcons(forumID:)`), in page order.
    public static func groups(in icons: [PostIcon]) -> [TagGroup] {
        var groups: [TagGroup] = []
        for icon in icons where icon.group != PostIcon.iconGroup {
            if let index = groups.firstIndex(where: { $0.name == icon.group }) {
                groups[index].tags.append(icon)
            } else {
                groups.append(TagGroup(name: icon.group, tags: [icon]))
            }
        }
        return groups
    }

    /// The tag groups of a form as it will be submitted: values and checked state from the form
    /// itself, titles from the page's icons where it gave them (the form holds no titles).
    public static func groups(in form: HTMLForm, titles: [PostIcon]) -> [TagGroup] {
        let radios = form.controls.compactMap { control -> PostIcon? in
            guard case let .radio(checked) = control.kind, control.name != PostIcon.iconGroup else { return nil }
            let titled = titles.first { $0.group == control.name && $0.id == control.value }
            return PostIcon(group: control.name, id: control.value, title: titled?.title ?? "",
                            imageURL: titled?.imageURL, isDefault: checked)
        }
        return groups(in: radios)
    }
}
