// The store's and the forum's types that commands name: to parse an argument into one, or to
// print what a use case returned. Each is re-exported by name, so a command imports Application
// alone and the store and the forum themselves (`Store`, the adapters, HTTP) stay out of its
// reach; a type joins this list only when a command must spell its name.

// What a draft is and where it goes.
@_exported import struct Store.Draft
@_exported import struct Store.DraftContent
@_exported import enum Store.DraftFormat
@_exported import enum Store.DraftKind
@_exported import enum Store.DraftState
@_exported import struct Store.DraftSummary
@_exported import struct Store.DraftTarget
@_exported import struct Store.Revision
@_exported import struct Store.Template
@_exported import struct Store.HistoryEntry

// Draft rows as the store lists them, read straight into tables (ten thousand must list in
// milliseconds; the outbox's own rows are Outbox's).
@_exported import struct Store.DraftListingColumns

// The forum's words: where a post goes, and what the forum shows.
@_exported import struct Forum.ForumReference
@_exported import enum Forum.ForumReferenceError
@_exported import struct Forum.MisagoPostAddress
@_exported import enum Forum.PrivateMessageFolder
@_exported import struct Forum.PrivateMessageSummary
@_exported import struct Forum.PrivateMessageContent
@_exported import struct Forum.Smilie
@_exported import struct Forum.PostIcon
@_exported import struct Forum.TagGroup
@_exported import protocol Forum.CredentialSource
@_exported import enum Forum.ImgurCredential

// What reading the forum returns: bookmarks, a thread's posts.
@_exported import struct Forum.BookmarkedThread
@_exported import struct Forum.ThreadPost
@_exported import struct Forum.ThreadPage
